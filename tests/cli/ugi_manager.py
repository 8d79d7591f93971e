#!/usr/bin/python3
"""A UGI tournament manager in miniature: drives two `tavola ugi` engines the
way a real one does and checks what a tournament needs.

  ugi_manager.py TAVOLA [GAMES]       (GAMES per ruleset, 10 by default)

Per ruleset it starts two engines with different Seeds (the same SetupSeed),
sends each `ugi`, waits for `ugiok`, sends `setoption` for each configured
option (ruleset options, Player, Seed) in a shuffled order, `isready`; then
per game `uginewgame` to both and, before every move, to both engines
`position startpos moves ...` followed by `query gameover`, `query p1turn`,
`query result`, then `go` with clocks and increments (or `go movetime T`)
to the side to move. Like the real one it reads no `info` line and does not
check moves; unlike it, it then checks that:
  - both engines answer every query alike, and never `info string error`;
  - every game ends, and its result is the one a replay (`tavola play
    --seed SETUP --moves ...`) gives: so no move was illegal, and both
    engines had the same startpos (Pahtum's holes);
  - every `go` gets one legal move (a replay would refuse an illegal one);
  - the games of a ruleset all differ;
  - nothing was written to stderr (every error is written there).
First, one engine is given a move onto one of its Pahtum holes (what an
opponent with another setup would send): it must refuse it, say so on
stderr, and answer every query as for no position.
The engines' own safety: a line not read within 60 s fails the test rather
than hanging it (a real manager would wait forever).

What it does not check is whether a side would lose on time: that depends on
how fast and how loaded the machine is. The slowest move is printed, not
judged. The clocks are ample and every Player has an iteration or depth
budget, so the games (and so whether they all differ) are the same on any
machine; the clock is still sent, and the engine still plans each move from
it."""
import json
import os
import random
import select
import subprocess
import sys
import tempfile
import time

CLOCK_MS, INC_MS = 600000, 50  # ten minutes: a share of it is far beyond any search here
SAFETY_S = 60

# ruleset, its options, the two Players, how go is sent. Every search has an
# iteration or depth budget of its own that ends it long before the clock's
# share (or the movetime) would: what a search finds then does not depend on
# the machine. A solver where it is feasible.
CONFIGS = [
    ("tictactoe", {}, ("mcts:iterations=2000", "greedy"), "clock"),
    ("notakto", {"size": "3"}, ("alphabeta:depth=6", "mcts:iterations=300"), "clock"),
    ("connect4", {"width": "9", "height": "4", "connect": "5"}, ("alphabeta:depth=3", "mcts:iterations=200"), "clock"),
    ("gomoku", {"size": "7", "freestyle": "true"}, ("alphabeta:depth=2", "mcts:iterations=100"), "movetime 600000"),
    ("kalah", {"holes": "6", "seeds": "3"}, ("mcts:iterations=300", "greedy"), "clock"),
    ("oware", {}, ("greedy", "alphabeta:depth=2"), "clock"),
    ("pahtum", {"size": "7", "swap": "true"}, ("alphabeta:depth=1", "mcts:iterations=100"), "clock"),
    ("tihbat", {"chain": "true"}, ("solver", "random"), "clock"),
]

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg, flush=True)


