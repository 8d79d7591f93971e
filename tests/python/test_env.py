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
            assert agent == env.possible_agents[env.state.current_player()]
            assert list(np.flatnonzero(obs["action_mask"])) == info["legal_moves"]
            env.step(env.action_space(agent).sample(obs["action_mask"]))
            steps += 1
        assert env.agents == [] and steps == env.state.move_number()
        assert sorted(a for a, _ in finished) == ["player_0", "player_1"]
        rewards = dict(finished)
        assert rewards["player_0"] == env.state.returns()[0] == -rewards["player_1"]
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
