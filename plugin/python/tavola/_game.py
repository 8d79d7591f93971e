"""Games and states over the C library, in the manner of OpenSpiel's pyspiel."""
import collections
import ctypes
import math

from . import _args as A
from . import _lib as L
from .errors import IllegalMove, InvalidArgument, TavolaError, from_code, load_error

try:
    import numpy as np
except ImportError:  # numpy is optional: lists then
    np = None

TERMINAL = -4  # current_player() of an ended game (pyspiel.PlayerId.TERMINAL)

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


class Game:
    """A loaded ruleset with its options: the factory of states.

    load_game("pahtum", holes=7) or load_game("pahtum", "holes=7,swap=true").
    """

    def __init__(self, name, options=None, **kw):
        if not isinstance(name, str):
            raise TypeError("a ruleset name or a path to a .lua file")
        self._api = api = L.lib()
        text = _options_text(options, kw)
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
        """The start position; random setup (Pahtum's holes) is drawn from seed."""
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
    """A Game: load_game("connect4"), load_game("pahtum", holes=7, swap=True)."""
    return Game(name, options, **kw)


class State:
    """A game in progress: its position and the moves that led there.

    Players are numbered 0 and 1 (player 0 moves first), as in OpenSpiel. A
    state is used by one thread at a time; states are independent of each
    other (clone() copies). Errors raise tavola exceptions; a refused move
    leaves the state as it was.
    """

    __slots__ = ("game", "_g", "_api", "_fast", "_abuf", "_over", "_n", "__weakref__")

    def __init__(self, game, handle):
        self.game = game
        self._g = handle  # a c_void_p
        self._api = game._api
        self._fast = game._api.fast
        self._n = game._num_actions
        # Room for every legal action: no more than the legal moves (Amazons'
        # action space is close to a million, its moves a few thousand).
        self._abuf = (ctypes.c_int32 * max(min(self._n, game._max_moves), 1))()
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
            mask = np.zeros(k, dtype=np.int8)
            ptr = mask.ctypes.data_as(ctypes.POINTER(ctypes.c_uint8))
        else:
            mask = (ctypes.c_uint8 * k)()
            ptr = mask
        n = self._api.legal_mask(self._g, ptr, k)
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
        return self.returns()

    def player_return(self, player):
        return self.returns()[player]

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

    def history(self):
        """The action ids played since the start (or the last set_position)."""
        n = self._api.history(self._g, None, 0)
        buf = (L.c_move * max(n, 1))()
        self._api.history(self._g, buf, n)
        ma = self._api.move_action
        return [ma(self.game._rs, m) for m in buf[:n]]

    def clone(self):
        """An independent copy: the position and its history."""
        g = self._api.game_clone(self._g)
        if not g:
            raise TavolaError(self._api.ruleset_error(self.game._rs).decode())
        return State(self.game, ctypes.c_void_p(g))

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
            ptr = out.ctypes.data_as(ctypes.POINTER(ctypes.c_float))
        else:
            out = (ctypes.c_float * size)()
            ptr = out
        rc = self._api.observation(self._g, who, ptr, size)
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