class Engine:
    def __init__(self, tavola, ruleset, name):
        self.name = name
        self.err = tempfile.TemporaryFile()
        self.p = subprocess.Popen([tavola, "ugi", ruleset], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=self.err, bufsize=0)
        self.buf = b""

    def send(self, line):
        self.p.stdin.write((line + "\n").encode())

    def readline(self):
        end = time.monotonic() + SAFETY_S
        while b"\n" not in self.buf:
            left = end - time.monotonic()
            if left <= 0 or not select.select([self.p.stdout], [], [], left)[0]:
                raise RuntimeError("%s: no answer in %d s" % (self.name, SAFETY_S))
            chunk = os.read(self.p.stdout.fileno(), 65536)
            if not chunk:
                raise RuntimeError("%s: the engine ended" % self.name)
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode(errors="replace")

    def expect(self, prefix):
        while True:
            line = self.readline()
            if line.startswith("info string error"):
                fail("%s: %s" % (self.name, line))
            if line.startswith(prefix):
                return line

    def close(self):
        try:
            self.send("quit")
            self.p.stdin.close()
            rc = self.p.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.p.kill()
            rc = self.p.wait()
        if rc != 0:
            fail("%s exited with %s" % (self.name, rc))
        self.err.seek(0)
        text = self.err.read().decode(errors="replace")
        if text:
            fail("%s wrote to stderr:\n%s" % (self.name, text))


def replay(tavola, ruleset, options, setup, moves):
    cmd = [tavola, "play", ruleset, "--seed", str(setup), "--json", "--moves", " ".join(moves)]
    for k, v in options.items():
        cmd += ["-o", "%s=%s" % (k, v)]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        return "refused: " + out.stderr.strip()
    g = json.loads(out.stdout)
    if g["status"] != "over":
        return "not over"
    return {1: "p1win", 2: "p2win", 0: "draw"}[g["winner"]]


def play_match(tavola, rng, ruleset, options, players, how, games):
    setup = 100 + len(ruleset)
    engines = [Engine(tavola, ruleset, "%s engine %d (%s)" % (ruleset, i + 1, players[i])) for i in range(2)]
    for i, e in enumerate(engines):
        e.send("ugi")
        e.expect("ugiok")
        settings = list(options.items()) + [("Player", players[i]), ("Seed", str(i + 1)), ("SetupSeed", str(setup))]
        rng.shuffle(settings)
        for k, v in settings:
            e.send("setoption name %s value %s" % (k, v))
        e.send("isready")
        e.expect("readyok")
    seen, tally, slowest = set(), {}, 0.0
    for game in range(games):
        for e in engines:
            e.send("uginewgame")
        first = game % 2  # the engine playing p1 this game
        clock = [CLOCK_MS, CLOCK_MS]
        moves, result = [], None
        while result is None:
            if len(moves) > 1000:
                fail("%s game %d: over 1000 plies" % (ruleset, game + 1))
                break
            answers = []
            for e in engines:
                e.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
                for q in ("gameover", "p1turn", "result"):
                    e.send("query " + q)
                answers.append(tuple(e.expect("response") for _ in range(3)))
            if answers[0] != answers[1]:
                fail("%s game %d ply %d: the engines disagree: %s" % (ruleset, game + 1, len(moves), answers))
                break
            over, p1turn, res = (a.split()[1] for a in answers[0])
            if over == "true":
                result = res
                break
            side = 0 if p1turn == "true" else 1
            mover = engines[first if side == 0 else 1 - first]
            if how == "clock":
                go = "go p1time %d p2time %d p1inc %d p2inc %d" % (clock[0], clock[1], INC_MS, INC_MS)
                allowed = clock[side]
            else:
                go = "go " + how
            start = time.monotonic()
            mover.send(go)
            best = mover.expect("bestmove")
            took = (time.monotonic() - start) * 1000
            slowest = max(slowest, took)  # printed only: how long a move takes depends on the machine
            if how == "clock":
                clock[side] = max(int(allowed - took), 0) + INC_MS
            move = best.split()[1] if len(best.split()) > 1 else "none"
            if move == "none":
                fail("%s game %d ply %d: bestmove none in a game on" % (ruleset, game + 1, len(moves)))
                break
            moves.append(move)
        if result is None:
            continue
        if result not in ("p1win", "p2win", "draw"):
            fail("%s game %d: over with result %s" % (ruleset, game + 1, result))
        check = replay(tavola, ruleset, options, setup + game, moves)
        if check != result:
            fail("%s game %d: the engines say %s, a replay %s: %s" % (ruleset, game + 1, result, check, " ".join(moves)))
        seen.add(" ".join(moves))
        winner = {"p1win": players[first], "p2win": players[1 - first]}.get(result, "draw")
        tally[winner] = tally.get(winner, 0) + 1
    for e in engines:
        e.close()
    if len(seen) != games:
        fail("%s: %d games, only %d distinct" % (ruleset, games, len(seen)))
    print("%-9s %2d games, %2d distinct, %-40s slowest move %4.0f ms" %
          (ruleset, games, len(seen), ", ".join("%s %d" % kv for kv in sorted(tally.items())), slowest), flush=True)


