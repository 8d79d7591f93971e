"""tavola's own players (random, greedy, MCTS, alpha-beta, the solver) and the solver call."""
import collections
import ctypes

from . import _args as A
from . import _lib as L
from ._game import State
from .errors import InvalidArgument, from_code

Solution = collections.namedtuple("Solution", "value positions action_values")
Solution.__doc__ = """value: the first player's margin still to come under perfect play
(a decided game is worth +-1000000 plus any margin); positions: how many the
solver reached; action_values: {action id: value after it} for each legal action."""

WIN = 1000000


class Player:
    """A player from a spec: "random", "greedy", "mcts:ms=200",
    "mcts:iterations=20000", "alphabeta:depth=6", "solver".

    Player("mcts:ms=200").choose(state) returns an action id (not played).
    Reproducible for a seed and a budget that is not a time. One player may
    serve games of several rulesets (it keeps one engine per ruleset)."""

    def __init__(self, spec="random", seed=0):
        A.text(spec, "player spec (such as 'mcts:ms=200')")
        self.spec = spec
        self.seed = A.integer(seed, "seed", A.UINT64)
        self._api = L.lib()
        self._engines = {}  # ruleset handle -> (game, player handle)
        self._last = None

    def __repr__(self):
        return "tavola.Player(%r)" % self.spec

    def _engine(self, game):
        e = self._engines.get(game._rs)
        if e is None:
            err = ctypes.create_string_buffer(512)
            h = self._api.player_new(game._rs, self.spec.encode(), self.seed, err, len(err))
            if not h:
                raise InvalidArgument(err.value.decode("utf-8", "replace"))
            e = self._engines[game._rs] = (game, h)
        return e[1]

    def __del__(self):
        api = getattr(self, "_api", None)
        if api is not None:
            for _, h in getattr(self, "_engines", {}).values():
                api.player_free(h)
            self._engines = {}

    def choose(self, state, ms=0, nodes=0, depth=0):
        """The player's action in state (not played); ms, nodes or depth replace
        the spec's budget for this move."""
        if not isinstance(state, State):
            raise TypeError("choose(state): a tavola.State")
        h = self._engine(state.game)
        m = L.c_move()
        rc = self._api.player_choose(h, state._g, A.integer(ms, "ms", A.INT64), A.integer(nodes, "nodes", A.INT64),
                                     A.integer(depth, "depth"), ctypes.byref(m))
        if rc < 0:
            state._fail(rc)
        self._last = h
        return state.game.move_action(m.value)

    def step(self, state, **budget):
        """Chooses and plays; returns the action played."""
        a = self.choose(state, **budget)
        state.apply_action(a)
        return a

    def stop(self):
        """Ends a running choose() soon (call it from another thread)."""
        for _, h in list(self._engines.values()):
            self._api.player_stop(h)

    def info(self):
        """What the last search did: depth, nodes, score (mover's view), ms."""
        if self._last is None:
            return None
        d, n, s, ms = ctypes.c_int(), ctypes.c_uint64(), ctypes.c_int64(), ctypes.c_long()
        self._api.player_info(self._last, ctypes.byref(d), ctypes.byref(n), ctypes.byref(s), ctypes.byref(ms))
        return {"depth": d.value, "nodes": n.value, "score": s.value, "ms": ms.value}


def solve(state, max_positions=50_000_000):
    """Solves the game from state (LimitError beyond max_positions positions)."""
    if not isinstance(state, State):
        raise TypeError("solve(state): a tavola.State")
    api = state._api
    cap = state.game.max_moves()
    moves, values = (L.c_move * cap)(), (ctypes.c_int64 * cap)()
    positions, value = ctypes.c_uint64(), ctypes.c_int64()
    n = api.solve(state._g, A.integer(max_positions, "max_positions", A.UINT64), L.PROGRESS(), None, ctypes.byref(positions), ctypes.byref(value),
                  moves, values, cap)
    if n < 0:
        state._fail(n)
    av = {state.game.move_action(moves[i]): values[i] for i in range(n)}
    return Solution(value.value, positions.value, av)
