#!/usr/bin/python3
"""The HTTP interface of `tavola serve` without a browser (plugin/serve/HTTP.md).

    /usr/bin/python3 tests/serve/api_test.py PATH/TO/tavola

Every route with good and bad input: each error a status code of HTTP.md's
table and {"error": "..."}, and the game unchanged (its database rows and
GET /api/games/ID compared before and after). One line per check; exit 0
when all pass. Every request has a timeout; nothing depends on the machine's
speed (a wait polls up to a generous limit).
"""

import http.client
import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_util as su  # noqa: E402

TAVOLA = None
C = su.Checker("api_test")
SEED = 20240611
RND = random.Random(SEED)
WORK = None

ERR_LEN = 240      # how much of an unexpected answer a failure line shows


# -- small helpers ------------------------------------------------------------

def short(b):
    if isinstance(b, (bytes, bytearray)):
        b = b.decode("utf-8", "replace")
    b = str(b)
    return b if len(b) <= ERR_LEN else b[:ERR_LEN] + "..."


def error_body_ok(body):
    """A body that is strict UTF-8 JSON {"error": "non-empty"}."""
    try:
        js = json.loads(body.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return False
    return isinstance(js, dict) and isinstance(js.get("error"), str) and js["error"].strip() != ""


def expect_error(what, resp, codes):
    """resp = (status, headers, body); codes an int or a tuple of ints."""
    if isinstance(codes, int):
        codes = (codes,)
    st, h, body = resp
    ok = st in codes and error_body_ok(body)
    return C.check("%s -> %s" % (what, "/".join(map(str, codes))), ok,
                   "got %s %s" % (st, short(body)))


def jget(srv, path):
    st, h, b = srv.get(path)
    return st, su.parse_json(b)


def create(srv, ruleset, p1="human", p2="human", options="", seed=None, extra=None):
    f = [("ruleset", ruleset), ("options", options), ("p1", p1), ("p2", p2)]
    if seed is not None:
        f.append(("seed", str(seed)))
    if extra:
        f += extra
    return srv.post("/api/games", f)


def create_ok(srv, ruleset, **kw):
    st, h, b = create(srv, ruleset, **kw)
    js = su.parse_json(b)
    if st != 201 or not isinstance(js, dict) or "id" not in js:
        raise AssertionError("create %s %r: %s %s" % (ruleset, kw, st, short(b)))
    return js


def game(srv, gid, query=""):
    st, js = jget(srv, "/api/games/%s%s" % (gid, query))
    if st != 200 or not isinstance(js, dict):
        raise AssertionError("GET game %s%s: %s %r" % (gid, query, st, js))
    return js


def move(srv, gid, token, mv, ply=None, brief=None):
    f = [("token", token), ("move", mv)]
    if ply is not None:
        f.append(("ply", str(ply)))
    if brief is not None:
        f.append(("brief", str(brief)))
    return srv.post("/api/games/%s/move" % gid, f)


def move_ok(srv, gid, token, mv, **kw):
    st, h, b = move(srv, gid, token, mv, **kw)
    js = su.parse_json(b)
    if st != 200 or not isinstance(js, dict):
        raise AssertionError("move %s on %s: %s %s" % (mv, gid, st, short(b)))
    return js


def snapshot(srv, gid):
    """The game as stored and as served, to compare before and after a refusal."""
    st, h, b = srv.get("/api/games/%s" % gid)
    return (srv.db_rows(gid), st, b)


def unchanged(what, srv, gid, before):
    after = snapshot(srv, gid)
    ok = after == before
    detail = ""
    if not ok:
        if after[0] != before[0]:
            detail = "database rows changed: %s -> %s" % (short(repr(before[0])), short(repr(after[0])))
        else:
            detail = "GET changed: %s -> %s" % (short(before[2]), short(after[2]))
    return C.check("%s: game unchanged" % what, ok, detail)


def games_count(srv):
    return srv.db_query("SELECT count(*) FROM games")[0][0]


def moves_count(srv):
    return srv.db_query("SELECT count(*) FROM moves")[0][0]


def wait_until(fn, timeout=30.0, step=0.05):
    """Polls fn() until it returns a true value (returned) or timeout (None)."""
    deadline = time.monotonic() + timeout
    while True:
        v = fn()
        if v:
            return v
        if time.monotonic() > deadline:
            return None
        time.sleep(step)


def seat_token(created, seat):
    return created["tokens"][str(seat)]


def tavola_run(args, timeout=60):
    return subprocess.run([TAVOLA] + args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=timeout, cwd=su.REPO)


def option_args(options):
    a = []
    for kv in filter(None, (options or "").split(",")):
        a += ["-o", kv]
    return a


def play_to_end(srv, gid, created, rnd, brief=True, use_ply=True, limit=2000):
    """Plays random legal moves for both seats until the game is over; the last answer."""
    g = game(srv, gid, "?brief=1")
    n = 0
    while g["status"] == "ongoing":
        if n > limit:
            raise AssertionError("game %s not over after %d moves" % (gid, limit))
        mv = rnd.choice(g["legal"])
        tok = seat_token(created, g["to_move"])
        g = move_ok(srv, gid, tok, mv, ply=g["ply"] if use_ply else None,
                    brief=1 if brief else None)
        n += 1
    return g


# -- sections -----------------------------------------------------------------

def t_pages(srv):
    st, h, b = srv.get("/")
    C.check("GET / -> 200 text/html", st == 200 and h.get("content-type", "").startswith("text/html"),
            "got %s %s" % (st, h.get("content-type")))
    csp = h.get("content-security-policy", "")
    C.check("GET / has the Content-Security-Policy of HTTP.md",
            "default-src 'self'" in csp and "img-src 'self' data:" in csp
            and "style-src 'self' 'unsafe-inline'" in csp and "script-src" not in csp.replace("default-src", ""),
            repr(csp))
    for p, ct in (("/app.js", "javascript"), ("/app.css", "text/css")):
        st, h, b = srv.get(p)
        C.check("GET %s -> 200 %s" % (p, ct), st == 200 and ct in h.get("content-type", "") and len(b) > 0,
                "got %s %s" % (st, h.get("content-type")))


def t_health(srv):
    st, js = jget(srv, "/api/health")
    C.check("GET /api/health -> 200 {ok, games, engine_queue}",
            st == 200 and isinstance(js, dict) and js.get("ok") is True
            and isinstance(js.get("games"), int) and isinstance(js.get("engine_queue"), int),
            "got %s %r" % (st, js))


def t_rulesets(srv):
    st, h, b = srv.get("/api/rulesets")
    js = su.parse_json(b)
    C.check("GET /api/rulesets -> 200 JSON", st == 200 and isinstance(js, dict)
            and "json" in h.get("content-type", ""), "got %s %s" % (st, short(b)))
    rs = js.get("rulesets", []) if isinstance(js, dict) else []
    names = [r.get("name") for r in rs]
    cli = json.loads(tavola_run(["list", "--json"]).stdout)
    cli_names = [r["name"] for r in cli["rulesets"]]
    C.check("/api/rulesets names = tavola list --json names", sorted(names) == sorted(cli_names),
            "server only %s, list only %s" % (sorted(set(names) - set(cli_names)),
                                               sorted(set(cli_names) - set(names))))
    bad = []
    for r in rs:
        for k, t in (("name", str), ("title", str), ("description", str), ("players", list),
                     ("family", str), ("data_family", str), ("move_text", str),
                     ("options", list), ("stats", dict)):
            if not isinstance(r.get(k), t):
                bad.append("%s.%s=%r" % (r.get("name"), k, r.get(k)))
        if isinstance(r.get("players"), list) and len(r["players"]) != 2:
            bad.append("%s.players=%r" % (r.get("name"), r["players"]))
        st_ = r.get("stats") or {}
        for k in ("games", "first", "second", "draws"):
            if not isinstance(st_.get(k), int):
                bad.append("%s.stats.%s=%r" % (r.get("name"), k, st_.get(k)))
        for o in r.get("options") or []:
            if o.get("type") not in ("bool", "int", "number", "string"):
                bad.append("%s.%s.type=%r" % (r.get("name"), o.get("name"), o.get("type")))
            for k in ("name", "default", "doc"):
                if not isinstance(o.get(k), str):
                    bad.append("%s.%s.%s=%r" % (r.get("name"), o.get("name"), k, o.get(k)))
            for k in ("min", "max"):
                if k not in o or not (o[k] is None or isinstance(o[k], (int, float))):
                    bad.append("%s.%s.%s missing or not a number/null" % (r.get("name"), o.get("name"), k))
            if "choices" not in o or not (o["choices"] is None or isinstance(o["choices"], list)):
                bad.append("%s.%s.choices missing or not a list/null" % (r.get("name"), o.get("name")))
    C.check("every ruleset has the fields and types of HTTP.md", not bad, "; ".join(bad[:8]))
    # the options as tavola list --json gives them
    cli_by = {r["name"]: r for r in cli["rulesets"]}
    diff = []
    for r in rs:
        c = cli_by.get(r.get("name"))
        if not c:
            continue
        for k in ("title", "description", "players", "family", "data_family", "move_text"):
            if r.get(k) != c.get(k):
                diff.append("%s.%s %r != %r" % (r["name"], k, r.get(k), c.get(k)))
        so = {o["name"]: o for o in r.get("options") or [] if isinstance(o, dict) and "name" in o}
        for o in c["options"]:
            s = so.get(o["name"])
            if s is None:
                diff.append("%s: option %s missing" % (r["name"], o["name"]))
                continue
            for k in ("type", "default", "doc"):
                if s.get(k) != o.get(k):
                    diff.append("%s.%s.%s %r != %r" % (r["name"], o["name"], k, s.get(k), o.get(k)))
            for k in ("min", "max", "choices"):
                if s.get(k) != o.get(k):
                    diff.append("%s.%s.%s %r != %r" % (r["name"], o["name"], k, s.get(k), o.get(k)))
    C.check("/api/rulesets texts and options = tavola list --json's", not diff, "; ".join(diff[:6]))
    pl = js.get("players") if isinstance(js, dict) else None
    C.check("/api/rulesets suggests engine players", isinstance(pl, list) and pl
            and all(isinstance(p, str) for p in pl), repr(pl))


def t_create_and_get(srv):
    st, h, b = create(srv, "tictactoe")
    js = su.parse_json(b)
    ok = (st == 201 and isinstance(js, dict) and isinstance(js.get("id"), str) and js["id"]
          and isinstance(js.get("tokens"), dict) and set(js["tokens"]) == {"1", "2"}
          and js["tokens"]["1"] != js["tokens"]["2"]
          and all(isinstance(t, str) and len(t) >= 16 for t in js["tokens"].values()))
    C.check("POST /api/games human vs human -> 201 id, two distinct tokens", ok,
            "got %s %s" % (st, short(b)))
    if not ok:
        return
    gid, t1, t2 = js["id"], js["tokens"]["1"], js["tokens"]["2"]
    C.check("create answer is JSON", "json" in h.get("content-type", ""), h.get("content-type"))
    C.check("links are /#/game/ID/seat/TOKEN",
            js.get("links") == {"1": "/#/game/%s/seat/%s" % (gid, t1), "2": "/#/game/%s/seat/%s" % (gid, t2)},
            repr(js.get("links")))
    C.check("game id is URL-safe", re.fullmatch(r"[A-Za-z0-9_-]+", gid) is not None, gid)

    g = game(srv, gid)
    need = ["id", "ruleset", "title", "options", "seed", "players", "seats", "your_seat", "ply",
            "to_move", "status", "winner", "scores", "result", "history", "legal", "thinking",
            "position", "svg", "view_ply", "version"]
    C.check("GET /api/games/ID has every field of HTTP.md", all(k in g for k in need),
            "missing %s" % [k for k in need if k not in g])
    C.check("a new game: ply 0, to_move 1, ongoing, winner null, history []",
            g.get("ply") == 0 and g.get("to_move") == 1 and g.get("status") == "ongoing"
            and g.get("winner") is None and g.get("history") == [] and g.get("view_ply") == 0,
            short(repr({k: g.get(k) for k in ("ply", "to_move", "status", "winner", "history", "view_ply")})))
    C.check("new game: ruleset, title, players, seats",
            g.get("ruleset") == "tictactoe" and g.get("title") == "Tic-tac-toe"
            and g.get("players") == ["X", "O"]
            and g.get("seats") == [{"seat": 1, "kind": "human", "spec": "human"},
                                   {"seat": 2, "kind": "human", "spec": "human"}],
            short(repr({k: g.get(k) for k in ("ruleset", "title", "players", "seats")})))
    C.check("new game: legal = the 9 cells", sorted(g.get("legal", [])) ==
            sorted(c + r for c in "abc" for r in "123"), repr(g.get("legal")))
    C.check("your_seat null without a token", g.get("your_seat") is None, repr(g.get("your_seat")))
    C.check("your_seat 1 with token 1", game(srv, gid, "?token=" + t1).get("your_seat") == 1)
    C.check("your_seat 2 with token 2", game(srv, gid, "?token=" + t2).get("your_seat") == 2)
    C.check("your_seat null with a wrong token",
            jget(srv, "/api/games/%s?token=%s" % (gid, "0" * len(t1)))[1].get("your_seat") is None)
    gb = game(srv, gid, "?brief=1")
    C.check("brief=1 leaves out svg and position", "svg" not in gb and "position" not in gb
            and gb.get("legal") == g.get("legal"), short(repr(sorted(gb))))
    svg_checks("new tictactoe", g, placement=True)
    # the stored row
    rows, mv = srv.db_rows(gid)
    C.check("the games row is stored", len(rows) == 1 and mv == [], short(repr((rows, mv))))

    # moves
    v0 = g["version"]
    a = move_ok(srv, gid, t1, "b2")
    C.check("POST move -> 200 the game after it", a.get("ply") == 1 and a.get("history") == ["b2"]
            and a.get("to_move") == 2 and "svg" in a and "position" in a, short(repr(a)))
    C.check("version grows by one with a move", a.get("version") == v0 + 1,
            "%r -> %r" % (v0, a.get("version")))
    C.check("the move answer's your_seat is the mover's", a.get("your_seat") == 1, repr(a.get("your_seat")))
    a = move_ok(srv, gid, t2, "a1", ply=1, brief=1)
    C.check("POST move with ply and brief=1 -> 200 without svg/position",
            a.get("ply") == 2 and "svg" not in a and "position" not in a and a.get("history") == ["b2", "a1"],
            short(repr(a)))
    rows, mv = srv.db_rows(gid)
    C.check("two moves rows stored", len(mv) == 2, short(repr(mv)))
    # review
    g = game(srv, gid)
    g0 = game(srv, gid, "?ply=0")
    g1 = game(srv, gid, "?ply=1")
    C.check("ply=0: view_ply 0, legal empty, the start's position",
            g0.get("view_ply") == 0 and g0.get("legal") == [] and g0.get("position") != g.get("position")
            and g0.get("ply") == 2, short(repr({k: g0.get(k) for k in ("view_ply", "legal", "position", "ply")})))
    pos1 = json.loads(tavola_run(["play", "tictactoe", "--moves", "b2", "--json"]).stdout)["position"]
    C.check("ply=1: the position after the first move", g1.get("view_ply") == 1 and g1.get("position") == pos1,
            "%r vs %r" % (g1.get("position"), pos1))
    C.check("ply=2 (= ply) is the current position", game(srv, gid, "?ply=2").get("position") == g.get("position"))
    svg_checks("review ply=1", g1, placement=False)
    return gid, t1, t2


def svg_checks(what, g, placement):
    svg = g.get("svg")
    if not C.check("%s: svg is a string" % what, isinstance(svg, str)):
        return None
    try:
        root = ET.fromstring(svg.encode("utf-8"))
    except ET.ParseError as e:
        C.check("%s: svg parses as XML" % what, False, str(e))
        return None
    C.check("%s: svg parses as XML" % what, True)
    C.check("%s: svg root is <svg>" % what, root.tag.endswith("}svg") or root.tag == "svg", root.tag)
    scripts = [e for e in root.iter() if e.tag.split("}")[-1].lower() in ("script", "foreignobject")]
    C.check("%s: no <script> or <foreignObject> in the svg" % what, not scripts)
    handlers = [(e.tag, k) for e in root.iter() for k in e.attrib if k.lower().startswith("on")]
    C.check("%s: no on* attributes in the svg" % what, not handlers, repr(handlers[:3]))
    gs = [e for e in root if e.tag.split("}")[-1] == "g"]
    last = gs[-1] if gs else None
    ok = last is not None and "tavola-cells" in (last.get("class") or "").split()
    C.check("%s: the svg's final <g> is class tavola-cells" % what, ok,
            repr(last.attrib if last is not None else None))
    cells = [e.get("data-cell") for e in root.iter() if e.get("data-cell") is not None]
    C.check("%s: data-cell targets present, non-empty, distinct" % what,
            cells and all(cells) and len(set(cells)) == len(cells), repr(cells[:10]))
    if placement and g.get("legal"):
        C.check("%s: every legal placement has a data-cell" % what, set(g["legal"]) <= set(cells),
                "missing %s" % sorted(set(g["legal"]) - set(cells))[:10])
    return root


def t_every_ruleset(srv):
    """Every ruleset the server lists: a game created, its picture drawn, three
    random moves played through the API, each answer drawn again. The browser
    test clicks the same in Chromium in the plain build; this is the part of
    it that is the server's own C, and so runs in the sanitized build too."""
    _, rs = jget(srv, "/api/rulesets")
    names = [r["name"] for r in rs["rulesets"]]
    rnd = random.Random(2026)
    for name in names:
        cr = create_ok(srv, name, seed=7)
        gid = cr["id"]
        g = game(srv, gid)
        svg_checks("%s, new" % name, g, False)
        for i in range(3):
            if g["status"] != "ongoing" or not g["legal"]:
                break
            mv = rnd.choice(g["legal"])
            ans = move_ok(srv, gid, seat_token(cr, g["to_move"]), mv, ply=g["ply"])
            C.check("%s: move %d (%s) -> ply %d" % (name, i + 1, mv, g["ply"] + 1), ans.get("ply") == g["ply"] + 1,
                    short(repr(ans.get("ply"))))
            svg_checks("%s after %s" % (name, mv), ans, False)
            g = game(srv, gid)
    C.check("every ruleset listed was played (%d)" % len(names), len(names) >= 20, repr(names))


def t_move_errors(srv, gid, t1, t2):
    """Refused moves on a tictactoe game at ply 2 (b2 a1), X to move."""
    other = create_ok(srv, "tictactoe")
    o1 = seat_token(other, 1)
    before = snapshot(srv, gid)
    path = "/api/games/%s/move" % gid
    cases = [
        ("wrong token", [("token", "0" * len(t1)), ("move", "c3")], 403),
        ("random token", [("token", "%032x" % RND.getrandbits(128)), ("move", "c3")], 403),
        ("the token of another game's seat to move", [("token", o1), ("move", "c3")], 403),
        ("the token of the seat not to move", [("token", t2), ("move", "c3")], 403),
        ("the seat not to move, right ply", [("token", t2), ("move", "c3"), ("ply", "2")], 403),
        ("token 1 with a character added", [("token", t1 + "0"), ("move", "c3")], 403),
        ("token 1 less its last character", [("token", t1[:-1]), ("move", "c3")], 403),
        ("token 1 swapped case", [("token", t1.swapcase()), ("move", "c3")], 403),
        ("no token field", [("move", "c3")], 400),
        ("empty token", [("token", ""), ("move", "c3")], (400, 403)),
        ("huge token (15000 chars)", [("token", "a" * 15000), ("move", "c3")], (400, 403)),
        ("token with NUL", [("token", t1 + "\0"), ("move", "c3")], (400, 403)),
        ("token with %00 inside", [("token", t1[:4] + "\0" + t1[5:]), ("move", "c3")], (400, 403)),
        ("token non-UTF-8", [("token", t1.encode() + b"\xff"), ("move", "c3")], (400, 403)),
        ("an occupied cell (illegal)", [("token", t1), ("move", "b2")], 400),
        ("illegal, right ply", [("token", t1), ("move", "a1"), ("ply", "2")], 400),
        ("unreadable move zz99", [("token", t1), ("move", "zz99")], 400),
        ("unreadable move a0", [("token", t1), ("move", "a0")], 400),
        ("unreadable move 'hello world'", [("token", t1), ("move", "hello world")], 400),
        ("two moves in one field", [("token", t1), ("move", "c3 c1")], 400),
        ("two moves with a comma", [("token", t1), ("move", "c3,c1")], 400),
        ("empty move", [("token", t1), ("move", "")], 400),
        ("no move field", [("token", t1)], 400),
        ("pass where there is none", [("token", t1), ("move", "pass")], 400),
        ("swap where there is none", [("token", t1), ("move", "swap")], 400),
        ("move with NUL after it", [("token", t1), ("move", "c3\0")], 400),
        ("move NUL inside", [("token", t1), ("move", "c\x003")], 400),
        ("move non-UTF-8", [("token", t1), ("move", b"c3\xff")], 400),
        ("move overlong UTF-8", [("token", t1), ("move", b"c\xc0\xb3")], 400),
        ("move with a newline", [("token", t1), ("move", "c3\nc1")], 400),
        ("move with control bytes", [("token", t1), ("move", "\x1b[31mc3")], 400),
        ("huge move (15000 chars)", [("token", t1), ("move", "c3" * 7500)], 400),
        ("stale ply 1", [("token", t1), ("move", "c3"), ("ply", "1")], 409),
        ("stale ply 0", [("token", t1), ("move", "c3"), ("ply", "0")], 409),
        ("future ply 3", [("token", t1), ("move", "c3"), ("ply", "3")], 409),
        ("ply 2^64+2", [("token", t1), ("move", "c3"), ("ply", "18446744073709551618")], (400, 409)),
        ("ply 2^32+2", [("token", t1), ("move", "c3"), ("ply", "4294967298")], (400, 409)),
        ("ply -1", [("token", t1), ("move", "c3"), ("ply", "-1")], (400, 409)),
        ("ply abc", [("token", t1), ("move", "c3"), ("ply", "abc")], 400),
        ("ply '2x'", [("token", t1), ("move", "c3"), ("ply", "2x")], 400),
        ("ply with NUL '2\\0'", [("token", t1), ("move", "c3"), ("ply", "2\0")], 400),
    ]
    for what, fields, codes in cases:
        if what == "token 1 swapped case" and t1.swapcase() == t1:
            continue
        expect_error("move: " + what, srv.post(path, fields), codes)
        unchanged("move: " + what, srv, gid, before)
    raws = [
        ("raw body with a bad %-escape", b"token=" + t1.encode() + b"&move=c%zz3", 400),
        ("raw body non-UTF-8 unescaped", b"token=" + t1.encode() + b"&move=c\xff3", 400),
        ("raw body with a raw NUL", b"token=" + t1.encode() + b"&move=c3\x00", 400),
        ("raw body '=&=&&'", b"=&=&&", 400),
        ("raw body of '&' only", b"&&&&", 400),
        ("raw body a lone %", b"token=" + t1.encode() + b"&move=%", 400),
        ("raw body %0", b"token=" + t1.encode() + b"&move=c3%0", 400),
    ]
    for what, raw, codes in raws:
        expect_error("move: " + what, srv.post(path, raw=raw), codes)
        unchanged("move: " + what, srv, gid, before)
    # a JSON body instead of a form
    expect_error("move: a JSON body", srv.post(path, raw=json.dumps({"token": t1, "move": "c3"}).encode(),
                                               headers={"Content-Type": "application/json"}), (400, 415))
    unchanged("move: a JSON body", srv, gid, before)
    # an empty body
    expect_error("move: an empty body", srv.post(path, raw=b""), 400)
    unchanged("move: an empty body", srv, gid, before)
    # unknown game
    expect_error("move on an unknown game", srv.post("/api/games/nosuchgame/move",
                                                     [("token", t1), ("move", "c3")]), 404)
    expect_error("move on another game's id with this token",
                 srv.post("/api/games/%s/move" % other["id"], [("token", t1), ("move", "c3")]), 403)
    # the game accepts the right move after all that
    a = move_ok(srv, gid, t1, "c3", ply=2)
    C.check("after the refusals the right move is taken", a.get("ply") == 3 and a.get("history") == ["b2", "a1", "c3"]
            and a.get("version") == json.loads(before[2])["version"] + 1, short(repr(a)))


def t_over(srv):
    """A whole random game human vs human, the statistics counted once, moves after the end."""
    results = []
    for rs, opts in (("tictactoe", ""), ("connect4", "width=5,height=4,connect=3"), ("tihbat", ""),
                     ("pahtum", "swap=true"), ("checkers", "")):
        st, s0 = jget(srv, "/api/stats?ruleset=%s" % rs)
        if not C.check("GET /api/stats?ruleset=%s -> 200" % rs, st == 200 and isinstance(s0, dict), "got %s %r" % (st, s0)):
            continue
        _, r0 = jget(srv, "/api/rulesets")
        r0 = {r["name"]: r for r in r0["rulesets"]}[rs]["stats"]
        cr = create_ok(srv, rs, options=opts, seed=RND.randrange(1 << 30))
        gid = cr["id"]
        last = play_to_end(srv, gid, cr, RND)
        g = game(srv, gid)
        C.check("%s: a whole random game ends (status over, winner 0/1/2, legal empty, result)" % rs,
                g["status"] == "over" and g["winner"] in (0, 1, 2) and g["legal"] == []
                and isinstance(g.get("result"), str) and g["result"], short(repr(g)))
        C.check("%s: the last move's answer is the game over" % rs, last["status"] == "over" and last["ply"] == g["ply"])
        st, s1 = jget(srv, "/api/stats?ruleset=%s" % rs)
        check_stats_plus_one(rs, s0, s1, g)
        _, r1 = jget(srv, "/api/rulesets")
        r1 = {r["name"]: r for r in r1["rulesets"]}[rs]["stats"]
        C.check("%s: /api/rulesets stats +1 game" % rs, r1["games"] == r0["games"] + 1, "%r -> %r" % (r0, r1))
        # after the end
        before = snapshot(srv, gid)
        seat = 1 if g["ply"] % 2 == 0 else 2
        anymove = {"connect4": "a", "checkers": "a3-b4"}.get(rs, "a1")
        for s in (1, 2):
            expect_error("%s: a move after the end (seat %d)" % (rs, s),
                         move(srv, gid, seat_token(cr, s), anymove), 409)
        expect_error("%s: a move after the end with the right ply" % rs,
                     move(srv, gid, seat_token(cr, seat), anymove, ply=g["ply"]), 409)
        unchanged("%s: moves after the end" % rs, srv, gid, before)
        game(srv, gid)
        srv.get("/api/games/%s/record" % gid)
        st, s2 = jget(srv, "/api/stats?ruleset=%s" % rs)
        C.check("%s: stats unchanged by refused moves and reads after the end" % rs, s2 == s1,
                "%s -> %s" % (short(repr(s1)), short(repr(s2))))
        rows, mv = srv.db_rows(gid)
        C.check("%s: stored moves = history" % rs, len(mv) == g["ply"], "%d rows, ply %d" % (len(mv), g["ply"]))
        check_record(srv, gid, g, replay=True)
        check_position(srv, gid, g)
        results.append((rs, gid, s1))
    return results


def check_stats_plus_one(rs, s0, s1, g, label=None):
    label = label or rs
    t0, t1 = s0.get("total", {}), s1.get("total", {})
    key = {1: "first", 2: "second", 0: "draws"}[g["winner"]]
    ok = t1.get("games") == t0.get("games", 0) + 1 and t1.get(key) == t0.get(key, 0) + 1
    others = [k for k in ("first", "second", "draws") if k != key]
    ok = ok and all(t1.get(k) == t0.get(k, 0) for k in others)
    C.check("%s: stats total +1 game, +1 %s" % (label, key), ok, "%r -> %r" % (t0, t1))
    C.check("%s: stats has ruleset, title, percentages" % label,
            s1.get("ruleset") == rs and isinstance(s1.get("title"), str)
            and all(isinstance(t1.get(k), (int, float)) for k in ("first_pct", "second_pct", "draws_pct")),
            short(repr(s1)))
    if t1.get("games"):
        C.check("%s: percentages add up to 100" % label,
                abs(t1.get("first_pct", 0) + t1.get("second_pct", 0) + t1.get("draws_pct", 0) - 100) < 0.05,
                repr(t1))
    v0 = {v.get("options"): v for v in s0.get("variants", [])}
    v1 = {v.get("options"): v for v in s1.get("variants", [])}
    vv = v1.get(g["options"])
    C.check("%s: the variant '%s' counts the game" % (label, g["options"]),
            vv is not None and vv.get("games") == v0.get(g["options"], {}).get("games", 0) + 1,
            "variants %s" % short(repr(s1.get("variants"))))


def check_record(srv, gid, g, replay, rules=None):
    st, h, b = srv.get("/api/games/%s/record" % gid)
    C.check("record -> 200 text/plain", st == 200 and h.get("content-type", "").startswith("text/plain"),
            "got %s %s" % (st, h.get("content-type")))
    cd = h.get("content-disposition", "")
    C.check("record is an attachment %s.txt" % gid, "attachment" in cd and ("%s.txt" % gid) in cd, cd)
    text = b.decode("utf-8", "replace")
    tags = {k: re.sub(r"\\(.)", r"\1", v)
            for k, v in re.findall(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]\s*$', text, re.M)}
    need = ["Game", "Options", "Seed", "P1", "P2", "Result", "Scores"]
    C.check("record has tags %s" % " ".join(need), all(k in tags for k in need),
            "missing %s in %s" % ([k for k in need if k not in tags], short(text)))
    res = {1: "1-0", 2: "0-1", 0: "1/2-1/2", None: "*"}[g["winner"]]
    C.check("record Result %s" % res, tags.get("Result") == res, repr(tags.get("Result")))
    C.check("record Options, Seed, P1, P2 are the game's",
            tags.get("Options") == g["options"] and tags.get("Seed") == str(g["seed"])
            and tags.get("P1") == g["seats"][0]["spec"] and tags.get("P2") == g["seats"][1]["spec"],
            repr(tags))
    body = [ln for ln in text.splitlines() if ln.strip() and not ln.startswith("[")]
    mvs = " ".join(body).split()
    C.check("record moves = history", mvs == g["history"], "%r vs %r" % (mvs[:10], g["history"][:10]))
    path = os.path.join(WORK, "%s.txt" % gid)
    with open(path, "wb") as f:
        f.write(b)
    r = tavola_run(["replay", path])
    if rules:
        if r.returncode != 0:
            C.note("note: the record of a --rules ruleset does not replay without --rules (no [Found]/[File] "
                   "tags as tavola match --record writes): %s" % short(r.stderr.strip()))
        r = tavola_run(["replay", path, "--rules", rules])
    if replay:
        C.check("tavola replay of the record exits 0", r.returncode == 0,
                "rc %d: %s" % (r.returncode, short(r.stderr + r.stdout)))
    else:
        if r.returncode != 0:
            C.note("note: tavola replay refuses the record of an ongoing game (rc %d): %s"
                   % (r.returncode, short(r.stderr.strip())))


def check_position(srv, gid, g):
    st, h, b = srv.get("/api/games/%s/position" % gid)
    C.check("position -> 200 text/plain", st == 200 and h.get("content-type", "").startswith("text/plain"),
            "got %s %s" % (st, h.get("content-type")))
    cd = h.get("content-disposition", "")
    C.check("position is an attachment %s.pos" % gid, "attachment" in cd and ("%s.pos" % gid) in cd, cd)
    pos = b.decode("utf-8", "replace").strip()
    full = game(srv, gid)
    C.check("position download = the JSON's position", pos == full.get("position"),
            "%r vs %r" % (pos, full.get("position")))
    args = ["play", g["ruleset"], "--position", pos, "--json"] + option_args(g["options"])
    if g.get("_rules"):
        args += ["--rules", g["_rules"]]
    r = tavola_run(args)
    ok = r.returncode == 0
    js = json.loads(r.stdout) if ok else {}
    C.check("tavola play %s --position POS --json loads it" % g["ruleset"], ok,
            "rc %d %s" % (r.returncode, short(r.stderr)))
    if ok:
        C.check("the loaded position: same ply, status, winner, legal moves",
                js.get("ply") == g["ply"] and js.get("status") == g["status"] and js.get("winner") == g["winner"]
                and sorted(js.get("moves", [])) == sorted(full.get("legal", [])),
                "%r vs %r" % ({k: js.get(k) for k in ("ply", "status", "winner")},
                              {k: g.get(k) for k in ("ply", "status", "winner")}))


def t_ongoing_record(srv):
    cr = create_ok(srv, "connect4", seed=7)
    gid = cr["id"]
    for mv in ("d", "d", "c"):
        g = game(srv, gid, "?brief=1")
        move_ok(srv, gid, seat_token(cr, g["to_move"]), mv)
    g = game(srv, gid)
    check_record(srv, gid, g, replay=False)
    check_position(srv, gid, g)


def t_seed_and_options(srv):
    a = create_ok(srv, "pahtum", seed=42)
    b = create_ok(srv, "pahtum", seed=42)
    ga, gb = game(srv, a["id"]), game(srv, b["id"])
    cli = json.loads(tavola_run(["play", "pahtum", "--seed", "42", "--json"]).stdout)
    C.check("pahtum seed=42: seed field 42, the same start twice", ga["seed"] == 42 and ga["position"] == gb["position"],
            "%r %r" % (ga["position"], gb["position"]))
    C.check("pahtum seed=42: the start tavola play --seed 42 gives", ga["position"] == cli["position"],
            "%r vs %r" % (ga["position"], cli["position"]))
    C.check("pahtum: options in force are listed", ga["options"] == cli["options"], "%r vs %r" % (ga["options"], cli["options"]))
    c = create_ok(srv, "connect4", options="width=5,height=4,connect=3")
    gc = game(srv, c["id"])
    C.check("connect4 width=5,height=4,connect=3 taken", "width=5" in gc["options"] and "height=4" in gc["options"]
            and "connect=3" in gc["options"] and sorted(gc["legal"]) == list("abcde"), short(repr(gc["options"])))
    d = create_ok(srv, "gomoku", options="opening=pro,freestyle=true,size=9")
    gd = game(srv, d["id"])
    C.check("gomoku opening=pro,freestyle=true,size=9 taken",
            all(s in gd["options"] for s in ("opening=pro", "freestyle=true", "size=9")), gd["options"])
    e = create_ok(srv, "tictactoe", seed=0)
    C.check("seed 0 is a seed", game(srv, e["id"])["seed"] == 0)
    f = create_ok(srv, "tictactoe", seed=9223372036854775807)
    C.check("seed 2^63-1 is a seed", game(srv, f["id"])["seed"] == 9223372036854775807,
            repr(game(srv, f["id"])["seed"]))
    st, h, b = create(srv, "tictactoe", seed=18446744073709551615)
    if st == 201:
        sd = game(srv, su.parse_json(b)["id"])["seed"]
        C.check("seed 2^64-1 (the CLI takes it) kept exactly", sd == 18446744073709551615, repr(sd))
    else:
        expect_error("seed 2^64-1 (the CLI takes it) refused clearly", (st, h, b), 400)
        C.note("note: the server refuses seeds past 2^63-1 that tavola play --seed takes: %s" % short(b))
    n = create_ok(srv, "tictactoe")
    C.check("no seed field: a seed is drawn", isinstance(game(srv, n["id"])["seed"], int))


def t_create_errors(srv):
    n0, m0 = games_count(srv), moves_count(srv)
    _, h0 = jget(srv, "/api/health")
    base = {"ruleset": "connect4", "options": "", "p1": "human", "p2": "human"}
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))

    def with_(**kw):
        f = dict(base)
        for k, v in kw.items():
            if v is None:
                f.pop(k, None)
            else:
                f[k] = v
        return f

    cases = [
        # rulesets
        ("unknown ruleset", with_(ruleset="nosuch"), 404),
        ("empty ruleset", with_(ruleset=""), (400, 404)),
        ("no ruleset field", with_(ruleset=None), 400),
        ("ruleset ../rulesets/tictactoe", with_(ruleset="../rulesets/tictactoe"), (400, 404)),
        ("ruleset tictactoe.lua", with_(ruleset="tictactoe.lua"), (400, 404)),
        ("ruleset as a relative file path", with_(ruleset="rulesets/tictactoe.lua"), (400, 404)),
        ("ruleset as an absolute file path", with_(ruleset=os.path.join(root, "rulesets", "tictactoe.lua")), (400, 404)),
        ("ruleset a broken file", with_(ruleset=os.path.join(root, "tests", "bad_rulesets", "broken.lua")), (400, 404)),
        ("ruleset /etc/passwd", with_(ruleset="/etc/passwd"), (400, 404)),
        ("ruleset with NUL", with_(ruleset="connect4\0x"), (400, 404)),
        ("ruleset non-UTF-8", with_(ruleset=b"connect4\xff"), (400, 404)),
        ("huge ruleset name (15000)", with_(ruleset="x" * 15000), (400, 404)),
        ("ruleset with <script>", with_(ruleset="<script>alert(1)</script>"), (400, 404)),
        # options
        ("option out of range width=0", with_(options="width=0"), 400),
        ("option out of range width=27", with_(options="width=27"), 400),
        ("option width=-1", with_(options="width=-1"), 400),
        ("option width=2^64", with_(options="width=18446744073709551616"), 400),
        ("option wrong type width=abc", with_(options="width=abc"), 400),
        ("option wrong type width=1.5", with_(options="width=1.5"), 400),
        ("option width= (empty value)", with_(options="width="), 400),
        ("option 'width' without =", with_(options="width"), 400),
        ("options '='", with_(options="="), 400),
        ("options '=,=,'", with_(options="=,=,"), 400),
        ("options ',,,'", with_(options=",,,"), (201, 400)),
        ("unknown option name", with_(options="foo=1"), 400),
        ("option refused by the ruleset's own check (connect=9)", with_(options="connect=9"), 400),
        ("option garbage bytes", with_(options=b"width=\xff\xfe\x00\x01"), 400),
        ("option with NUL", with_(options="width=5\0"), 400),
        ("option value with NUL inside", with_(options="width=\x005"), 400),
        ("option non-UTF-8 name", with_(options=b"w\xffidth=5"), 400),
        ("option huge value (15000)", with_(options="width=" + "5" * 15000), 400),
        ("options many pairs", with_(options=",".join("o%d=1" % i for i in range(800))), 400),
        ("option on a ruleset without options", with_(ruleset="tictactoe", options="size=3"), 400),
        ("bool option freestyle=maybe", with_(ruleset="gomoku", options="freestyle=maybe"), 400),
        ("choice option opening=bogus", with_(ruleset="gomoku", options="opening=bogus"), 400),
        ("int option size=4 below min", with_(ruleset="gomoku", options="size=4"), 400),
        ("option with <script>", with_(options="<script>=1"), 400),
        # seeds
        ("seed abc", with_(seed="abc"), 400),
        ("seed -1", with_(seed="-1"), 400),
        ("seed 1e5", with_(seed="1e5"), 400),
        ("seed 0x10", with_(seed="0x10"), 400),
        ("seed 5x", with_(seed="5x"), 400),
        ("seed 1.0", with_(seed="1.0"), 400),
        ("seed 2^64", with_(seed="18446744073709551616"), 400),
        ("seed 99999999999999999999999", with_(seed="99999999999999999999999"), 400),
        ("seed with NUL", with_(seed="5\0"), 400),
        ("seed huge (15000 digits)", with_(seed="9" * 15000), 400),
        # players
        ("p1 empty", with_(p1=""), 400),
        ("p1 bogus", with_(p1="bogus"), 400),
        ("p2 bogus", with_(p2="bogus"), 400),
        ("p1 mcts:iterations=abc", with_(p1="mcts:iterations=abc"), 400),
        ("p1 mcts:bogus=1", with_(p1="mcts:bogus=1"), 400),
        ("p1 mcts:iterations=-5", with_(p1="mcts:iterations=-5"), 400),
        ("p2 alphabeta:depth=999999", with_(p2="alphabeta:depth=999999"), 400),
        ("p2 random:seed=3 (an unknown parameter)", with_(p2="random:seed=3"), 400),
        ("p1 human:x", with_(p1="human:x"), 400),
        ("p1 with NUL", with_(p1="random\0"), 400),
        ("p1 non-UTF-8", with_(p1=b"rand\xffom"), 400),
        ("p1 huge (15000)", with_(p1="mcts:iterations=" + "1" * 15000), 400),
        ("p1 <script>", with_(p1="<script>alert(1)</script>"), 400),
        ("no p1 field", with_(p1=None), 400),
        ("no p2 field", with_(p2=None), 400),
    ]
    for what, fields, codes in cases:
        expect_error("create: " + what, srv.post("/api/games", list(fields.items())), codes)
    for what, raw, codes in [
        ("raw body with a bad %-escape", b"ruleset=connect4&options=&p1=hu%zzman&p2=human", 400),
        ("raw body non-UTF-8 unescaped", b"ruleset=connect\xff4&options=&p1=human&p2=human", (400, 404)),
        ("raw body with a raw NUL", b"ruleset=connect4\x00&options=&p1=human&p2=human", (400, 404)),
        ("raw body '=&=&'", b"=&=&", 400),
        ("empty body", b"", 400),
        ("a JSON body", json.dumps(base).encode(), (400, 415)),
    ]:
        expect_error("create: " + what, srv.post("/api/games", raw=raw), codes)
    C.check("create refusals stored nothing", games_count(srv) == n0 and moves_count(srv) == m0,
            "games %d -> %d, moves %d -> %d" % (n0, games_count(srv), m0, moves_count(srv)))
    _, h1 = jget(srv, "/api/health")
    C.check("create refusals: /api/health games unchanged", h1.get("games") == h0.get("games"), "%r -> %r" % (h0, h1))


