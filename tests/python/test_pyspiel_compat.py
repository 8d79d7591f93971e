"""tavola.pyspiel_compat, the stand-in for OpenSpiel's pyspiel module: it
installs as `pyspiel` (keeping a real one unless forced), loads tavola's
games under OpenSpiel's names and parameters, gives pyspiel.Bot, GameType's
enums, PlayerId, INVALID_ACTION and SpielError, and refuses the rest
clearly. A UCT bot, an evaluate loop and an alpha-beta written here against
pyspiel's documented API (nothing of OpenSpiel's code, which is not needed)
play tavola's games through `import pyspiel`.
tests/python/openspiel_algorithms.py runs OpenSpiel's own files."""
import math
import os
import random
import subprocess
import sys

import pytest

import tavola
from tavola import pyspiel_compat

try:
    import numpy as np
except ImportError:  # numpy is optional
    np = None

HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.fixture
def pyspiel():
    """`import pyspiel` gives the stand-in for the test; sys.modules as it was afterwards."""
    before = sys.modules.get("pyspiel")
    pyspiel_compat.install(force=True)
    import pyspiel as mod
    yield mod
    if before is None:
        sys.modules.pop("pyspiel", None)
    else:
        sys.modules["pyspiel"] = before


# ---- installing
def test_install_makes_import_pyspiel_work(monkeypatch):
    monkeypatch.delitem(sys.modules, "pyspiel", raising=False)
    assert pyspiel_compat.install() is pyspiel_compat  # no real pyspiel here
    import pyspiel
    assert pyspiel is pyspiel_compat and pyspiel.load_game("tic_tac_toe").name == "tictactoe"
    assert pyspiel_compat.install() is pyspiel_compat  # again: the same
    pyspiel_compat.uninstall()
    assert "pyspiel" not in sys.modules


def test_a_real_pyspiel_stays_unless_forced(monkeypatch, tmp_path):
    (tmp_path / "pyspiel.py").write_text("REAL = True\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "pyspiel", raising=False)
    real = pyspiel_compat.install()
    assert real is not pyspiel_compat and real.REAL and sys.modules["pyspiel"] is real
    pyspiel_compat.uninstall()  # not ours: left alone
    assert sys.modules["pyspiel"] is real
    assert pyspiel_compat.install(force=True) is pyspiel_compat and sys.modules["pyspiel"] is pyspiel_compat
    pyspiel_compat.uninstall()
    assert "pyspiel" not in sys.modules


# ---- names, enums, errors
def test_enums_player_ids_and_types(pyspiel):
    game = pyspiel.load_game("connect_four(rows=4,columns=5)")
    t = game.get_type()
    # as OpenSpiel's algorithms test them, the game's value on the left
    assert not (t.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL)
    assert not (t.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC)
    assert not (t.information != pyspiel.GameType.Information.PERFECT_INFORMATION)
    assert not (t.utility != pyspiel.GameType.Utility.ZERO_SUM)
    assert not (t.reward_model != pyspiel.GameType.RewardModel.TERMINAL)
    assert t.reward_model != pyspiel.GameType.RewardModel.REWARDS and t.utility != pyspiel.Utility.GENERAL_SUM
    assert pyspiel.GameType.Dynamics is pyspiel.Dynamics is tavola.Dynamics
    assert pyspiel.PlayerId.TERMINAL == -4 and pyspiel.PlayerId.CHANCE == -1
    assert pyspiel.PlayerId.SIMULTANEOUS == -2 and pyspiel.PlayerId.INVALID == -3
    assert pyspiel.INVALID_ACTION == -1
    assert isinstance(game, pyspiel.Game) and isinstance(game.new_initial_state(), pyspiel.State)
    s = game.new_initial_state()
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[-1])
    assert s.current_player() == pyspiel.PlayerId.TERMINAL
    assert pyspiel.load_game_as_turn_based(game) is game
    assert pyspiel.load_game_as_turn_based("tic_tac_toe") == pyspiel.load_game("tic_tac_toe")


