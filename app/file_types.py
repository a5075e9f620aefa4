"""What an uploaded file is: its type from its first bytes, and whether an image is safe to open.

The type must agree with what the browser declared (browsers and tools call
the same types by several names). An image is refused when its header
promises more pixels than can be read safely, without decoding it. A refusal
is an `UploadRejected` with the HTTP status and a sentence for the person.
"""

from __future__ import annotations

import warnings
from pathlib import Path

from PIL import Image

from app import storage

ACCEPTED_TEXT = "PDF, JPEG, PNG or WEBP"
# What browsers and tools call the same types.
_DECLARED = {
    "application/pdf": "application/pdf",
    "application/x-pdf": "application/pdf",
    "image/jpeg": "image/jpeg",
    "image/jpg": "image/jpeg",
    "image/pjpeg": "image/jpeg",
    "image/png": "image/png",
    "image/webp": "image/webp",
}
_UNDECLARED = {"", "application/octet-stream", "binary/octet-stream"}
# Pillow's own threshold for a decompression bomb: an image larger than this is refused.
MAX_IMAGE_PIXELS = Image.MAX_IMAGE_PIXELS or 89_478_485


def sniff(head: bytes) -> str | None:
    """The document type from its first bytes, or None when it is none we accept."""
    if head.startswith(b"%PDF-"):
        return "application/pdf"
    if head.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "image/webp"
    return None


def check_type(head: bytes, declared: str | None, filename: str) -> str:
    actual = sniff(head)
    if actual is None:
        raise UploadRejected(
            400, f"{filename} is not a document Intake can read. Upload a {ACCEPTED_TEXT} file."
        )
    declared = (declared or "").split(";")[0].strip().lower()
    if declared not in _UNDECLARED:
        if declared not in _DECLARED:
            raise UploadRejected(
                400, f"{filename} was sent as {declared}; Intake accepts {ACCEPTED_TEXT} files."
            )
        if _DECLARED[declared] != actual:
            raise UploadRejected(
                400,
                f"{filename} was sent as {declared} but its contents are "
                f"{storage.EXTENSIONS[actual][1:].upper()}. Upload the original file.",
            )
    return actual


def check_image(path: Path, filename: str) -> None:
    """Refuse an image whose header promises more pixels than can be read safely.

    Only the header is read, so a small file that would inflate to gigabytes
    (a decompression bomb) costs nothing here.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                width, height = image.size
    except Image.DecompressionBombError:
        width = height = 0
    except (OSError, SyntaxError, ValueError):
        raise UploadRejected(
            400, f"{filename} is a damaged image that cannot be opened; upload the original."
        ) from None
    if width == 0 or width * height > MAX_IMAGE_PIXELS:
        raise UploadRejected(
            400,
            f"{filename} has more pixels than Intake can read safely "
            f"({MAX_IMAGE_PIXELS // 1_000_000} megapixels at most). "
            "Save or scan it at a lower resolution and upload it again.",
        )


class UploadRejected(Exception):
    """The upload cannot be accepted; `status_code` and a message for the person."""

    def __init__(self, status_code: int, message: str):
        super().__init__(message)
        self.status_code = status_code
        self.message = message
