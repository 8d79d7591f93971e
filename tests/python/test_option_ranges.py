"""Option ranges through the package (Game.option_ranges, the ABI's
ruleset_option_range): each shape, the same as `tavola list --json` says for
every shipped ruleset, a value outside refused by load_game with the
library's words, and a library without the call."""
import json
import os
import subprocess

import pytest

import tavola
from tavola import _lib
from conftest import CLI, ROOT

RANGES = os.path.join(ROOT, "tests", "cli", "rulesets", "option_ranges.lua")


def test_each_shape_of_range():
    r = tavola.load_game(RANGES).option_ranges()
    assert r == {"size": {"min": 3, "max": 9}, "lead": {"min": 0}, "ratio": {"max": 1.5},
                 "style": {"choices": ["plain", "bold", "two words"]}, "flag": {}, "label": {}}
    assert type(r["size"]["min"]) is int and type(r["ratio"]["max"]) is float


def test_shipped_rulesets():
    g = tavola.load_game("gomoku")
    assert g.option_ranges() == {"freestyle": {}, "opening": {"choices": ["none", "pro", "swap"]},
                                 "size": {"min": 5, "max": 26}}
    assert tavola.load_game("pentago").option_ranges() == {}
    assert tavola.load_game("hasami_shogi").option_ranges()["size"] == {"min": 5, "max": 19}


def test_the_command_says_the_same():
    out = subprocess.run([CLI, "list", "--json"], cwd=ROOT, capture_output=True, check=True).stdout
    for r in json.loads(out)["rulesets"]:
        ranges = tavola.load_game(r["name"]).option_ranges()
        for o in r["options"]:
            assert {k: o[k] for k in ("min", "max", "choices") if k in o} == ranges[o["name"]], (r["name"], o)


@pytest.mark.parametrize("options,message", [
    ("size=27", "option size: expected an integer 5..26, got '27'"),
    ("size=4", "option size: expected an integer 5..26, got '4'"),
    ("opening=Pro", "option opening: expected none, pro or swap, got 'Pro'"),
])
def test_a_value_outside_is_refused(options, message):
    with pytest.raises(tavola.TavolaError) as e:
        tavola.load_game("gomoku", options)
    assert message in str(e.value)


def test_bounds_load():
    assert tavola.load_game("gomoku", "size=5").option_ranges()["size"] == {"min": 5, "max": 26}
    tavola.load_game("gomoku", "size=26,opening=swap")


def test_a_library_without_the_call(monkeypatch):
    """An older library: no option declares a range (it reads none)."""
    lib = _lib.lib()
    monkeypatch.setattr(lib, "missing", lib.missing + ["ruleset_option_range"])
    assert tavola.load_game("gomoku").option_ranges() == {"freestyle": {}, "opening": {}, "size": {}}


def test_a_bool_option_in_any_case():
    """True and FALSE as Python and OpenSpiel's game strings write them; a word that only starts so is refused."""
    assert "swap=true" in tavola.load_game("hex(swap=True)").options.split(",")
    assert "swap=false" in tavola.load_game("hex", swap="FALSE").options.split(",")
    with pytest.raises(tavola.TavolaError):
        tavola.load_game("hex", swap="Truely")
