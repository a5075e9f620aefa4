"""Previews of photographed documents, scaled with Pillow.

A phone photo of a PO can be 20 MB; the page shows a JPEG at most
PREVIEW_SIDE pixels on its longer side, made once and kept in
`files/previews/<po id>.jpg`, so the raw photo never goes to the browser
unless someone asks to download it. A photo Pillow cannot read gets a
sentence, not a 500.
"""

from __future__ import annotations

import os
from pathlib import Path

from PIL import Image, ImageOps

from app import storage
from app.config import Settings

PREVIEWS = "previews"
PREVIEW_SIDE = 1600
IMAGE_TYPES = ("image/jpeg", "image/png", "image/webp")


class PreviewError(Exception):
    """The document has no preview; the message says what to do instead."""


def preview(settings: Settings, record_id: str, file_path: str) -> Path:
    """The scaled JPEG of a stored photo, made on first use."""
    source = storage.resolve(settings, file_path)
    if not source.exists():
        raise PreviewError("The document's file is missing.")
    target = storage.folder(settings, PREVIEWS) / f"{record_id}.jpg"
    if target.exists() and target.stat().st_mtime >= source.stat().st_mtime:
        return target
    partial = target.with_name(f"{target.name}.{os.getpid()}{storage.PARTIAL_SUFFIX}")
    try:
        with Image.open(source) as image:
            # JPEG can decode straight at a fraction of its size: far less memory and time.
            image.draft("RGB", (PREVIEW_SIDE, PREVIEW_SIDE))
            upright = ImageOps.exif_transpose(image)
            upright.thumbnail((PREVIEW_SIDE, PREVIEW_SIDE))
            upright.convert("RGB").save(partial, "JPEG", quality=80, optimize=True)
        os.replace(partial, target)
    except (OSError, ValueError, Image.DecompressionBombError):
        partial.unlink(missing_ok=True)
        raise PreviewError(
            "This photo cannot be shown as a preview; download the original to see it."
        ) from None
    return target