def t_get_errors(srv, gid):
    g = game(srv, gid)
    before = snapshot(srv, gid)
    ply = g["ply"]
    for what, path, codes in [
        ("unknown game", "/api/games/nosuchgame", 404),
        ("unknown game's record", "/api/games/nosuchgame/record", 404),
        ("unknown game's position", "/api/games/nosuchgame/position", 404),
        ("unknown game's events", "/api/games/nosuchgame/events", 404),
        ("game id %00", "/api/games/%00", (400, 404)),
        ("game id with NUL after a real id", "/api/games/%s%%00" % gid, (400, 404)),
        ("game id ..%2f..", "/api/games/..%2f..%2fetc%2fpasswd", (400, 404)),
        ("game id %ff", "/api/games/%ff%fe", (400, 404)),
        ("game id of 5000 chars", "/api/games/" + "a" * 5000, (400, 404, 414, 431)),
        ("game id with a quote", "/api/games/%27%20OR%201=1--", (400, 404)),
        ("unknown route /api/nope", "/api/nope", 404),
        ("unknown route /nope", "/nope", 404),
        ("unknown route /api", "/api", 404),
        ("unknown route /api/games/ID/nope", "/api/games/%s/nope" % gid, 404),
        ("unknown route /api/games/ID/move/x", "/api/games/%s/move/x" % gid, (404, 405)),
        ("path traversal /../../etc/passwd", "/../../etc/passwd", (400, 404)),
        ("path traversal /%2e%2e/%2e%2e/etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", (400, 404)),
        ("path /app.js/..", "/app.js/../../Makefile", (400, 404)),
        ("ply=-1", "/api/games/%s?ply=-1" % gid, 400),
        ("ply past the game", "/api/games/%s?ply=%d" % (gid, ply + 1), 400),
        ("ply 2^64", "/api/games/%s?ply=18446744073709551616" % gid, 400),
        ("ply 2^32", "/api/games/%s?ply=4294967296" % gid, 400),
        ("ply abc", "/api/games/%s?ply=abc" % gid, 400),
        ("ply 1x", "/api/games/%s?ply=1x" % gid, 400),
        ("ply %00", "/api/games/%s?ply=%%00" % gid, 400),
        ("stats without ruleset", "/api/stats", 400),
        ("stats unknown ruleset", "/api/stats?ruleset=nosuch", 404),
        ("stats ruleset as a path", "/api/stats?ruleset=..%2frulesets%2ftictactoe", (400, 404)),
        ("stats ruleset %ff", "/api/stats?ruleset=%ff", (400, 404)),
        ("list limit=abc", "/api/games?limit=abc", 400),
        ("list limit=-1", "/api/games?limit=-1", 400),
        ("list limit=%00", "/api/games?limit=%00", 400),
    ]:
        expect_error("GET " + what, srv.get(path), codes)
    for what, method, path in [
        ("GET move", "GET", "/api/games/%s/move" % gid),
        ("PUT move", "PUT", "/api/games/%s/move" % gid),
        ("DELETE game", "DELETE", "/api/games/%s" % gid),
        ("POST game", "POST", "/api/games/%s" % gid),
        ("PUT games", "PUT", "/api/games"),
        ("DELETE games", "DELETE", "/api/games"),
        ("POST rulesets", "POST", "/api/rulesets"),
        ("POST health", "POST", "/api/health"),
        ("POST stats", "POST", "/api/stats?ruleset=tictactoe"),
        ("POST record", "POST", "/api/games/%s/record" % gid),
        ("POST position", "POST", "/api/games/%s/position" % gid),
        ("POST events", "POST", "/api/games/%s/events" % gid),
        ("PATCH move", "PATCH", "/api/games/%s/move" % gid),
        ("POST /", "POST", "/"),
        ("DELETE /app.js", "DELETE", "/app.js"),
    ]:
        body = b"" if method in ("POST", "PUT", "PATCH") else None
        expect_error("wrong method: " + what, srv.request(method, path, body), 405)
    st, h, b = srv.request("BREW", "/api/health")
    C.check("an unknown method -> 405/501/400", st in (400, 405, 501), "got %s %s" % (st, short(b)))
    unchanged("GET errors and wrong methods", srv, gid, before)
    # things that are not errors
    st, js = jget(srv, "/api/games?limit=1000")
    C.check("list limit=1000 -> 200 at most 100 games, or 400", (st == 200 and len(js.get("games", [])) <= 100) or
            (st == 400 and error_body_ok(json.dumps(js).encode())), "got %s" % st)
    st, js = jget(srv, "/api/games?limit=0")
    C.check("list limit=0 -> 200 no game, or 400", (st == 200 and js.get("games") == []) or st == 400, "got %s %s" % (st, short(repr(js))))
    st, js = jget(srv, "/api/games?ruleset=nosuch")
    C.check("list ruleset=nosuch -> 200 empty or 404", (st == 200 and js.get("games") == []) or st == 404,
            "got %s %s" % (st, short(repr(js))))


