"""Shared helpers for the tests of `tavola serve` (no browser).

Server(tavola, ...) starts `tavola serve --port 0 --db FILE ...` as a child
process and reads the port from its line
`tavola serve: listening on http://127.0.0.1:PORT/` (20 s at most); stop()
ends it (SIGTERM, then SIGKILL), kill9() kills it at once. The HTTP helpers
open one connection per request, each with a timeout, and never raise on an
HTTP status: they return (status, headers, body).
"""

import http.client
import json
import os
import re
import selectors
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

TIMEOUT = 15.0          # seconds for any one HTTP request
START_TIMEOUT = 20.0    # seconds for the server's "listening" line

# the source tree: the server and the commands run from here, so that
# ./rulesets is found whatever the build's layout
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

LISTEN_RE = re.compile(rb"tavola serve: listening on http://([0-9.]+):([0-9]+)/")


class ServerError(Exception):
    pass


class Server:
    """A `tavola serve` child process on a temporary (or given) database."""

    def __init__(self, tavola, db=None, rate=0, max_games=None, rules=(),
                 extra=(), tmpdir=None):
        self.tavola = tavola
        self.own_dir = None
        if db is None:
            self.own_dir = tempfile.mkdtemp(prefix="tavola-serve-", dir=tmpdir)
            db = os.path.join(self.own_dir, "games.db")
        self.db = db
        self.rate = rate
        self.max_games = max_games
        self.rules = list(rules)
        self.extra = list(extra)
        self.proc = None
        self.port = None
        self.host = "127.0.0.1"
        self.log_path = db + ".log"
        self._log = None
        self._drain = None

    # -- life --------------------------------------------------------------

    def argv(self):
        a = [self.tavola, "serve", "--port", "0", "--db", self.db]
        if self.rate is not None:
            a += ["--rate", str(self.rate)]
        if self.max_games is not None:
            a += ["--max-games", str(self.max_games)]
        for r in self.rules:
            a += ["--rules", r]
        return a + self.extra

    def start(self):
        self._log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(self.argv(), stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=self._log, cwd=REPO)
        sel = selectors.DefaultSelector()
        sel.register(self.proc.stdout, selectors.EVENT_READ)
        buf = b""
        deadline = time.monotonic() + START_TIMEOUT
        fd = self.proc.stdout.fileno()
        while b"\n" not in buf:
            left = deadline - time.monotonic()
            if left <= 0:
                self.kill9()
                raise ServerError("no 'listening' line in %.0f s; stdout so far %r; log %s"
                                  % (START_TIMEOUT, buf, self.log_tail()))
            if not sel.select(left):
                continue
            chunk = os.read(fd, 4096)
            if not chunk:
                rc = self.proc.wait(5)
                raise ServerError("server exited (status %s) before listening; stdout %r; log %s"
                                  % (rc, buf, self.log_tail()))
            buf += chunk
        sel.close()
        m = LISTEN_RE.search(buf)
        if not m:
            self.kill9()
            raise ServerError("unexpected first line %r" % buf)
        self.host = m.group(1).decode()
        self.port = int(m.group(2))
        # keep reading stdout so that the server never blocks on a full pipe
        self._drain = threading.Thread(target=self._drain_stdout, daemon=True)
        self._drain.start()
        return self

    def _drain_stdout(self):
        try:
            while self.proc and self.proc.stdout.read(4096):
                pass
        except (OSError, ValueError):
            pass

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def returncode(self):
        return None if self.proc is None else self.proc.poll()

    def stop(self, timeout=10):
        """SIGTERM, then SIGKILL after timeout seconds; returns the exit status."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        return self._finish()

    def kill9(self):
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        return self._finish()

    def _finish(self):
        rc = self.proc.returncode
        try:
            self.proc.stdout.close()
        except OSError:
            pass
        if self._log:
            self._log.close()
            self._log = None
        self.proc = None
        return rc

    def log_tail(self, n=2000):
        try:
            with open(self.log_path, "rb") as f:
                data = f.read()
            return data[-n:].decode("utf-8", "replace")
        except OSError:
            return ""

    def sanitizer_reports(self):
        """Lines of the server's log where ASan, UBSan, LSan or TSan spoke."""
        try:
            with open(self.log_path, "rb") as f:
                text = f.read().decode("utf-8", "replace")
        except OSError:
            return []
        pats = ("AddressSanitizer", "LeakSanitizer", "ThreadSanitizer", "runtime error:",
                "UndefinedBehaviorSanitizer")
        return [ln for ln in text.splitlines() if any(p in ln for p in pats)]

    def cleanup(self):
        if self.proc is not None:
            self.kill9()
        if self.own_dir:
            for name in os.listdir(self.own_dir):
                try:
                    os.unlink(os.path.join(self.own_dir, name))
                except OSError:
                    pass
            try:
                os.rmdir(self.own_dir)
            except OSError:
                pass

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    # -- HTTP --------------------------------------------------------------

    def request(self, method, path, body=None, headers=None, timeout=TIMEOUT):
        """One request on a new connection: (status, headers dict (lower-case names), body bytes)."""
        return request(self.host, self.port, method, path, body, headers, timeout)

    def get(self, path, **kw):
        return self.request("GET", path, **kw)

    def get_json(self, path, **kw):
        st, h, b = self.request("GET", path, **kw)
        return st, parse_json(b)

    def post(self, path, fields=None, raw=None, headers=None, **kw):
        """POST a form: fields (a dict or a list of pairs; values str or bytes) or raw bytes."""
        body = raw if raw is not None else form(fields or {})
        hd = {"Content-Type": "application/x-www-form-urlencoded"}
        hd.update(headers or {})
        return self.request("POST", path, body, hd, **kw)

    def post_json(self, path, fields=None, raw=None, **kw):
        st, h, b = self.post(path, fields, raw, **kw)
        return st, parse_json(b)

    def raw(self, data, timeout=TIMEOUT, read_limit=1 << 20):
        """Send bytes as they are on a new socket; the bytes answered until close or timeout."""
        return raw_exchange(self.host, self.port, data, timeout, read_limit)

    # -- the database (read-only) -----------------------------------------

    def db_rows(self, game_id):
        """(the games row as a tuple, the moves rows) of one game, read-only."""
        return db_rows(self.db, game_id)

    def db_query(self, sql, args=()):
        con = sqlite3.connect("file:%s?mode=ro" % urllib.parse.quote(self.db), uri=True,
                              timeout=10)
        try:
            return con.execute(sql, args).fetchall()
        finally:
            con.close()

    def db_snapshot(self, queries):
        """The answers of several queries read in one transaction: one state of
        the database, while the server goes on writing (WAL gives readers a
        snapshot)."""
        con = sqlite3.connect("file:%s?mode=ro" % urllib.parse.quote(self.db), uri=True,
                              timeout=10, isolation_level=None)
        try:
            con.execute("BEGIN")
            out = [con.execute(sql, args).fetchall() for sql, args in queries]
            con.execute("COMMIT")
            return out
        finally:
            con.close()


