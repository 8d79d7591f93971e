#!/usr/bin/python3
"""tavola serve killed with SIGKILL while it takes moves loses none it acknowledged.

    /usr/bin/python3 tests/serve/crash_test.py PATH/TO/tavola

Starts a server, creates 100 games (Pahtum, Connect Four, Tihbat, Checkers;
most human vs human, every fifth human vs random or a slow MCTS), drives them from threads
with random legal moves for both seats (seeded), kills the server with
SIGKILL while they run, and records every move acknowledged (an HTTP 200).
Restarted on the same database, every game must be there with every
acknowledged move in order (and at most the one move in flight beyond, or the
engine's), then each plays on to its end or 10 more moves. One line per
check; exit 0 when all pass. Bounded in time (about 30 s), every request with
a timeout.
"""

import http.client
import json
import os
import random
import shutil
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_util as su  # noqa: E402

SEED = 4242
GAMES = 100
THREADS = 10
ROUNDS = 3
KILL_AFTER_ACKS = 700       # each round kills once this many moves are acknowledged...
KILL_AFTER_S = 8.0          # ... or after this long, whichever comes first
PLAY_ON = 10
REQ_TIMEOUT = 10.0
RULESETS = ["pahtum", "connect4", "tihbat", "checkers"]

C = su.Checker("crash_test")


class Down(Exception):
    pass


class Game:
    def __init__(self, i):
        self.i = i
        self.ruleset = RULESETS[i % len(RULESETS)]
        # every fifth game against an engine: random (at once), or a slow one that is
        # likely thinking when the server is killed
        self.p2 = "human" if i % 5 != 4 else ("mcts:ms=500" if i % 20 == 19 else "random")
        self.seed = 1000 + i
        self.rnd = random.Random(SEED * 1000 + i)
        self.id = None
        self.tokens = {}
        self.acked = []          # the history of the last 200 answer to a move
        self.acked_over = False
        self.state = None        # the last game JSON seen
        self.inflight = None     # the move sent when the server went away
        self.unexpected = []     # answers other than 200 (request, status, body)
        self.played_on = 0

    def human(self, seat):
        return str(seat) in self.tokens


class Client:
    """One keep-alive connection; any network failure raises Down."""

    def __init__(self, host, port):
        self.host, self.port = host, port
        self.conn = None

    def req(self, method, path, fields=None):
        body = su.form(fields) if fields is not None else None
        hd = {"Content-Type": "application/x-www-form-urlencoded"} if body is not None else {}
        for attempt in (0, 1):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=REQ_TIMEOUT)
            try:
                self.conn.request(method, path, body, hd)
                r = self.conn.getresponse()
                data = r.read()
                if r.getheader("Connection", "").lower() == "close":
                    self.conn.close()
                    self.conn = None
                return r.status, data
            except (http.client.RemoteDisconnected, BrokenPipeError) as e:
                # a keep-alive connection the server closed while idle: once more on a new one,
                # but only for a request that cannot have been taken (not a move)
                self.close()
                if attempt or method == "POST":
                    raise Down(repr(e))
            except (OSError, http.client.HTTPException) as e:
                self.close()
                raise Down(repr(e))
        raise Down("unreachable")

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def get_game(cl, g, record_acks=False):
    st, data = cl.req("GET", "/api/games/%s?brief=1" % g.id)
    if st != 200:
        g.unexpected.append(("GET /api/games/%s?brief=1" % g.id, st, data[:200]))
        return None
    g.state = json.loads(data)
    if record_acks and len(g.state["history"]) > len(g.acked):
        # what the server showed is stored: an engine's move seen counts as acknowledged
        g.acked = list(g.state["history"])
        g.acked_over = g.state["status"] == "over"
    return g.state


def step(cl, g, record_acks):
    """One move for the seat to move if it is human; True when something was played."""
    s = g.state
    if s is None or s["status"] != "ongoing":
        return False
    if not g.human(s["to_move"]) or s.get("thinking"):
        get_game(cl, g, record_acks)
        return False
    if not s["legal"]:
        g.unexpected.append(("ongoing game with no legal move", s["ply"], ""))
        return False
    mv = g.rnd.choice(s["legal"])
    fields = [("token", g.tokens[str(s["to_move"])]), ("move", mv), ("ply", str(s["ply"])), ("brief", "1")]
    try:
        st, data = cl.req("POST", "/api/games/%s/move" % g.id, fields)
    except Down:
        if record_acks:
            g.inflight = mv
        raise
    if st == 200:
        a = json.loads(data)
        if record_acks:
            g.acked = list(a["history"])
            g.acked_over = a["status"] == "over"
        g.state = a
        return True
    g.unexpected.append(("POST /api/games/%s/move %s" % (g.id, urllib.parse.urlencode(fields)), st, data[:200]))
    get_game(cl, g, record_acks)
    return False


