"""The PettingZoo-AEC-style environment runs full games of every ruleset."""
import pytest

import tavola
from conftest import RULESETS

np = pytest.importorskip("numpy")


@pytest.mark.parametrize("name", RULESETS)
def test_full_games(name):
    env = tavola.env(name, render_mode="ansi")
    for seed in (1, 2):
        env.reset(seed=seed)
        assert env.agents == ["player_0", "player_1"]
        steps, finished = 0, []
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            assert obs["observation"].shape == tuple(env.observation_space(agent)["observation"].shape)
            assert obs["action_mask"].shape == (env.action_space(agent).n,)
            if term or trunc:
                finished.append((agent, reward))
                env.step(None)
                continue
            assert agent == env.possible_agents[env.game_state.current_player()]
            assert list(np.flatnonzero(obs["action_mask"])) == info["legal_moves"]
            env.step(env.action_space(agent).sample(obs["action_mask"]))
            steps += 1
        assert env.agents == [] and steps == env.game_state.move_number()
        assert sorted(a for a, _ in finished) == ["player_0", "player_1"]
        rewards = dict(finished)
        assert rewards["player_0"] == env.game_state.returns()[0] == -rewards["player_1"]
        assert isinstance(env.render(), str)


def test_rewards_and_illegal_steps():
    env = tavola.env("tictactoe")
    env.reset(seed=0)
    for a in (0, 3, 1, 4):
        env.step(a)
    with pytest.raises(tavola.IllegalMove):
        env.step(0)  # taken: the game is unchanged
    with pytest.raises(tavola.InvalidArgument):
        env.step(None)  # the game goes on
    env.step(2)  # X: a1 b1 c1
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0}
    obs, reward, term, _, _ = env.last()
    assert term and obs["action_mask"].sum() == 0
    env.step(None)
    env.step(None)
    assert env.agents == []


def test_out_of_turn_is_the_packages_error():
    """Not AttributeError nor KeyError: tavola.EnvError, a TavolaError."""
    env = tavola.env("tictactoe")
    for call in (lambda: env.step(0), lambda: env.last(), lambda: env.observe("player_0")):
        with pytest.raises(tavola.EnvError, match="before reset"):
            call()
    env.reset(seed=0)
    with pytest.raises(tavola.EnvError, match="no agent 'player_2'"):
        env.observe("player_2")
    for a in (0, 3, 1, 4, 2):
        env.step(a)
    env.step(None)
    env.step(None)
    for call in (lambda: env.step(None), lambda: env.step(0), lambda: env.last()):
        with pytest.raises(tavola.EnvError, match="after every agent left") as e:
            call()
        assert isinstance(e.value, tavola.TavolaError) and not isinstance(e.value, (KeyError, AttributeError))
    env.reset(seed=1)  # a new game after the last one ended
    env.step(4)
    env.close()
    with pytest.raises(tavola.EnvError, match="before reset"):
        env.step(0)


def test_observe_from_each_side():
    env = tavola.env("connect4")
    env.reset(seed=0)
    env.step(3)
    o0 = env.observe("player_0")["observation"]
    o1 = env.observe("player_1")["observation"]
    assert o0[0][0][3] == 1 and o1[1][0][3] == 1
    assert env.observe("player_0")["action_mask"].sum() == 0  # not player_0's turn
    assert env.observe("player_1")["action_mask"].sum() == 7


def test_extra_turns_keep_the_agent():
    env = tavola.env("kalah")
    env.reset(seed=0)
    env.step(2)  # c1: the last seed in the store, player 1 again
    assert env.agent_selection == "player_0"


def test_dead_steps_clear_the_rewards():
    """PettingZoo's contract: the step an ended agent takes with None clears
    the rewards of the agents left; their cumulative rewards stay for last()."""
    env = tavola.env("tictactoe")
    env.reset(seed=0)
    for a in (0, 3, 1, 4, 2):  # X: a1 b1 c1
        env.step(a)
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0}
    env.step(None)
    assert env.agents == ["player_1"]
    assert env.rewards == {"player_1": 0.0}
    assert env._cumulative_rewards == {"player_1": -1.0}
    _, reward, term, _, _ = env.last()
    assert term and reward == -1.0


