#!/usr/bin/env python3
"""Runs Debian's `age` on a pseudo-terminal and answers its passphrase prompts.

age reads a passphrase only from a terminal, never from stdin or the environment, so the
interop tests drive it here: usage `age_tty.py age-arguments...`, with the passphrase in
$AGE_TTY_PASSPHRASE. Every prompt ("Enter passphrase", "Confirm passphrase") is answered;
the exit status is age's, and what age printed goes to stderr.
"""
import os
import pty
import re
import select
import sys
import time

PROMPT = re.compile(rb"passphrase[^:\n]*: ?$", re.IGNORECASE)


def main() -> int:
    passphrase = os.environ["AGE_TTY_PASSPHRASE"].encode()
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp("age", ["age"] + sys.argv[1:])
    deadline = time.monotonic() + 120
    seen = b""
    transcript = b""
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            os.kill(pid, 9)
            sys.stderr.write("age_tty: age did not finish in 120 s\n")
            return 124
        ready, _, _ = select.select([fd], [], [], remaining)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # EIO: the child closed the terminal
            chunk = b""
        if not chunk:
            break
        transcript += chunk
        seen += chunk
        if PROMPT.search(seen.rstrip(b"\r\n") if seen.endswith(b"\n") else seen):
            os.write(fd, passphrase + b"\n")
            seen = b""
    _, status = os.waitpid(pid, 0)
    sys.stderr.write(transcript.decode(errors="replace"))
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main())