def t_list(srv, known):
    ids = []
    for _ in range(3):
        ids.append(create_ok(srv, "tictactoe")["id"])
    st, js = jget(srv, "/api/games?limit=3")
    gl = js.get("games", []) if isinstance(js, dict) else []
    C.check("GET /api/games?limit=3 -> the 3 newest, newest first", st == 200 and [x.get("id") for x in gl] == ids[::-1],
            "got %s %r vs %r" % (st, [x.get("id") for x in gl], ids[::-1]))
    need = {"id", "ruleset", "title", "options", "p1", "p2", "ply", "status", "winner", "created"}
    C.check("list entries have the fields of HTTP.md", gl and all(need <= set(x) for x in gl),
            "missing %s" % [sorted(need - set(x)) for x in gl][:2])
    st, js = jget(srv, "/api/games")
    gl = js.get("games", []) if isinstance(js, dict) else []
    C.check("GET /api/games: default limit 20", st == 200 and 0 < len(gl) <= 20, "got %s %d" % (st, len(gl)))
    cr = [x.get("created") for x in gl]
    C.check("list is newest first (created does not increase)", all(a >= b for a, b in zip(cr, cr[1:])), repr(cr[:6]))
    st, js = jget(srv, "/api/games?ruleset=connect4&limit=100")
    gl = js.get("games", []) if isinstance(js, dict) else []
    C.check("list ruleset=connect4: only connect4 games", st == 200 and gl and all(x.get("ruleset") == "connect4" for x in gl),
            "got %s %s" % (st, short(repr(gl))))
    for rs, gid, _ in known:
        st, js = jget(srv, "/api/games?ruleset=%s&limit=100" % rs)
        e = [x for x in js.get("games", []) if x.get("id") == gid]
        g = game(srv, gid, "?brief=1")
        C.check("list entry of the finished %s game matches the game" % rs,
                e and e[0].get("status") == "over" and e[0].get("ply") == g["ply"] and e[0].get("winner") == g["winner"],
                short(repr(e)))


