"""What the package tells of a game through the ABI: its family of moves,
the text of its moves, the types of its options; the same as `tavola list
--json` says, and what action_to_string relies on instead of a guess."""
import json
import os
import subprocess

import pytest

import tavola
from tavola import _lib
from conftest import CLI, ROOT

TEST_RULES = os.path.join(ROOT, "tests", "cli", "rulesets")

FAMILIES = [
    ("tictactoe", "place", "place"), ("connect4", "drop", "drop"), ("pentago", "rotate", "rotate"),
    ("othello", "flip", "flip"), ("checkers", "pieces", "pieces"), ("amazons", "pieces", "pieces"),
    ("kalah", "sow", "sow"),
    ("notakto_hooks", "place", "place"),  # an ends hook: the moves are the data's
    (os.path.join(TEST_RULES, "near.lua"), "hooks", "place"),  # a moves hook
    (os.path.join(TEST_RULES, "two_stones.lua"), "hooks", "place"),  # a play hook
    (os.path.join(TEST_RULES, "pieces_swap.lua"), "hooks", "pieces"),  # a play hook over pieces
]


@pytest.mark.parametrize("name,family,data_family", FAMILIES)
def test_family_of_each_ruleset(name, family, data_family):
    g = tavola.load_game(name)
    assert (g.family, g.data_family) == (family, data_family)


def test_move_text_is_the_data_familys():
    assert tavola.load_game("connect4").move_text == "a column: d"
    assert tavola.load_game("checkers").move_text.startswith("from-to: a2-a3")
    place = tavola.load_game("tictactoe").move_text
    assert place.startswith("a cell: d4")
    assert tavola.load_game(os.path.join(TEST_RULES, "two_stones.lua")).move_text == place


def test_option_types():
    assert tavola.load_game("gomoku").option_types() == {"freestyle": "bool", "opening": "string", "size": "int"}
    assert tavola.load_game("pentago").option_types() == {}
    types = tavola.load_game(os.path.join(TEST_RULES, "option_types.lua")).option_types()
    assert types == {"count": "int", "dash": "string", "digits": "string", "empty": "string", "flag": "bool",
                     "huge": "number", "label": "string", "ratio": "number", "whole": "number"}


def test_no_such_option_is_refused():
    g = tavola.load_game("gomoku")
    assert g._api.ruleset_option_type(g._rs, 3) == _lib.EINVAL
    assert b"no option 3" in g._api.ruleset_error(g._rs)


def test_the_command_says_the_same():
    """list --json (the CLI host) and the package (the Python host) agree on
    every shipped ruleset's family, move text and option types."""
    out = subprocess.run([CLI, "list", "--json"], cwd=ROOT, capture_output=True, check=True).stdout
    listed = json.loads(out)["rulesets"]
    assert len(listed) == len(tavola.list_rulesets())
    for r in listed:
        g = tavola.load_game(r["name"])
        assert (r["family"], r["data_family"], r["move_text"]) == (g.family, g.data_family, g.move_text)
        assert {o["name"]: o["type"] for o in r["options"]} == g.option_types()


CHAIN = "......../m......./.....m../......../...m..../..M...../......../........ 1 - 0 0"  # as test_api.py


def cell(name, width=8):
    return (int(name[1:]) - 1) * width + ord(name[0]) - ord("a")


def pair(frm, to, n=64):
    f, t = cell(frm), cell(to)
    return f * (n - 1) + (t - 1 if t > f else t)


def test_a_pieces_action_is_written_as_its_legal_move():
    """An action of pieces names two ends; its text is the legal move's (a chain)."""
    s = tavola.load_game("checkers").new_state_from_position(CHAIN)
    assert s.action_to_string(pair("c3", "g7")) == "c3xe5xg7"


def test_a_library_without_the_call(monkeypatch):
    """An older library: the family is not known (None), and action texts
    are still right, looked up among the legal moves for every game."""
    lib = _lib.lib()
    monkeypatch.setattr(lib, "missing", lib.missing + ["ruleset_family"])
    g = tavola.load_game("checkers")
    assert (g.family, g.data_family, g.move_text) == (None, None, None)
    assert g.new_state_from_position(CHAIN).action_to_string(pair("c3", "g7")) == "c3xe5xg7"
    t = tavola.load_game("tictactoe").new_initial_state()
    assert [t.action_to_string(a) for a in (0, 4, 8)] == ["a1", "b2", "c3"]
