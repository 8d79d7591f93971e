"""Games and states over the C library, in the manner of OpenSpiel's pyspiel."""
import collections
import ctypes
import enum
import math
import os
import re

from . import _args as A
from . import _lib as L
from .errors import IllegalMove, InvalidArgument, TavolaError, from_code, load_error

try:
    import numpy as np
except ImportError:  # numpy is optional: lists then
    np = None

TERMINAL = -4  # current_player() of an ended game (pyspiel.PlayerId.TERMINAL)
INVALID_ACTION = -1  # pyspiel.INVALID_ACTION

# The most plies any game can have as far as the ABI knows: tavola.h keeps
# no per-ruleset move limit, and counts plies (ply, history) in a C int.
MAX_GAME_LENGTH = (1 << 31) - 1


class PlayerId(enum.IntEnum):
    """pyspiel.PlayerId's values; a tavola state only ever has 0, 1 and TERMINAL."""
    DEFAULT_PLAYER_ID = 0
    CHANCE = -1
    SIMULTANEOUS = -2
    INVALID = -3
    TERMINAL = -4
    MEAN_FIELD = -5


class _Kind(str, enum.Enum):
    """A field of GameType: a str enum whose members equal their value
    ("sequential"), and equal any other library's enum member of the same
    name (pyspiel.GameType.Dynamics.SEQUENTIAL, through its .name), so that
    `game.get_type().dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL`, with
    tavola's value on the left as OpenSpiel's algorithms write it, is False."""

    def __eq__(self, other):
        if isinstance(other, _Kind):
            return self is other
        if isinstance(other, str):
            return str.__eq__(self, other)
        name = getattr(other, "name", None)  # pyspiel's (pybind11) enums and Python's have one
        if isinstance(name, str):
            return name == self.name
        return NotImplemented

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = str.__hash__

    def __str__(self):
        return self.value


class Dynamics(_Kind):
    SEQUENTIAL = "sequential"
    SIMULTANEOUS = "simultaneous"
    MEAN_FIELD = "mean_field"


class ChanceMode(_Kind):
    DETERMINISTIC = "deterministic"
    EXPLICIT_STOCHASTIC = "explicit_stochastic"
    SAMPLED_STOCHASTIC = "sampled_stochastic"


class Information(_Kind):
    ONE_SHOT = "one_shot"
    PERFECT_INFORMATION = "perfect_information"
    IMPERFECT_INFORMATION = "imperfect_information"


class Utility(_Kind):
    ZERO_SUM = "zero_sum"
    CONSTANT_SUM = "constant_sum"
    GENERAL_SUM = "general_sum"
    IDENTICAL = "identical"


class RewardModel(_Kind):
    REWARDS = "rewards"
    TERMINAL = "terminal"


class GameType:
    """What Game.get_type() returns: OpenSpiel's pyspiel.GameType fields.

    dynamics, chance_mode, information, utility and reward_model are members
    of the enums GameType.Dynamics, .ChanceMode, .Information, .Utility and
    .RewardModel (also tavola.Dynamics, ...): str enums equal to their
    lower-case value ("sequential", "deterministic", "perfect_information",
    "zero_sum", "terminal") and to pyspiel's member of the same name. Every
    tavola game is sequential, deterministic, perfect-information, zero-sum,
    for exactly two players, with terminal rewards."""

    Dynamics = Dynamics
    ChanceMode = ChanceMode
    Information = Information
    Utility = Utility
    RewardModel = RewardModel

    FIELDS = ("short_name", "long_name", "dynamics", "chance_mode", "information", "utility", "reward_model",
              "max_num_players", "min_num_players", "provides_information_state_string",
              "provides_information_state_tensor", "provides_observation_string", "provides_observation_tensor",
              "parameter_specification", "default_loadable", "provides_factored_observation_string")

    def __init__(self, **fields):
        unknown = set(fields) - set(self.FIELDS)
        if unknown:
            raise TypeError("GameType: no field %s" % ", ".join(sorted(unknown)))
        self.__dict__.update(fields)

    def __eq__(self, other):
        return isinstance(other, GameType) and self.__dict__ == other.__dict__

    __hash__ = None

    def __repr__(self):
        return "GameType(%s)" % ", ".join("%s=%r" % (k, self.__dict__.get(k)) for k in self.FIELDS)


PlayerAction = collections.namedtuple("PlayerAction", "player action")
PlayerAction.__doc__ = """One move of State.full_history(): the player (0 or 1) and the action id."""

Playouts = collections.namedtuple("Playouts", "n draws wins mean_length")
Playouts.__doc__ = """Random playouts: n played, draws, wins[p] of player p (0, 1), mean plies."""


