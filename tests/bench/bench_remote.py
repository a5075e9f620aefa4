"""Two `intake worker --remote` processes against the server's own worker, on the same uploads.

The remote workers run on this machine but speak only HTTP to an `intake serve
--no-worker` (the extraction loop's API: due, claim, file, process-batch), each
with one thread, so two documents are read at a time as by the built-in
worker's two threads. The figure is what the HTTP loop costs against the
worker that claims from the database itself: the ratio of their batches per
second, measured the same way (`measures.through_the_queue`). Run alone:
`python -m tests.bench.bench_remote`.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from tests.bench import measures
from tests.workers import start_remote_worker, stop

SECRET = "bench-ingest-secret"
DOCUMENTS = 500


def two_remote_workers(folder: Path, docs: list[bytes]) -> dict:
    """The uploads read by two remote workers of one thread each; adds how many each read."""
    server = measures.Server(folder, "--no-worker", INTAKE_INGEST_SECRET=SECRET)
    workers = [
        start_remote_worker(server.url, SECRET, folder / f"machine-{n}", INTAKE_WORKERS="1")
        for n in range(2)
    ]
    try:
        figures = measures.through_the_queue(server, docs)
    finally:
        logs = [stop(worker) for worker in workers]
        server.stop()
    # Each batch a remote worker hands in is one log line naming the record it made.
    return figures | {"split": [log.count('"record_id"') for log in logs]}


def row(built_in: dict, remote: dict) -> tuple[str, str, str, str]:
    ratio = remote["per_second"] / built_in["per_second"]
    return (
        f"7. the same {remote['documents']} uploads read by two `intake worker --remote` "
        "(one thread each) for `intake serve --no-worker`",
        f"{remote['seconds']:.1f} s: {remote['per_second']:.1f} batches/s "
        f"({remote['processed']}/{remote['documents']} processed, "
        f"{' + '.join(map(str, remote['split']))} by each worker); "
        f"ratio to the built-in worker (2) {ratio:.2f}",
        "",
        "",
    )


def main() -> int:
    docs = measures.documents(DOCUMENTS)
    with tempfile.TemporaryDirectory(prefix="intake-bench-") as folder:
        server = measures.Server(Path(folder) / "built-in")
        try:
            built_in = measures.through_the_queue(server, docs)
        finally:
            server.stop()
        remote = two_remote_workers(Path(folder) / "remote", docs)
    print(
        f"built-in worker (2 threads): {built_in['seconds']:.1f} s, "
        f"{built_in['per_second']:.1f} batches/s"
    )
    print("| measure | figure | target | met |\n|---|---|---|---|")
    print("| {} | {} | {} | {} |".format(*row(built_in, remote)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
