"""tavola as OpenSpiel's `pyspiel` module, for OpenSpiel's pure-Python algorithms.

OpenSpiel's pure-Python files (open_spiel/python/algorithms/mcts.py,
minimax.py, evaluate_bots.py, open_spiel/python/bots/uniform_random.py)
`import pyspiel`, OpenSpiel's compiled module. This module stands in for it
over tavola, so that those files run unchanged on tavola's games:

    from tavola import pyspiel_compat
    pyspiel_compat.install()          # sys.modules["pyspiel"] = this module
    from open_spiel.python.algorithms import mcts, minimax   # OpenSpiel's own files
    game = pyspiel.load_game("connect_four(rows=4,columns=5)")

It gives what those files use from pyspiel, and no more:

- load_game(name) / load_game(name, params): OpenSpiel's game strings. A
  tavola ruleset name with tavola's options ("connect4(width=5,height=4)")
  loads that ruleset as tavola.load_game does; a few OpenSpiel names are
  translated to tavola's rulesets of the same rules, with their parameters
  (OPENSPIEL_NAMES: "tic_tac_toe", "connect_four(rows=4,columns=5)",
  "breakthrough(rows=5,columns=5)", "hex(board_size=5)", "mancala", ...).
  "True"/"False" read as booleans, as OpenSpiel's parser reads them. The
  games are tavola's Game and State (the rules, the action ids and the
  observation tensors are tavola's; see the README's "Python" section).
- Bot: the base class of OpenSpiel's bots (step, restart, restart_at,
  inform_action, inform_actions, step_with_policy, get_policy, ...), with
  the C++ base class's defaults.
- GameType (and its enums Dynamics, ChanceMode, Information, Utility,
  RewardModel), PlayerId, INVALID_ACTION, Game, State: tavola's.
- SpielError: tavola.TavolaError, so that `except pyspiel.SpielError`
  catches what tavola raises (an unknown game, a bad parameter, an illegal
  move). Unlike pyspiel's, it is not a RuntimeError.

Only two-player, perfect-information, deterministic, sequential games exist
here (every tavola game is one). Any other pyspiel name (load_bot, the C++
MCTSBot, simultaneous or chance-node games, ...) raises
NotProvided (a NotImplementedError, an AttributeError and a SpielError) with
a message that says so; so does a parameter with no counterpart in tavola.
"""
import importlib.util
import sys

from . import _game
from ._game import INVALID_ACTION, Game, GameType, PlayerId, State, parse_game_string
from .errors import InvalidArgument, TavolaError

__all__ = ["Bot", "ChanceMode", "Dynamics", "Game", "GameType", "INVALID_ACTION", "Information", "NotProvided",
           "OPENSPIEL_NAMES", "PlayerId", "RewardModel", "SpielError", "State", "Utility", "install",
           "load_game", "load_game_as_turn_based", "registered_names", "uninstall"]

# pyspiel.SpielError: the base of every error tavola raises.
SpielError = TavolaError

Dynamics, ChanceMode, Information, Utility, RewardModel = (
    GameType.Dynamics, GameType.ChanceMode, GameType.Information, GameType.Utility, GameType.RewardModel)

_SCOPE = ("tavola.pyspiel_compat stands in for pyspiel only for OpenSpiel's pure-Python algorithms on "
          "two-player, perfect-information, deterministic, sequential games")


class NotProvided(TavolaError, NotImplementedError, AttributeError):
    """Something of pyspiel's that this stand-in does not provide: a
    NotImplementedError, an AttributeError (so hasattr(pyspiel, name) is
    False) and a SpielError."""


def __getattr__(name):
    """Any other pyspiel name: NotProvided, naming it."""
    if name.startswith("__") and name.endswith("__"):
        raise AttributeError("module %r has no attribute %r" % (__name__, name))
    raise NotProvided("pyspiel.%s is not provided: %s (it has load_game, Bot, GameType, PlayerId, "
                      "INVALID_ACTION, SpielError, registered_names)" % (name, _SCOPE))