def refused_position(tavola):
    """An engine told another setup than its opponent's (Pahtum's holes):
    a move onto one of its holes leaves it with no position, which every
    query says, and stderr says why; the next position is taken again."""
    out = subprocess.run([tavola, "play", "pahtum", "--seed", "5", "--json", "--moves", ""], capture_output=True, text=True)
    board = json.loads(out.stdout)["board"]
    start = json.loads(out.stdout)["position"]  # the start SetupSeed 5 draws, as position fen takes it
    hole = next("%s%d" % ("abcdefg"[c], len(board) - r) for r, row in enumerate(board) for c, x in enumerate(row)
                if x == "#")
    e = Engine(tavola, "pahtum", "pahtum engine (SetupSeed 5)")
    e.send("setoption name SetupSeed value 5")
    e.send("isready")
    e.expect("readyok")
    e.send("uginewgame")
    e.send("position startpos moves " + hole)
    line = e.readline()  # a random setup's start is reported, so a record of startpos replays
    if line != "info string startpos is fen " + start:
        fail("refused position: the start not reported as the fen %s: %s" % (start, line))
    line = e.readline()
    if not line.startswith("info string error position: move 1 '%s' refused" % hole):
        fail("refused position: %s" % line)
    for q, want in (("gameover", "true"), ("p1turn", "false"), ("result", "none")):
        e.send("query " + q)
        got = e.readline()
        if got != "response " + want:
            fail("refused position: query %s answered '%s', not 'response %s'" % (q, got, want))
    e.send("go movetime 50")
    if e.readline() != "info string error go: no position (the last one was refused)" or \
            e.readline() != "bestmove none":
        fail("refused position: go")
    e.send("position startpos")
    e.send("query gameover")
    if e.readline() != "info string startpos is fen " + start or e.readline() != "response false":
        fail("refused position: the next position not taken")
    e.send("position fen " + start + " moves " + hole)  # the reported start read back: its holes are there
    if not e.readline().startswith("info string error position: move 1 '%s' refused" % hole):
        fail("refused position: the reported fen is not the start")
    e.send("quit")
    e.p.stdin.close()
    e.p.wait(timeout=10)
    e.err.seek(0)
    err = e.err.read().decode(errors="replace")
    if "error: position: move 1 '%s' refused" % hole not in err:
        fail("refused position: not on stderr: %s" % err)
    else:
        print("pahtum    a move onto a hole (%s): refused, no position until the next, said on stderr" % hole)


def main():
    if len(sys.argv) not in (2, 3):
        sys.stderr.write("usage: ugi_manager.py TAVOLA [GAMES]\n")
        return 2
    tavola, games = sys.argv[1], int(sys.argv[2]) if len(sys.argv) == 3 else 10
    rng = random.Random(2026)
    start = time.monotonic()
    try:
        refused_position(tavola)
    except (RuntimeError, OSError, ValueError, StopIteration, subprocess.TimeoutExpired) as err:
        fail("refused position: %s" % err)
    for ruleset, options, players, how in CONFIGS:
        try:
            play_match(tavola, rng, ruleset, options, players, how, games)
        except RuntimeError as err:
            fail("%s: %s" % (ruleset, err))
    print("ugi manager: %d rulesets, %d games each, %.1f s, %d failures" %
          (len(CONFIGS), games, time.monotonic() - start, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
