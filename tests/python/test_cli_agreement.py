"""Random games of every ruleset through the Python API agree, move by move,
with the C command's view of the same moves (tavola play --moves ... --json)."""
import json
import random
import subprocess

import pytest

import tavola
from conftest import CLI, RULESETS

GAMES = 3


def cli_view(name, seed, moves):
    out = subprocess.run([CLI, "play", name, "--seed", str(seed), "--moves", " ".join(moves), "--json"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


@pytest.mark.parametrize("name", RULESETS)
def test_random_games_agree(name):
    game = tavola.load_game(name)
    for g in range(GAMES):
        seed = 1000 + g
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        moves = []
        while True:
            view = cli_view(name, seed, moves)
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