# ---- bots
class Bot:
    """pyspiel.Bot: the base class of a bot, with the defaults of OpenSpiel's
    C++ Bot. A subclass overrides step(state) (the action to play) and
    restart_at(state); evaluate_bots also calls inform_action, whose default
    does nothing. The methods that need an override raise NotProvided."""

    def __init__(self):
        pass

    def _missing(self, what):
        raise NotProvided("%s.%s is not implemented (override it in the subclass)" % (type(self).__name__, what))

    def step(self, state):
        """The action the bot plays in state."""
        self._missing("step(state)")

    def step_verbose(self, state):
        """(step(state), a text about it): "" here."""
        return self.step(state), ""

    def restart(self):
        """A new game starts: nothing to forget by default."""

    def restart_at(self, state):
        """The game goes on from state (evaluate_bots calls it first)."""
        self._missing("restart_at(state)")

    def inform_action(self, state, player_id, action):
        """Another player played action in state: ignored by default."""

    def inform_actions(self, state, actions):
        """Simultaneous moves: ignored by default (tavola has none)."""

    def provides_force_action(self):
        return False

    def force_action(self, state, action):
        self._missing("force_action(state, action)")

    def provides_policy(self):
        return False

    def get_policy(self, state):
        self._missing("get_policy(state)")

    def step_with_policy(self, state):
        self._missing("step_with_policy(state)")

    def is_clonable(self):
        return False

    def clone(self):
        self._missing("clone()")


# ---- games
class _Name:
    """An OpenSpiel game that is one of tavola's rulesets: its parameters'
    tavola names (rename), the values that need no counterpart in tavola
    (fixed: a value each, such as a display option's default), parameters
    that must agree and become one (joined), and parameters tavola has no
    counterpart of at any value (unsupported: why)."""

    def __init__(self, ruleset, rename=None, fixed=None, joined=None, unsupported=None):
        self.ruleset = ruleset
        self.rename = rename or {}
        self.fixed = fixed or {}
        self.joined = joined or {}
        self.unsupported = unsupported or {}


_OWN_TENSOR = "tavola's observation tensor is its own ([planes, height, width], the viewer's pieces first)"


# OpenSpiel's name -> tavola's ruleset. Only games whose rules and defaults
# agree (see the README's game notes); a name both have that is not listed
# here ("go": OpenSpiel's default board is 19, tavola's 9) is tavola's.
OPENSPIEL_NAMES = {
    "tic_tac_toe": _Name("tictactoe"),
    "connect_four": _Name("connect4", rename={"rows": "height", "columns": "width", "x_in_row": "connect"},
                          unsupported={"egocentric_obs_tensor": _OWN_TENSOR}),
    "breakthrough": _Name("breakthrough", rename={"rows": "height", "columns": "width"}),
    "hex": _Name("hex", rename={"board_size": "size"}, fixed={"string_rep": "standard"},
                 joined={"size": ("num_rows", "num_cols")}, unsupported={"plain_obs_tensor": _OWN_TENSOR}),
    "mancala": _Name("kalah"),
    "clobber": _Name("clobber"),
    "othello": _Name("othello"),
    "checkers": _Name("checkers", fixed={"rows": 8, "columns": 8}, unsupported={"egocentric": _OWN_TENSOR}),
    "amazons": _Name("amazons", rename={"board_size": "size"}),
    "y": _Name("y", rename={"board_size": "size"}, fixed={"ansi_color_output": False}),
    "havannah": _Name("havannah", rename={"board_size": "base"}, fixed={"ansi_color_output": False}),
}


def _value(text):
    """A parameter's text from a game string: OpenSpiel's True/False as
    bools, the rest as tavola reads it."""
    if text in ("True", "true"):
        return True
    if text in ("False", "false"):
        return False
    return text


def _same(a, b):
    """A parameter's value against a fixed one (5 and "5", False and "false")."""
    if isinstance(b, bool):
        return a is b or (isinstance(a, str) and a.lower() == str(b).lower())
    return a == b or str(a) == str(b)


