"""OpenSpiel's own pure-Python algorithms, unchanged, on tavola's games.

    /usr/bin/python3 tests/python/openspiel_algorithms.py OPENSPIEL_SRC [--sims N] [--games N] [--seed N]

OPENSPIEL_SRC is an OpenSpiel checkout (a folder holding
open_spiel/python/algorithms/mcts.py) or a git directory of one, a bare
mirror included (HEAD's files are then written to a temporary folder). Not
part of make check (OpenSpiel is not a dependency), like the bench's peers.

tavola.pyspiel_compat is installed as `pyspiel` (forced, even where a real
pyspiel is importable), then OpenSpiel's files are imported as they are:
open_spiel.python.algorithms.mcts, .minimax, .evaluate_bots and
open_spiel.python.bots.uniform_random (a small Bot here when the tree has
none). They need numpy and absl (Debian: python3-numpy, python3-absl).

Checks, one line each:
  - evaluate_bots.evaluate_bots between mcts.MCTSBot (RandomRolloutEvaluator,
    --sims simulations, 200 by default) and the uniform random bot, --games
    games per game (10 by default), MCTS in either seat by turns: MCTS must
    win more than half and lose at most a fifth;
  - minimax.alpha_beta_search on small games (tic-tac-toe from the start
    and after every one or two moves, Connect Four 4x4, Kalah with 3 holes
    of 3 seeds, Hex 3x3) against tavola's solver: the value for the player
    to move equals tavola.solved_returns (the solver's result in OpenSpiel's
    -1..1), the action alpha-beta returns is worth that value to the
    solver, and the value for the other player is its negation.

Exit 0 when every check passes, 1 when one fails, 2 when the setup cannot
be made (no OpenSpiel files, no absl). About 20 s of CPU (a minute of wall
clock on a busy two-core machine)."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "plugin", "python"))
if "TAVOLA_BUILD" in os.environ:  # as conftest.py: the library of that build
    os.environ.setdefault("TAVOLA_LIB", os.path.join(ROOT, os.environ["TAVOLA_BUILD"], "libtavola.so.1"))

import tavola  # noqa: E402
from tavola import pyspiel_compat  # noqa: E402

ALGORITHMS = "open_spiel/python/algorithms/"
REQUIRED = [ALGORITHMS + f for f in ("mcts.py", "minimax.py", "evaluate_bots.py")]
PACKAGES = ["open_spiel/__init__.py", "open_spiel/python/__init__.py", ALGORITHMS + "__init__.py"]
OPTIONAL = ["open_spiel/python/bots/__init__.py", "open_spiel/python/bots/uniform_random.py"]

# MCTS against random: OpenSpiel's names where tavola's ruleset has one
# (pyspiel_compat.OPENSPIEL_NAMES), tavola's own for the rest.
MCTS_GAMES = ["tic_tac_toe", "connect_four", "breakthrough(rows=6,columns=6)", "hex(board_size=7)", "mancala",
              "clobber(rows=4,columns=5)"]


class SetupError(Exception):
    pass


def _git(src, *args):
    return subprocess.run(["git", "-C", src] + list(args), capture_output=True, check=False)


def openspiel_tree(src, tmp):
    """(root to put on sys.path, a line saying where the files came from)."""
    if not os.path.isdir(src):
        raise SetupError("%s: no such folder" % src)
    if os.path.isfile(os.path.join(src, "python", "algorithms", "mcts.py")):  # the inner open_spiel/ folder
        src = os.path.dirname(os.path.abspath(src))
    if os.path.isfile(os.path.join(src, REQUIRED[0])):
        missing = [f for f in REQUIRED if not os.path.isfile(os.path.join(src, f))]
        if missing:
            raise SetupError("%s lacks %s" % (src, ", ".join(missing)))
        rev = _git(src, "rev-parse", "--short=12", "HEAD") if shutil.which("git") else None
        at = " (git %s)" % rev.stdout.decode().strip() if rev is not None and rev.returncode == 0 else ""
        return os.path.abspath(src), "the checkout %s%s" % (os.path.abspath(src), at)
    if not shutil.which("git") or _git(src, "rev-parse", "--git-dir").returncode != 0:
        raise SetupError("%s holds no %s and is no git directory of OpenSpiel" % (src, REQUIRED[0]))
    rev = _git(src, "rev-parse", "HEAD").stdout.decode().strip()
    for path in REQUIRED + PACKAGES + OPTIONAL:
        out = _git(src, "show", "HEAD:" + path)
        if out.returncode != 0:
            if path in REQUIRED:
                raise SetupError("%s: HEAD (%s) has no %s" % (src, rev[:12], path))
            if path in OPTIONAL:
                continue
            data = b""  # a package's __init__.py that is not there: an empty one
        else:
            data = out.stdout
        dest = os.path.join(tmp, path)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "wb") as f:
            f.write(data)
    date = _git(src, "log", "-1", "--format=%cs", "HEAD").stdout.decode().strip()
    return tmp, "git %s at HEAD %s (%s), its files extracted unchanged" % (os.path.abspath(src), rev[:12], date)


def import_openspiel(root):
    """OpenSpiel's modules from root, with pyspiel_compat as pyspiel."""
    pyspiel = pyspiel_compat.install(force=True)
    assert sys.modules["pyspiel"] is pyspiel_compat
    for name in ("numpy", "absl.logging"):
        try:
            __import__(name)
        except ImportError as e:
            pkg = "python3-numpy" if name == "numpy" else "python3-absl"
            raise SetupError("OpenSpiel's files import %s: %s (Debian: apt-get install %s)" % (name, e, pkg))
    sys.dont_write_bytecode = True  # nothing written into a checkout
    sys.path.insert(0, root)
    from open_spiel.python.algorithms import evaluate_bots, mcts, minimax
    for m in (mcts, minimax, evaluate_bots):
        if not os.path.abspath(m.__file__).startswith(os.path.abspath(root) + os.sep):
            raise SetupError("%s came from %s, not from %s" % (m.__name__, m.__file__, root))
    try:
        from open_spiel.python.bots import uniform_random
        random_bot, bot_from = uniform_random.UniformRandomBot, "open_spiel/python/bots/uniform_random.py"
    except ImportError:
        random_bot, bot_from = _uniform_bot(pyspiel), "a small pyspiel.Bot of this file (no uniform_random.py)"
    return pyspiel, mcts, minimax, evaluate_bots, random_bot, bot_from