def t_events(srv):
    cr = create_ok(srv, "tictactoe")
    gid = cr["id"]
    conn = http.client.HTTPConnection(srv.host, srv.port, timeout=10)
    try:
        conn.request("GET", "/api/games/%s/events" % gid)
        r = conn.getresponse()
        C.check("events -> 200 text/event-stream", r.status == 200 and
                r.getheader("Content-Type", "").startswith("text/event-stream"),
                "got %s %s" % (r.status, r.getheader("Content-Type")))

        def next_event():
            ev, data = None, None
            while True:
                line = r.readline()
                if not line:
                    return ev, data, "eof"
                line = line.decode("utf-8").rstrip("\r\n")
                if line == "":
                    if ev or data:
                        return ev, data, None
                    continue
                if line.startswith(":"):
                    continue
                if line.startswith("event:"):
                    ev = line[6:].strip()
                elif line.startswith("data:"):
                    data = (data or "") + line[5:].strip()

        ev, data, err = next_event()
        g = game(srv, gid, "?brief=1")
        d = su.parse_json((data or "").encode())
        C.check("events: the first event at once is 'update' {version, ply, status}",
                ev == "update" and isinstance(d, dict) and d.get("version") == g["version"]
                and d.get("ply") == 0 and d.get("status") == "ongoing", "%r %r %r" % (ev, data, err))
        move_ok(srv, gid, seat_token(cr, 1), "b2")
        ev, data, err = next_event()
        d = su.parse_json((data or "").encode())
        C.check("events: a move sends an update with the new version and ply",
                ev == "update" and isinstance(d, dict) and d.get("version") == g["version"] + 1 and d.get("ply") == 1,
                "%r %r %r" % (ev, data, err))
    except (socket.timeout, TimeoutError) as e:
        C.check("events: an event within 10 s", False, repr(e))
    finally:
        conn.close()
    # a refused move sends nothing; several streams on one game
    conns = []
    try:
        for _ in range(5):
            c = http.client.HTTPConnection(srv.host, srv.port, timeout=10)
            c.request("GET", "/api/games/%s/events" % gid)
            r = c.getresponse()
            conns.append((c, r))
        ok = True
        for c, r in conns:
            ok = ok and r.status == 200 and r.readline().startswith(b"event: update")
        C.check("events: five streams on one game open at once", ok)
        st, h, b = srv.get("/api/health")
        C.check("health answers while five event streams are open", st == 200)
    except (socket.timeout, TimeoutError, OSError) as e:
        C.check("events: five streams on one game", False, repr(e))
    finally:
        for c, r in conns:
            c.close()