@pytest.mark.parametrize("openspiel,tavola_game", [
    ("tic_tac_toe", "tictactoe"),
    ("connect_four", "connect4"),
    ("connect_four(rows=4,columns=5,x_in_row=3)", "connect4(height=4,width=5,connect=3)"),
    ("breakthrough(rows=5,columns=6)", "breakthrough(height=5,width=6)"),
    ("hex(board_size=5,swap=True)", "hex(size=5,swap=true)"),
    ("hex(num_rows=4,num_cols=4)", "hex(size=4)"),
    ("hex(board_size=6,num_rows=6,num_cols=6,string_rep=standard)", "hex(size=6)"),
    ("mancala", "kalah"),
    ("clobber(rows=4,columns=4)", "clobber(rows=4,columns=4)"),
    ("othello", "othello"),
    ("checkers(rows=8,columns=8)", "checkers"),
    ("amazons(board_size=6)", "amazons(size=6)"),
    ("y(board_size=5,ansi_color_output=False)", "y(size=5)"),
    ("havannah(board_size=4)", "havannah(base=4)"),
    # tavola's own names and options load as tavola.load_game loads them
    ("connect4(width=5,height=4)", "connect4(width=5,height=4)"),
    ("hex(size=5)", "hex(size=5)"),
    ("go(size=5)", "go(size=5)"),
    ("pahtum(holes=c3,e5,d4)", "pahtum(holes=c3,e5,d4)"),
])
def test_openspiel_names_load_tavolas_rulesets(pyspiel, openspiel, tavola_game):
    assert pyspiel.load_game(openspiel) == tavola.load_game(tavola_game)


def test_parameters_as_a_dict(pyspiel):
    g = pyspiel.load_game("connect_four", {"rows": 4, "columns": 5})
    assert g == tavola.load_game("connect4(width=5,height=4)") and g.get_parameters()["height"] == 4
    assert pyspiel.load_game("hex", {"board_size": 5, "swap": False}) == tavola.load_game("hex(size=5)")
    assert pyspiel.load_game("kalah", {"holes": 3, "seeds": 3}) == tavola.load_game("kalah(holes=3,seeds=3)")
    # the game string of a loaded game (tavola's name and options) loads it again
    assert pyspiel.load_game(str(g)) == g
    names = pyspiel.registered_names()
    assert {"tic_tac_toe", "tictactoe", "connect_four", "connect4", "mancala", "kalah"} <= set(names)
    assert set(tavola.registered_names()) <= set(names)


def test_refusals_are_clear(pyspiel):
    with pytest.raises(pyspiel.SpielError) as e:
        pyspiel.load_game("no_such_game")
    assert isinstance(e.value, tavola.RulesetNotFound)
    with pytest.raises(pyspiel.SpielError, match="unknown option 'bogus'"):
        pyspiel.load_game("connect_four(bogus=1)")
    with pytest.raises(pyspiel.SpielError, match="height"):
        pyspiel.load_game("connect_four(rows=99)")  # out of the ruleset's range, named by tavola
    with pytest.raises(pyspiel.SpielError, match="given twice"):
        pyspiel.load_game("connect_four(rows=4,height=5)")
    with pytest.raises(pyspiel.SpielError, match="given twice"):
        pyspiel.load_game("connect_four(rows=4)", {"rows": 5})
    with pytest.raises(TypeError):
        pyspiel.load_game(7)
    with pytest.raises(TypeError):
        pyspiel.load_game("connect_four", "rows=4")
    # OpenSpiel parameters tavola has no counterpart of
    for bad, words in (("hex(num_rows=5,num_cols=6)", "square only"),
                       ("hex(board_size=5,num_rows=4)", "square only"),
                       ("hex(string_rep=explicit)", "string_rep"),
                       ("connect_four(egocentric_obs_tensor=True)", "observation tensor"),
                       ("hex(plain_obs_tensor=False)", "observation tensor"),
                       ("checkers(rows=10,columns=10)", "rows"),
                       ("y(ansi_color_output=True)", "ansi_color_output")):
        with pytest.raises(NotImplementedError, match=words) as e:
            pyspiel.load_game(bad)
        assert isinstance(e.value, pyspiel.SpielError) and str(e.value).startswith(bad.split("(")[0] + "(")