def _options_text(options, kw):
    parts = []
    if options:
        if not isinstance(options, str):
            raise TypeError("options: expected a string such as 'holes=7,swap=true'")
        parts.append(options)
    for k, v in kw.items():
        if isinstance(v, bool):
            v = "true" if v else "false"
        elif isinstance(v, (list, tuple)):
            v = ",".join(str(x) for x in v)
        parts.append("%s=%s" % (k, v))
    return ",".join(parts)


def _split_options(text):
    """[[name, value], ...] of an options text as the library reads it
    ("holes=c3,e5,d4,swap=true": a value runs to the next comma that starts
    a name=...)."""
    out = []
    if not text:
        return out
    for piece in text.split(","):
        if "=" in piece:
            k, v = piece.split("=", 1)
            out.append([k, v])
        elif out:
            out[-1][1] += "," + piece
        else:
            raise InvalidArgument("options %r: expected name=value at %r" % (text, piece))
    return out


_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def _typed(value, kind):
    """An option's text as a Python value of its declared type ("bool",
    "int", "number", "string"); the text itself when it does not read as one."""
    try:
        if kind == "bool":
            low = value.strip().lower()
            if low in _TRUE or low in _FALSE:
                return low in _TRUE
        elif kind == "int":
            return int(value)
        elif kind == "number":
            return float(value)
    except ValueError:
        pass
    return value


_GAME_STRING = re.compile(r"\s*([^\s()]+)\s*\((.*)\)\s*\Z", re.S)


def parse_game_string(text):
    """OpenSpiel's game string "connect4(width=5,height=4)": the name and the
    parameters as [[name, value text], ...] (a value may hold commas, as the
    library reads options: "pahtum(holes=c3,e5,d4)"). A text without
    parentheses is a name (or a path) without parameters."""
    if "(" not in text and ")" not in text:
        return text, []
    m = _GAME_STRING.match(text)
    if not m:
        raise InvalidArgument("game string %r: expected name(param=value,...)" % text)
    pairs = [[k.strip(), v.strip()] for k, v in _split_options(m.group(2).strip())]
    seen = set()
    for k, _ in pairs:
        if not k:
            raise InvalidArgument("game string %r: a parameter without a name" % text)
        if k in seen:
            raise InvalidArgument("game string %r: parameter %r given twice" % (text, k))
        seen.add(k)
    return m.group(1), pairs


def _text(call, *args):
    """Text from a call that returns the length it needs, snprintf-style."""
    size = 1024
    while True:
        buf = ctypes.create_string_buffer(size)
        n = call(*(args + (buf, size)))
        if n < 0:
            return n, None
        if n < size:
            return n, buf.value.decode("utf-8", "replace")
        size = n + 1


def list_rulesets():
    """The names of the rulesets on the search path."""
    api = L.lib()
    size = 4096
    while True:
        buf = ctypes.create_string_buffer(size)
        n = api.list(buf, size)
        if n >= 0:
            return [x for x in buf.value.decode().split("\n") if x]
        if size > 1 << 22:
            raise TavolaError("cannot list the rulesets", n)
        size *= 4


def add_path(folder):
    """Adds a folder to the ruleset search path (before TAVOLA_PATH and ./rulesets)."""
    rc = L.lib().add_path(A.text(str(folder), "folder"))
    if rc < 0:
        raise from_code(rc, "cannot add %s to the search path" % folder)
    _added_paths.append(str(folder))


# The folders add_path gave the library in this process, in order: a pickled
# game carries them, so that another process (a spawn Pool's worker) finds
# the ruleset where this one did.
_added_paths = []


def registered_names():
    """OpenSpiel's name for list_rulesets(): the rulesets the library finds."""
    return list_rulesets()


def _game_from_pickle(game_string, paths):
    for p in paths:
        if p not in _added_paths:
            try:
                add_path(p)
            except TavolaError:  # no room: the search path may find it anyway
                pass
    return Game(game_string)


def _state_from_pickle(game, text):
    return game.deserialize_state(text)


