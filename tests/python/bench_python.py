"""Speed of random rollouts from Python (make bench-python): through the
package step by step, through the batched playouts call, and a plain-Python
implementation of the same Connect Four rules (the naive peer a researcher
would write, as tutorials do: a list of rows, and after each move a scan of
the whole board for four in a row), and a careful plain-Python version (a list
per column, only the lines through the new stone checked). CPU time, the
median of ROUNDS rounds, all in one run.

    PYTHONPATH=plugin/python python3 tests/python/bench_python.py [--quick] [--check]

--check fails (exit 1) unless the batched call is at least 100x the naive
plain-Python peer and step-by-step Python at least 2x it, on Connect Four."""
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "plugin", "python"))
import tavola  # noqa: E402

QUICK = "--quick" in sys.argv
ROUNDS = 3 if QUICK else 7
GAMES = 200 if QUICK else 2000  # per round, step by step and plain Python
BATCH = 5000 if QUICK else 100000  # per round, batched


class NaiveConnect4:
    """Connect Four as the tutorials write it: board[row][col], row 0 at the
    bottom; after each move every window of four is looked at."""

    W, H = 7, 6

    def __init__(self):
        self.board = [[0] * self.W for _ in range(self.H)]
        self.to_move = 1
        self.winner = None
        self.moves = 0

    def legal(self):
        return [c for c in range(self.W) if self.board[self.H - 1][c] == 0] if self.winner is None else []

    def wins(self, p):
        b, W, H = self.board, self.W, self.H
        for r in range(H):
            for c in range(W - 3):
                if b[r][c] == p and b[r][c + 1] == p and b[r][c + 2] == p and b[r][c + 3] == p:
                    return True
        for r in range(H - 3):
            for c in range(W):
                if b[r][c] == p and b[r + 1][c] == p and b[r + 2][c] == p and b[r + 3][c] == p:
                    return True
        for r in range(H - 3):
            for c in range(W - 3):
                if b[r][c] == p and b[r + 1][c + 1] == p and b[r + 2][c + 2] == p and b[r + 3][c + 3] == p:
                    return True
        for r in range(3, H):
            for c in range(W - 3):
                if b[r][c] == p and b[r - 1][c + 1] == p and b[r - 2][c + 2] == p and b[r - 3][c + 3] == p:
                    return True
        return False

    def play(self, c):
        p = self.to_move
        for r in range(self.H):
            if self.board[r][c] == 0:
                self.board[r][c] = p
                break
        self.moves += 1
        if self.wins(p):
            self.winner = p
        elif self.moves == self.W * self.H:
            self.winner = 0
        self.to_move = 3 - p


class PlainConnect4:
    """Connect Four in careful plain Python: a list per column, and only the
    four lines through the new stone looked at."""

    W, H = 7, 6

    def __init__(self):
        self.cols = [[] for _ in range(self.W)]
        self.to_move = 1
        self.winner = None
        self.moves = 0

    def legal(self):
        return [c for c in range(self.W) if len(self.cols[c]) < self.H] if self.winner is None else []

    def cell(self, c, r):
        if 0 <= c < self.W and 0 <= r < len(self.cols[c]):
            return self.cols[c][r]
        return 0

    def play(self, c):
        p = self.to_move
        col = self.cols[c]
        col.append(p)
        r = len(col) - 1
        self.moves += 1
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            n = 1
            for s in (1, -1):
                k = 1
                while self.cell(c + s * k * dc, r + s * k * dr) == p:
                    n += 1
                    k += 1
            if n >= 4:
                self.winner = p
                return
        if self.moves == self.W * self.H:
            self.winner = 0
        self.to_move = 3 - p


def plain_round(rng, cls):
    steps = 0
    for _ in range(GAMES):
        g = cls()
        while True:
            legal = g.legal()
            if not legal:
                break
            g.play(rng.choice(legal))
            steps += 1
    return steps


def api_round(game, rng):
    steps = 0
    for i in range(GAMES):
        s = game.new_initial_state(i)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            steps += 1
    return steps


def env_round(env, seed):
    """PettingZoo's loop through the AEC env, an agent's masked sample a step."""
    steps = 0
    for i in range(GAMES // 4):
        env.reset(seed=seed + i)
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            env.step(None if term or trunc else env.action_space(agent).sample(obs["action_mask"]))
            steps += 1
    return steps


def batch_round(game, seed):
    s = game.new_initial_state(seed)
    p = s.playouts(BATCH, seed)
    return round(p.mean_length * p.n)


def measure(fn):
    """ns per step: the median over ROUNDS rounds of CPU time."""
    per = []
    for _ in range(ROUNDS):
        t = time.process_time_ns()
        steps = fn()
        per.append((time.process_time_ns() - t) / max(steps, 1))
    return statistics.median(per)


def main():
    rng = random.Random(1)
    rows = []
    c4 = tavola.load_game("connect4")
    pahtum = tavola.load_game("pahtum", holes=7)
    plain = measure(lambda: plain_round(rng, NaiveConnect4))
    careful = measure(lambda: plain_round(rng, PlainConnect4))
    rows.append(("connect4", "plain Python (naive peer)", plain))
    rows.append(("connect4", "plain Python (careful)", careful))
    rows.append(("connect4", "tavola, Python step by step", measure(lambda: api_round(c4, rng))))
    rows.append(("connect4", "tavola, batched playouts", measure(lambda: batch_round(c4, rng.getrandbits(32)))))
    rows.append(("pahtum", "tavola, Python step by step", measure(lambda: api_round(pahtum, rng))))
    rows.append(("pahtum", "tavola, batched playouts", measure(lambda: batch_round(pahtum, rng.getrandbits(32)))))
    bt_env = tavola.env("breakthrough")
    rows.append(("breakthrough", "PettingZoo AEC env, masked", measure(lambda: env_round(bt_env, rng.getrandbits(16)))))
    version, path = tavola.library_version()
    print("Python random rollouts: CPU ns per ply, median of %d rounds (%s, %s, Python %s)"
          % (ROUNDS, path, version, sys.version.split()[0]))
    print("%-12s %-30s %10s %12s %12s %12s" % ("ruleset", "how", "ns/ply", "plies/s", "vs naive", "vs careful"))
    for name, how, ns in rows:
        r1 = "%.1fx" % (plain / ns) if name == "connect4" else "-"
        r2 = "%.1fx" % (careful / ns) if name == "connect4" else "-"
        print("%-12s %-30s %10.1f %12.0f %12s %12s" % (name, how, ns, 1e9 / ns, r1, r2))
    step, batch = plain / rows[2][2], plain / rows[3][2]
    print("connect4: batched %.0fx the naive plain-Python peer (target >= 100x), step by step %.1fx (target >= 2x);"
          " against the careful one %.0fx and %.1fx" % (batch, step, careful / rows[3][2], careful / rows[2][2]))
    env_steps = 1e9 / rows[-1][2]
    print("breakthrough: %.0f steps a second through the AEC env (last, sample(mask), step; target >= 100000)"
          % env_steps)
    if "--check" in sys.argv and (batch < 100 or step < 2 or env_steps < 100000):
        print("bench-python: FAILED a target")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