def test_other_pyspiel_names_are_not_provided(pyspiel):
    with pytest.raises(NotImplementedError, match=r"pyspiel\.load_bot is not provided.*two-player, "
                                                  r"perfect-information, deterministic"):
        pyspiel.load_bot("mcts", pyspiel.load_game("tic_tac_toe"), 0)
    assert not hasattr(pyspiel, "MCTSBot") and not hasattr(pyspiel, "load_matrix_game")
    with pytest.raises(pyspiel.SpielError):
        pyspiel.RandomRolloutEvaluator
    with pytest.raises(AttributeError) as e:
        pyspiel.__path__  # the import machinery's questions get a plain AttributeError
    assert not isinstance(e.value, NotImplementedError)
    assert "load_bot" not in dir(pyspiel) and "load_game" in dir(pyspiel)


# ---- bots
def test_bot_base_class(pyspiel):
    class FirstBot(pyspiel.Bot):
        def step(self, state):
            return state.legal_actions()[0]

    s = pyspiel.load_game("tic_tac_toe").new_initial_state()
    bot = FirstBot()
    assert isinstance(bot, pyspiel.Bot)
    assert bot.step(s) == 0 and bot.step_verbose(s) == (0, "")
    assert bot.inform_action(s, 0, 4) is None and bot.inform_actions(s, [4]) is None and bot.restart() is None
    assert not bot.provides_policy() and not bot.provides_force_action() and not bot.is_clonable()
    for call in (lambda: bot.restart_at(s), lambda: bot.get_policy(s), lambda: bot.step_with_policy(s),
                 lambda: bot.force_action(s, 0), bot.clone):
        with pytest.raises(NotImplementedError, match=r"FirstBot\..* is not implemented \(override it"):
            call()
    with pytest.raises(pyspiel.SpielError, match=r"Bot\.step\(state\) is not implemented"):
        pyspiel.Bot().step(s)


# ---- algorithms written here from pyspiel's documented API
def require_two_player_perfect_information(pyspiel, game):
    t = game.get_type()
    if (t.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL or t.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC
            or t.information != pyspiel.GameType.Information.PERFECT_INFORMATION
            or t.utility != pyspiel.GameType.Utility.ZERO_SUM or game.num_players() != 2):
        raise ValueError("not a two-player zero-sum perfect-information game")


def make_bots(pyspiel):
    class RandomBot(pyspiel.Bot):
        """Uniform over the legal actions; numpy's choice (an np.int64) when numpy is there."""

        def __init__(self, player, seed):
            super().__init__()
            self.player = player
            self.rng = np.random.RandomState(seed) if np is not None else random.Random(seed)

        def restart_at(self, state):
            pass

        def step(self, state):
            actions = state.legal_actions(self.player)
            return self.rng.choice(actions) if actions else pyspiel.INVALID_ACTION

    class UctBot(pyspiel.Bot):
        """UCT with random playouts; statistics kept per history (a tuple of
        actions), each edge's value from the view of the player who took it."""

        def __init__(self, game, iterations, seed, c=1.4):
            super().__init__()
            require_two_player_perfect_information(pyspiel, game)
            self.iterations, self.c, self.rng = iterations, c, random.Random(seed)
            self.informed = 0

        def restart_at(self, state):
            self.informed = 0

        def inform_action(self, state, player_id, action):
            self.informed += 1

        def playout(self, state):
            while not state.is_terminal():
                state.apply_action(self.rng.choice(state.legal_actions()))
            return state.returns()

        def step(self, state):
            stats = {}  # history -> [visits, {action: [visits, total]}]
            root = tuple(state.history())
            for _ in range(self.iterations):
                s, path = state.clone(), []
                while not s.is_terminal():
                    key = tuple(s.history())
                    node = stats.get(key)
                    if node is None:  # a new leaf: add it, then play out
                        stats[key] = [0, {a: [0, 0.0] for a in s.legal_actions()}]
                        break
                    untried = [a for a, e in node[1].items() if e[0] == 0]
                    if untried:
                        a = self.rng.choice(untried)
                    else:
                        a = max(node[1], key=lambda x: node[1][x][1] / node[1][x][0]
                                + self.c * math.sqrt(math.log(node[0]) / node[1][x][0]))
                    path.append((node, a, s.current_player()))
                    s.apply_action(a)
                returns = self.playout(s)
                for node, a, player in path:
                    node[0] += 1
                    node[1][a][0] += 1
                    node[1][a][1] += returns[player]
            edges = stats[root][1]
            return max(edges, key=lambda a: edges[a][0])

    return RandomBot, UctBot


