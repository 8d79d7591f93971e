"""The bound on legal moves (tavola.h max_moves) through the package: Amazons
has thousands of legal turns, more than the 1,024 an ABI 1.0 host makes room
for; the package asks the bound and lists them all, and a host that passes
too small a cap gets an error that says the count, never a list cut short."""
import ctypes

import pytest

import tavola
from tavola import _lib


def test_bounds_by_ruleset():
    assert tavola.load_game("amazons").max_moves() == 4 * 35 * 35
    assert tavola.load_game("amazons", size=6).max_moves() == 4 * 19 * 19
    assert tavola.load_game("tictactoe").max_moves() == 678  # every game without a second part


def test_amazons_moves_as_text():
    s = tavola.load_game("amazons").new_initial_state()
    moves = s.legal_moves()
    assert len(moves) == 2176 and len(set(moves)) == 2176
    assert "d1-d7/g7" in moves and "d1-d2/d1" in moves  # an arrow back onto the cell left
    assert s.perft(1) == 2176


def test_a_small_cap_is_an_error_with_the_count():
    game = tavola.load_game("amazons")
    s = game.new_initial_state()
    api = _lib.lib()
    buf = (_lib.c_move * 1024)()
    buf[0] = -77
    n = api.legal_moves(s._g, buf, 1024)
    assert n == _lib.ELIMIT
    assert buf[0] == -77  # nothing written
    assert "2176 legal moves" in api.error(s._g).decode()
    big = (_lib.c_move * game.max_moves())()
    assert api.legal_moves(s._g, big, game.max_moves()) == 2176


def test_a_turn_and_its_refusals():
    s = tavola.load_game("amazons").new_initial_state()
    s.apply_move("d1-d7/g7")
    pos = s.position()
    assert "#" in pos and pos.endswith(" 2 - 1")
    with pytest.raises(tavola.IllegalMove) as e:
        s.apply_move("g10-g8/g7")  # onto the arrow
    assert "the arrow cannot land on the block on g7" in str(e.value)
    assert s.position() == pos
    t = tavola.load_game("amazons").new_state_from_position(pos)
    assert t.position() == pos and t.legal_moves() == s.legal_moves()


def test_playouts_end_with_a_winner():
    s = tavola.load_game("amazons", size=6).new_initial_state()
    p = s.playouts(50, seed=3)
    assert p.draws == 0 and sum(p.wins) == 50 and p.mean_length > 10


def test_action_ids_of_a_move_and_its_arrow():
    g = tavola.load_game("amazons", size=6)
    n = 36
    assert g.num_distinct_actions() == n * (n - 1) * (n - 1)  # (from, to) and an arrow anywhere but `to`
    s = g.new_initial_state()
    legal = s.legal_actions()
    assert len(legal) == 544 and legal == sorted(legal)  # the turns themselves, each one id
    assert sorted(s.action_to_string(a) for a in legal) == sorted(s.legal_moves())
    a = s.string_to_action("b1-b5/b1")  # the arrow back onto the cell just left
    assert a in legal and s.action_to_string(a) == "b1-b5/b1"
    assert g.move_action(g.action_move(a)) == a
    mask = s.legal_actions_mask()
    assert mask.sum() == 544 and mask[a] == 1
    s.apply_action(a)
    assert s.history() == [a]
    assert s.position().split()[0].split("/")[5][1] == "#"  # the arrow's block on b1
    with pytest.raises(tavola.IllegalMove):
        s.apply_action(a)  # b1 holds the arrow now


def test_action_ids_of_the_full_board():
    s = tavola.load_game("amazons").new_initial_state()
    assert len(s.legal_actions()) == 2176 and s.legal_actions_mask().sum() == 2176
