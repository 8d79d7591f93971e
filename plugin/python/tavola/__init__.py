"""tavola for Python: the board games of tavola's rulesets, for search and learning.

    import tavola
    game = tavola.load_game("connect4")
    state = game.new_initial_state(seed=1)
    while not state.is_terminal():
        state.apply_action(tavola.Player("mcts:ms=50").choose(state))
    print(state, state.returns())

Pure Python over ctypes and libtavola.so.1 (found in the source tree's build/,
where make install put it, or at TAVOLA_LIB). numpy is used when present.
The interface follows OpenSpiel's pyspiel (Game, State) and PettingZoo's AEC
environments (tavola.env), without depending on either.
"""
from . import _lib
from ._game import TERMINAL, Game, Playouts, State, add_path, list_rulesets, load_game
from ._players import WIN, Player, Solution, solve
from .env import AECEnv, env
from .errors import (EnvError, HookError, IllegalMove, InvalidArgument, LimitError, RulesetError,
                     RulesetNotFound, TavolaError)

__all__ = [
    "AECEnv", "EnvError", "Game", "HookError", "IllegalMove", "InvalidArgument", "LimitError", "Player", "Playouts",
    "RulesetError", "RulesetNotFound", "Solution", "State", "TERMINAL", "TavolaError", "WIN", "add_path",
    "env", "library_version", "list_rulesets", "load_game", "solve",
]

__version__ = "0.1.0"


def library_version():
    """The loaded library's release and where it was loaded from."""
    lib = _lib.lib()
    return lib.version, lib.path