def db_rows(db, game_id):
    con = sqlite3.connect("file:%s?mode=ro" % urllib.parse.quote(db), uri=True, timeout=10, isolation_level=None)
    try:
        con.execute("BEGIN")  # one snapshot for both
        g = con.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchall()
        m = con.execute("SELECT * FROM moves WHERE game = ? ORDER BY ply", (game_id,)).fetchall()
        con.execute("COMMIT")
        return g, m
    finally:
        con.close()


def form(fields):
    items = fields.items() if isinstance(fields, dict) else fields
    return urllib.parse.urlencode(list(items)).encode("ascii")


def parse_json(body):
    try:
        return json.loads(body.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None


def request(host, port, method, path, body=None, headers=None, timeout=TIMEOUT):
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        hd = dict(headers or {})
        if body is not None and "Content-Length" not in hd:
            hd["Content-Length"] = str(len(body))
        conn.putrequest(method, path, skip_accept_encoding=True)
        for k, v in hd.items():
            conn.putheader(k, v)
        conn.endheaders()
        if body:
            try:
                conn.send(body)
            except (BrokenPipeError, ConnectionResetError):
                pass        # a server may answer (413) and close before reading it all
        r = conn.getresponse()
        data = r.read()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, data
    finally:
        conn.close()


def raw_exchange(host, port, data, timeout=TIMEOUT, read_limit=1 << 20):
    import socket
    s = socket.create_connection((host, port), timeout=timeout)
    out = b""
    try:
        try:
            s.sendall(data)
        except (BrokenPipeError, ConnectionResetError):
            pass
        try:
            s.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        deadline = time.monotonic() + timeout
        while len(out) < read_limit and time.monotonic() < deadline:
            try:
                chunk = s.recv(65536)
            except socket.timeout:
                break
            except ConnectionResetError:
                break
            if not chunk:
                break
            out += chunk
    finally:
        s.close()
    return out


def status_of(raw_answer):
    """The status code of a raw HTTP answer, or None."""
    m = re.match(rb"HTTP/1\.[01] ([0-9]{3})", raw_answer)
    return int(m.group(1)) if m else None


class Checker:
    """Prints one line per check; counts failures."""

    def __init__(self, name):
        self.name = name
        self.failed = []
        self.count = 0
        self.t0 = time.monotonic()

    def check(self, what, ok, detail=""):
        self.count += 1
        if ok:
            print("ok   %s" % what, flush=True)
        else:
            self.failed.append((what, detail))
            print("FAIL %s%s" % (what, (": " + str(detail)) if detail != "" else ""), flush=True)
        return bool(ok)

    def note(self, text):
        print("     %s" % text, flush=True)

    def finish(self):
        dt = time.monotonic() - self.t0
        if self.failed:
            print("%s: %d of %d checks failed (%.1f s)" % (self.name, len(self.failed),
                                                          self.count, dt), flush=True)
            for what, detail in self.failed:
                print("  failed: %s%s" % (what, (": " + str(detail)) if detail != "" else ""))
            return 1
        print("%s: all %d checks passed (%.1f s)" % (self.name, self.count, dt), flush=True)
        return 0


def tavola_arg():
    if len(sys.argv) < 2:
        sys.stderr.write("usage: %s PATH/TO/tavola\n" % sys.argv[0])
        sys.exit(2)
    t = sys.argv[1]
    if not os.path.isfile(t) or not os.access(t, os.X_OK):
        sys.stderr.write("%s: not an executable: %s\n" % (sys.argv[0], t))
        sys.exit(2)
    return os.path.abspath(t)
