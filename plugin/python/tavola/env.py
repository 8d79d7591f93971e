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
the end; an agent whose game ended steps with None and leaves env.agents,
and that step clears the rewards of the agents left (PettingZoo's dead step:
their cumulative rewards stay). state() is the global view (the planes from
player_0's side: the game has perfect information), env.game_state the
tavola State being played, env.unwrapped the env itself. The spaces have
PettingZoo's and gymnasium's methods (contains, sample with a mask, seed).
Used out of turn (step before reset, step once every agent has left, an
unknown agent) it raises tavola.EnvError.
"""
import ctypes as _ctypes
import random as _random

from . import _lib as _L
from ._game import Game, np
from .errors import EnvError, InvalidArgument


class Discrete:
    """A space of n actions, as gymnasium.spaces.Discrete (n, sample(mask), contains, seed)."""

    def __init__(self, n, seed=None):
        self.n = n
        self.shape = ()
        self.dtype = "int64"
        self.seed(seed)

    def seed(self, seed=None):
        self._rng = _random.Random(seed)
        # The state of the library's draw from a mask (mask_sample), from the same seed.
        self._crng = _ctypes.c_uint64(self._rng.getrandbits(64))
        return [seed]

    def sample(self, mask=None):
        if mask is None:
            return self._rng.randrange(self.n)
        if (np is not None and isinstance(mask, np.ndarray) and mask.dtype.itemsize == 1 and mask.ndim == 1
                and mask.flags.c_contiguous):
            # A byte mask (legal_actions_mask's int8): drawn in C, no loop here.
            if len(mask) != self.n:
                raise InvalidArgument("sample: a mask of %d entries for %d actions" % (len(mask), self.n))
            # legal_actions_mask's ctypes buffer when the mask is that array:
            # n contiguous bytes over a buffer of n bytes start where it does
            base = mask.base
            ptr = base if isinstance(base, _ctypes.Array) and _ctypes.sizeof(base) == self.n \
                else _ctypes.c_void_p(mask.ctypes.data)
            i = _L.lib().fast.mask_sample(ptr, self.n, _ctypes.byref(self._crng))
            if i < 0:
                raise InvalidArgument("sample: the mask allows no action")
            return i
        if np is not None and isinstance(mask, np.ndarray):  # numpy finds the legal ids, not a Python loop
            legal = np.flatnonzero(mask)
            if len(legal) == 0:
                raise InvalidArgument("sample: the mask allows no action")
            return int(legal[self._rng.randrange(len(legal))])
        legal = [i for i in range(self.n) if mask[i]]
        if not legal:
            raise InvalidArgument("sample: the mask allows no action")
        return self._rng.choice(legal)

    def contains(self, x):
        if np is not None and isinstance(x, np.integer):
            x = int(x)
        return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < self.n

    __contains__ = contains

    def __repr__(self):
        return "Discrete(%d)" % self.n


class Box:
    """A box of numbers of a shape, as gymnasium.spaces.Box (low, high, shape, contains, sample, seed)."""

    def __init__(self, low, high, shape, dtype="float32", seed=None):
        self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), dtype
        self._rng = _random.Random(seed)

    def seed(self, seed=None):
        self._rng.seed(seed)
        return [seed]

    def contains(self, x):
        if np is None:
            return False
        a = np.asarray(x)
        return a.shape == self.shape and bool(np.all(a >= self.low)) and bool(np.all(a <= self.high))

    __contains__ = contains

    def sample(self):
        """Uniform where both bounds are finite, else exponential above low (gymnasium's way)."""
        if np is None:
            raise InvalidArgument("Box.sample needs numpy")
        rng = np.random.default_rng(self._rng.getrandbits(63))
        if np.isfinite(self.high):
            a = rng.uniform(self.low, self.high, self.shape)
        else:
            a = self.low + rng.exponential(1.0, self.shape)
        if self.dtype.startswith("int"):
            a = np.floor(a)
        return a.astype(self.dtype)

    def __repr__(self):
        return "Box(%s, %s, %s)" % (self.low, self.high, self.shape)


class Dict(dict):
    """Named spaces, as gymnasium.spaces.Dict: still a dict (space["observation"]), with contains, sample, seed."""

    @property
    def spaces(self):
        return dict(self)

    def seed(self, seed=None):
        for i, k in enumerate(sorted(self)):
            self[k].seed(None if seed is None else seed + i)
        return [seed]

    def contains(self, x):
        return isinstance(x, dict) and set(x) == set(self) and all(self[k].contains(x[k]) for k in self)

    def sample(self):
        return {k: v.sample() for k, v in self.items()}


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
        self.observation_spaces = {a: Dict(observation=obs, action_mask=mask) for a in self.possible_agents}
        self.state_space = Box(0.0, float("inf"), self.game.observation_tensor_shape())
        self.game_state = None
        self.agents = []
        self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos = {}, {}, {}, {}, {}

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    @property
    def unwrapped(self):
        return self

    def state(self):
        """The global view: the planes from player_0's side (the game hides nothing)."""
        if self.game_state is None:
            raise EnvError("state before reset()")
        return self.game_state.observation_tensor(0)

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
        self.game_state = self.game.new_initial_state(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game_state.current_player()]
        self._settle()

    def _live(self, what):
        """The game is on: reset was called and an agent is left."""
        if self.game_state is None:
            raise EnvError("%s before reset()" % what)
        if not self.agents:
            raise EnvError("%s after every agent left: reset() for a new game" % what)

    def observe(self, agent):
        if self.game_state is None:
            raise EnvError("observe before reset()")
        if agent not in self._index:
            raise EnvError("no agent %r: the agents are %s" % (agent, ", ".join(self.possible_agents)))
        i = self._index[agent]
        obs = self.game_state.observation_tensor(i)
        mask = self.game_state.legal_actions_mask(i)
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
        if self.game_state.is_terminal():
            r = self.game_state.returns()
            for a in self.agents:
                self.rewards[a] = r[self._index[a]]
                self._cumulative_rewards[a] += self.rewards[a]
                self.terminations[a] = True
                self.infos[a]["scores"] = self.game_state.scores()
            # The ended game's agents step with None in turn, the mover first.
        else:
            self.agent_selection = self.possible_agents[self.game_state.current_player()]
            for a in self.agents:
                self.infos[a]["legal_moves"] = self.game_state.legal_actions() if a == self.agent_selection else []

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
            for a in self.rewards:  # PettingZoo's dead step clears the rewards; the cumulative ones stay
                self.rewards[a] = 0.0
            return
        if action is None:
            raise InvalidArgument("%s is to move: step(None) only after the game ended" % agent)
        self._cumulative_rewards[agent] = 0.0
        self.game_state.apply_action(int(action) if np is not None and isinstance(action, np.integer) else action)
        self._settle()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.game_state is None:
            return None
        if self.render_mode == "svg":
            return self.game_state.svg()
        text = str(self.game_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        self.game_state = None
        self.agents = []


def env(game, render_mode=None, **options):
    """An AEC environment: tavola.env("connect4"), tavola.env("pahtum", holes=7)."""
    return AECEnv(game, render_mode=render_mode, **options)
