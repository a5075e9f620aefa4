"""Receiving an uploaded document: stream it to disk, check it, make it a batch.

The multipart body is parsed as it arrives and the file part written straight
to `files/incoming/<batch id>.part`, hashed on the way, so memory stays flat
for a 20 MB photo and an oversized upload is refused as soon as it passes the
limit. The type comes from the file's first bytes and must agree with what
the browser declared. Nothing is left behind by a refused upload: the partial
file is removed before the error is returned.

A process killed mid-upload cannot clean up after itself, so every upload
holds an exclusive lock on its file until its batch row is committed (or the
file removed). When the web app starts, `remove_abandoned()` deletes each
incoming file that no live process holds and no batch points at.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import json
import logging
import os
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import BinaryIO

import anyio
from multipart import MultipartError, MultipartSegment, PushMultipartParser
from sqlite_utils import Database

from app import clock, queue, storage
from app.config import Settings
from app.enqueue import enqueue
from app.file_types import UploadRejected, check_image, check_type
from app.ids import new_id

log = logging.getLogger("intake")

_FIELD_LIMIT = 4096
# The upload dialog's choice of type (its `document_type` field) -> the batch type;
# "Work it out" leaves the type to be read from the document.
CHOSEN_TYPES = {
    "auto": "documents",
    "purchase_order": "purchase_orders",
    "delivery_note": "delivery_notes",
}
FROM_FORM = "from_form"
# Room for the multipart framing and small fields around the file itself.
_ENVELOPE = 64 * 1024


@dataclass
class ReceivedFile:
    batch_id: str
    path: Path
    content_type: str
    original_filename: str
    sha256: str
    size: int
    fields: dict[str, str] = field(default_factory=dict)
    # The open, locked file: held until register() has settled the file's fate.
    handle: BinaryIO | None = field(default=None, repr=False)

    def settle(self, keep: bool) -> None:
        """Keep the file (its row is committed) or remove it; then let go of the lock."""
        if self.handle is None:
            return
        if not keep:
            self.path.unlink(missing_ok=True)
        self.handle.close()
        self.handle = None

    def abandon(self) -> None:
        """Remove the file unless register() already settled it: for a request cut short."""
        self.settle(keep=False)


def _create_locked(path: Path) -> BinaryIO:
    """Create the file and hold an exclusive lock on it.

    Should remove_abandoned() have locked and removed the new, empty file
    before we locked it, its link count is 0: make it again.
    """
    while True:
        # Readable by this user only; closed by discard() or ReceivedFile.settle().
        handle = os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb")
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        if os.fstat(handle.fileno()).st_nlink:
            return handle
        handle.close()


def _boundary(content_type_header: str) -> bytes:
    kind, _, params = content_type_header.partition(";")
    if kind.strip().lower() != "multipart/form-data":
        raise UploadRejected(
            400, "Send the document as multipart/form-data in a field named 'file'."
        )
    for param in params.split(";"):
        key, _, value = param.strip().partition("=")
        if key.lower() == "boundary" and value:
            return value.strip('"').encode("latin-1")
    raise UploadRejected(400, "The multipart upload has no boundary.")


class _FilePart:
    """The one file being written: its partial path, hash, size and first bytes."""

    def __init__(self, settings: Settings, batch_id: str, segment: MultipartSegment):
        self.declared = segment.content_type
        self.chosen = bool(segment.filename)  # browsers send filename="" when none was chosen
        self.filename = storage.display_filename(segment.filename)
        self.path = storage.folder(settings, storage.INCOMING) / (batch_id + storage.PARTIAL_SUFFIX)
        self.handle = _create_locked(self.path)
        self.hash = hashlib.sha256()
        self.size = 0
        self.head = b""

    def write(self, chunk: bytes, limit: int) -> None:
        self.size += len(chunk)
        if self.size > limit:
            raise UploadRejected(
                413,
                f"{self.filename} is larger than {limit // (1024 * 1024)} MB, the upload limit.",
            )
        if len(self.head) < 16:
            self.head += chunk[: 16 - len(self.head)]
        self.hash.update(chunk)
        self.handle.write(chunk)

    def finish(self) -> None:
        """Flush to disk; the handle (and its lock) stays open for register()."""
        self.handle.flush()
        os.fsync(self.handle.fileno())

    def discard(self) -> None:
        self.path.unlink(missing_ok=True)  # while still holding the lock
        # Closing flushes what is still buffered: on a full disk that fails again, and
        # must not hide why the upload was refused. The file is closed either way.
        with contextlib.suppress(OSError):
            self.handle.close()


def _finalise(part: _FilePart, batch_id: str, content_type: str) -> Path:
    """Make the received file durable under its final name."""
    part.finish()
    if content_type.startswith("image/"):
        check_image(part.path, part.filename)
    final = part.path.with_name(storage.stored_name(batch_id, content_type))
    os.replace(part.path, final)
    part.path = final
    storage.fsync_dir(final.parent)
    return final


def _too_large(settings: Settings) -> UploadRejected:
    return UploadRejected(
        413, f"The file is larger than {settings.max_upload_mb} MB, the upload limit."
    )


async def receive_file(
    settings: Settings,
    content_type_header: str,
    content_length: int | None,
    body: AsyncIterator[bytes],
    check_fields: Callable[[dict[str, str]], None] | None = None,
) -> ReceivedFile:
    """Stream one multipart upload to disk; UploadRejected says why it was refused.

    `check_fields`, when given, is called with the form's other fields once
    the form is read, and refuses the upload by raising.
    """
    limit = settings.max_upload_bytes
    if content_length is not None and content_length > limit + _ENVELOPE:
        raise _too_large(settings)
    boundary = _boundary(content_type_header)
    batch_id = new_id()
    part: _FilePart | None = None
    files_seen = 0
    fields: dict[str, str] = {}
    current: MultipartSegment | None = None
    text = bytearray()
    received = 0
    try:
        with PushMultipartParser(boundary, max_segment_count=16) as parser:
            async for chunk in body:
                received += len(chunk)
                if received > limit + _ENVELOPE:  # however the body is framed, never more
                    raise _too_large(settings)
                for event in parser.parse(chunk):
                    if isinstance(event, MultipartSegment):
                        current, text = event, bytearray()
                        if event.filename is not None:
                            files_seen += 1
                            if files_seen > 1:
                                raise UploadRejected(400, "Send one file per upload.")
                            part = _FilePart(settings, batch_id, event)
                    elif event is None:
                        if current is not None and current.filename is None:
                            fields[current.name or ""] = text.decode("utf-8", "replace")
                        current = None
                    elif current is not None and current.filename is not None and part:
                        part.write(event, limit)
                    else:
                        text += event
                        if len(text) > _FIELD_LIMIT:
                            raise UploadRejected(400, "A form field in the upload is too long.")
                if parser.closed:
                    break
        if check_fields is not None:
            check_fields(fields)
        if part is None or (part.size == 0 and not part.chosen):
            raise UploadRejected(400, "No file was sent; choose a document to upload.")
        if part.size == 0:
            raise UploadRejected(
                400, f"{part.filename} is empty (0 bytes); choose the document again."
            )
        content_type = check_type(part.head, part.declared, part.filename)
        # fsyncs block for milliseconds: off the event loop, so other requests go on
        final = await anyio.to_thread.run_sync(_finalise, part, batch_id, content_type)
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
    return ReceivedFile(
        batch_id=batch_id,
        path=final,
        content_type=content_type,
        original_filename=part.filename,
        sha256=part.hash.hexdigest(),
        size=part.size,
        fields=fields,
        handle=part.handle,
    )


def register(
    db: Database,
    settings: Settings,
    received: ReceivedFile,
    uploaded_by: str | None,
    now: datetime,
    batch_type: str = "purchase_orders",
) -> str:
    """Write the pending batch for a received file; the file is removed if that fails."""
    keep = False
    try:
        queue.create_batch(
            db,
            batch_id=received.batch_id,
            batch_type=batch_type,
            content_type=received.content_type,
            original_filename=received.original_filename,
            file_path=storage.relative(settings, received.path),
            sha256=received.sha256,
            size=received.size,
            uploaded_by=uploaded_by,
            now=now,
        )
        keep = True
    finally:
        received.settle(keep)
    return received.batch_id


async def receive_upload(
    db: Database,
    settings: Settings,
    content_type_header: str,
    content_length: int | None,
    body: AsyncIterator[bytes],
    uploaded_by: str | None,
    batch_type: str = "purchase_orders",
    check_fields: Callable[[dict[str, str]], None] | None = None,
) -> str:
    """Stream an upload to disk, write its pending batch, enqueue it: the batch id.

    Shared by the API and the upload dialog; raises UploadRejected for a bad file.
    `batch_type` FROM_FORM takes it from the dialog's `document_type` field.
    """
    started = time.monotonic()
    received = await receive_file(settings, content_type_header, content_length, body, check_fields)
    if batch_type == FROM_FORM:
        chosen = (received.fields.get("document_type") or "auto").strip()
        if chosen not in CHOSEN_TYPES:
            received.abandon()
            raise UploadRejected(
                400, "Choose what the document is: work it out, purchase order or delivery note."
            )
        batch_type = CHOSEN_TYPES[chosen]

    def register_and_enqueue() -> str:
        batch_id = register(db, settings, received, uploaded_by, clock.now(), batch_type)
        enqueue(batch_id)
        return batch_id

    try:
        batch_id = await anyio.to_thread.run_sync(register_and_enqueue)
    finally:
        received.abandon()  # a request cut short before its row was written leaves no file
    log.info(
        "[po-upload] %s",
        json.dumps(
            {
                "batch_id": batch_id,
                "filename": received.original_filename,
                "size": received.size,
                "contentType": received.content_type,
                "duration_ms": round((time.monotonic() - started) * 1000),
            }
        ),
    )
    return batch_id


def remove_abandoned(db: Database, settings: Settings) -> list[str]:
    """Remove incoming files no live upload holds and no batch points at.

    What a web process killed mid-upload leaves: a partial file, or a whole
    one whose batch row never committed. Run when the web app starts.
    """
    incoming = settings.files_dir / storage.INCOMING
    removed: list[str] = []
    if not incoming.is_dir():
        return removed
    for path in sorted(incoming.iterdir()):
        try:
            handle = open(path, "rb")  # noqa: SIM115 - closed below
        except (FileNotFoundError, IsADirectoryError):
            continue
        with handle:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                continue  # an upload in progress in a live process
            relative = storage.relative(settings, path)
            if path.name.endswith(storage.PARTIAL_SUFFIX) or not storage.is_referenced(
                db, relative
            ):
                path.unlink(missing_ok=True)
                removed.append(relative)
    return removed