@pytest.mark.parametrize("name", ["tictactoe", "connect4", "nine_mens_morris", "amazons"])
def test_the_aec_contract_step_by_step(name):
    """What PettingZoo's api_test checks, written from its documentation: the
    spaces hold what the env gives, the dicts follow env.agents, the global
    state is there, and masked sampling draws legal actions only."""
    env = tavola.env(name)
    assert env.unwrapped is env
    env.reset(seed=3)
    for a in env.possible_agents:
        env.action_space(a).seed(7)
    s = env.state()
    assert env.state_space.contains(s) and s.shape == env.state_space.shape
    steps = 0
    for agent in env.agent_iter(max_iter=400):
        obs, reward, term, trunc, info = env.last()
        assert env.observation_space(agent).contains(obs), agent
        for d in (env.rewards, env._cumulative_rewards, env.terminations, env.truncations, env.infos):
            assert set(d) == set(env.agents)
        if term or trunc:
            env.step(None)
            continue
        action = env.action_space(agent).sample(obs["action_mask"])
        assert env.action_space(agent).contains(action) and obs["action_mask"][action] == 1
        assert action in info["legal_moves"]
        env.step(action)
        steps += 1
    assert steps > 0


def test_spaces():
    d = tavola.env("tictactoe").action_space("player_0")
    assert d.contains(8) and d.contains(np.int64(3)) and not d.contains(9) and not d.contains(True)
    assert not d.contains(-1) and not d.contains(2.0)
    d.seed(5)
    first = [d.sample() for _ in range(10)]
    d.seed(5)
    assert [d.sample() for _ in range(10)] == first
    mask = np.zeros(9, dtype=np.int8)
    mask[[2, 6]] = 1
    assert {d.sample(mask) for _ in range(50)} == {2, 6}
    with pytest.raises(tavola.InvalidArgument):
        d.sample(np.zeros(9, dtype=np.int8))
    env = tavola.env("connect4")
    env.reset(seed=1)
    space = env.observation_space("player_0")
    obs = env.observe("player_0")
    assert space.contains(obs) and space.spaces["observation"] is space["observation"]
    assert not space.contains({"observation": obs["observation"]})
    bad = dict(obs, observation=-obs["observation"] - 1)
    assert not space.contains(bad)
    sample = space.sample()
    assert sample["observation"].shape == obs["observation"].shape


def test_masked_sample_is_drawn_in_c_from_the_mask_as_it_is():
    """sample(mask) on a byte mask is the library's mask_sample: the legal
    ids of a game's mask, uniformly; the mask as it is when sampled (changed
    in place after legal_actions_mask, or a mask of its own, uint8 or int8);
    reproducible for a seed; other masks (bool, a list) the same draws' set."""
    env = tavola.env("breakthrough")
    env.reset(seed=3)
    space = env.action_space("player_0")
    mask = env.observe("player_0")["action_mask"]
    legal = set(np.flatnonzero(mask).tolist())
    assert len(legal) == 22
    space.seed(11)
    drawn = [space.sample(mask) for _ in range(4400)]
    assert set(drawn) == legal
    counts = [drawn.count(a) for a in legal]
    assert min(counts) > 120 and max(counts) < 290  # 200 each expected
    space.seed(11)
    assert [space.sample(mask) for _ in range(4400)] == drawn
    keep = sorted(legal)[:3]
    mask[[a for a in legal if a not in keep]] = 0  # changed in place: the draw follows
    assert {space.sample(mask) for _ in range(200)} == set(keep)
    for dtype in (np.uint8, np.int8, np.bool_):
        own = np.zeros(space.n, dtype=dtype)
        own[[5, 4031]] = 1
        assert {space.sample(own) for _ in range(200)} == {5, 4031}
    assert {space.sample([1 if i in (9, 10) else 0 for i in range(space.n)]) for _ in range(100)} == {9, 10}
    with pytest.raises(tavola.InvalidArgument):
        space.sample(np.zeros(space.n, dtype=np.uint8))
    with pytest.raises(tavola.InvalidArgument):
        space.sample(np.ones(7, dtype=np.uint8))