def drive(srv, games, stop, acks, lock, errors):
    cl = Client(srv.host, srv.port)
    try:
        while not stop.is_set():
            busy = False
            for g in games:
                if stop.is_set():
                    break
                if step(cl, g, True):
                    busy = True
                    with lock:
                        acks[0] += 1
                elif g.state and g.state["status"] == "ongoing":
                    busy = True
            if not busy:
                time.sleep(0.01)
                if all(g.state and g.state["status"] == "over" for g in games):
                    return
    except Down:
        return
    except Exception:
        errors.append(traceback.format_exc())
    finally:
        cl.close()


def play_on(srv, games, errors, deadline):
    cl = Client(srv.host, srv.port)
    try:
        for g in games:
            get_game(cl, g)
        while time.monotonic() < deadline:
            busy = False
            for g in games:
                s = g.state
                if s is None or s["status"] != "ongoing" or g.played_on >= PLAY_ON:
                    continue
                busy = True
                if step(cl, g, False):
                    g.played_on += 1
            if not busy:
                return
            time.sleep(0.002)
    except Down as e:
        errors.append("server went away while playing on: %s" % e)
    except Exception:
        errors.append(traceback.format_exc())
    finally:
        cl.close()


def kill_round(srv, games, parts, rnd, t0):
    """Drive the games, kill -9 the server, restart it, check what was acknowledged."""
    for g in games:
        g.inflight = None
    R = "round %d: " % rnd
    stop = threading.Event()
    lock = threading.Lock()
    acks = [0]
    errors = []
    ths = [threading.Thread(target=drive, args=(srv, p, stop, acks, lock, errors), daemon=True) for p in parts]
    for t in ths:
        t.start()
    kill_deadline = time.monotonic() + KILL_AFTER_S
    while time.monotonic() < kill_deadline and acks[0] < KILL_AFTER_ACKS and any(t.is_alive() for t in ths):
        time.sleep(0.01)
    alive_before = srv.alive()
    srv.kill9()
    n_acked = acks[0]
    stop.set()
    for t in ths:
        t.join(REQ_TIMEOUT + 5)
    C.check(R + "server alive until the kill", alive_before, srv.log_tail(800))
    C.check(R + "moves were acknowledged before the kill (%d)" % n_acked, n_acked > 0)
    C.check(R + "the drivers ran without an exception", not errors, "\n".join(errors[:2]))
    C.check(R + "the drivers' threads ended", not any(t.is_alive() for t in ths))
    over = sum(1 for g in games if g.acked_over)
    inflight = sum(1 for g in games if g.inflight)
    C.note(R + "killed after %d acknowledged moves (%d games over, %d moves in flight), %.1f s"
           % (n_acked, over, inflight, time.monotonic() - t0))

    srv.start()
    C.check(R + "the server restarts on the same database", srv.alive())
    cl = Client(srv.host, srv.port)
    missing, lost, extra_bad, over_bad = [], [], [], []
    for g in games:
        st, data = cl.req("GET", "/api/games/%s?brief=1" % g.id)
        if st != 200:
            missing.append("%s: %s %s" % (g.id, st, data[:100]))
            continue
        s = json.loads(data)
        g.state = s
        h = s["history"]
        if h[:len(g.acked)] != g.acked:
            lost.append("%s (%s): acknowledged %d moves %s..., stored %d %s..."
                        % (g.id, g.ruleset, len(g.acked), g.acked[-3:], len(h), h[:len(g.acked)][-3:]))
            continue
        extra = h[len(g.acked):]
        if g.p2 == "human":
            ok = len(extra) == 0 or (len(extra) == 1 and extra[0] == g.inflight)
        else:
            ok = len(extra) <= 3 and (g.inflight is not None or len(extra) <= 1)
        if not ok:
            extra_bad.append("%s (%s vs %s): %d moves past the acknowledged %d: %s (in flight %r)"
                             % (g.id, "human", g.p2, len(extra), len(g.acked), extra, g.inflight))
        if g.acked_over and s["status"] != "over":
            over_bad.append(g.id)
        if s["ply"] != len(h):
            extra_bad.append("%s: ply %d, history %d" % (g.id, s["ply"], len(h)))
    cl.close()
    C.check(R + "every game is there after the restart", not missing, "; ".join(missing[:5]))
    C.check(R + "every acknowledged move is there, in order", not lost, "; ".join(lost[:5]))
    C.check(R + "beyond them at most the move in flight (and the engine's)", not extra_bad, "; ".join(extra_bad[:5]))
    C.check(R + "a game acknowledged over is over", not over_bad, ", ".join(over_bad[:5]))
    n_inflight_kept = sum(1 for g in games if g.inflight and len(g.state["history"]) > len(g.acked)
                          and g.p2 == "human")
    C.note(R + "%d of %d in-flight moves were stored" % (n_inflight_kept, inflight))

    # the database itself: one games row each, moves contiguous and = history
    bad = []
    for g in games:
        try:
            rows, mv = srv.db_snapshot([("SELECT plies, status FROM games WHERE id = ?", (g.id,)),
                                        ("SELECT ply, move FROM moves WHERE game = ? ORDER BY ply", (g.id,))])
        except Exception as e:
            bad.append("%s: %r" % (g.id, e))
            continue
        if len(rows) != 1:
            bad.append("%s: %d rows" % (g.id, len(rows)))
            continue
        hist = g.state["history"]
        if [m for _, m in mv] != hist and g.p2 != "human":
            # an engine seat moves on after the restart: the rows are the
            # history served now (asked after the rows were read)
            cl = Client(srv.host, srv.port)
            st, data = cl.req("GET", "/api/games/%s?brief=1" % g.id)
            cl.close()
            now = json.loads(data)["history"] if st == 200 else []
            if now[:len(mv)] == [m for _, m in mv] and len(mv) >= len(hist):
                hist = [m for _, m in mv]
        if [m for _, m in mv] != hist:
            bad.append("%s: moves rows %d != history %d" % (g.id, len(mv), len(hist)))
        plies = [p for p, _ in mv]
        if plies and plies != list(range(plies[0], plies[0] + len(plies))):
            bad.append("%s: moves' plies not contiguous %r" % (g.id, plies[:8]))
        if rows[0][0] != len(mv):
            bad.append("%s: games.plies %r != %d moves" % (g.id, rows[0][0], len(mv)))
    C.check(R + "the database after the kill: one row per game, plies = moves = history", not bad,
            "; ".join(bad[:5]))

    # what is stored now is what the next round must keep
    for g in games:
        if g.state:
            g.acked = list(g.state["history"])
            g.acked_over = g.state["status"] == "over"

    # engines that were to move when the server died move again
    eng = [g for g in games if g.p2 != "human" and g.state and g.state["status"] == "ongoing"
           and not g.human(g.state["to_move"])]
    if eng:
        deadline = time.monotonic() + 30
        cl = Client(srv.host, srv.port)
        waiting = list(eng)
        while waiting and time.monotonic() < deadline:
            for g in list(waiting):
                s = get_game(cl, g)
                if s and (s["status"] != "ongoing" or g.human(s["to_move"])):
                    waiting.remove(g)
            time.sleep(0.05)
        cl.close()
        C.check(R + "the %d engines to move at the kill move after the restart" % len(eng), not waiting,
                "still waiting: %s" % ", ".join("%s ply %d" % (g.id, g.state["ply"]) for g in waiting[:5]))


