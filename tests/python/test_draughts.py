"""International draughts through the Python package: perft from the start
(the published 9, 81, 658), a capture round the board back to its start
square played by its own action id, and the two captures between the same
squares that take different pieces, c3xe5 and c3xe5(2), as legal moves and
as moves applied."""
import tavola

TURKISH = "........../........../........../........../.....m..../..m.....m./........../......m.../...m....../....K..... 1 - 0 0"
TWO_SETS = ("...m.....m/m.m.m...m./.m...m.m../........../.m.......m/..m......./.......M../"
            "M...M...../.M.M....../k......... 2 - 67 0")


def perft(state, depth):
    if depth == 1:
        return len(state.legal_moves())
    total = 0
    for m in state.legal_moves():
        child = state.clone()
        child.apply_move(m)
        total += perft(child, depth - 1)
    return total


def test_perft_from_the_start():
    s = tavola.load_game("draughts").new_initial_state()
    assert [perft(s, d) for d in (1, 2, 3)] == [9, 81, 658]


def test_a_capture_back_to_its_start_has_an_id():
    game = tavola.load_game("draughts")
    s = game.new_initial_state()
    s.set_position(TURKISH)
    assert sorted(s.legal_moves()) == ["e1xe1", "e1xf2", "e1xj6"]
    ids = s.legal_actions()
    assert len(ids) == 3 and max(ids) < game.num_distinct_actions() == 100 * 99 + 100
    back = [a for a in ids if s.action_to_string(a) == "e1xe1"]
    assert back == [100 * 99 + 4]
    s.apply_action(back[0])  # four men taken, the king home: Black's last man moves
    assert sorted(s.legal_moves()) == ["i5-h4", "i5-j4"]


def test_two_captures_between_the_same_squares():
    game = tavola.load_game("draughts")
    s = game.new_initial_state()
    s.set_position(TWO_SETS)
    assert sorted(s.legal_moves()) == ["a1xi5", "a1xi5(2)"]
    first, second = s.clone(), s.clone()
    first.apply_move("a1xi5")
    second.apply_move("a1xi5(2)")
    assert str(first) != str(second)
