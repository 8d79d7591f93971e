"""A PettingZoo-AEC-style environment over any ruleset, without PettingZoo.

    env = tavola.env("connect4", render_mode="ansi")
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else choose(obs["observation"], obs["action_mask"])
        env.step(action)

As in PettingZoo's classic games: observe(agent) is a dict with the planes
from that agent's view ("observation") and the legal-action mask
("action_mask", zeros for an agent not to move); rewards are +1 / -1 / 0 at
the end; an agent whose game ended steps with None and leaves env.agents.
Used out of turn (step before reset, step once every agent has left, an
unknown agent) it raises tavola.EnvError.
"""
import random as _random

from ._game import Game, np
from .errors import EnvError, InvalidArgument


class Discrete:
    """A space of n actions, as gymnasium.spaces.Discrete (n, sample(mask))."""

    def __init__(self, n, seed=None):
        self.n = n
        self.shape = ()
        self.dtype = "int64"
        self._rng = _random.Random(seed)

    def sample(self, mask=None):
        if mask is None:
            return self._rng.randrange(self.n)
        legal = [i for i in range(self.n) if mask[i]]
        return self._rng.choice(legal)

    def contains(self, x):
        return isinstance(x, int) and 0 <= x < self.n

    def __repr__(self):
        return "Discrete(%d)" % self.n


class Box:
    """A box of floats of a shape, as gymnasium.spaces.Box (low, high, shape)."""

    def __init__(self, low, high, shape, dtype="float32"):
        self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), dtype

    def __repr__(self):
        return "Box(%s, %s, %s)" % (self.low, self.high, self.shape)


class AECEnv:
    metadata = {"render_modes": ["human", "ansi", "svg"], "name": "tavola", "is_parallelizable": False}

    def __init__(self, game, render_mode=None, **options):
        if render_mode not in (None, "human", "ansi", "svg"):
            raise InvalidArgument("render_mode: None, 'human', 'ansi' or 'svg'")
        self.game = game if isinstance(game, Game) else Game(game, **options)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name="tavola_" + self.game.name)
        self.possible_agents = ["player_0", "player_1"]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        n = self.game.num_distinct_actions()
        self.action_spaces = {a: Discrete(n) for a in self.possible_agents}
        obs = Box(0.0, float("inf"), self.game.observation_tensor_shape())
        mask = Box(0, 1, (n,), "int8")
        self.observation_spaces = {a: {"observation": obs, "action_mask": mask} for a in self.possible_agents}
        self.state = None
        self.agents = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    def reset(self, seed=None, options=None):
        """A new game; seed draws its random setup (Pahtum's holes)."""
        if seed is None:
            seed = _random.getrandbits(63)
        for i, a in enumerate(self.possible_agents):
            self.action_spaces[a]._rng.seed(seed + i)
        self.state = self.game.new_initial_state(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]
        self._settle()

    def _live(self, what):
        """The game is on: reset was called and an agent is left."""
        if self.state is None:
            raise EnvError("%s before reset()" % what)
        if not self.agents:
            raise EnvError("%s after every agent left: reset() for a new game" % what)

    def observe(self, agent):
        if self.state is None:
            raise EnvError("observe before reset()")
        if agent not in self._index:
            raise EnvError("no agent %r: the agents are %s" % (agent, ", ".join(self.possible_agents)))
        i = self._index[agent]
        obs = self.state.observation_tensor(i)
        mask = self.state.legal_actions_mask(i)
        return {"observation": obs, "action_mask": mask}

    def last(self, observe=True):
        self._live("last")
        a = self.agent_selection
        obs = self.observe(a) if observe else None
        return obs, self._cumulative_rewards[a], self.terminations[a], self.truncations[a], self.infos[a]

    def agent_iter(self, max_iter=2 ** 63):
        i = 0
        while self.agents and i < max_iter:
            yield self.agent_selection
            i += 1

    def _settle(self):
        """After a move: the rewards, terminations and whose turn it is."""
        for a in self.agents:
            self.rewards[a] = 0.0
        if self.state.is_terminal():
            r = self.state.returns()
            for a in self.agents:
                self.rewards[a] = r[self._index[a]]
                self._cumulative_rewards[a] += self.rewards[a]
                self.terminations[a] = True
                self.infos[a]["scores"] = self.state.scores()
            # The ended game's agents step with None in turn, the mover first.
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]
            for a in self.agents:
                self.infos[a]["legal_moves"] = self.state.legal_actions() if a == self.agent_selection else []

    def step(self, action):
        self._live("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise InvalidArgument("the game is over for %s: step(None)" % agent)
            self.agents.remove(agent)
            for d in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
                d.pop(agent, None)
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        if action is None:
            raise InvalidArgument("%s is to move: step(None) only after the game ended" % agent)
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action) if np is not None and isinstance(action, np.integer) else action)
        self._settle()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.state is None:
            return None
        if self.render_mode == "svg":
            return self.state.svg()
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        self.state = None
        self.agents = []


def env(game, render_mode=None, **options):
    """An AEC environment: tavola.env("connect4"), tavola.env("pahtum", holes=7)."""
    return AECEnv(game, render_mode=render_mode, **options)
