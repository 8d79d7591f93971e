"""tavola's Game and State as OpenSpiel's Python API for two-player,
perfect-information, deterministic games: driven the way OpenSpiel's pure-
Python algorithms drive pyspiel (MCTS with random rollouts, alpha-beta,
evaluate_bots), written here from their documentation; game strings,
get_type, serialize and pickling (also into a spawn Pool's workers)."""
import enum
import math
import multiprocessing
import pickle
import random

import pytest

import tavola


# ---- the algorithms, as OpenSpiel's are written (only the API, nothing tavola's own)
def check_game_type(game):
    """What mcts.py and minimax.py check before they start."""
    t = game.get_type()
    assert t.dynamics == tavola.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == tavola.GameType.ChanceMode.DETERMINISTIC
    assert t.information == tavola.GameType.Information.PERFECT_INFORMATION
    assert t.utility == tavola.GameType.Utility.ZERO_SUM
    assert t.reward_model == tavola.GameType.RewardModel.TERMINAL
    assert game.num_players() == 2


def rollout_returns(state, rng):
    """RandomRolloutEvaluator: one random game from a copy of state."""
    s = state.clone()
    while not s.is_terminal():
        assert not s.is_chance_node()
        s.apply_action(rng.choice(s.legal_actions()))
    return s.returns()


class Node:
    __slots__ = ("action", "player", "children", "visits", "total")

    def __init__(self, action, player):
        self.action, self.player, self.children, self.visits, self.total = action, player, None, 0, 0.0


def mcts_action(game, state, simulations, rng, uct_c=2.0):
    """A compact UCT search (OpenSpiel's MCTSBot without solving): the most
    visited action at the root."""
    root = Node(None, state.current_player())
    for _ in range(simulations):
        path, s, node = [root], state.clone(), root
        while not s.is_terminal():
            assert not s.is_simultaneous_node() and not s.is_chance_node()
            if node.children is None:
                actions = s.legal_actions(s.current_player())
                rng.shuffle(actions)
                node.children = [Node(a, s.current_player()) for a in actions]
            if node.visits == 0 and node is not root:
                break
            node = max(node.children, key=lambda c: math.inf if c.visits == 0 else
                       c.total / c.visits + uct_c * math.sqrt(math.log(path[-1].visits) / c.visits))
            s.apply_action(node.action)
            path.append(node)
        returns = s.returns() if s.is_terminal() else rollout_returns(s, rng)
        for n in path:
            n.visits += 1
            # a node's reward is for the player who chose it (the root's: the player to move)
            n.total += returns[n.player]
    return max(root.children, key=lambda c: c.visits).action


def alpha_beta(state, alpha, beta, maximizing):
    """minimax.py's alpha_beta_search: the value for `maximizing` (a player)."""
    if state.is_terminal():
        return state.player_return(maximizing)
    if state.current_player() == maximizing:
        value = -math.inf
        for a in state.legal_actions():
            value = max(value, alpha_beta(state.child(a), alpha, beta, maximizing))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for a in state.legal_actions():
        value = min(value, alpha_beta(state.child(a), alpha, beta, maximizing))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def evaluate_bots(state, bots):
    """evaluate_bots.py: each bot plays its seat to the end; the returns."""
    rewards = [0.0, 0.0]
    while not state.is_terminal():
        assert state.is_player_node() and not state.is_chance_node() and not state.is_simultaneous_node()
        assert state.rewards() == [0.0, 0.0]  # terminal reward model: nothing until the end
        p = state.current_player()
        assert p in (0, 1)
        action = bots[p](state)
        assert action in state.legal_actions(p)
        assert state.legal_actions(1 - p) == []
        state.apply_action(action)
        rewards = [x + y for x, y in zip(rewards, state.rewards())]
    assert state.current_player() == tavola.PlayerId.TERMINAL == -4
    assert not state.is_player_node()
    assert state.legal_actions() == []
    assert rewards == state.returns()  # the rewards add up to the returns
    return state.returns()


