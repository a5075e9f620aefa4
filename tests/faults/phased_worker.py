"""`intake worker` with its riskiest moments held open, for the kill test.

Between a PO's insert and its commit, and around the file's move, a real
worker spends microseconds: a kill at a random time would almost never land
there. This wrapper (test code, never loaded by Intake itself) writes a mark
to the file named by FAULT_MARKS as each moment begins and then pauses
FAULT_PAUSE seconds, so the test can SIGKILL the process inside it. The code
it wraps is the production code, unchanged.

Marks: extracting (reading the document), copying / copied (the document's
new name being made, before the commit), inserted (the PO and its items
written, not committed), removing / removed (committed; the incoming name being removed).

The test starts the next worker while the current one runs; it waits for a
line on stdin before it starts consuming, so a restart costs no start-up time.
"""

from __future__ import annotations

import os
import sys
import time

from app import pipeline, storage
from app.cli import main
from app.purchase_orders import intake

MARKS = os.environ["FAULT_MARKS"]
PAUSE = float(os.environ.get("FAULT_PAUSE", "0.05"))


def mark(moment: str) -> None:
    fd = os.open(MARKS, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, f"{moment}\n".encode())
    finally:
        os.close(fd)


def hold(module, name: str, before: str | None = None, after: str | None = None) -> None:
    original = getattr(module, name)

    def held(*args, **kwargs):
        if before:
            mark(before)
            time.sleep(PAUSE)
        result = original(*args, **kwargs)
        if after:
            mark(after)
            time.sleep(PAUSE)
        return result

    setattr(module, name, held)


hold(pipeline, "extract", before="extracting")
hold(storage, "place_copy", before="copying", after="copied")
hold(intake, "_record_creation", after="inserted")
hold(storage, "remove", before="removing", after="removed")

if __name__ == "__main__":
    # Started ahead of time by the test, imports done; it goes when told on stdin.
    if sys.stdin.readline().strip() == "go":  # never when the test went away instead
        sys.exit(main(["worker"]))
