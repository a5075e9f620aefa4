"""What every upload's multipart body shares: its boundary, its limit, its file part, its refusals.

A document upload (`app/uploads.py`) and a CSV upload
(`app/imports/receiving.py`) both stream one file part to disk as the body
arrives, hashed on the way and refused as soon as it passes the upload
limit. Here is how each of them reads the boundary, counts and hashes the
file, and turns a full disk or a broken body into a sentence for the person.
It never decides where a file goes or what becomes of it.
"""

from __future__ import annotations

import errno
import hashlib
from typing import BinaryIO

from multipart import MultipartError

from app.config import Settings
from app.file_types import UploadRejected

# Room for the multipart framing and small fields around the file itself.
ENVELOPE = 64 * 1024


def boundary(header: str, what: str) -> bytes:
    """The body's multipart boundary; a refusal telling how to send `what` ('the CSV file')."""
    kind, _, params = header.partition(";")
    if kind.strip().lower() != "multipart/form-data":
        raise UploadRejected(400, f"Send {what} as multipart/form-data in a field named 'file'.")
    for param in params.split(";"):
        key, _, value = param.strip().partition("=")
        if key.lower() == "boundary" and value:
            return value.strip('"').encode("latin-1")
    raise UploadRejected(400, "The multipart upload has no boundary.")


def too_large(settings: Settings) -> UploadRejected:
    return UploadRejected(
        413, f"The file is larger than {settings.max_upload_mb} MB, the upload limit."
    )


class FilePart:
    """The file being written: its name to show, hash and size (each kind of upload adds
    where the file is and `discard()`, which removes it)."""

    def __init__(self, filename: str, handle: BinaryIO):
        self.filename = filename
        self.handle = handle
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


def give_up(part: FilePart | None, exc: BaseException) -> None:
    """After a failed upload: its partial file removed (each part says how), and a full disk
    or a broken body raised as the refusal a person reads; anything else the caller re-raises."""
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