def play(pyspiel, state, bots):
    """Each bot plays its seat to the end, the others told of each move; the returns."""
    for bot in bots:
        bot.restart_at(state)
    rewards = [0.0, 0.0]
    while not state.is_terminal():
        assert not state.is_chance_node() and not state.is_simultaneous_node()
        player = state.current_player()
        action = bots[player].step(state)
        assert action != pyspiel.INVALID_ACTION and action in state.legal_actions(player)
        for other, bot in enumerate(bots):
            if other != player:
                bot.inform_action(state, player, action)
        state.apply_action(action)
        rewards = [r + x for r, x in zip(rewards, state.rewards())]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL and rewards == state.returns()
    return state.returns()


@pytest.mark.parametrize("game_string,iterations", [("tic_tac_toe", 150), ("connect_four(rows=4,columns=5)", 80),
                                                    ("breakthrough(rows=5,columns=5)", 40), ("mancala", 40),
                                                    ("hex(board_size=4)", 60)])
def test_uct_beats_random_through_pyspiel(pyspiel, game_string, iterations):
    game = pyspiel.load_game(game_string)
    RandomBot, UctBot = make_bots(pyspiel)
    won = lost = 0
    for i in range(4):
        seat = i % 2
        bots = [None, None]
        bots[seat] = UctBot(game, iterations, seed=i)
        bots[1 - seat] = RandomBot(1 - seat, seed=100 + i)
        r = play(pyspiel, game.new_initial_state(), bots)[seat]
        won, lost = won + (r > 0), lost + (r < 0)
        assert bots[seat].informed > 0  # inform_action reached it
    assert won >= 3 and lost == 0, (won, lost)


def alpha_beta(state, player, alpha=-math.inf, beta=math.inf):
    """The value of state for player under perfect play (-1..1)."""
    if state.is_terminal():
        return state.player_return(player)
    maximizing = state.current_player() == player
    best = -math.inf if maximizing else math.inf
    for a in state.legal_actions():
        v = alpha_beta(state.child(a), player, alpha, beta)
        if maximizing:
            best, alpha = max(best, v), max(alpha, v)
        else:
            best, beta = min(best, v), min(beta, v)
        if alpha >= beta:
            break
    return best


@pytest.mark.parametrize("game_string,plies", [("tic_tac_toe", 0), ("tic_tac_toe", 2),
                                               ("connect_four(rows=4,columns=4)", 5), ("kalah(holes=3,seeds=3)", 2),
                                               ("kalah(holes=3,seeds=2)", 0), ("hex(board_size=3)", 1)])
def test_alpha_beta_through_pyspiel_agrees_with_the_solver(pyspiel, game_string, plies):
    game = pyspiel.load_game(game_string)
    require_two_player_perfect_information(pyspiel, game)
    rng = random.Random(game_string)
    for _ in range(3 if plies else 1):
        s = game.new_initial_state()
        for _ in range(plies):
            if s.is_terminal():
                break
            s.apply_action(rng.choice(s.legal_actions()))
        if s.is_terminal():
            continue
        p = s.current_player()
        v = alpha_beta(s, p)
        assert v == tavola.solved_returns(s)[p] and alpha_beta(s, 1 - p) == -v


def test_the_runner_says_what_it_needs(tmp_path):
    """openspiel_algorithms.py without OpenSpiel: exit 2, saying why (the
    runs with OpenSpiel are outside make check)."""
    script = os.path.join(HERE, "openspiel_algorithms.py")
    r = subprocess.run([sys.executable, script, str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "holds no open_spiel/python/algorithms/mcts.py" in r.stderr, r.stderr
    r = subprocess.run([sys.executable, script, str(tmp_path / "missing")], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 2 and "no such folder" in r.stderr
