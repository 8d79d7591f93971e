"""pytest setup: the package from plugin/python, the library and CLI from the build.

TAVOLA_BUILD (default build) names the build folder; TAVOLA_LIB, when set,
names the library itself."""
import os
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
BUILD = os.path.join(ROOT, os.environ.get("TAVOLA_BUILD", "build"))
sys.path.insert(0, os.path.join(ROOT, "plugin", "python"))
os.environ.setdefault("TAVOLA_LIB", os.path.join(BUILD, "libtavola.so.1"))

# Hasami Shogi is left out: its random games run to about 2,000 plies, and the
# agreement test starts the command once a ply (its API tests pass, 14 s).
RULESETS = ["pahtum", "tihbat", "tictactoe", "connect4", "gomoku", "kalah", "oware", "notakto",
            "breakthrough", "clobber", "checkers", "lines_of_action", "othello", "anti_line4", "hex", "y",
            "connect6", "pentago", "pente"]
CLI = os.path.join(BUILD, "tavola")
# The sanitized build (make check's second run sets TAVOLA_SANITIZED=1): a
# test that repeats the same paths over many random games plays fewer there,
# the plain build playing them all.
SANITIZED = os.environ.get("TAVOLA_SANITIZED", "") not in ("", "0")