# ---- GameType
def test_game_type_and_game_fields():
    game = tavola.load_game("go(size=5)")
    check_game_type(game)
    t = game.get_type()
    assert (t.short_name, t.long_name) == ("go", game.title)
    assert (t.dynamics, t.chance_mode, t.information, t.utility, t.reward_model) == (
        "sequential", "deterministic", "perfect_information", "zero_sum", "terminal")
    assert (t.min_num_players, t.max_num_players) == (2, 2)
    assert t.provides_information_state_string and t.provides_information_state_tensor
    assert t.provides_observation_string and t.provides_observation_tensor
    assert t.parameter_specification == {"komi": 7.5, "size": 9, "suicide": False, "superko": False}
    assert game.get_parameters() == {"komi": 7.5, "size": 5, "suicide": False, "superko": False}
    assert game.num_players() == 2 and game.utility_sum() == 0.0
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.max_game_length() == tavola.MAX_GAME_LENGTH == 2 ** 31 - 1
    assert game.max_chance_outcomes() == 0
    assert game.information_state_tensor_shape() == game.observation_tensor_shape() == [4, 5, 5]
    assert game.information_state_tensor_size() == 100
    assert game.policy_tensor_shape() == [game.num_distinct_actions()]
    assert game.action_to_string(0, 0) == "a1"


def test_kinds_equal_another_librarys_enum_by_name():
    """pyspiel's enum members have a .name: OpenSpiel's checks, tavola's value on the left."""

    class RewardModel(enum.Enum):  # as pyspiel.GameType.RewardModel
        REWARDS = 0
        TERMINAL = 1

    t = tavola.load_game("tictactoe").get_type()
    assert not (t.reward_model != RewardModel.TERMINAL)
    assert t.reward_model == RewardModel.TERMINAL and t.reward_model != RewardModel.REWARDS
    assert t.reward_model != "rewards" and t.reward_model != tavola.RewardModel.REWARDS
    assert t.dynamics != RewardModel.TERMINAL
    assert hash(t.utility) == hash("zero_sum") and str(t.utility) == "zero_sum"
    assert pickle.loads(pickle.dumps(t)) == t


# ---- the algorithms on tavola's games
def test_mcts_takes_the_win_and_blocks():
    game = tavola.load_game("tictactoe")
    check_game_type(game)
    s = game.new_initial_state()
    for m in ("a1", "b1", "a2", "b2"):  # x to move: a3 wins
        s.apply_move(m)
    assert s.action_to_string(mcts_action(game, s, 300, random.Random(1))) == "a3"
    s = game.new_initial_state()
    for m in ("a1", "b2", "a2"):  # o to move: only a3 stops x
        s.apply_move(m)
    assert s.action_to_string(mcts_action(game, s, 400, random.Random(2))) == "a3"


def test_alpha_beta_agrees_with_the_solver():
    game = tavola.load_game("tictactoe")
    s = game.new_initial_state()
    assert alpha_beta(s, -math.inf, math.inf, 0) == 0.0  # a draw
    assert tavola.solved_returns(s) == [0.0, 0.0]
    for m in ("b2", "a2"):  # an edge reply to the centre loses
        s.apply_move(m)
    assert alpha_beta(s, -math.inf, math.inf, 0) == 1.0
    assert alpha_beta(s, -math.inf, math.inf, 1) == -1.0
    sol = tavola.solve(s)
    assert sol.value >= tavola.WIN and tavola.solver_utility(s, sol.value) == 1.0
    assert tavola.solved_returns(s) == [1.0, -1.0]
    # each action's solver value in -1..1 is alpha-beta's after it
    for a, v in sol.action_values.items():
        assert tavola.solver_utility(s, v) == alpha_beta(s.child(a), -math.inf, math.inf, 0)
    # a game of scores: the solver's margin still to come, added to the seeds already stored
    k = tavola.load_game("kalah", holes=2, seeds=2).new_initial_state()
    k.apply_action(k.legal_actions()[0])
    assert k.scores() == [1, 0] and k.current_player() == 0  # a seed in the store: an extra turn
    ab = alpha_beta(k, -math.inf, math.inf, 1)
    assert tavola.solved_returns(k) == [-ab, ab] and ab == 1.0


@pytest.mark.parametrize("name,sims", [("tictactoe", 60), ("connect4(width=5,height=4)", 40), ("go(size=5)", 12),
                                       ("nine_mens_morris", 12), ("kalah(holes=4,seeds=3)", 30),
                                       ("breakthrough(width=5,height=5)", 30)])
