"""Game variables and hands, and whole moves of a moves hook, through the
Python package: Game.variables() and hand_kinds(), State.vars() and hands()
(the JSON view's "vars" and "hands", which the command writes too), position
strings with them read back at every ply of random games, undo and clone;
the move text of whole moves (Brandubh's rook moves, Konane's chains) through
legal_moves and apply_move, and their action ids from legal_actions to the
move and back for Brandubh, Konane and Breakthrough as hooks."""
import json
import os
import random
import subprocess

import pytest

import tavola
from tavola import _lib
from conftest import CLI, ROOT

VARS_HANDS = os.path.join(ROOT, "tests", "cli", "rulesets", "vars_hands.lua")
BREAKTHROUGH_HOOKS = os.path.join(ROOT, "tests", "bench", "breakthrough_hooks.lua")
WHOLE = ["brandubh", "konane", BREAKTHROUGH_HOOKS, VARS_HANDS]


@pytest.fixture(scope="module")
def game():
    return tavola.load_game(VARS_HANDS)


def cli_view(name, moves=(), position=None):
    args = [CLI, "play", name, "--seed", "1", "--json"]
    if moves:
        args += ["--moves", " ".join(moves)]
    if position:
        args += ["--position", position]
    return json.loads(subprocess.run(args, check=True, capture_output=True, text=True, cwd=ROOT).stdout)


def test_the_table_has_the_calls():
    lib = _lib.lib()
    for name in ("var_count", "var_info", "var_get", "hand_kinds", "hand"):
        assert name not in lib.missing


def test_declarations(game):
    assert game.variables() == {
        "done": {"type": "flag", "min": 0, "max": 1, "per_player": False},
        "ko": {"type": "cell", "min": -1, "max": 15, "per_player": False},
        "last": {"type": "cell", "min": -1, "max": 15, "per_player": True},
        "lead": {"type": "int", "min": -20, "max": 20, "per_player": False},
        "passed": {"type": "flag", "min": 0, "max": 1, "per_player": True},
        "passes": {"type": "int", "min": 0, "max": 9, "per_player": True},
        "phase": {"type": "int", "min": 0, "max": 3, "per_player": False},
    }
    assert list(game.variables()) == sorted(game.variables())  # the position string's order
    assert game.hand_kinds() == 2


def test_start_and_moves(game):
    s = game.new_initial_state()
    assert s.vars() == {"done": False, "ko": None, "last": [None, None], "lead": 0, "passed": [False, False],
                        "passes": [0, 0], "phase": 1}
    assert s.hands() == [{"M": 3, "K": 1}, {"m": 2}]
    for m in ["M@a1", "m@b2", "K@c3", "m@d4", "a1-a2xb2"]:
        s.apply_move(m)
    assert s.vars() == {"done": False, "ko": "b2", "last": ["a2", "d4"], "lead": 1, "passed": [False, False],
                        "passes": [0, 0], "phase": 2}
    assert s.hands() == [{"M": 3}, {}]
    assert s.position().endswith(" done=0;ko=b2;last=a2/d4;lead=1;passed=0/0;passes=0/0;phase=2;hand=M3/-")
    s.apply_move("pass")
    assert s.vars()["passed"] == [False, True] and s.vars()["passes"] == [0, 1]


def test_undo_and_clone(game):
    s = game.new_initial_state()
    start = (s.vars(), s.hands(), s.position())
    s.apply_move("M@a1")
    c = s.clone()
    c.apply_move("m@b2")
    assert s.vars()["last"] == ["a1", None] and c.vars()["last"] == ["a1", "b2"]
    assert s.hands() == [{"M": 2, "K": 1}, {"m": 2}] and c.hands() == [{"M": 2, "K": 1}, {"m": 1}]
    s.undo()
    assert (s.vars(), s.hands(), s.position()) == start


def test_a_game_without_either():
    g = tavola.load_game("tictactoe")
    assert g.variables() == {} and g.hand_kinds() == 0
    s = g.new_initial_state()
    assert s.vars() == {} and s.hands() == [{}, {}]
    assert "vars:" not in str(s) and "hands:" not in str(s)


def test_the_command_says_the_same(game):
    """State.vars() and hands() are the JSON view's "vars" and "hands", ply by ply."""
    rng = random.Random(7)
    s = game.new_initial_state()
    moves = []
    for _ in range(12):
        view = cli_view(VARS_HANDS, moves)
        assert view["vars"] == s.vars(), moves
        assert view["hands"] == s.hands(), moves
        assert view["position"] == s.position()
        if s.is_terminal():
            break
        m = rng.choice(s.legal_moves())
        moves.append(m)
        s.apply_move(m)
    plain = cli_view("tictactoe", ["b2"])
    assert "vars" not in plain and "hands" not in plain


def test_every_ply_of_random_games_round_trips(game):
    """The position string read back (set_position, new_state_from_position)
    gives the same position, variables, hands and legal moves, at every ply
    of whole random games, the last too."""
    plies = 0
    for seed in range(12):
        rng = random.Random(seed)
        s = game.new_initial_state(seed)
        while True:
            pos = s.position()
            back = game.new_state_from_position(pos)
            assert back.position() == pos
            assert back.vars() == s.vars() and back.hands() == s.hands(), pos
            assert back.legal_moves() == s.legal_moves(), pos
            assert back.is_terminal() == s.is_terminal()
            if s.is_terminal():
                break
            s.apply_action(rng.choice(s.legal_actions()))
            plies += 1
    assert plies > 12 * 10


