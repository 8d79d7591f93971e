"""Chess through the Python package: FEN written and read back at every ply
of random games (State.fen() and set_position() with a FEN give the same
state, and the same FEN as the command's JSON view), the action ids of
promotions and castling (each its own id, legal_actions to the move and
back), and published perft counts through the State API from a FEN."""
import json
import random
import subprocess

import tavola
from conftest import CLI

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def perft(state, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return len(state.legal_moves())
    total = 0
    for m in state.legal_moves():
        child = state.clone()
        child.apply_move(m)
        total += perft(child, depth - 1)
    return total


def test_perft_from_a_fen():
    game = tavola.load_game("chess")
    s = game.new_initial_state()
    s.set_position(KIWIPETE)
    assert s.fen() == KIWIPETE
    assert perft(s, 2) == 2039


def test_fen_reads_back_at_every_ply():
    game = tavola.load_game("chess")
    rng = random.Random(5)
    plies = 0
    for _ in range(6):
        s = game.new_initial_state()
        played = []
        while not s.is_terminal() and s.move_number() < 160:
            fen = s.fen()
            t = game.new_initial_state()
            t.set_position(fen)
            assert t.fen() == fen
            assert sorted(t.legal_moves()) == sorted(s.legal_moves())
            played.append(rng.choice(s.legal_moves()))
            s.apply_move(played[-1])
            plies += 1
        out = subprocess.run([CLI, "play", "chess", "--moves", " ".join(played), "--json"],
                             capture_output=True, text=True, check=True).stdout
        assert json.loads(out)["fen"] == s.fen()
    assert plies > 500


def test_no_fen_outside_the_chess_family():
    s = tavola.load_game("checkers").new_initial_state()
    assert s.fen() is None


def test_promotions_and_castling_have_their_own_ids():
    game = tavola.load_game("chess")
    s = game.new_initial_state()
    s.set_position("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
    ids = s.legal_actions()
    assert len(ids) == len(set(ids)) == len(s.legal_moves())
    texts = {s.action_to_string(a) for a in ids}
    assert texts == set(s.legal_moves())
    moves = set(s.legal_moves())
    assert {"b7-b8=Q", "b7-b8=R", "b7-b8=B", "b7-b8=N", "b7xa8=Q", "O-O", "O-O-O"} <= moves