def t_engine(srv):
    cr = create_ok(srv, "tictactoe", p2="random")
    C.check("human vs random: a token for seat 1 only", set(cr.get("tokens", {})) == {"1"}
            and set(cr.get("links", {})) == {"1"}, repr(cr))
    gid = cr["id"]
    g = game(srv, gid)
    C.check("human vs random: seats", g["seats"] == [{"seat": 1, "kind": "human", "spec": "human"},
                                                    {"seat": 2, "kind": "engine", "spec": "random"}], repr(g["seats"]))
    move_ok(srv, gid, seat_token(cr, 1), "b2")
    g = wait_until(lambda: (lambda x: x if x["ply"] >= 2 and not x["thinking"] else None)(game(srv, gid, "?brief=1")), 30)
    C.check("the engine answers the human's move (within 30 s)", g is not None and g["ply"] == 2 and g["to_move"] == 1,
            short(repr(g)))
    cr2 = create_ok(srv, "tictactoe", p1="random")
    C.check("random vs human: a token for seat 2 only", set(cr2.get("tokens", {})) == {"2"}, repr(cr2))
    g = wait_until(lambda: (lambda x: x if x["ply"] >= 1 and not x["thinking"] else None)(game(srv, cr2["id"], "?brief=1")), 30)
    C.check("an engine on seat 1 opens by itself", g is not None and g["ply"] == 1, short(repr(g)))
    _, s0 = jget(srv, "/api/stats?ruleset=tictactoe")
    st, h, b = create(srv, "tictactoe", p1="random", p2="greedy")
    js = su.parse_json(b)
    C.check("engine vs engine -> 201 no tokens", st == 201 and not js.get("tokens"), "got %s %s" % (st, short(b)))
    if st == 201:
        g = wait_until(lambda: (lambda x: x if x["status"] == "over" else None)(game(srv, js["id"], "?brief=1")), 60)
        C.check("engine vs engine plays to the end by itself", g is not None, "")
        if g:
            time.sleep(0.2)
            _, s1 = jget(srv, "/api/stats?ruleset=tictactoe")
            check_stats_plus_one("tictactoe", s0, s1, g, "tictactoe (engine vs engine)")
            check_record(srv, js["id"], game(srv, js["id"]), replay=True)
    # an engine's move sends an event too
    cr4 = create_ok(srv, "connect4", p2="random")
    conn = http.client.HTTPConnection(srv.host, srv.port, timeout=10)
    try:
        conn.request("GET", "/api/games/%s/events" % cr4["id"])
        r = conn.getresponse()
        seen = []

        def read_event():
            ev = {}
            while True:
                line = r.readline()
                if not line:
                    return None
                line = line.decode().rstrip("\r\n")
                if line == "" and ev:
                    return ev
                if line.startswith("data:"):
                    ev = su.parse_json(line[5:].strip().encode()) or {"bad": line}
        seen.append(read_event())
        move_ok(srv, cr4["id"], seat_token(cr4, 1), "d")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            e = read_event()
            seen.append(e)
            if not e or e.get("ply", 0) >= 2:
                break
        C.check("events: the engine's reply sends an update with ply 2", seen[-1] and seen[-1].get("ply") == 2,
                repr(seen))
    except (OSError, http.client.HTTPException) as e:
        C.check("events: the engine's reply sends an update", False, repr(e))
    finally:
        conn.close()
    # a slow engine: the seat not to move while it thinks, the server answers meanwhile
    cr3 = create_ok(srv, "connect4", p2="mcts:ms=3000")
    gid3 = cr3["id"]
    move_ok(srv, gid3, seat_token(cr3, 1), "d")
    g = game(srv, gid3, "?brief=1")
    if g["ply"] == 1:
        C.check("thinking is true while the engine chooses", g["thinking"] is True, repr(g["thinking"]))
        C.check("legal while the engine is to move", isinstance(g["legal"], list))
        before = snapshot(srv, gid3)
        expect_error("a human move while the engine is to move", move(srv, gid3, seat_token(cr3, 1), "c"), 403)
        st, h, b = srv.get("/api/health")
        C.check("health answers while an engine thinks", st == 200)
        aft = snapshot(srv, gid3)
        if aft[0] == before[0]:
            unchanged("a human move while the engine is to move", srv, gid3, before)
    else:
        C.note("the engine answered before the check (ply %d); thinking not checked" % g["ply"])
    g = wait_until(lambda: (lambda x: x if x["ply"] >= 2 else None)(game(srv, gid3, "?brief=1")), 60)
    C.check("the slow engine moves", g is not None and g["thinking"] is False, short(repr(g)))


def t_races(srv):
    """Many moves at once on one game: exactly one is taken."""

    for with_ply in (True, False):
        cr = create_ok(srv, "pahtum", seed=11)
        gid = cr["id"]
        for rnd in range(4):
            g = game(srv, gid, "?brief=1")
            tok = seat_token(cr, g["to_move"])
            cand = RND.sample(g["legal"], min(16, len(g["legal"])))
            res = [None] * len(cand)

            def one(i):
                try:
                    res[i] = move(srv, gid, tok, cand[i], ply=g["ply"] if with_ply else None, brief=1)
                except Exception as e:
                    res[i] = (None, {}, repr(e).encode())
            ths = [threading.Thread(target=one, args=(i,)) for i in range(len(cand))]
            for t in ths:
                t.start()
            for t in ths:
                t.join(30)
            codes = sorted(r[0] for r in res if r)
            ok_codes = (409, 403, 400) if with_ply else (403, 400)
            after = game(srv, gid, "?brief=1")
            C.check("%d moves at once%s: exactly one 200, the rest %s" % (len(cand), " with ply" if with_ply else "",
                                                                          "/".join(map(str, ok_codes))),
                    codes.count(200) == 1 and all(c in ok_codes for c in codes if c != 200)
                    and all(error_body_ok(r[2]) for r in res if r and r[0] != 200),
                    "codes %s" % codes)
            winners = [cand[i] for i, r in enumerate(res) if r and r[0] == 200]
            C.check("moves at once: the game took the one answered 200", after["ply"] == g["ply"] + 1
                    and after["history"][-1:] == winners[:1], "ply %d -> %d, last %r, 200 for %r"
                    % (g["ply"], after["ply"], after["history"][-1:], winners))
            rows, mv = srv.db_rows(gid)
            C.check("moves at once: one moves row added", len(mv) == after["ply"], "%d rows, ply %d" % (len(mv), after["ply"]))