def test_a_bad_variables_field_is_refused(game):
    s = game.new_initial_state()
    s.apply_move("M@a1")
    pos = s.position()
    for bad in [pos.replace("phase=2", "phase=7"), pos.replace("hand=M2K1", "hand=M2X1"),
                pos.replace("ko=-", "ko=e9"), pos.replace(";lead=0", ""), pos.rsplit(" ", 1)[0]]:
        with pytest.raises(tavola.InvalidArgument):
            s.set_position(bad)
        assert s.position() == pos and s.move_number() == 1


def test_drawings(game):
    s = game.new_initial_state()
    s.apply_move("K@c3")
    text = str(s)
    assert "\n    vars: done=false ko=- last=c3/- lead=0 passed=false/false passes=0/0 phase=2\n" in text
    assert "\n    hands: Player 1: M3; Player 2: m2\n" in text
    svg = s.svg()
    assert ">Player 1:</text>" in svg and ">x3</text>" in svg and ">x2</text>" in svg


# ---- whole moves ---------------------------------------------------------------

def test_whole_move_text_through_play():
    b = tavola.load_game("brandubh").new_initial_state()
    assert "d2-c2" in b.legal_moves()
    b.apply_move("d2-c2")
    b.apply_move("c4-c6")
    assert b.position().startswith("...M.../..mM.../...m...")
    with pytest.raises(tavola.IllegalMove):
        b.apply_move("d7-d5")  # blocked by d6
    k = tavola.load_game("konane").new_initial_state()
    for m in "f6 f5 d6xf6 e4xe6 f6xd6 c6xe6 c5xe5 c4xe4 f4xd4".split():
        k.apply_move(m)
    assert {"a4xc4", "a4xc4xe4"} <= set(k.legal_moves())
    a = k.string_to_action("a4xc4xe4")
    assert k.action_to_string(a) == "a4xc4xe4"
    k.apply_action(a)
    assert k.rows()[2] == "....o."  # row 4: a4 jumped b4 and d4, took them, landed on e4


@pytest.mark.parametrize("name", WHOLE)
def test_whole_move_actions_round_trip(name):
    """legal_actions: increasing, each once, the legal moves' ids; each id to
    its move (Game.action_move), its text, and back; apply_action plays the
    move its text names."""
    g = tavola.load_game(name)
    assert g.family == "hooks" and g.move_text.startswith("a cell: d4, or a whole move")
    plies = 0
    for seed in range(3):
        rng = random.Random(seed)
        s = g.new_initial_state(seed)
        while not s.is_terminal() and s.move_number() < 150:
            la = s.legal_actions()
            assert la == sorted(set(la)), name
            texts = [s.action_to_string(a) for a in la]
            assert sorted(texts) == sorted(s.legal_moves())
            for a, t in zip(la, texts):
                assert g.move_action(g.action_move(a)) == a
                assert s.string_to_action(t) == a
            a = rng.choice(la)
            c = s.clone()
            c.apply_move(s.action_to_string(a))
            s.apply_action(a)
            assert s.position() == c.position() and s.history() == c.history()
            plies += 1
    assert plies >= 20
    mask = s.legal_actions_mask()
    assert len(mask) == g.num_distinct_actions() and sum(mask) == len(s.legal_actions())


AMAZONS_HOOKS = os.path.join(ROOT, "tests", "games", "amazons_hooks.lua")


def test_turns_of_several_parts():
    """A moves hook's turns of two parts (an amazon's move, then its arrow):
    their text through legal_moves and apply_move, the same turns as the
    data ruleset's at every ply of a random game, the arrow a block; they
    have no action id, and legal_actions says so."""
    hooked = tavola.load_game(AMAZONS_HOOKS)
    data = tavola.load_game("amazons", size=6)
    h, d = hooked.new_initial_state(), data.new_initial_state()
    rng = random.Random(7)
    plies = 0
    while not d.is_terminal():
        moves = sorted(d.legal_moves())
        assert sorted(h.legal_moves()) == moves
        m = rng.choice(moves)
        h.apply_move(m)
        d.apply_move(m)
        assert h.rows() == d.rows()
        plies += 1
    assert h.is_terminal() and h.returns() == d.returns() and plies > 10
    s = hooked.new_initial_state()
    s.apply_move("b1-b4/b1")
    assert s.moves_played() == ["b1-b4/b1"] and s.rows()[-1][1] == "#"
    with pytest.raises(tavola.TavolaError, match="b1-b4/b1 has no action id"):
        s.history()
    with pytest.raises(tavola.IllegalMove):
        s.apply_move("a5-b5/b6")
    with pytest.raises(tavola.TavolaError, match="has no action id"):
        s.legal_actions()


MANCALA_VARS = """
return game {
  name = "Tihbat with a counter",
  description = "a mancala game that counts its moves in a variable",
  board = mancala { holes = 2, seeds = 7 },
  moves = sow { direction = "ccw", origin_first = true, capture = { counts = { 2, 4, 6, 8 }, side = "own" } },
  vars = { turns = { min = 5, max = 999 } },
  play = function(s, m) s:sow(m); s:set_var("turns", s:var("turns") + 1) end,
  no_move = "pass", remainder = "split", ends = "board_empty", winner = "most_captured",
}
"""


def test_mancala_variables_round_trip(tmp_path):
    path = tmp_path / "mancala_vars.lua"
    path.write_text(MANCALA_VARS)
    g = tavola.load_game(str(path))
    s = g.new_initial_state()
    s.apply_move("a1")
    assert s.vars() == {"turns": 6}
    back = g.new_state_from_position(s.position())
    assert back.vars() == {"turns": 6}
