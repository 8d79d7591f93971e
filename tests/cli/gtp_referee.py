#!/usr/bin/env python3
"""A GTP referee: two engines play whole games of Go through the Go Text
Protocol, as a tournament relay drives them (genmove to the side to move,
play to the other), and at the end both are asked final_score.

    gtp_referee.py --size 7 --komi 7.5 --games 2 --limit 98 \
        --engine 'build/tavola gtp go --player mcts:iterations=300' \
        --engine '/usr/games/gnugo --mode gtp --chinese-rules --capture-all-dead --level 1'

The first engine plays Black in the odd games (1, 3, ...) and White in the
even ones; "{game}" in a command line is the game's number (a seed). A game ends after two passes in a row, or at --limit plies (the
ruleset's move limit: tavola's game ends there, GNU Go's does not). Every
move either engine plays must be accepted by the other; every answer must
come within --move-timeout seconds and a game within --game-timeout. One line
per game, then a summary line; exit status 0 when every move was accepted and
every game that ended by two passes got the same final_score from both
(a game cut at the limit is reported, its scores compared but not required
to agree: GNU Go takes off stones it judges dead, tavola counts the board as
it stands). With --observer, a third engine is told every move (and must
accept it) and is asked final_score as well: two GNU Go's playing, tavola
watching, give games with territory on both sides. Python 3 standard
library only.
"""
import argparse
import queue
import shlex
import subprocess
import sys
import tempfile
import threading
import time


class GtpError(Exception):
    pass


class Engine:
    def __init__(self, argv, label):
        self.label = label
        self.err = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.err, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.next_id = 1
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def ask(self, command, timeout):
        """Sends a command with an id; returns (ok, text) of its answer."""
        cid = self.next_id
        self.next_id += 1
        try:
            self.proc.stdin.write("%d %s\n" % (cid, command))
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise GtpError("%s: cannot send '%s' (the engine has gone)" % (self.label, command))
        deadline = time.monotonic() + timeout
        answer = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise GtpError("%s: no answer to '%s' within %g s" % (self.label, command, timeout))
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise GtpError("%s: ended while answering '%s'" % (self.label, command))
            if not answer and line == "":
                continue
            if line == "" and answer:
                break
            answer.append(line)
        head = answer[0]
        prefix = head[0:1]
        rest = head[1:]
        if prefix not in ("=", "?") or not rest.startswith(str(cid)):
            raise GtpError("%s: answer '%s' to '%d %s' is not =%d or ?%d" % (self.label, head, cid, command, cid, cid))
        text = "\n".join([rest[len(str(cid)):].strip()] + answer[1:]).strip()
        return prefix == "=", text

    def must(self, command, timeout):
        ok, text = self.ask(command, timeout)
        if not ok:
            raise GtpError("%s: '%s' failed: ? %s" % (self.label, command, text))
        return text

    def close(self):
        """Quits the engine; None, or what went wrong (an exit status not 0,
        with the end of its stderr: a sanitizer's report)."""
        try:
            self.ask("quit", 5)
        except GtpError:
            pass
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            rc = self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            rc = self.proc.wait()
        self.err.seek(0)
        tail = self.err.read()[-3000:]
        self.err.close()
        if rc != 0:
            return "%s exited with status %d; its stderr ends:\n%s" % (self.label, rc, tail)
        return None


def score_value(text):
    """'B+3.5' -> 3.5, 'W+7' -> -7, '0' -> 0 (Black's margin); None otherwise."""
    t = text.strip().upper()
    if t == "0":
        return 0.0
    try:
        if t.startswith("B+"):
            return float(t[2:])
        if t.startswith("W+"):
            return -float(t[2:])
    except ValueError:
        return None
    return None


