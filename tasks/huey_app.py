"""The Huey instance, stored in data/huey.db beside (never inside) the records database.

It starts in immediate mode with memory storage so that importing it touches
no file; `configure()` points it at the data dir once Settings are known.
"""

from __future__ import annotations

from huey import SqliteHuey
from huey.storage import SqliteStorage

from app.config import Settings, private_dir
from app.db import create_private_file
from app.outbox import systems


class QueueStorage(SqliteStorage):
    """Huey's SQLite storage without an fsync on every enqueue and dequeue
    (synchronous=NORMAL, as for the records). A message lost to a power cut
    costs at most one sweep interval: the batch row is the truth, not the queue."""

    def _create_connection(self):
        conn = super()._create_connection()
        conn.execute("PRAGMA synchronous=NORMAL")
        return conn


# Task results are never read: the batch row is the record of what happened.
huey = SqliteHuey("intake", immediate=True, results=False, storage_class=QueueStorage)

_settings: Settings | None = None


def configure(settings: Settings, immediate: bool = False) -> None:
    """Use this data dir; immediate=True runs tasks in the caller (for tests)."""
    global _settings
    _settings = settings
    systems.configure(settings)  # which outside systems this process queues writes for
    huey.storage_kwargs["filename"] = str(settings.huey_path)
    huey.storage_kwargs["timeout"] = settings.busy_timeout_ms / 1000  # as for the records
    if not immediate:
        # Before the storage is made (setting `immediate` makes it): the file is ours alone.
        private_dir(settings.data_dir)
        create_private_file(settings.huey_path)
    huey.immediate = immediate
    if not immediate:
        huey.storage = huey.create_storage()


def settings() -> Settings:
    if _settings is None:
        raise RuntimeError("tasks.huey_app.configure() has not been called")
    return _settings