def _uniform_bot(pyspiel):
    class UniformBot(pyspiel.Bot):
        def __init__(self, player_id, rng):
            pyspiel.Bot.__init__(self)
            self._player, self._rng = player_id, rng

        def restart_at(self, state):
            pass

        def step(self, state):
            actions = state.legal_actions(self._player)
            return self._rng.choice(actions) if actions else pyspiel.INVALID_ACTION

    return UniformBot


class Runner:
    def __init__(self):
        self.failed = 0

    def report(self, ok, name, detail, seconds):
        self.failed += not ok
        print("%-4s %-44s %s (%.1f s)" % ("ok" if ok else "FAIL", name, detail, seconds), flush=True)


def mcts_against_random(run, mods, game_string, sims, games, seed):
    import numpy as np

    pyspiel, mcts, _, evaluate_bots, random_bot, _ = mods
    t = time.time()
    game = pyspiel.load_game(game_string)
    rng = np.random.RandomState(seed)
    won = drawn = lost = plies = 0
    for i in range(games):
        seat = i % 2
        bots = [None, None]
        bots[seat] = mcts.MCTSBot(game, uct_c=2.0, max_simulations=sims,
                                  evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
                                  solve=True, random_state=rng)
        bots[1 - seat] = random_bot(1 - seat, rng)
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, rng)
        plies += len(state.history())
        r = returns[seat]
        won += r > 0
        drawn += r == 0
        lost += r < 0
    ok = won > games / 2 and lost <= games / 5
    run.report(ok, "mcts-vs-random " + game_string,
               "%s: MCTS won %d, drew %d, lost %d of %d (%d as player 0), %d simulations, %.0f plies a game"
               % (game, won, drawn, lost, games, (games + 1) // 2, sims, plies / games), time.time() - t)


def _positions(game, seed, count, lo, hi):
    """count distinct positions after lo..hi random plies, not over."""
    import random

    rng, out, seen, tries = random.Random(seed), [], set(), 0
    while len(out) < count and tries < 1000:
        tries += 1
        s = game.new_initial_state()
        for _ in range(rng.randint(lo, hi)):
            if s.is_terminal():
                break
            s.apply_action(rng.choice(s.legal_actions()))
        if not s.is_terminal() and s.position() not in seen:
            seen.add(s.position())
            out.append(s)
    return out


def alpha_beta_agrees(run, mods, name, game_string, states):
    """OpenSpiel's alpha_beta_search against tavola's solver, on each state."""
    pyspiel, _, minimax, _, _, _ = mods
    t = time.time()
    game = pyspiel.load_game(game_string)
    states = states(game)
    values, bad = [], []
    for s in states:
        p = s.current_player()
        value, action = minimax.alpha_beta_search(game, s, maximum_depth=game.num_distinct_actions() * 4 + 64)
        other, _ = minimax.alpha_beta_search(game, s, maximum_depth=game.num_distinct_actions() * 4 + 64,
                                             maximizing_player_id=1 - p)
        solved = tavola.solved_returns(s)  # [r0, r1] under perfect play
        sol = tavola.solve(s)
        after = tavola.solver_utility(s, sol.action_values[action]) * (1 if p == 0 else -1)
        values.append(value)
        if not (value == solved[p] and other == -value and after == value):
            bad.append("%s: alpha-beta %r (action %s, solver %r), for the other %r; solver %r"
                       % (s.position(), value, s.action_to_string(action), after, other, solved))
    counts = {v: values.count(v) for v in (1.0, 0.0, -1.0)}
    detail = "%s: %d position%s, the mover's value +1 x%d, 0 x%d, -1 x%d" % (
        game, len(states), "s" * (len(states) != 1), counts[1.0], counts[0.0], counts[-1.0])
    if bad:
        detail += "; disagree: " + "; ".join(bad[:3])
    run.report(not bad and len(states) > 0, "alpha-beta-vs-solver " + name, detail, time.time() - t)


def after_plies(depths):
    def states(game):
        out, frontier = [], [game.new_initial_state()]
        for d in range(max(depths) + 1):
            if d in depths:
                out += [s for s in frontier if not s.is_terminal()]
            frontier = [s.child(a) for s in frontier if not s.is_terminal() for a in s.legal_actions()]
        return out
    return states


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("openspiel_src", metavar="OPENSPIEL_SRC",
                    help="an OpenSpiel checkout, or a git directory (a bare mirror) of one")
    ap.add_argument("--sims", type=int, default=200, help="MCTS simulations a move (200)")
    ap.add_argument("--games", type=int, default=10, help="games of MCTS against random per game (10)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    t0 = time.time()
    tmp = tempfile.mkdtemp(prefix="tavola-openspiel-")
    try:
        try:
            root, where = openspiel_tree(args.openspiel_src, tmp)
            mods = import_openspiel(root)
        except SetupError as e:
            print("setup: %s" % e, file=sys.stderr)
            return 2
        print("OpenSpiel: %s" % where)
        print("pyspiel = %s (tavola %s, %s)" % (pyspiel_compat.__file__, tavola.__version__,
                                                tavola.library_version()[1]))
        print("files: %s; random bot: %s" % (", ".join(os.path.relpath(m.__file__, root) for m in mods[1:4]),
                                              mods[5]))
        run = Runner()
        for i, g in enumerate(MCTS_GAMES):
            mcts_against_random(run, mods, g, args.sims, args.games, args.seed + i)
        alpha_beta_agrees(run, mods, "tic_tac_toe start", "tic_tac_toe", after_plies({0}))
        alpha_beta_agrees(run, mods, "tic_tac_toe after 1-2 moves", "tic_tac_toe", after_plies({1, 2}))
        alpha_beta_agrees(run, mods, "connect_four 4x4", "connect_four(rows=4,columns=4)",
                          lambda g: after_plies({0})(g) + _positions(g, args.seed, 8, 2, 9))
        alpha_beta_agrees(run, mods, "kalah 3x3", "kalah(holes=3,seeds=3)",
                          lambda g: after_plies({0})(g) + _positions(g, args.seed, 6, 1, 8))
        alpha_beta_agrees(run, mods, "hex 3x3", "hex(board_size=3)",
                          lambda g: after_plies({0})(g) + _positions(g, args.seed, 4, 1, 3))
        total = time.time() - t0
        print("%s: %d check%s failed, %.1f s" % ("FAIL" if run.failed else "ok", run.failed,
                                                 "s" * (run.failed != 1), total))
        return 1 if run.failed else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
