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
environments (tavola.env), without depending on either. Game and State cover
pyspiel's API for two-player, perfect-information, deterministic games
(get_type, game strings, serialize, pickling, ...), so that OpenSpiel's
pure-Python algorithms (MCTS, alpha-beta, evaluate_bots) run on them.
"""
from . import _lib
from ._game import (INVALID_ACTION, MAX_GAME_LENGTH, TERMINAL, ChanceMode, Dynamics, Game, GameType, Information,
                    PlayerAction, PlayerId, Playouts, RewardModel, State, Utility, add_path, list_rulesets, load_game,
                    parse_game_string, registered_names, solved_returns, solver_utility)
from ._players import WIN, Player, Solution, solve
from .env import AECEnv, env
from .errors import (EnvError, HookError, IllegalMove, InvalidArgument, LimitError, RulesetError,
                     RulesetNotFound, TavolaError)

__all__ = [
    "AECEnv", "ChanceMode", "Dynamics", "EnvError", "Game", "GameType", "HookError", "INVALID_ACTION", "IllegalMove",
    "Information", "InvalidArgument", "LimitError", "MAX_GAME_LENGTH", "Player", "PlayerAction", "PlayerId",
    "Playouts", "RewardModel", "RulesetError", "RulesetNotFound", "Solution", "State", "TERMINAL", "TavolaError",
    "Utility", "WIN", "add_path", "env", "library_version", "list_rulesets", "load_game", "parse_game_string",
    "registered_names", "solve", "solved_returns", "solver_utility",
]

__version__ = "0.1.0"


def library_version():
    """The loaded library's release and where it was loaded from."""
    lib = _lib.lib()
    return lib.version, lib.path
