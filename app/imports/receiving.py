"""Receiving a CSV upload: the multipart body streamed to disk under a new batch id, hashed.

The body is parsed as it arrives (the push parser the PO uploads use) and the
file written to `files/imports/<id>.csv.part`, hashed on the way, and refused
as soon as it passes the upload limit; a complete file is renamed to
`<id>.csv`, where it waits for its preview and its import (the id becomes the
batch's). A refused upload leaves nothing behind; a preview nobody imported
is removed by the sweep an hour later, like any file no batch points at.
"""

from __future__ import annotations

import errno
import hashlib
import os
from collections.abc import AsyncIterator
from pathlib import Path

import anyio
from multipart import MultipartError, MultipartSegment, PushMultipartParser

from app import ids, storage
from app.config import Settings
from app.file_types import UploadRejected
from app.imports.importing import Staged

# Room for the multipart framing around the file.
_ENVELOPE = 64 * 1024


def staged_path(settings: Settings, batch_id: str) -> Path:
    return storage.folder(settings, storage.IMPORTS) / f"{batch_id}.csv"


def _boundary(header: str) -> bytes:
    kind, _, params = header.partition(";")
    if kind.strip().lower() != "multipart/form-data":
        raise UploadRejected(
            400, "Send the CSV file as multipart/form-data in a field named 'file'."
        )
    for param in params.split(";"):
        key, _, value = param.strip().partition("=")
        if key.lower() == "boundary" and value:
            return value.strip('"').encode("latin-1")
    raise UploadRejected(400, "The multipart upload has no boundary.")


class _Part:
    """The file being written: its partial path, hash and size."""

    def __init__(self, path: Path, segment: MultipartSegment):
        self.filename = storage.display_filename(segment.filename or "export.csv")
        self.path = path.with_name(path.name + storage.PARTIAL_SUFFIX)
        self.handle = open(self.path, "xb")  # noqa: SIM115 - closed by finish() or discard()
        self.hash = hashlib.sha256()
        self.size = 0

    def write(self, chunk: bytes, limit: int) -> None:
        self.size += len(chunk)
        if self.size > limit:
            raise UploadRejected(
                413,
                f"{self.filename} is larger than {limit // (1024 * 1024)} MB, the upload limit.",
            )
        self.hash.update(chunk)
        self.handle.write(chunk)

    def finish(self, final: Path) -> None:
        self.handle.flush()
        os.fsync(self.handle.fileno())
        self.handle.close()
        os.replace(self.path, final)
        storage.fsync_dir(final.parent)

    def discard(self) -> None:
        self.handle.close()
        self.path.unlink(missing_ok=True)


async def receive_csv(
    settings: Settings,
    content_type_header: str,
    content_length: int | None,
    body: AsyncIterator[bytes],
) -> Staged:
    """Stream one multipart upload's file to disk; UploadRejected says why it was refused."""
    limit = settings.max_upload_bytes
    if content_length is not None and content_length > limit + _ENVELOPE:
        raise UploadRejected(
            413, f"The file is larger than {settings.max_upload_mb} MB, the upload limit."
        )
    boundary = _boundary(content_type_header)
    batch_id = ids.new_id()
    final = staged_path(settings, batch_id)
    part: _Part | None = None
    current: MultipartSegment | None = None
    try:
        with PushMultipartParser(boundary, max_segment_count=8) as parser:
            async for chunk in body:
                for event in parser.parse(chunk):
                    if isinstance(event, MultipartSegment):
                        current = event
                        if event.filename is not None:
                            if part is not None:
                                raise UploadRejected(400, "Send one CSV file at a time.")
                            part = _Part(final, event)
                    elif event is None:
                        current = None
                    elif current is not None and current.filename is not None and part:
                        part.write(event, limit)
                if parser.closed:
                    break
        if part is None or part.size == 0:
            name = f"{part.filename} is empty" if part else "No file was sent"
            raise UploadRejected(400, f"{name}; choose the CSV export to import.")
        await anyio.to_thread.run_sync(part.finish, final)
    except BaseException as exc:
        if part:
            part.discard()
        if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
            raise UploadRejected(
                507, "The server's disk is full, so the file was not saved. Tell an administrator."
            ) from None
        if isinstance(exc, MultipartError):
            raise UploadRejected(
                400, "The upload was cut off or is not valid multipart data."
            ) from None
        raise
    return Staged(
        batch_id=batch_id,
        filename=part.filename,
        file_path=storage.relative(settings, final),
        sha256=part.hash.hexdigest(),
        size=part.size,
    )


def staged_file(settings: Settings, batch_id: str, filename: str) -> Staged | None:
    """A file an earlier upload left for its preview, as a Staged (None: gone or not ours)."""
    if not ids.is_valid(batch_id):
        return None
    path = staged_path(settings, batch_id)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    return Staged(
        batch_id=batch_id,
        filename=storage.display_filename(filename or "export.csv"),
        file_path=storage.relative(settings, path),
        sha256=hashlib.sha256(raw).hexdigest(),
        size=len(raw),
    )
