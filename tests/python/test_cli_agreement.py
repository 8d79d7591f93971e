"""Random games of every ruleset through the Python API agree, move by move,
with the C command's view of the same moves (tavola play --moves ... --json),
asked of one `tavola batch` (the same command, one process for every ply)."""
import json
import random
import subprocess

import pytest

import tavola
from conftest import CLI, RULESETS, SANITIZED

# Each ply asks the command to replay the whole game so far: three games a
# ruleset in the plain build, one under the sanitizers (the same first game).
GAMES = 1 if SANITIZED else 3


@pytest.fixture(scope="module")
def batch():
    proc = subprocess.Popen([CLI, "batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    yield proc
    proc.stdin.close()
    assert proc.wait(timeout=60) == 0


def cli_view(batch, name, seed, moves):
    batch.stdin.write(f"play {name} --seed {seed} --moves '{' '.join(moves)}' --json\n")
    batch.stdin.flush()
    lines = []
    for line in batch.stdout:
        if line.startswith("\x1e"):
            assert line.rstrip("\n") == "\x1e0", (name, moves, lines)
            return json.loads("".join(lines))
        lines.append(line)
    raise AssertionError(f"tavola batch ended: {name} {moves}")


@pytest.mark.parametrize("name", RULESETS)
def test_random_games_agree(batch, name):
    game = tavola.load_game(name)
    for g in range(GAMES):
        seed = 1000 + g
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        moves = []
        while True:
            view = cli_view(batch, name, seed, moves)
            legal = state.legal_actions()
            texts = [state.action_to_string(a) for a in legal]
            if game.data_family == "pieces":  # action ids are ordered by (from, to), the CLI's by the generator
                texts, view["moves"] = sorted(texts), sorted(view["moves"])
            assert texts == view["moves"], (name, moves)
            assert state.position() == view["position"]
            assert state.move_number() == view["ply"]
            assert state.scores() == view["scores"]
            assert state.is_terminal() == (view["status"] != "ongoing")
            if state.is_terminal():
                w = state.winner()
                assert (0 if w == -1 else w + 1) == view["winner"]  # the CLI's 0 is a draw
                break
            assert state.current_player() + 1 == view["to_move"]
            a = rng.choice(legal)
            moves.append(state.action_to_string(a))
            state.apply_action(a)
