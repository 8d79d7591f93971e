#!/usr/bin/env python3
"""Move families are chosen once (core/rules: choose_family) and dispatched
through one table (core/play/tv_family.h): at most two functions, that one
among them, may branch on three or more of the flags that say what kind of
move a game has. Also: the files of core/play include each other without a
cycle (the floor below the families never includes a family or the kernel).

    dispatch_test.py [ROOT]      exits 1 naming what breaks either rule
"""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else "."
# What tells one kind of move from another (issue: placement, drop, turns,
# rotate, flips, pieces, shots, sowing, hooks).
FLAGS = {
    "place": r"TV_MOVES_PLACE",
    "drop": r"TV_MOVES_DROP",
    "pieces": r"TV_MOVES_PIECES|TV_FAMILY_PIECES",
    "sow": r"TV_BOARD_MANCALA|TV_FAMILY_SOW",
    "flip": r"flip\.dirs",
    "rotate": r"rotate\.side",
    "turns": r"turns\.active",
    "shots": r"pieces\.shoots",
    "hooks": r"hooks\.moves|hooks\.play",
}
MOST = 2  # functions allowed to branch on three or more, choose_family (core/rules) among them


def functions(path):
    """(name, body) of each function defined at column 0 of a C file."""
    text = open(path, encoding="utf-8").read()
    pattern = r"^[a-z][^;{}()=]*\b(\w+)\([^;{}]*\)[ \t]*(\{[^\n]*\}$|\n\{.*?^\})"
    for m in re.finditer(pattern, text, re.M | re.S):
        yield m.group(1), m.group(2)


def branching():
    found = []
    for top in ("core", "lua", "plugin/lib"):
        for folder, _, files in os.walk(os.path.join(ROOT, top)):
            for f in sorted(files):
                if not f.endswith(".c"):
                    continue
                for name, body in functions(os.path.join(folder, f)):
                    hit = sorted(k for k, rx in FLAGS.items() if re.search(rx, body))
                    if len(hit) >= 3:
                        found.append((os.path.join(folder, f), name, hit))
    return found


def cycles():
    """Include cycles among core/play modules (x.c + x.h is module x)."""
    play = os.path.join(ROOT, "core/play")
    mods = {f.rsplit(".", 1)[0] for f in os.listdir(play) if f.endswith((".c", ".h"))}
    edges = {m: set() for m in mods}
    for f in os.listdir(play):
        if not f.endswith((".c", ".h")):
            continue
        me = f.rsplit(".", 1)[0]
        for inc in re.findall(r'^#include "(\w+)\.h"', open(os.path.join(play, f)).read(), re.M):
            if inc in mods and inc != me:
                edges[me].add(inc)
    found, state = [], {}

    def visit(m, stack):
        state[m] = 1
        for n in sorted(edges[m]):
            if state.get(n) == 1:
                found.append(stack[stack.index(n):] + [n])
            elif n not in state:
                visit(n, stack + [n])
        state[m] = 2

    for m in sorted(mods):
        if m not in state:
            visit(m, [m])
    return found


bad = 0
many = branching()
for path, name, hit in many:
    print(f"{path}: {name} branches on {len(hit)} family flags: {', '.join(hit)}")
if len(many) > MOST:
    print(f"dispatch_test: {len(many)} functions branch on three or more family flags (at most {MOST}): "
          "dispatch through tv_family_of(r) instead")
    bad = 1
for c in cycles():
    print("dispatch_test: include cycle in core/play: " + " -> ".join(c))
    bad = 1
if not bad:
    print(f"dispatch_test: {len(many)} function(s) branch on 3+ family flags "
          f"(at most {MOST}); core/play has no include cycle")
sys.exit(bad)