class Game:
    """A loaded ruleset with its options: the factory of states.

    load_game("pahtum", holes=7) or load_game("pahtum", "holes=7,swap=true"),
    or as OpenSpiel writes it: load_game("pahtum(holes=7,swap=true)"),
    load_game("pahtum", {"holes": 7, "swap": True}).
    """

    def __init__(self, name, options=None, **kw):
        if not isinstance(name, str):
            raise TypeError("a ruleset name or a path to a .lua file")
        self._api = api = L.lib()
        name, pairs = parse_game_string(name)
        if isinstance(options, dict):  # OpenSpiel's parameters
            for k, v in options.items():
                if k in kw:
                    raise InvalidArgument("parameter %r given twice" % (k,))
                kw[k] = v
            options = None
        for k, _ in pairs:
            if k in kw:
                raise InvalidArgument("parameter %r given twice" % (k,))
        text = ",".join(x for x in ("%s=%s" % tuple(p) for p in pairs) if x)
        more = _options_text(options, kw)
        text = text + "," + more if text and more else text or more
        self._load_name = name
        err = ctypes.create_string_buffer(1024)
        h = api.ruleset_load(A.text(name, "ruleset name"), A.text(text, "options"), err, len(err))
        if not h:
            raise load_error(err.value.decode("utf-8", "replace"))
        self._rs = h
        self.name = api.ruleset_name(h).decode()
        self.title = api.ruleset_title(h).decode()
        self.description = api.ruleset_description(h).decode()
        self.options = api.ruleset_options(h).decode()
        self.player_names = [api.ruleset_player(h, p).decode() for p in (1, 2)]
        self._num_actions = api.num_actions(h)
        # The family of moves: "place", "drop", ..., "hooks" over the family
        # below them, and what a move's text looks like (None for all three
        # from a library without the call).
        self.family = self.data_family = self.move_text = None
        if "ruleset_family" not in api.missing:
            fam, data, text = ctypes.c_char_p(), ctypes.c_char_p(), ctypes.c_char_p()
            api.ruleset_family(h, ctypes.byref(fam), ctypes.byref(data), ctypes.byref(text))
            self.family, self.data_family, self.move_text = (x.value.decode() for x in (fam, data, text))
        # Pieces that move: an action id names the two ends of a move only, so
        # its text is the legal move's. Not knowing the family, look it up
        # always: slower, never wrong (another family's legal move of the id is
        # the id's own move).
        self._pieces = self.data_family in ("pieces", None)
        # The most legal moves a position can have: what to give legal_moves
        # (Amazons has thousands); a library without the call has at most 1024.
        self._max_moves = api.max_moves(h) if "max_moves" not in api.missing else L.MOVES_CAP
        dims = (ctypes.c_int * L.OBS_DIMS)()
        api.observation_shape(h, dims)
        self._shape = tuple(dims)
        self._obs_size = dims[0] * dims[1] * dims[2]

    def __del__(self):
        api, h = getattr(self, "_api", None), getattr(self, "_rs", None)
        if api is not None and h:
            api.ruleset_free(h)
            self._rs = None

    def __repr__(self):
        return "tavola.Game(%r, %r)" % (self.name, self.options)

    # ---- OpenSpiel's Game
    def __str__(self):
        """The game string, OpenSpiel's form with every option in force:
        "connect4(connect=4,height=4,width=5)"; load_game() reads it back."""
        n = self._load_name
        short = n if os.sep in n or n.endswith(".lua") else self.name
        return "%s(%s)" % (short, self.options)

    def __eq__(self, other):
        return isinstance(other, Game) and str(self) == str(other)

    def __hash__(self):
        return hash(str(self))

    def __reduce__(self):
        """Pickled as its game string (and the folders add_path added)."""
        return _game_from_pickle, (str(self), tuple(_added_paths))

    def get_type(self):
        """OpenSpiel's GameType of the game (see GameType)."""
        t = getattr(self, "_type", None)
        if t is None:
            t = self._type = GameType(
                short_name=self.name, long_name=self.title, dynamics=Dynamics.SEQUENTIAL,
                chance_mode=ChanceMode.DETERMINISTIC, information=Information.PERFECT_INFORMATION,
                utility=Utility.ZERO_SUM, reward_model=RewardModel.TERMINAL, max_num_players=2, min_num_players=2,
                provides_information_state_string=True, provides_information_state_tensor=True,
                provides_observation_string=True, provides_observation_tensor=True,
                parameter_specification=self.parameter_specification(), default_loadable=True,
                provides_factored_observation_string=False)
        return t

    def parameter_specification(self):
        """The declared options and their defaults, typed: {"size": 9, "komi": 7.5, "suicide": False}."""
        types = self.option_types()
        return {n: _typed(d, types.get(n)) for n, d, _ in self.option_info()}

    def get_parameters(self):
        """The options in force, typed by their declared types: {"height": 4, "width": 5, "connect": 4}."""
        types = self.option_types()
        return {k: _typed(v, types.get(k, "string")) for k, v in _split_options(self.options)}

    def max_game_length(self):
        """OpenSpiel's bound on a game's plies. tavola.h has no per-ruleset
        move limit (a ruleset's own, such as nine_mens_morris' limit option,
        is in get_parameters()), and counts plies in a C int: this is that
        bound, MAX_GAME_LENGTH = 2**31 - 1: true, not tight. Do not size
        buffers by it."""
        return MAX_GAME_LENGTH

    max_move_number = max_history_length = max_game_length

    def max_chance_outcomes(self):
        return 0

    def max_chance_nodes_in_history(self):
        return 0

    def utility_sum(self):
        """Zero-sum: the returns of an ended game add up to 0.0."""
        return 0.0

    def policy_tensor_shape(self):
        return [self._num_actions]

    def information_state_tensor_shape(self):
        """Perfect information: the same as observation_tensor_shape()."""
        return self.observation_tensor_shape()

    def information_state_tensor_size(self):
        return self._obs_size

    def action_to_string(self, player, action):
        """An action's move text at the start position (State.action_to_string is exact)."""
        return self.new_initial_state().action_to_string(player, action)

    def deserialize_state(self, text):
        """The state State.serialize() wrote: the start drawn from its seed
        (or the position it was set to), then its moves. Also reads
        OpenSpiel's default form, action ids one per line from the start."""
        if not isinstance(text, str):
            raise TypeError("deserialize_state: a str from State.serialize()")
        lines = text.split("\n")
        while lines and not lines[-1]:
            lines.pop()
        try:
            if lines and lines[0].startswith("seed="):
                s = self.new_initial_state(int(lines[0][5:]))
                i = 1
                if len(lines) > 1 and lines[1].startswith("position="):
                    s.set_position(lines[1][9:])
                    i = 2
                for line in lines[i:]:
                    s.apply_move(line)
            else:
                s = self.new_initial_state()
                for line in lines:
                    s.apply_action(int(line))
        except (TavolaError, ValueError) as e:
            raise InvalidArgument("deserialize_state: %s" % e) from e
        return s

    def option_info(self):
        """The declared options: a list of (name, default, description)."""
        out = []
        for i in range(self._api.ruleset_option_count(self._rs)):
            n, d, doc = ctypes.c_char_p(), ctypes.c_char_p(), ctypes.c_char_p()
            self._api.ruleset_option(self._rs, i, ctypes.byref(n), ctypes.byref(d), ctypes.byref(doc))
            out.append((n.value.decode(), d.value.decode(), doc.value.decode()))
        return out

    def option_types(self):
        """The type of each declared option, by name: "bool", "int", "number" or "string"."""
        return {name: L.OPTION_TYPES[self._api.ruleset_option_type(self._rs, i)]
                for i, (name, _, _) in enumerate(self.option_info())}

    def option_ranges(self):
        """What each declared option's value must be besides its type, by name,
        as the ruleset declares it (options{}: min, max, choices) and as
        `tavola list --json` writes it: {"min": 5, "max": 26} for an int option
        (ints; floats for a number option; either key absent when that bound is
        not declared), {"choices": ["none", "pro", "swap"]} for a string option
        that names its words, {} for an option that declares neither (every
        bool option). load_game refuses a value outside them, naming them,
        before the ruleset's own code runs. With a library older than the call
        every option is {} (such a library refuses no value for a range)."""
        out = {}
        for i, (name, _, _) in enumerate(self.option_info()):
            if "ruleset_option_range" in self._api.missing:
                out[name] = {}
                continue
            lo, hi, words = ctypes.c_double(), ctypes.c_double(), ctypes.c_char_p()
            n = self._api.ruleset_option_range(self._rs, i, ctypes.byref(lo), ctypes.byref(hi), ctypes.byref(words))
            if n < 0:
                raise TavolaError(self._api.ruleset_error(self._rs).decode())
            whole = self._api.ruleset_option_type(self._rs, i) == L.OPTION_INT
            r = {}
            if lo.value > -math.inf:
                r["min"] = int(lo.value) if whole else lo.value
            if hi.value < math.inf:
                r["max"] = int(hi.value) if whole else hi.value
            if n > 0:
                r["choices"] = words.value.decode().split("\n")
            out[name] = r
        return out

    def variables(self):
        """The game variables the ruleset declares (game { vars = ... }), by
        name in the order the position string writes them: {"ko": {"type":
        "cell", "min": -1, "max": 48, "per_player": False}, "passes": {"type":
        "int", "min": 0, "max": 9, "per_player": True}, ...}; type is "int",
        "flag" or "cell" (a cell's min -1 is no cell). {} for none (and with a
        library older than the calls)."""
        api, out = self._api, {}
        if "var_count" in api.missing:
            return out
        for i in range(api.var_count(self._rs)):
            name, kind, lo, hi, pp = ctypes.c_char_p(), ctypes.c_int(), ctypes.c_int32(), ctypes.c_int32(), ctypes.c_int()
            if api.var_info(self._rs, i, ctypes.byref(name), ctypes.byref(kind), ctypes.byref(lo), ctypes.byref(hi),
                            ctypes.byref(pp)) < 0:
                raise TavolaError(api.ruleset_error(self._rs).decode())
            out[name.value.decode()] = {"type": L.VAR_TYPES[kind.value], "min": lo.value, "max": hi.value,
                                        "per_player": bool(pp.value)}
        return out

    def hand_kinds(self):
        """The kinds of piece a hand holds (game { hands = ... }): the
        ruleset's kinds, 1 for plain stones; 0 when the game keeps no pieces
        in hand."""
        if "hand_kinds" in self._api.missing:
            return 0
        return self._api.hand_kinds(self._rs)

    def num_players(self):
        return 2

    def max_moves(self):
        """No position of this game has more legal moves (or actions)."""
        return self._max_moves

    def num_distinct_actions(self):
        """The size of the fixed action space: ids 0 .. num_distinct_actions() - 1."""
        return self._num_actions

    def observation_tensor_shape(self):
        """[planes, height, width] (see the README, "## Python")."""
        return list(self._shape)

    def observation_tensor_size(self):
        return self._obs_size

    def min_utility(self):
        return -1.0

    def max_utility(self):
        return 1.0

    def new_initial_state(self, seed=0):
        """The start position; random setup (Pahtum's holes) is drawn from
        seed. A str is a position string (new_state_from_position)."""
        if isinstance(seed, str):
            return self.new_state_from_position(seed)
        seed = A.integer(seed, "seed", A.UINT64)
        g = self._api.game_new(self._rs, seed)
        if not g:
            raise TavolaError(self._api.ruleset_error(self._rs).decode())
        return State(self, ctypes.c_void_p(g))

    def new_state_from_position(self, position):
        """A state from a position string (State.position())."""
        s = self.new_initial_state()
        s.set_position(position)
        return s

    def action_move(self, action):
        m = L.c_move()
        self._check_action(action)
        self._api.action_move(self._rs, action, ctypes.byref(m))
        return m.value

    def move_action(self, move):
        a = self._api.move_action(self._rs, A.integer(move, "move"))
        if a < 0:
            raise InvalidArgument("%r is no move of this board" % (move,))
        return a

    def _check_action(self, action):
        action = A.integer(action, "action id", A.INT64)
        if not 0 <= action < self._num_actions:
            raise InvalidArgument("%d is not an action id (0..%d)" % (action, self._num_actions - 1))
        return action