def test_random_against_mcts_to_the_end(name, sims):
    game = tavola.load_game(name)
    check_game_type(game)
    rng = random.Random(name)
    mcts_wins = 0
    for seat in (0, 1):
        bots = [None, None]
        bots[seat] = lambda s: mcts_action(game, s, sims, rng)
        bots[1 - seat] = lambda s: rng.choice(s.legal_actions())
        r = evaluate_bots(game.new_initial_state(), bots)
        assert r in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0]) and sum(r) == game.utility_sum()
        mcts_wins += r[seat] == 1.0
    assert mcts_wins >= 1  # the search plays better than chance even on a small budget


# ---- game strings
def test_game_strings_with_parameters():
    g = tavola.load_game("connect4(width=5,height=4)")
    assert g == tavola.load_game("connect4", {"width": 5, "height": 4}) == tavola.load_game("connect4", width=5, height=4)
    assert g != tavola.load_game("connect4")
    assert g.get_parameters() == {"connect": 4, "height": 4, "width": 5}
    assert g.num_distinct_actions() == 5 and g.observation_tensor_shape() == [4, 4, 5]
    assert str(g) == "connect4(connect=4,height=4,width=5)" and tavola.load_game(str(g)) == g
    go = tavola.load_game("go(size=9,komi=7.5)")
    assert go.get_parameters() == {"komi": 7.5, "size": 9, "suicide": False, "superko": False}
    assert tavola.load_game("go(komi=6, size=7, superko=true)").get_parameters() == {
        "komi": 6.0, "size": 7, "suicide": False, "superko": True}
    p = tavola.load_game("pahtum(holes=c3,e5,d4,swap=true)")  # a value with commas
    assert p.get_parameters()["holes"] == "c3,e5,d4" and p.get_parameters()["swap"] is True
    assert tavola.load_game("tictactoe()") == tavola.load_game("tictactoe") and str(tavola.load_game("tictactoe")) == "tictactoe()"
    assert tavola.parse_game_string("hex(size=5,swap=true)") == ("hex", [["size", "5"], ["swap", "true"]])
    assert set(tavola.registered_names()) == set(tavola.list_rulesets()) and "nine_mens_morris" in tavola.registered_names()
    for name in tavola.registered_names():
        g = tavola.load_game(name)
        assert tavola.load_game(str(g)) == g and hash(tavola.load_game(str(g))) == hash(g)
        assert g.get_type().parameter_specification.keys() == g.get_parameters().keys()


def test_bad_game_strings_and_parameters():
    with pytest.raises(tavola.RulesetError, match="unknown option 'bogus'"):
        tavola.load_game("connect4(bogus=1)")
    with pytest.raises(tavola.TavolaError, match="width"):
        tavola.load_game("connect4(width=zz)")
    with pytest.raises(tavola.TavolaError, match="width"):
        tavola.load_game("connect4(width=99)")
    with pytest.raises(tavola.InvalidArgument, match="expected name"):
        tavola.load_game("connect4(width=5")
    with pytest.raises(tavola.InvalidArgument, match="given twice"):
        tavola.load_game("connect4(width=5,width=6)")
    with pytest.raises(tavola.InvalidArgument, match="given twice"):
        tavola.load_game("connect4(width=5)", width=6)
    with pytest.raises(tavola.InvalidArgument):
        tavola.load_game("connect4(5)")
    with pytest.raises(tavola.RulesetNotFound):
        tavola.load_game("no_such_game(size=3)")