def t_bodies(srv, gid, t1):
    before = snapshot(srv, gid)
    n0 = games_count(srv)
    path = "/api/games/%s/move" % gid
    big = b"token=" + t1.encode() + b"&move=" + b"a" * (16 * 1024 + 1 - len(t1) - 12)
    C.check("a body of 16 KiB + 1 is built", len(big) == 16 * 1024 + 1, len(big))
    for what, body in [("16 KiB + 1", big), ("1 MiB", b"token=" + t1.encode() + b"&move=" + b"a" * (1 << 20))]:
        try:
            resp = srv.post(path, raw=body)
            expect_error("move with a body of %s" % what, resp, 413)
        except (ConnectionError, http.client.HTTPException, OSError) as e:
            C.check("move with a body of %s -> 413" % what, False, "no answer: %r" % e)
        unchanged("a body of %s" % what, srv, gid, before)
        try:
            resp = srv.post("/api/games", raw=b"ruleset=tictactoe&options=&p1=human&p2=human&seed=" + b"1" * len(body))
            expect_error("create with a body of %s" % what, resp, 413)
        except (ConnectionError, http.client.HTTPException, OSError) as e:
            C.check("create with a body of %s -> 413" % what, False, "no answer: %r" % e)
    # a Content-Length past the limit, the body never sent: 413 at once, not a wait
    ans = srv.raw(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                  b"Content-Length: 1000000000\r\n\r\n", timeout=10)
    C.check("Content-Length: 1000000000 without the body -> 413", su.status_of(ans) == 413, short(ans))
    for what, hdr, codes in [
        ("Content-Length: -5", b"Content-Length: -5\r\n", (400, 411, 413)),
        ("Content-Length: abc", b"Content-Length: abc\r\n", (400, 411)),
        ("Content-Length: 2^64+5", b"Content-Length: 18446744073709551621\r\n", (400, 413)),
        ("two different Content-Lengths", b"Content-Length: 5\r\nContent-Length: 50\r\n", (400, 413)),
        ("Transfer-Encoding: chunked", b"Transfer-Encoding: chunked\r\n", (400, 411, 413, 501)),
    ]:
        ans = srv.raw(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                      + hdr + b"\r\n" + b"5\r\nruleset=tictactoe\r\n0\r\n\r\n", timeout=10)
        C.check("POST with %s -> %s" % (what, "/".join(map(str, codes))), su.status_of(ans) in codes, short(ans))
    C.check("no game stored by the oversized or malformed bodies", games_count(srv) == n0,
            "%d -> %d" % (n0, games_count(srv)))
    # a field under the limit but long
    before = snapshot(srv, gid)
    expect_error("move of 16000 chars within the 16 KiB limit", srv.post(path, [("token", t1), ("move", "b" * 16000)]), 400)
    unchanged("a 16000-char move", srv, gid, before)