def load_game(name, options=None, **kw):
    """A Game: load_game("connect4"), load_game("pahtum", holes=7, swap=True),
    OpenSpiel's game string load_game("connect4(width=5,height=4)") or its
    parameters load_game("connect4", {"width": 5}). The library reads each
    value as its option's declared type (bool, int, number, string) and
    refuses an unknown option or a bad value (RulesetError, naming it)."""
    return Game(name, options, **kw)


_SOLVER_WIN = 1000000  # tavola.WIN: a decided game's solver value


def solver_utility(state, value):
    """A solver value at state (tavola.solve(state).value, or one of its
    action_values: player 0's margin still to come, a decided game worth
    +-1000000 plus any margin) as player 0's utility in OpenSpiel's units:
    1.0 win, -1.0 loss, 0.0 draw. A value short of a decision is the margin
    to come, added to the scores already made."""
    if value >= _SOLVER_WIN // 2:
        return 1.0
    if value <= -(_SOLVER_WIN // 2):
        return -1.0
    sc = state.scores()
    margin = sc[0] - sc[1] + value
    return 1.0 if margin > 0 else -1.0 if margin < 0 else 0.0


def solved_returns(state, max_positions=50_000_000):
    """The returns [r0, r1] under perfect play from state, in -1..1 as
    State.returns() (the solver's own values stay in tavola.solve's units)."""
    from ._players import solve

    u = solver_utility(state, solve(state, max_positions).value)
    return [u, -u if u else 0.0]


class State:
    """A game in progress: its position and the moves that led there.

    Players are numbered 0 and 1 (player 0 moves first), as in OpenSpiel. A
    state is used by one thread at a time; states are independent of each
    other (clone() copies). Errors raise tavola exceptions; a refused move
    leaves the state as it was.

    OpenSpiel's State for a two-player, perfect-information, deterministic
    game: no chance or simultaneous nodes; current_player() TERMINAL (-4)
    once over; returns() +1/-1/0, rewards() the same (0 until the end: the
    terminal reward model); observation_string() and
    information_state_string() the position string; serialize() and pickle
    keep the history. Unlike pyspiel, observation_tensor() is shaped
    [planes, height, width] (numpy) rather than flat.
    """

    __slots__ = ("game", "_g", "_api", "_fast", "_abuf", "_over", "_n", "_origin", "__weakref__")

    def __init__(self, game, handle):
        self.game = game
        self._g = handle  # a c_void_p
        self._api = game._api
        self._fast = game._api.fast
        self._n = game._num_actions
        # Room for every legal action: no more than the legal moves (Amazons'
        # action space is close to a million, its moves a few thousand).
        self._abuf = (ctypes.c_int32 * max(min(self._n, game._max_moves), 1))()
        self._origin = None  # the position string set_position gave, if any
        self._sync()

    def _sync(self):
        """After any change of the position: whether the game is over (kept
        here, as every change goes through this object)."""
        self._over = self._fast.status(self._g) == L.OVER

    def __del__(self):
        api, g = getattr(self, "_api", None), getattr(self, "_g", None)
        if api is not None and g:
            api.game_free(g)
            self._g = None

    # ---- errors
    def _fail(self, rc):
        raise from_code(rc, self._api.error(self._g).decode("utf-8", "replace"))

    # ---- the OpenSpiel-like interface
    def current_player(self):
        """0 or 1, or TERMINAL (-4) when the game is over."""
        if self._over:
            return TERMINAL
        return self._fast.to_move(self._g) - 1

    def is_terminal(self):
        return self._over

    def legal_actions(self, player=None):
        """The legal action ids, increasing (empty when the game is over)."""
        buf = self._abuf
        n = self._fast.legal_actions(self._g, buf, len(buf))
        if n < 0:
            if n == L.ELIMIT:  # a hook gave the same move twice: room for all
                buf = (ctypes.c_int32 * self.game._max_moves)()
                n = self._api.legal_actions(self._g, buf, self.game._max_moves)
            if n < 0:
                self._fail(n)
        if player is not None and player != self.current_player():
            return []
        return buf[:n]

    def legal_moves(self):
        """The legal moves as move text, in the engine's order (empty when the
        game is over): also for games whose moves are no action ids, as a
        piece's move from one cell to another (Amazons' d1-d7/g7)."""
        cap = self.game._max_moves
        buf = (L.c_move * cap)()
        n = self._api.legal_moves(self._g, buf, cap)
        if n < 0:
            self._fail(n)
        return [_text(self._api.move_text, self._g, buf[i])[1] for i in range(n)]

    def legal_actions_mask(self, player=None):
        """1 for each legal action id, else 0: a numpy int8 array (a list without numpy)."""
        k = self.game._num_actions
        if np is not None:
            # numpy over a ctypes buffer: the buffer is handed to C as it is
            # (here and by the env's sample(mask), through mask.base),
            # cheaper than any numpy way to its address, on a step's hot path
            ptr = (ctypes.c_uint8 * k)()
            mask = np.frombuffer(ptr, dtype=np.int8)
        else:
            mask = (ctypes.c_uint8 * k)()
            ptr = mask
        n = self._api.fast.legal_mask(self._g, ptr, k)
        if n < 0:
            self._fail(n)
        if player is not None and player != self.current_player():
            mask[:] = 0 if np is not None else [0] * k
        return mask if np is not None else list(mask)

    def apply_action(self, action):
        """Plays an action id; IllegalMove (state unchanged) when the rules refuse it."""
        if action.__class__ is not int:
            action = self.game._check_action(action)
        elif not 0 <= action < self._n:
            raise InvalidArgument("%d is not an action id (0..%d)" % (action, self._n - 1))
        rc = self._fast.play_action(self._g, action)  # the status after it
        if rc < 0:
            self._fail(rc)
        self._over = rc == L.OVER

    def apply_move(self, text):
        """Plays a move given as text: "d4", "d" (a column), "pass", "swap";
        a piece's move "a2-a3"; a whole move of a moves hook: "K@d4" (a drop),
        "a1-a3", "e7-e8=Q", "a1xc1xe1" (a chain), "d2-d3xf4", "@a1xg7"."""
        rc = self._api.play_text(self._g, A.text(text, "move text"))
        if rc < 0:
            self._fail(rc)
        self._sync()

    def undo(self):
        """Takes back the last move (InvalidArgument when there is none)."""
        rc = self._api.undo(self._g)
        if rc < 0:
            self._fail(rc)
        self._sync()

    def undo_action(self, player, action):
        """OpenSpiel's form: takes back the last move, which must be (player, action)."""
        h = self.history()
        if not h or h[-1] != action:
            raise InvalidArgument("the last action was not %r" % (action,))
        self.undo()
        if self.current_player() != player:
            self.apply_action(action)
            raise InvalidArgument("the last action was not player %r's" % (player,))

    def returns(self):
        """[r0, r1]: +1 for the winner, -1 for the loser, 0 for a draw or a game not over."""
        w = self._fast.winner(self._g)
        if w == 1:
            return [1.0, -1.0]
        if w == 2:
            return [-1.0, 1.0]
        return [0.0, 0.0]

    def rewards(self):
        """OpenSpiel's terminal reward model: 0.0 each until the game ends,
        then the returns (so they add up to the returns along a game)."""
        return self.returns()

    def player_reward(self, player):
        return self.rewards()[self._player_arg(player)]

    def player_return(self, player):
        return self.returns()[self._player_arg(player)]

    # ---- OpenSpiel's State, for two-player, perfect-information, deterministic games
    def is_chance_node(self):
        return False

    def is_simultaneous_node(self):
        return False

    def is_mean_field_node(self):
        return False

    def is_player_node(self):
        """A player is to move: the game is not over."""
        return not self._over

    def chance_outcomes(self):
        """No chance nodes: always []."""
        return []

    def num_players(self):
        return 2

    def get_game(self):
        return self.game

    def history_str(self):
        """OpenSpiel's HistoryString: the action ids played, joined by ", "."""
        return ", ".join(str(a) for a in self.history())

    def full_history(self):
        """[PlayerAction(player, action), ...]: history() with who played
        each move (a player may move twice running, as Kalah's extra turn)."""
        hist = self.history()
        c, players = self.clone(), []
        for _ in hist:
            c.undo()
            players.append(c.current_player())
        return [PlayerAction(p, a) for p, a in zip(reversed(players), hist)]

    def information_state_string(self, player=None):
        """Perfect information: the same as observation_string(player)."""
        return self.observation_string(player)

    def observation_string(self, player=None):
        """The position string (position()), the same for both players: the
        whole position (board, side to move, scores, variables, hands), not
        the moves that reached it; str(state) is the drawing."""
        if player is not None:
            self._player_arg(player)
        return self.position()

    def information_state_tensor(self, player=None):
        """Perfect information: the same as observation_tensor(player)."""
        return self.observation_tensor(player)

    def serialize(self):
        """Text that game.deserialize_state() (and pickle) turns back into
        this state, history included: "seed=N", then "position=..." when
        the state was set from a position, then each move's text, a line
        each, from the start (or that position)."""
        api = self._api
        n = api.history(self._g, None, 0)
        moves = (L.c_move * max(n, 1))()
        api.history(self._g, moves, n)
        lines = ["seed=%d" % api.seed(self._g)]
        if self._origin is not None:
            lines.append("position=" + self._origin)
        if n:
            c = self.clone()
            for _ in range(n):
                rc = api.undo(c._g)
                if rc < 0:
                    c._fail(rc)
            for m in moves[:n]:
                lines.append(_text(api.move_text, c._g, m)[1])
                rc = api.play(c._g, m)
                if rc < 0:
                    c._fail(rc)
        return "\n".join(lines) + "\n"

    def __reduce__(self):
        """Pickled as its game and serialize()."""
        return _state_from_pickle, (self.game, self.serialize())

    def winner(self):
        """0 or 1 (the player who won), -1 for a draw, None while the game goes on."""
        w = self._api.winner(self._g)
        return None if w < 0 else w - 1 if w > 0 else -1

    def scores(self):
        """The points (or captured seeds) of players 0 and 1."""
        return [self._api.score(self._g, 1), self._api.score(self._g, 2)]

    def vars(self):
        """The game variables (Game.variables()) and their values, as
        `tavola play --json` writes them: {"done": False, "ko": "b2",
        "passes": [0, 1], "phase": 2}: integers, flags as bools, cells by name
        or None, one per player as [player 0's, player 1's]. {} for a ruleset
        without variables. set_position() reads them back from the position
        string's last field."""
        api, rs, out = self._api, self.game._rs, {}
        if "var_count" in api.missing:
            return out
        width = self.game._shape[2]
        value = ctypes.c_int32()
        for i, (name, info) in enumerate(self.game.variables().items()):
            vals = []
            for p in ((1, 2) if info["per_player"] else (0,)):
                rc = api.var_get(self._g, i, p, ctypes.byref(value))
                if rc < 0:
                    self._fail(rc)
                v = value.value
                if info["type"] == "flag":
                    v = bool(v)
                elif info["type"] == "cell":
                    v = None if v < 0 else "%s%d" % (chr(ord("a") + v % width), v // width + 1)
                vals.append(v)
            out[name] = vals if info["per_player"] else vals[0]
        return out

    def hands(self):
        """The pieces in each player's hand: [player 0's, player 1's], each a
        dict of the kinds held by their letter as the position string writes
        it (player 0's in upper case): [{"M": 2, "K": 1}, {}]. Empty dicts for
        a game that keeps no pieces in hand."""
        api, out = self._api, [{}, {}]
        kinds = self.game.hand_kinds()
        letter = ctypes.create_string_buffer(2)
        for p in (0, 1):
            for k in range(kinds):
                n = api.hand(self._g, p + 1, k, letter)
                if n < 0:
                    self._fail(n)
                if n > 0:
                    out[p][letter.value.decode()] = n
        return out

    def move_number(self):
        return self._api.ply(self._g)

    def _played(self):
        n = self._api.history(self._g, None, 0)
        buf = (L.c_move * max(n, 1))()
        self._api.history(self._g, buf, n)
        return buf[:n]

    def history(self):
        """The action ids played since the start (or the last set_position).
        A turn of several parts from a moves hook has none: TavolaError
        (moves_played() gives every move's text)."""
        ma, ids = self._api.move_action, []
        for m in self._played():
            a = ma(self.game._rs, m)
            if a < 0:
                raise TavolaError("move %s has no action id (a turn of several parts: see moves_played())"
                                  % _text(self._api.move_text, self._g, m)[1])
            ids.append(a)
        return ids

    def moves_played(self):
        """The text of each move played since the start (or the last set_position)."""
        return [_text(self._api.move_text, self._g, m)[1] for m in self._played()]

    def clone(self):
        """An independent copy: the position and its history."""
        g = self._api.game_clone(self._g)
        if not g:
            raise TavolaError(self._api.ruleset_error(self.game._rs).decode())
        c = State(self.game, ctypes.c_void_p(g))
        c._origin = self._origin
        return c

    __copy__ = clone

    def __deepcopy__(self, memo):
        return self.clone()

    def child(self, action):
        c = self.clone()
        c.apply_action(action)
        return c

    def observation_tensor(self, player=None):
        """The planes from player's view (default: the player to move).

        A float32 numpy array of game.observation_tensor_shape() when numpy is
        there, else a flat list of floats."""
        who = 0 if player is None else self._player_arg(player) + 1
        size = self.game._obs_size
        if np is not None:
            out = np.empty(self.game._shape, dtype=np.float32)
            ptr = ctypes.c_void_p(out.ctypes.data)
        else:
            out = (ctypes.c_float * size)()
            ptr = out
        rc = self._api.fast.observation(self._g, who, ptr, ctypes.c_size_t(size))
        if rc < 0:
            self._fail(rc)
        return out if np is not None else list(out)

    def _player_arg(self, player):
        if player not in (0, 1) or isinstance(player, bool):
            raise InvalidArgument("player %r: expected 0 or 1" % (player,))
        return int(player)

    def action_to_string(self, player_or_action, action=None):
        """The move text of an action id: action_to_string(a) or (player, a)."""
        a = player_or_action if action is None else action
        a = self.game._check_action(a)
        m = L.c_move()
        self._api.action_move(self.game._rs, a, ctypes.byref(m))
        move = self._legal_move_of(a) if self.game._pieces else None
        return _text(self._api.move_text, self._g, m.value if move is None else move)[1]

    def _legal_move_of(self, a):
        """A piece's action names its ends only: the legal move it plays here
        (a capture, a chain), or None."""
        cap = self.game._max_moves
        buf = (L.c_move * cap)()
        n = self._api.legal_moves(self._g, buf, cap)
        ma = self._api.move_action
        for m in buf[:max(n, 0)]:
            if ma(self.game._rs, m) == a:
                return m
        return None

    def string_to_action(self, player_or_text, text=None):
        """The action id of move text: string_to_action("d4") or (player, "d4")."""
        t = player_or_text if text is None else text
        m = L.c_move()
        rc = self._api.move_parse(self._g, A.text(t, "move text"), ctypes.byref(m))
        if rc < 0:
            self._fail(rc)
        a = self._api.move_action(self.game._rs, m.value)
        if a < 0:
            raise InvalidArgument("'%s' is no move of this game" % t)
        return a

    # ---- positions, drawings
    def position(self):
        """The position string (see the README): set_position() reads it back."""
        return _text(self._api.position, self._g)[1]

    def fen(self):
        """The FEN of the state, for the chess family (a ruleset whose pieces
        move and have a royal kind); None for other games. set_position()
        reads a FEN too."""
        if "fen" in self._api.missing:
            return None
        n, text = _text(self._api.fen, self._g)
        return text if n >= 0 else None

    def set_position(self, text):
        """Replaces the state with a position string; the history is cleared."""
        rc = self._api.set_position(self._g, A.text(text, "position"))
        self._sync()  # a refused position leaves the state as it was
        if rc < 0:
            self._fail(rc)
        self._origin = self.position()

    def rows(self):
        """The board, one line per row, top row first ('.', 'x', 'o', '#'; seed counts)."""
        return _text(self._api.draw, self._g, L.DRAW_ROWS)[1].rstrip("\n").split("\n")

    def __str__(self):
        return _text(self._api.draw, self._g, L.DRAW_BOARD)[1]

    def __repr__(self):
        return "<tavola.State %s %s>" % (self.game.name, self.position())

    def svg(self):
        """The position as a standalone SVG document."""
        return _text(self._api.draw, self._g, L.DRAW_SVG)[1]

    def _repr_svg_(self):  # Jupyter shows the board
        return self.svg()

    # ---- search helpers
    def playouts(self, n, seed=0):
        """n uniformly random playouts from here in one call (the state is unchanged)."""
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n < 1 << 31:
            raise InvalidArgument("playouts: n must be an int 0..2^31-1, got %r" % (n,))
        res = (ctypes.c_int64 * 3)()
        mean = ctypes.c_double()
        rc = self._api.playouts(self._g, n, A.integer(seed, "seed", A.UINT64), res, ctypes.byref(mean))
        if rc < 0:
            self._fail(rc)
        return Playouts(n, res[0], (res[1], res[2]), mean.value)

    def perft(self, depth):
        """Move sequences of depth moves from here (ended games are leaves)."""
        n = self._api.perft(self._g, A.integer(depth, "depth"))
        if n < 0:
            self._fail(int(n))
        return n