def play_game(args, number, out):
    tavola_black = number % 2 == 1
    engines = [Engine(shlex.split(args.engine[i].replace("{game}", str(number))), "engine %d" % (i + 1))
               for i in range(2)]
    if args.observer:
        engines.append(Engine(shlex.split(args.observer.replace("{game}", str(number))), "the observer"))
    black, white = (engines[0], engines[1]) if tavola_black else (engines[1], engines[0])
    start = time.monotonic()
    moves = []
    result = {"ok": True, "agree": None, "moves": 0, "end": "", "scores": ("", "")}
    try:
        for e in engines:
            e.must("boardsize %d" % args.size, args.move_timeout)
            e.must("clear_board", args.move_timeout)
            e.must("komi %s" % args.komi, args.move_timeout)
        passes = 0
        colour = "b"
        while True:
            if time.monotonic() - start > args.game_timeout:
                raise GtpError("game %d: over %g s" % (number, args.game_timeout))
            mover, other = (black, white) if colour == "b" else (white, black)
            vertex = mover.must("genmove " + colour, args.move_timeout)
            if vertex.lower() == "resign":
                raise GtpError("%s resigned (the engines are told never to)" % mover.label)
            moves.append(colour.upper() + " " + vertex)
            for e in [other] + engines[2:]:
                ok, text = e.ask("play %s %s" % (colour, vertex), args.move_timeout)
                if not ok:
                    raise GtpError("%s refused %s's move %d (%s %s): ? %s" %
                                   (e.label, mover.label, len(moves), colour, vertex, text))
            passes = passes + 1 if vertex.lower() == "pass" else 0
            if passes >= 2:
                result["end"] = "two passes"
                break
            if args.limit and len(moves) >= args.limit:
                result["end"] = "the ply limit (%d)" % args.limit
                break
            colour = "w" if colour == "b" else "b"
        scores = [e.must("final_score", args.move_timeout) for e in engines]
        result["scores"] = scores
        values = [score_value(s) for s in scores]
        result["agree"] = values[0] is not None and all(v == values[0] for v in values)
    except GtpError as err:
        result["ok"] = False
        result["error"] = str(err)
    finally:
        for e in engines:
            trouble = e.close()
            if trouble and result["ok"]:
                result["ok"] = False
                result["error"] = trouble
    result["moves"] = len(moves)
    result["seconds"] = time.monotonic() - start
    line = "game %d: %dx%d, engine 1 %s, %d moves" % (number, args.size, args.size,
                                                      "Black" if tavola_black else "White", len(moves))
    if result["ok"]:
        line += ", ended by %s, final_score %s: %s (%.1f s)" % (
            result["end"], " / ".join(result["scores"]),
            "agree" if result["agree"] else "DIFFER", result["seconds"])
    else:
        line += ": FAILED: %s" % result["error"]
    out.write(line + "\n")
    if not result["ok"] or (not result["agree"] and result["end"] == "two passes") or args.verbose:
        out.write("  moves: %s\n" % " ".join(m.split()[1] for m in moves))
    out.flush()
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", action="append", required=True, help="an engine's command line (twice)")
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", default="7.5")
    ap.add_argument("--observer", help="a third engine's command line: told every move, asked final_score too")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--first", type=int, default=1, help="the first game's number (its parity: who is Black)")
    ap.add_argument("--limit", type=int, default=0, help="the ruleset's ply limit (0: none)")
    ap.add_argument("--move-timeout", type=float, default=20)
    ap.add_argument("--game-timeout", type=float, default=60)
    ap.add_argument("--verbose", action="store_true", help="every game's moves")
    args = ap.parse_args()
    if len(args.engine) != 2:
        ap.error("--engine must be given twice")
    played = failed = agreed = differed = cut = 0
    for k in range(args.first, args.first + args.games):
        r = play_game(args, k, sys.stdout)
        played += 1
        if not r["ok"]:
            failed += 1
        elif r["end"] != "two passes":
            cut += 1
            agreed += bool(r["agree"])
        elif r["agree"]:
            agreed += 1
        else:
            differed += 1
    print("referee: %d games, %d failed, %d scored alike, %d scored differently after two passes, "
          "%d cut at the ply limit" % (played, failed, agreed, differed, cut))
    return 0 if failed == 0 and differed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
