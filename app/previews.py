"""Previews of photographed documents, scaled with Pillow in a child process.

A phone photo of a PO can be 20 MB; the page shows a JPEG at most
PREVIEW_SIDE pixels on its longer side, made once per stored file and kept
in `files/previews/<stored name>.jpg` (a revision's new document gets its
own), so the raw photo never goes to the browser unless someone asks to
download it. A photo Pillow cannot read gets a sentence, not a 500.

Decoding a photo takes memory in proportion to its pixels (a small PNG of
89 megapixels needs over 250 MB), so the web process never does it: each
preview is made by `python -m app.previews` under the extraction limits
(INTAKE_EXTRACT_MEMORY_MB of address space, INTAKE_EXTRACT_TIMEOUT seconds),
and at most MAX_BUILDS are made at once.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import threading
from pathlib import Path

from PIL import Image, ImageOps

from app import storage
from app.config import Settings

PREVIEWS = "previews"
PREVIEW_SIDE = 1600
IMAGE_TYPES = ("image/jpeg", "image/png", "image/webp")
# Previews made at the same time; a request for another waits up to WAIT_SECONDS for its turn.
MAX_BUILDS = 2
WAIT_SECONDS = 30
_builds = threading.BoundedSemaphore(MAX_BUILDS)
CANNOT = "This photo cannot be shown as a preview; download the original to see it."


class PreviewError(Exception):
    """The document has no preview; the message says what to do instead."""


class PreviewsBusy(Exception):
    """Every preview builder is taken; the request may try again shortly."""


def preview(settings: Settings, file_path: str) -> Path:
    """The scaled JPEG of a stored photo, made on first use."""
    source = storage.resolve(settings, file_path)
    if not source.exists():
        raise PreviewError("The document's file is missing.")
    # Stored names are record ids, unique per file: the cache can never serve another file.
    target = storage.folder(settings, PREVIEWS) / f"{source.stem}.jpg"
    if _is_fresh(target, source):
        return target
    if not _builds.acquire(timeout=WAIT_SECONDS):
        raise PreviewsBusy("Previews are being made for others just now; try again shortly.")
    try:
        if not _is_fresh(target, source):  # made by another request while this one waited
            _build(settings, source, target)
    finally:
        _builds.release()
    return target


def forget(settings: Settings, file_path: str) -> None:
    """The scaled copy of a stored file that is gone (a discarded batch's, its time up)."""
    stem = Path(file_path).stem
    (storage.folder(settings, PREVIEWS) / f"{stem}.jpg").unlink(missing_ok=True)


def _is_fresh(target: Path, source: Path) -> bool:
    return target.exists() and target.stat().st_mtime >= source.stat().st_mtime


def _build(settings: Settings, source: Path, target: Path) -> None:
    partial = target.with_name(f"{target.name}.{threading.get_ident()}{storage.PARTIAL_SUFFIX}")
    command = [sys.executable, "-m", "app.previews", str(source), str(partial)]
    try:
        done = subprocess.run(
            [*command, str(settings.extract_memory_mb)],
            capture_output=True,
            timeout=settings.extract_timeout,
            check=False,
        )
        if done.returncode != 0:
            raise PreviewError(CANNOT)
        os.replace(partial, target)
    except subprocess.TimeoutExpired:
        raise PreviewError(CANNOT) from None
    finally:
        partial.unlink(missing_ok=True)


def scale(source: Path, target: Path) -> None:
    """Write the preview of `source` to `target` (new, readable by this user only)."""
    with Image.open(source) as image:
        # JPEG can decode straight at a fraction of its size: far less memory and time.
        image.draft("RGB", (PREVIEW_SIDE, PREVIEW_SIDE))
        upright = ImageOps.exif_transpose(image)
        upright.thumbnail((PREVIEW_SIDE, PREVIEW_SIDE))
        with os.fdopen(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as out:
            upright.convert("RGB").save(out, "JPEG", quality=80, optimize=True)


def main(argv: list[str]) -> int:
    """The child: `python -m app.previews SOURCE TARGET MEMORY_MB`; 0 when the preview is made."""
    source, target, memory_mb = Path(argv[0]), Path(argv[1]), int(argv[2])
    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        scale(source, target)
    except (OSError, ValueError, MemoryError, Image.DecompressionBombError):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