def main():
    tavola = su.tavola_arg()
    work = tempfile.mkdtemp(prefix="tavola-crash-test-")
    db = os.path.join(work, "games.db")
    srv = su.Server(tavola, db=db, rate=0, max_games=100000)
    t0 = time.monotonic()
    try:
        srv.start()
        C.check("server starts", True)
        games = [Game(i) for i in range(GAMES)]
        cl = Client(srv.host, srv.port)
        for g in games:
            st, data = cl.req("POST", "/api/games", [("ruleset", g.ruleset), ("options", ""), ("p1", "human"),
                                                     ("p2", g.p2), ("seed", str(g.seed))])
            if st != 201:
                C.check("create game %d (%s vs %s)" % (g.i, "human", g.p2), False, "%s %s" % (st, data[:200]))
                continue
            js = json.loads(data)
            g.id, g.tokens = js["id"], js.get("tokens", {})
            get_game(cl, g)
        cl.close()
        games = [g for g in games if g.id]
        C.check("100 games created", len(games) == GAMES, "%d" % len(games))

        parts = [games[k::THREADS] for k in range(THREADS)]
        for rnd in range(1, ROUNDS + 1):
            kill_round(srv, games, parts, rnd, t0)
            if not srv.alive():
                break

        # play on
        errors = []
        deadline = time.monotonic() + 25
        ths = [threading.Thread(target=play_on, args=(srv, p, errors, deadline), daemon=True) for p in parts]
        for t in ths:
            t.start()
        for t in ths:
            t.join(40)
        C.check("playing on ran without an error", not errors, "\n".join(errors[:2]))
        short_ = [g for g in games if g.state and g.state["status"] == "ongoing" and g.played_on < PLAY_ON
                  and g.human(g.state["to_move"])]
        C.check("every game reached its end or took %d more moves" % PLAY_ON, not short_,
                "; ".join("%s %s played %d" % (g.id, g.ruleset, g.played_on) for g in short_[:5]))
        unexpected = [(g.id, u) for g in games for u in g.unexpected]
        C.check("no request got an unexpected answer", not unexpected,
                "; ".join("%s: %s -> %s %s" % (gid, u[0], u[1], u[2]) for gid, u in unexpected[:5]))
        C.check("server alive at the end", srv.alive(), srv.log_tail(800))
        C.note("%.1f s in all" % (time.monotonic() - t0))
    except su.ServerError as e:
        C.check("server starts", False, str(e))
    except Down as e:
        C.check("the server answers", False, "%s; log %s" % (e, srv.log_tail(800)))
    except Exception:
        C.check("crash test ran to its end", False, traceback.format_exc())
    finally:
        rc = srv.stop()
        C.check("the server stops on SIGTERM (status 0 or the signal)", rc in (0, -15, None), "status %r" % rc)
        rep = srv.sanitizer_reports()
        C.check("no sanitizer report in the server's log", not rep, "\n".join(rep[:5]) + "\n" + srv.log_tail(3000))
        shutil.rmtree(work, ignore_errors=True)
    return C.finish()


if __name__ == "__main__":
    sys.exit(main())
