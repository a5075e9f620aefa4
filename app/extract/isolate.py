"""Run one extraction in a child process the worker can abandon.

A hostile or merely huge document must not hang the worker or eat its
memory. The child runs in its own process group with an address-space limit
(INTAKE_EXTRACT_MEMORY_MB), so the OCR program it starts shares both; after
INTAKE_EXTRACT_TIMEOUT seconds the whole group is killed and the attempt
fails as retryable. Children come from a fork server that has the engine
already imported, so starting one costs milliseconds, and it never forks
the worker's own threads.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import resource
import signal
import sys
import threading
from collections.abc import Callable

from app.extract.document import Document, ExtractionError

_context = multiprocessing.get_context("forkserver")
# Each child re-runs the worker's main module as __mp_main__: `python -m app.cli
# worker` by name, the `intake` script by path (which imports app.cli). With those
# preloaded in the fork server, that costs a millisecond instead of all their imports.
_main = getattr(getattr(sys.modules.get("__main__"), "__spec__", None), "name", None)
_context.set_forkserver_preload(
    ["app.cli", *([_main] if _main else []), "app.extract.engine", "app.extract.llm"]
)


def _die_with_parent(alive) -> None:
    """Kill this process group when the worker goes away (its end of `alive` closes)."""

    def watch() -> None:
        with contextlib.suppress(EOFError, OSError):
            alive.recv()
        os.killpg(0, signal.SIGKILL)

    threading.Thread(target=watch, daemon=True).start()


def _child(function: Callable, document: Document, results, alive, memory_mb: int) -> None:
    os.setpgid(0, 0)
    _die_with_parent(alive)
    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        results.send(("ok", function(document)))
    except ExtractionError as exc:
        results.send(("error", exc.message, exc.retryable, exc.kept))
    except MemoryError:
        results.send(
            (
                "error",
                f"Reading this document needed more than {memory_mb} MB of memory, so it was "
                "stopped. Upload a smaller file (fewer pages, or a lower-resolution scan).",
                False,
            )
        )
    except Exception as exc:  # a bug, reported to the worker rather than lost
        results.send(("crash", f"{exc.__class__.__name__}: {exc}"))


def run_isolated(function: Callable[[Document], dict], document: Document) -> dict:
    """`function(document)` in a child process, within the document's time and memory limits."""
    options = document.options
    receive, send = _context.Pipe(duplex=False)
    alive_child, alive_parent = _context.Pipe(duplex=False)
    process = _context.Process(
        target=_child,
        args=(function, document, send, alive_child, options.memory_mb),
        daemon=True,
    )
    process.start()
    send.close()
    alive_child.close()
    try:
        if not receive.poll(options.timeout):
            raise ExtractionError(
                f"Reading this document took longer than {_seconds(options.timeout)}, "
                "so it was stopped.",
                retryable=True,
            )
        try:
            outcome = receive.recv()
        except EOFError:
            raise ExtractionError(
                "The document reader stopped unexpectedly (the file may be too large or "
                "malformed).",
                retryable=True,
            ) from None
    finally:
        _stop(process)
        alive_parent.close()
        receive.close()
    if outcome[0] == "ok":
        return outcome[1]
    if outcome[0] == "error":
        raise ExtractionError(*outcome[1:])
    raise RuntimeError(outcome[1])


def _seconds(value: float) -> str:
    return f"{value:g} second" + ("" if value == 1 else "s")


def _stop(process) -> None:
    if process.is_alive():
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            process.kill()
    process.join(5)