def _translate(name, params):
    """The tavola ruleset and options of an OpenSpiel name and parameters."""
    spec = OPENSPIEL_NAMES.get(name)
    if spec is None:
        return name, params
    out = {}
    joined = {}
    for k, v in params.items():
        if k in spec.unsupported:
            raise NotProvided("%s(%s=%s): tavola's %s has no parameter %r: %s"
                              % (name, k, v, spec.ruleset, k, spec.unsupported[k]))
        if k in spec.fixed:
            if not _same(v, spec.fixed[k]):
                raise NotProvided("%s(%s=%s): tavola's %s has no counterpart of %r other than %r (%s)"
                                  % (name, k, v, spec.ruleset, k, spec.fixed[k], _SCOPE))
            continue
        target = next((t for t, srcs in spec.joined.items() if k in srcs), None)
        if target is not None:
            joined.setdefault(target, []).append((k, v))
            continue
        k2 = spec.rename.get(k, k)
        if k2 in out:
            raise InvalidArgument("%s: parameter %r given twice (as %r too)" % (name, k2, k))
        out[k2] = v
    for target, pairs in joined.items():  # num_rows and num_cols: a square board of that side only
        values = {str(v) for _, v in pairs} | ({str(out[target])} if target in out else set())
        if len(values) > 1:
            raise NotProvided("%s(%s): tavola's %s is square only (%s)" % (
                name, ",".join("%s=%s" % p for p in pairs), spec.ruleset, _SCOPE))
        out.setdefault(target, pairs[0][1])
    return spec.ruleset, out


def load_game(game_string, params=None):
    """pyspiel.load_game: a Game from OpenSpiel's game string ("tic_tac_toe",
    "connect_four(rows=4,columns=5)") or a name and a dict of parameters;
    tavola's own names and options load as tavola.load_game loads them.
    Unknown games and bad parameters raise SpielError (tavola's errors)."""
    if not isinstance(game_string, str):
        raise TypeError("load_game: a game string such as 'tic_tac_toe' or 'connect_four(rows=4)'")
    name, pairs = parse_game_string(game_string)
    merged = {k: _value(v) for k, v in pairs}
    if params is not None:
        if not isinstance(params, dict):
            raise TypeError("load_game(name, params): params must be a dict of parameters")
        for k, v in params.items():
            if k in merged:
                raise InvalidArgument("load_game: parameter %r given twice" % (k,))
            if isinstance(v, dict):
                raise NotProvided("load_game: parameter %r is a game (%s)" % (k, _SCOPE))
            merged[k] = v
    ruleset, options = _translate(name, merged)
    return _game.load_game(ruleset, options)


def load_game_as_turn_based(game_string, params=None):
    """Every tavola game is sequential already: load_game's game."""
    if isinstance(game_string, Game):
        return game_string
    return load_game(game_string, params)


def registered_names():
    """tavola's rulesets, and the OpenSpiel names that load one of them."""
    names = set(_game.registered_names())
    return sorted(names | {k for k, v in OPENSPIEL_NAMES.items() if v.ruleset in names})


# ---- installing
def _real_pyspiel_importable():
    mod = sys.modules.get("pyspiel")
    if mod is not None:
        return mod is not sys.modules[__name__]
    try:
        return importlib.util.find_spec("pyspiel") is not None
    except (ImportError, ValueError):
        return False


def install(force=False):
    """Makes `import pyspiel` give this module, unless a real pyspiel is
    importable (or imported already): then that one stays, unless force.
    Returns the module `import pyspiel` now gives."""
    me = sys.modules[__name__]
    if force or not _real_pyspiel_importable():
        sys.modules["pyspiel"] = me
        return me
    import pyspiel  # the real one
    return pyspiel


def uninstall():
    """Takes this module out of sys.modules["pyspiel"] (a real pyspiel
    imported before stays)."""
    if sys.modules.get("pyspiel") is sys.modules[__name__]:
        del sys.modules["pyspiel"]