# ---- the state's OpenSpiel calls
def test_state_calls():
    game = tavola.load_game("kalah")
    s = game.new_initial_state()
    assert s.num_players() == 2 and s.get_game() is game
    assert not s.is_chance_node() and not s.is_simultaneous_node() and s.is_player_node()
    assert s.chance_outcomes() == [] and s.history_str() == ""
    s.apply_move("c1")  # the last seed in the store: player 0 moves again
    s.apply_move("f1")
    s.apply_move("d2")
    assert s.history_str() == ", ".join(map(str, s.history())) and len(s.history()) == 3
    assert [pa.player for pa in s.full_history()] == [0, 0, 1]
    assert [pa.action for pa in s.full_history()] == s.history()
    assert s.information_state_string() == s.observation_string(0) == s.observation_string(1) == s.position()
    flat = lambda x: list(x.ravel()) if hasattr(x, "ravel") else list(x)  # numpy is optional
    assert flat(s.information_state_tensor(1)) == flat(s.observation_tensor(1)) != flat(s.observation_tensor(0))
    with pytest.raises(tavola.InvalidArgument):
        s.observation_string(2)
    assert game.new_initial_state(s.position()).position() == s.position()
    t = tavola.load_game("tictactoe").new_initial_state()
    for m in ("a1", "b1", "a2", "b2"):
        t.apply_move(m)
        assert t.rewards() == [0.0, 0.0] and t.returns() == [0.0, 0.0]
    t.apply_move("a3")
    assert t.is_terminal() and t.current_player() == tavola.TERMINAL
    assert t.returns() == t.rewards() == [1.0, -1.0] and t.player_return(1) == -1.0 and t.player_reward(0) == 1.0
    assert sum(t.returns()) == t.get_game().utility_sum()


# ---- serialize, deserialize, pickle
def random_state(game, seed, plies):
    rng = random.Random(seed)
    s = game.new_initial_state(seed)
    for _ in range(plies):
        if s.is_terminal():
            break
        s.apply_action(rng.choice(s.legal_actions()))
    return s


def same(a, b):
    return (a.position(), a.history(), a.legal_actions(), a.returns(), a.current_player()) == (
        b.position(), b.history(), b.legal_actions(), b.returns(), b.current_player())


@pytest.mark.parametrize("name", tavola.list_rulesets())
def test_round_trips(name):
    game = tavola.load_game(name)
    g2 = pickle.loads(pickle.dumps(game))
    assert g2 == game and str(g2) == str(game) and g2.num_distinct_actions() == game.num_distinct_actions()
    for seed, plies in ((3, 4), (11, 9)):
        s = random_state(game, seed, plies)
        text = s.serialize()
        assert text.startswith("seed=%d\n" % seed)
        for t in (game.deserialize_state(text), pickle.loads(pickle.dumps(s)), g2.deserialize_state(text)):
            assert same(t, s) and t.serialize() == text
            if not s.is_terminal():  # the same game goes on the same way
                a = s.legal_actions()[-1]
                assert same(t.child(a), s.child(a))
        # a state set from a position: that position, then its moves
        p = game.new_initial_state()
        p.set_position(s.position())
        if not p.is_terminal():
            p.apply_action(p.legal_actions()[0])
        q = pickle.loads(pickle.dumps(p))
        assert same(q, p) and len(q.history()) == len(p.history()) and "\nposition=" in p.serialize()
    # OpenSpiel's default form too: action ids one per line from the start
    s = random_state(game, 0, 5)
    assert same(game.deserialize_state("\n".join(map(str, s.history()))), s)


def test_a_bad_serialization_is_refused():
    game = tavola.load_game("tictactoe")
    with pytest.raises(tavola.InvalidArgument, match="deserialize_state"):
        game.deserialize_state("seed=0\nb2\nb2\n")
    with pytest.raises(tavola.InvalidArgument, match="deserialize_state"):
        game.deserialize_state("seed=x\n")
    with pytest.raises(tavola.InvalidArgument, match="deserialize_state"):
        game.deserialize_state("4\nfour\n")


def _worker(state):
    """In a spawn worker: the state's facts, and a move played there."""
    out = (state.position(), state.history(), state.legal_actions(), str(state.get_game()))
    if not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    return out, state


def test_a_spawn_pool_receives_states():
    try:
        ctx = multiprocessing.get_context("spawn")
    except ValueError:
        pytest.skip("the spawn start method is not available here")
    states = [random_state(tavola.load_game(n), 5, 6) for n in ("connect4(width=5,height=4)", "go(size=5)", "kalah",
                                                                 "checkers")]
    with ctx.Pool(2) as pool:
        results = pool.map(_worker, states, chunksize=1)
    for s, ((pos, hist, legal, gs), after) in zip(states, results):
        assert (pos, hist, legal, gs) == (s.position(), s.history(), s.legal_actions(), str(s.get_game()))
        assert same(after, s.child(s.legal_actions()[0]))