def t_protocol(srv):
    """The server survives malformed or odd HTTP; each answers something sane or closes."""
    cases = [
        ("a garbage request line", b"HELLO\r\n\r\n"),
        ("a request line without version", b"GET /api/health\r\n\r\n"),
        ("HTTP/0.9 style", b"GET /\r\n"),
        ("HTTP/9.9", b"GET /api/health HTTP/9.9\r\nHost: x\r\n\r\n"),
        ("binary noise", bytes(RND.randrange(256) for _ in range(4000))),
        ("a NUL in the path", b"GET /api/he\x00alth HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("a non-UTF-8 path", b"GET /api/games/\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("a non-UTF-8 query", b"GET /api/stats?ruleset=\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("a header of 100 KB", b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100000 + b"\r\n\r\n"),
        ("a path of 100 KB", b"GET /" + b"a" * 100000 + b" HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("5000 headers", b"GET /api/health HTTP/1.1\r\nHost: x\r\n" + b"X-A: b\r\n" * 5000 + b"\r\n"),
        ("a header without colon", b"GET /api/health HTTP/1.1\r\nHost x\r\nBroken\r\n\r\n"),
        ("bare LF line ends", b"GET /api/health HTTP/1.1\nHost: x\n\n"),
        ("an absolute URI", b"GET http://127.0.0.1/api/health HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("the request cut in the middle", b"GET /api/hea"),
        ("a header cut in the middle", b"POST /api/games HTTP/1.1\r\nContent-Len"),
        ("a body shorter than Content-Length", b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nruleset=tictactoe"),
        ("a query of only %", b"GET /api/games?% HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("a query '&&&=='", b"GET /api/games?&&&== HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("a path with %zz", b"GET /api/games/%zz HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("a lone CRLF", b"\r\n\r\n\r\n"),
    ]
    for what, data in cases:
        try:
            ans = srv.raw(data, timeout=10)
        except OSError as e:
            ans = b"(%r)" % e
        st = su.status_of(ans)
        okst = st is None or st in (400, 404, 405, 413, 414, 431, 501, 505, 200)
        C.check("odd HTTP: %s: a sane answer or a close, server alive" % what, okst and srv.alive(),
                "answer %s; alive %s" % (short(ans[:200]), srv.alive()))
        if not srv.alive():
            C.note("server died on %s; log: %s" % (what, srv.log_tail(600)))
            restart(srv)
    ans = srv.raw(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\nGET /api/rulesets HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", timeout=10)
    C.check("two pipelined requests get two answers", len(re.findall(rb"HTTP/1\.[01] 200", ans)) == 2, short(ans[:300]))
    ans = srv.raw(b"GET /api/health HTTP/1.0\r\n\r\n", timeout=10)
    C.check("an HTTP/1.0 request is answered and closed", su.status_of(ans) == 200, short(ans[:200]))
    # keep-alive
    conn = http.client.HTTPConnection(srv.host, srv.port, timeout=10)
    try:
        ok = True
        for _ in range(5):
            conn.request("GET", "/api/health")
            r = conn.getresponse()
            r.read()
            ok = ok and r.status == 200
        C.check("five requests on one keep-alive connection", ok)
    except (OSError, http.client.HTTPException) as e:
        C.check("five requests on one keep-alive connection", False, repr(e))
    finally:
        conn.close()
    # idle and half-sent connections from one address do not block the others:
    # one address holds at most --per-address (64) connections; another
    # address (127.0.0.2, loopback too) is still answered
    socks = []
    try:
        for i in range(100):
            s = socket.create_connection((srv.host, srv.port), timeout=10)
            if i % 2:
                try:
                    s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")   # never finished
                except OSError:
                    pass   # refused past the address's bound
            socks.append(s)
        other = http.client.HTTPConnection(srv.host, srv.port, timeout=15, source_address=("127.0.0.2", 0))
        other.request("GET", "/api/health")
        st = other.getresponse().status
        other.close()
        C.check("100 idle or half-sent connections from one address: another address is answered", st == 200,
                "got %s" % st)
        try:
            st, h, b = srv.get("/api/health", timeout=15)
            C.check("a 101st connection from the holding address is refused, not left waiting", False,
                    "answered %s" % st)
        except (ConnectionError, http.client.HTTPException, OSError) as e:
            C.check("a 101st connection from the holding address is refused, not left waiting",
                    not isinstance(e, (socket.timeout, TimeoutError)), repr(e))
    except OSError as e:
        C.check("100 idle or half-sent connections from one address: another address is answered", False, repr(e))
    finally:
        for s in socks:
            s.close()
    # a client that sends a request and never reads a big answer
    socks = []
    try:
        for _ in range(20):
            s = socket.create_connection((srv.host, srv.port), timeout=10)
            s.sendall(b"GET /api/rulesets HTTP/1.1\r\nHost: x\r\n\r\n" * 50)
            socks.append(s)
        st, h, b = srv.get("/api/health", timeout=15)
        C.check("20 clients that never read 50 answers each: health still answers", st == 200, "got %s" % st)
    except OSError as e:
        C.check("20 clients that never read: health still answers", False, repr(e))
    finally:
        for s in socks:
            s.close()
    C.check("server alive after the odd HTTP", srv.alive(), srv.log_tail(600))


def t_restart(srv, gids):
    """Stop (SIGTERM) and start on the same database: games, stats the same."""
    before = {g: game(srv, g) for g in gids}
    _, s0 = jget(srv, "/api/stats?ruleset=tictactoe")
    rc = srv.stop()
    C.check("SIGTERM stops the server", rc is not None, repr(rc))
    srv.start()
    after = {g: game(srv, g) for g in gids}
    diffs = []
    for g in gids:
        a, b = before[g], after[g]
        for k in a:
            if k in ("version", "thinking"):
                continue
            if a.get(k) != b.get(k):
                diffs.append("%s.%s" % (g, k))
    C.check("after a restart every game is the same", not diffs, ", ".join(diffs[:10]))
    vd = [g for g in gids if after[g].get("version", 0) < before[g].get("version", 0)]
    C.check("after a restart no version goes back", not vd,
            ", ".join("%s %s->%s" % (g, before[g]["version"], after[g]["version"]) for g in vd[:5]))
    _, s1 = jget(srv, "/api/stats?ruleset=tictactoe")
    C.check("after a restart the statistics are the same (each game counted once)", s0 == s1,
            "%s -> %s" % (short(repr(s0)), short(repr(s1))))


def restart(srv):
    try:
        srv.kill9()
    except Exception:
        pass
    srv.start()


def t_rate(tavola):
    srv = su.Server(tavola, rate=20, tmpdir=WORK).start()
    try:
        cr = create_ok(srv, "tictactoe")
        gid = cr["id"]
        time.sleep(1.2)
        before = snapshot(srv, gid)
        seen = None
        n = 0
        moved_refused = None
        for n in range(1, 3001):
            st, h, b = srv.get("/api/health")
            if st == 429:
                seen = (st, h, b)
                resp = move(srv, gid, seat_token(cr, 1), "b2")
                if resp[0] == 429:
                    moved_refused = resp
                break
            if st != 200:
                seen = (st, h, b)
                break
        C.check("--rate 20: a 429 within 3000 quick requests", seen is not None and seen[0] == 429,
                "after %d requests: %r" % (n, seen and (seen[0], short(seen[2]))))
        if seen and seen[0] == 429:
            expect_error("rate limited request", seen, 429)
            C.check("rate limit hit after more than 20 requests", n > 20, "after %d" % n)
            if moved_refused:
                expect_error("a move while rate limited", moved_refused, 429)
                time.sleep(1.2)
                unchanged("a move refused by the rate limit", srv, gid, before)
        ok = False
        for _ in range(20):
            time.sleep(1.0)
            st, h, b = srv.get("/api/health")
            if st == 200:
                ok = True
                break
        C.check("--rate 20: requests are answered again after a pause", ok)
        if ok:
            # the move tried at the 429 may itself have gone through (the
            # bucket refills every 50 ms): move for whoever is to move now
            g = game(srv, gid, "?brief=1")
            a = move(srv, gid, seat_token(cr, g["to_move"]), g["legal"][0])
            C.check("--rate 20: a move goes through after the pause", a[0] == 200, "got %s %s" % (a[0], short(a[2])))
        C.check("rate-limited server alive", srv.alive())
    finally:
        srv.stop()
        srv.cleanup()


def t_max_games(tavola):
    srv = su.Server(tavola, max_games=3, tmpdir=WORK).start()
    try:
        made = []
        for i in range(3):
            st, h, b = create(srv, "tictactoe")
            C.check("--max-games 3: game %d -> 201" % (i + 1), st == 201, "got %s %s" % (st, short(b)))
            if st == 201:
                made.append(su.parse_json(b))
        n0 = games_count(srv)
        expect_error("--max-games 3: the 4th game", create(srv, "tictactoe"), 503)
        expect_error("--max-games 3: the 4th game, an engine game", create(srv, "tictactoe", p1="random", p2="random"), 503)
        C.check("--max-games: the refused games are not stored", games_count(srv) == n0, "%d -> %d" % (n0, games_count(srv)))
        st, js = jget(srv, "/api/health")
        C.check("--max-games 3: health games 3", st == 200 and js.get("games") == 3, "got %s %r" % (st, js))
        if made:
            cr = made[0]
            play_to_end(srv, cr["id"], cr, random.Random(5))
            st, h, b = create(srv, "tictactoe")
            C.check("--max-games 3: a finished game frees its place (live = ongoing)", st == 201,
                    "got %s %s" % (st, short(b)))
            if st == 201:
                expect_error("--max-games 3: full again", create(srv, "tictactoe"), 503)
        C.check("max-games server alive", srv.alive())
    finally:
        srv.stop()
        srv.cleanup()
    # twelve creations at once against --max-games 3: exactly three

    srv = su.Server(tavola, max_games=3, tmpdir=WORK).start()
    try:
        res = [None] * 12

        def one(i):
            try:
                res[i] = create(srv, "tictactoe")[0]
            except Exception as e:
                res[i] = repr(e)
        ths = [threading.Thread(target=one, args=(i,)) for i in range(12)]
        for t in ths:
            t.start()
        for t in ths:
            t.join(30)
        C.check("--max-games 3, 12 creations at once: three 201, the rest 503",
                res.count(201) == 3 and res.count(503) == 9, repr(res))
        C.check("--max-games 3, 12 at once: three games stored", games_count(srv) == 3, games_count(srv))
    finally:
        srv.stop()
        srv.cleanup()


FUZZ_VALUES = ["", "0", "-0", "1", "-1", "00", "+1", " 1", "1 ", "9223372036854775807", "9223372036854775808",
               "-9223372036854775808", "18446744073709551615", "1e309", "nan", "inf", "0x7f", "1.5",
               "human", "random", "mcts", "mcts:", "mcts:ms=", "mcts:ms=1,", ":", "=", ",", "=,=,", "%", "%%",
               "%0", "%g0", "\0", "\xff", "\u202e", "\U0001f600", "<", "\"", "'", "\\", "../", "/",
               "tictactoe", "connect4", "pahtum", "a1", "d", "pass", "swap", "size=", "holes=a1,a1",
               "holes=z9", "holes=99", "count=0", "count=999"]


def fuzz_value(rnd):
    r = rnd.random()
    if r < 0.45:
        return rnd.choice(FUZZ_VALUES)
    if r < 0.65:
        return bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 40)))
    if r < 0.75:
        return rnd.choice(FUZZ_VALUES) * rnd.randrange(2, 3000)
    if r < 0.9:
        return "".join(rnd.choice("abcdefghs0123456789=,:;%&+ -") for _ in range(rnd.randrange(1, 30)))
    if r < 0.95:
        return b"a\xed\xa0\x80b" if rnd.random() < 0.5 else b"\xc0\x80"   # a UTF-16 surrogate, an overlong NUL
    return "".join(chr(c if not 0xD800 <= c < 0xE000 else 0x41)
                   for c in (rnd.randrange(1, 0x2FFFF) for _ in range(rnd.randrange(1, 10))))


def t_fuzz(srv):
    """Seeded random requests on every route: each a status of HTTP.md's, errors as JSON, server alive."""
    rnd = random.Random(SEED + 7)
    cr = create_ok(srv, "pahtum", seed=3)
    gid = cr["id"]
    ok_codes = {200, 201, 400, 403, 404, 405, 409, 413, 429, 503}
    bad = []
    n = 0
    created = [gid]
    for i in range(1500):
        kind = rnd.randrange(6)
        fields = None
        if kind == 0:
            f = {"ruleset": rnd.choice(["pahtum", "connect4", "gomoku", "kalah", "go", "hex", "tictactoe"]),
                 "options": "", "p1": "human", "p2": rnd.choice(["human", "random"]), "seed": "5"}
            for _ in range(rnd.randrange(1, 3)):
                k = rnd.choice(list(f) + ["x", "options", "options"])
                if rnd.random() < 0.1:
                    f.pop(k, None)
                else:
                    f[k] = fuzz_value(rnd)
            fields = list(f.items())
            method, path = "POST", "/api/games"
        elif kind == 1:
            g = game(srv, gid, "?brief=1")
            if g["status"] != "ongoing":
                cr = create_ok(srv, "pahtum", seed=rnd.randrange(100))
                gid = cr["id"]
                created.append(gid)
                g = game(srv, gid, "?brief=1")
            f = {"token": seat_token(cr, g["to_move"]), "move": rnd.choice(g["legal"]), "ply": str(g["ply"])}
            k = rnd.choice(["token", "move", "ply", "move", "brief"])
            f[k] = fuzz_value(rnd)
            fields = list(f.items())
            method, path = "POST", "/api/games/%s/move" % gid
        elif kind == 2:
            q = [("ply", fuzz_value(rnd)), ("token", fuzz_value(rnd)), ("brief", fuzz_value(rnd))]
            q = rnd.sample(q, rnd.randrange(1, 4))
            method, path = "GET", "/api/games/%s?%s" % (gid, urllib.parse.urlencode(q))
        elif kind == 3:
            method, path = "GET", "/api/stats?" + urllib.parse.urlencode([("ruleset", fuzz_value(rnd))])
        elif kind == 4:
            method, path = "GET", "/api/games?" + urllib.parse.urlencode([("limit", fuzz_value(rnd)),
                                                                        ("ruleset", fuzz_value(rnd))])
        else:
            v = fuzz_value(rnd)
            v = v if isinstance(v, bytes) else v.encode("utf-8", "surrogatepass")
            tail = rnd.choice(["", "/record", "/position", "/move", "/events"])
            method = "GET" if tail != "/move" else "POST"
            path = "/api/games/" + urllib.parse.quote(v[:200], safe="") + tail
            if tail == "/events":
                path = "/api/games/" + urllib.parse.quote(v[:200], safe="") + "/record"
            fields = [] if method == "POST" else None
        try:
            if method == "POST":
                st, h, b = srv.post(path, fields)
            else:
                st, h, b = srv.get(path)
        except (OSError, http.client.HTTPException) as e:
            bad.append("%s %s %r: no answer %r" % (method, path[:120], fields and short(repr(fields)), e))
            if not srv.alive():
                break
            continue
        n += 1
        if st not in ok_codes or (st >= 400 and not error_body_ok(b)) or (st < 300 and su.parse_json(b) is None):
            bad.append("%s %s %s -> %s %s" % (method, path[:120], short(repr(fields)) if fields else "", st, short(b)))
        if st == 201:
            js = su.parse_json(b)
            if js and "id" in js:
                created.append(js["id"])
        if not srv.alive():
            break
    C.check("fuzz: %d seeded random requests, each a status of HTTP.md, errors JSON" % n, not bad,
            "; ".join(bad[:4]))
    C.check("fuzz: server alive", srv.alive(), srv.log_tail(1500))
    if srv.alive():
        t_db(srv, created[:50])


def t_connection_limit_start(tavola):
    """At --connections N, a further client is answered or refused, not left waiting.

    Started first, finished last (t_connection_limit_finish): the further
    request waits, in a thread, for the server's connection time-out (10 s)
    while the other parts run against their own servers."""
    srv = su.Server(tavola, extra=["--connections", "4"], tmpdir=WORK).start()
    socks = []
    try:
        cr = create_ok(srv, "tictactoe")
        for i in range(4):
            s = socket.create_connection((srv.host, srv.port), timeout=10)
            if i % 2:
                s.sendall(("GET /api/games/%s/events HTTP/1.1\r\nHost: x\r\n\r\n" % cr["id"]).encode())
            else:
                s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")     # never finished
            socks.append(s)
        time.sleep(0.5)
    except BaseException:
        for s in socks:
            s.close()
        srv.stop()
        srv.cleanup()
        raise
    # the half-sent requests are closed after the connection time-out
    # (10 s without a byte), so the further request is answered then
    result = {}

    def further():
        try:
            result["answer"] = srv.get("/api/health", timeout=25)
        except BaseException as e:  # judged by t_connection_limit_finish
            result["error"] = e

    th = threading.Thread(target=further, daemon=True)
    th.start()
    return srv, socks, th, result


def t_connection_limit_finish(started):
    srv, socks, th, result = started
    try:
        th.join(60)
        e = result.get("error")
        if "answer" in result:
            st = result["answer"][0]
            C.check("--connections 4, all held: a further request is answered once the half-sent ones time out",
                    st in (200, 503), "got %s" % st)
        elif th.is_alive() or isinstance(e, (socket.timeout, TimeoutError)):
            C.check("--connections 4, all held (2 event streams, 2 half-sent requests): a further request is "
                    "answered or refused within 25 s", False, "no answer and no close in 25 s")
        elif isinstance(e, (ConnectionError, http.client.HTTPException, OSError)):
            C.check("--connections 4, all held: a further request is refused at once", True, repr(e))
        else:
            raise e
        for s in socks:
            s.close()
        socks = []
        ok = wait_until(lambda: (lambda r: r[0] == 200)(srv.get("/api/health", timeout=10)), 30, 0.2)
        C.check("--connections 4: answered again once the connections close", ok)
    finally:
        for s in socks:
            s.close()
        srv.stop()
        srv.cleanup()


def run_part(name, fn, *args):
    try:
        return fn(*args)
    except Exception:
        C.check("%s ran to its end" % name, False, traceback.format_exc().strip().splitlines()[-1])
        traceback.print_exc()
    return None


def t_engine_limits(tavola):
    """--engine-ms bounds an engine's move; one slow engine does not stop the others for good."""
    srv = su.Server(tavola, extra=["--engine-ms", "300", "--engines", "1"], tmpdir=WORK).start()
    try:
        cr = create_ok(srv, "connect4", p1="mcts:ms=600000")
        g = wait_until(lambda: (lambda x: x if x["ply"] >= 1 else None)(game(srv, cr["id"], "?brief=1")), 60, 0.2)
        C.check("--engine-ms 300: an mcts:ms=600000 engine moves (within 60 s)", g is not None)
        st, h, b = create(srv, "connect4", p1="solver")
        if st == 201:
            sid = su.parse_json(b)["id"]
            e = create_ok(srv, "tictactoe", p1="random", p2="random")
            g = wait_until(lambda: (lambda x: x if x["status"] == "over" else None)(game(srv, e["id"], "?brief=1")), 60, 0.2)
            C.check("--engine-ms 300 --engines 1: a solver on connect4 does not hold the engine for good "
                    "(a random game beside it ends within 60 s)", g is not None,
                    "solver game %s" % short(repr(game(srv, sid, "?brief=1"))))
        else:
            expect_error("a solver on connect4 refused", (st, h, b), 400)
        st, js = jget(srv, "/api/health")
        C.check("health answers while engines are busy", st == 200, "got %s" % st)
        C.check("engine-limited server alive", srv.alive(), srv.log_tail(600))
    finally:
        srv.stop()
        srv.cleanup()


HOSTILE = [
    "<script>alert(1)</script>",
    '"',
    "&",
    "]]>",
]

HOSTILE_LUA = r'''-- Tic-tac-toe with hostile texts (tests/serve/api_test.py)
local o = options {
  mode = { default = "plain", choices = { "plain", "<b>&amp;", [==[q"q\]]==] },
           doc = [==[<script>alert(1)</script> mode "quoted" & ]]> <!-- -->]==] },
  size = { default = 3, min = 3, max = 3, doc = [==[<script>alert(1)</script> size 'q' "q" & ]]> &amp;]==] },
}
return game {
  name = [==[<script>alert(1)</script> "T" & ]]> Title]==],
  description = [==[<script>alert(1)</script> "desc" & ]]> <img src=x onerror=alert(1)> </textarea>]==],
  players = { [==[<script>alert(1)</script>"X"&]]>]==], [==[O</title><script>alert(2)</script>&lt;]==] },
  board = grid { width = o.size, height = o.size },
  moves = place {},
  goal = line { length = 3, directions = "hvd" },
  ends = "board_full",
  winner = "higher_score",
}
'''


MANYOPTS_LUA = """-- options in force longer than 1 KiB (tests/serve/api_test.py)
local o = options {
%s,
  size = { default = 3, min = 3, max = 3, doc = "the side" },
}
return game {
  name = "Many options",
  players = { "X", "O" },
  board = grid { width = o.size, height = o.size },
  moves = place {},
  goal = line { length = 3, directions = "hvd" },
  ends = "board_full",
  winner = "higher_score",
}
""" % ",\n".join('  o%d = { default = "%s", doc = "a long default" }' % (i, chr(97 + i) * 200) for i in range(5))


def t_long_options(srv, d):
    """A ruleset whose options in force pass 1 KiB: refused with a clear
    error and nothing stored (a game is kept with its options whole or not at
    all); a variant whose options fit is kept whole, through a restart."""
    before = srv.db_query("SELECT count(*) FROM games")[0][0]
    st, h, b = srv.post("/api/games", {"ruleset": "manyopts", "options": "", "p1": "human", "p2": "human"})
    js = su.parse_json(b)
    C.check("options in force over 1023 characters: 400 with a clear error", st == 400 and js
            and "longer than 1023" in js.get("error", ""), "got %s %s" % (st, short(b)))
    C.check("options in force over 1023 characters: nothing stored",
            srv.db_query("SELECT count(*) FROM games")[0][0] == before)
    short_opts = ",".join("o%d=%s" % (i, chr(97 + i) * 150) for i in range(5))
    o_args = [a for o in short_opts.split(",") for a in ("-o", o)]
    cli = json.loads(tavola_run(["play", "manyopts", "--rules", d, "--json"] + o_args).stdout)
    cr = create_ok(srv, "manyopts", options=short_opts)
    gid = cr["id"]
    g = game(srv, gid, "?brief=1")
    C.check("options in force of %d characters kept whole" % len(cli["options"]), g["options"] == cli["options"],
            "served %d characters ending %r" % (len(g["options"]), g["options"][-20:]))
    move_ok(srv, gid, seat_token(cr, 1), "b2")
    srv.stop()
    srv.start()
    st, h, b = srv.get("/api/games/%s?brief=1" % gid)
    js = su.parse_json(b)
    C.check("long options: the game loads after a restart", st == 200 and js and js.get("history") == ["b2"]
            and js.get("options") == cli["options"], "got %s %s" % (st, short(b)))
    if st == 200:
        st, h, b = move(srv, gid, seat_token(cr, 2), "a1")
        C.check("long options: the game plays on after a restart", st == 200, "got %s %s" % (st, short(b)))


def t_hostile_ruleset(tavola):
    d = os.path.join(WORK, "hostile_rules")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "hostile.lua"), "w") as f:
        f.write(HOSTILE_LUA)
    with open(os.path.join(d, "manyopts.lua"), "w") as f:
        f.write(MANYOPTS_LUA)
    cli = json.loads(tavola_run(["list", "--rules", d, "--json"]).stdout)
    want = [r for r in cli["rulesets"] if r["name"] == "hostile"]
    if not C.check("the hostile ruleset loads in tavola list", len(want) == 1):
        return
    want = want[0]
    srv = su.Server(tavola, rules=[d], tmpdir=WORK).start()
    try:
        st, h, b = srv.get("/api/rulesets")
        js = su.parse_json(b)
        got = [r for r in (js or {}).get("rulesets", []) if r.get("name") == "hostile"]
        if not C.check("hostile: served by /api/rulesets with --rules", len(got) == 1, short(b)):
            return
        got = got[0]
        for k in ("title", "description", "players"):
            C.check("hostile: /api/rulesets %s exactly" % k, got.get(k) == want[k], "%r vs %r" % (got.get(k), want[k]))
        docs = {o["name"]: o for o in got.get("options", [])}
        for o in want["options"]:
            C.check("hostile: option %s doc exactly" % o["name"], docs.get(o["name"], {}).get("doc") == o["doc"],
                    "%r vs %r" % (docs.get(o["name"], {}).get("doc"), o["doc"]))
        C.check("hostile: option choices exactly", docs.get("mode", {}).get("choices") == ["plain", "<b>&amp;", 'q"q\\]'],
                repr(docs.get("mode", {}).get("choices")))
        text = b.decode("utf-8")
        C.check("hostile: no raw '</script' in the JSON text (escaped for HTML too)", "</script" not in text.lower())
        cr = create_ok(srv, "hostile", options="mode=<b>&amp;")
        gid = cr["id"]
        move_ok(srv, gid, seat_token(cr, 1), "a1")
        g = game(srv, gid)
        C.check("hostile: game JSON title and players exactly", g.get("title") == want["title"]
                and g.get("players") == want["players"], "%r %r" % (g.get("title"), g.get("players")))
        C.check("hostile: game options carry the choice exactly", "mode=<b>&amp;" in g.get("options", ""),
                repr(g.get("options")))
        root = svg_checks("hostile", g, placement=True)
        svg = g.get("svg", "")
        if root is not None:
            alltext = "".join(root.itertext()) + " ".join(v for e in root.iter() for v in e.attrib.values())
            C.check("hostile: the svg holds the title as text (XML-escaped in the source)",
                    want["title"] in alltext, short(alltext))
            C.check("hostile: the player to move's name as text", want["players"][1] in alltext,
                    short(alltext))
            C.check("hostile: no raw '<script' in the svg source", "<script" not in svg.lower(), "")
        # the stats of the hostile ruleset and its texts
        st, s = jget(srv, "/api/stats?ruleset=hostile")
        C.check("hostile: stats title exactly", st == 200 and s.get("title") == want["title"], "got %s %r" % (st, s))
        st, lst = jget(srv, "/api/games?ruleset=hostile")
        e = [x for x in (lst or {}).get("games", []) if x.get("id") == gid]
        C.check("hostile: list title exactly", e and e[0].get("title") == want["title"], short(repr(e)))
        # play it out, replay the record (found by --rules), load the position
        play_to_end(srv, gid, cr, random.Random(3))
        g = game(srv, gid)
        g["_rules"] = d
        check_record(srv, gid, g, replay=True, rules=d)
        check_position(srv, gid, g)
        # a choice with a quote and a backslash: stats, record tags
        cq = create_ok(srv, "hostile", options='mode=q"q\\]', p1="random", p2="random")
        gq = wait_until(lambda: (lambda x: x if x["status"] == "over" else None)(game(srv, cq["id"])), 60)
        if C.check("hostile: a game with mode=q\"q\\] plays to its end", gq is not None):
            C.check("hostile: its options exactly", 'mode=q"q\\]' in gq["options"], repr(gq["options"]))
            gq["_rules"] = d
            check_record(srv, cq["id"], gq, replay=True, rules=d)
            st, s = jget(srv, "/api/stats?ruleset=hostile")
            C.check("hostile: the stats variant carries the quote", any('mode=q"q\\]' in v.get("options", "")
                                                                       for v in s.get("variants", [])), short(repr(s)))
        run_part("long options", t_long_options, srv, d)
        # the page is served with the CSP, the rulesets' texts are not in it
        st, h, b = srv.get("/")
        C.check("hostile: GET / does not embed ruleset texts", b"alert(1)" not in b)
    finally:
        srv.stop()
        srv.cleanup()


def t_db(srv, gids):
    """The stored rows agree with what is served. An engine may move on while
    the rows are read: one snapshot of the database, taken between two GETs,
    must be a state of the game between the two served."""
    bad = []
    cols = [c[1] for c in srv.db_query("PRAGMA table_info(games)")]
    need = ["id", "ruleset", "options", "seed", "p1", "p2", "token1", "token2", "created", "status", "winner",
            "score1", "score2", "plies"]
    C.check("games table has the columns the lead keeps", all(c in cols for c in need),
            "missing %s (have %s)" % ([c for c in need if c not in cols], cols))
    mcols = [c[1] for c in srv.db_query("PRAGMA table_info(moves)")]
    C.check("moves table has game, ply, move", all(c in mcols for c in ("game", "ply", "move")), repr(mcols))
    if not (all(c in cols for c in need) and all(c in mcols for c in ("game", "ply", "move"))):
        return
    for gid in gids:
        before = game(srv, gid, "?brief=1")
        (r,), (m,) = [[row] for row in srv.db_snapshot([
            ("SELECT count(*), max(plies) FROM games WHERE id = ?", (gid,)),
            ("SELECT group_concat(move, ' ') FROM moves WHERE game = ? ORDER BY ply", (gid,))])]
        after = game(srv, gid, "?brief=1")
        rows, plies = r[0]
        moves = m[0][0].split(" ") if m[0][0] else []
        if rows != 1:
            bad.append("%s: %d games rows" % (gid, rows))
            continue
        # a snapshot taken between the two GETs: a state of the game between them
        if not (before["ply"] <= plies == len(moves) <= after["ply"] and after["history"][:plies] == moves
                and before["history"] == moves[:before["ply"]]):
            bad.append("%s: rows with %d moves and plies %r, served %d then %d" % (gid, len(moves), plies,
                                                                                 before["ply"], after["ply"]))
    C.check("the database agrees with the games served", not bad, "; ".join(bad[:5]))


_orig_cleanup = su.Server.cleanup


def _checked_cleanup(self):
    """Before a server's files go: no sanitizer report in its log."""
    if self.proc is not None:
        self.kill9()
    rep = self.sanitizer_reports()
    C.check("no sanitizer report in the log of the server on port %s" % self.port, not rep,
            "\n".join(rep[:5]) + "\n" + self.log_tail(3000))
    _orig_cleanup(self)


su.Server.cleanup = _checked_cleanup


def main():
    global TAVOLA, WORK
    TAVOLA = su.tavola_arg()
    WORK = tempfile.mkdtemp(prefix="tavola-api-test-")
    srv = su.Server(TAVOLA, tmpdir=WORK)
    try:
        srv.start()
    except su.ServerError as e:
        C.check("the server starts", False, str(e))
        return C.finish()
    C.check("the server starts and says its port", srv.port and srv.port > 0, repr(srv.port))
    state = {}
    held = run_part("connection limit (start)", t_connection_limit_start, TAVOLA)

    def run(name, fn, *args):
        try:
            return fn(*args)
        except Exception:
            C.check("%s ran to its end" % name, False, traceback.format_exc().strip().splitlines()[-1])
            traceback.print_exc()
        finally:
            if not srv.alive():
                C.check("server alive after %s" % name, False, "exit %r; log: %s" % (srv.returncode(), srv.log_tail(800)))
                restart(srv)
        return None

    try:
        run("pages", t_pages, srv)
        run("health", t_health, srv)
        run("rulesets", t_rulesets, srv)
        r = run("create and get", t_create_and_get, srv)
        if r:
            gid, t1, t2 = r
            state["main"] = r
            run("move errors", t_move_errors, srv, gid, t1, t2)
            run("bodies", t_bodies, srv, gid, t1)
            run("GET errors", t_get_errors, srv, gid)
        run("seed and options", t_seed_and_options, srv)
        run("every ruleset", t_every_ruleset, srv)
        run("create errors", t_create_errors, srv)
        known = run("games to the end", t_over, srv) or []
        run("ongoing record", t_ongoing_record, srv)
        run("list", t_list, srv, known)
        run("events", t_events, srv)
        run("races", t_races, srv)
        run("fuzz", t_fuzz, srv)
        run("engine", t_engine, srv)
        run("protocol", t_protocol, srv)
        gids = [k[1] for k in known] + ([state["main"][0]] if "main" in state else [])
        run("database", t_db, srv, gids)
        run("restart", t_restart, srv, gids)
        run("health at the end", t_health, srv)
        run("rate limit", t_rate, TAVOLA)
        run("max games", t_max_games, TAVOLA)
        run("hostile ruleset", t_hostile_ruleset, TAVOLA)
        run("engine limits", t_engine_limits, TAVOLA)
        if held:
            h, held = held, None
            run("connection limit", t_connection_limit_finish, h)
    finally:
        if held:  # an exception before its turn: its server is stopped all the same
            held[0].stop()
            held[0].cleanup()
        rc = srv.stop()
        C.check("the server stops on SIGTERM (status 0 or the signal)", rc in (0, -15), "status %r" % rc)
        srv.cleanup()
        shutil.rmtree(WORK, ignore_errors=True)
    return C.finish()


if __name__ == "__main__":
    sys.exit(main())
