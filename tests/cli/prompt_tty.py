"""The play prompt at a terminal (a pseudo-terminal here): libedit's line
editing and history. Each line is sent once the prompt asks for it, so no
timing matters: the Up arrow brings back b2, which is then refused as taken,
Ctrl-A (start of line) with a letter typed there edits a line in place, and
Tab completes a legal move (or a word of the prompt) where one is left.
usage: python3 tests/cli/prompt_tty.py path/to/tavola"""
import os
import pty
import select
import sys
import time

TAVOLA = sys.argv[1] if len(sys.argv) > 1 else "build/tavola"
LIMIT = 60  # seconds in all: a hang fails, nothing else is timed


def main():
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm"
        os.execv(TAVOLA, [TAVOLA, "play", "tictactoe", "--seed", "1"])
    seen = b""
    start = time.monotonic()

    def until(text):
        nonlocal seen
        while text not in seen:
            left = LIMIT - (time.monotonic() - start)
            if left <= 0:
                raise SystemExit("prompt_tty: no %r after %d s; seen:\n%s" % (text, LIMIT, seen.decode(errors="replace")))
            r, _, _ = select.select([fd], [], [], left)
            if r:
                try:
                    chunk = os.read(fd, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise SystemExit("prompt_tty: the command ended; seen:\n" + seen.decode(errors="replace"))
                seen += chunk
        mark = seen.index(text) + len(text)
        seen = seen[mark:]

    until(b"X> ")
    os.write(fd, b"b2\r")
    until(b"O> ")
    os.write(fd, b"\x1b[A\r")          # Up: b2 again
    until(b"b2: the cell is occupied")
    until(b"O> ")
    os.write(fd, b"1\x01a\r")          # "1", Ctrl-A, "a": the line is a1
    until(b"X> ")
    os.write(fd, b"a\t\r")            # Tab: a2 and a3 are left, so "a" stays "a" and is refused
    until(b"'a' is not a move")
    until(b"X> ")
    os.write(fd, b"c\t1\r")           # Tab after c completes nothing alone (c1 c2 c3): c1 typed
    until(b"O> ")
    os.write(fd, b"a3\r")
    until(b"X> ")
    os.write(fd, b"a\t\r")            # a2 is the one a-move left: Tab completes it, and it is played
    until(b"ply 5")
    until(b"O> ")
    os.write(fd, b"qu\t\r")           # and the words: quit
    _, status = os.waitpid(pid, 0)
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        raise SystemExit("prompt_tty: exit status %d" % status)
    print("prompt_tty: history, editing and completion at a terminal: ok")


main()
