"""Opening a PDF safely with pypdf: its pages as layout text, or as the scanned image they hold.

An encrypted, damaged or oversized PDF fails here with a sentence a person
can act on; none of those is worth retrying.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from pypdf import PdfReader
from pypdf.errors import (
    DependencyError,
    FileNotDecryptedError,
    LimitReachedError,
    PdfReadError,
    PyPdfError,
)

from app.extract.document import ExtractionError

MAX_PAGES = 50
LOCKED = "This PDF is password-protected; upload an unlocked copy."


def open_pdf(path: Path) -> PdfReader:
    try:
        reader = PdfReader(path)
        if reader.is_encrypted:
            try:
                reader.decrypt("")
                reader.pages[0].extract_text()
            except (FileNotDecryptedError, PdfReadError, DependencyError, NotImplementedError):
                raise ExtractionError(LOCKED) from None
        if len(reader.pages) > MAX_PAGES:
            raise ExtractionError(
                f"This PDF has {len(reader.pages)} pages; a PO has at most {MAX_PAGES}. "
                "Upload the PO on its own."
            )
    except ExtractionError:
        raise
    except Exception as exc:
        raise _unreadable(exc) from None
    return reader


def _unreadable(exc: Exception) -> ExtractionError:
    if isinstance(exc, LimitReachedError):
        return ExtractionError(
            "This PDF is too complex to read safely (it exceeds the reader's limits). "
            "Print it to a new PDF and upload that, or enter the PO by hand."
        )
    if isinstance(exc, (PyPdfError, ValueError, KeyError, TypeError, AttributeError, OSError)):
        return ExtractionError(
            f"This file could not be read as a PDF ({exc.__class__.__name__}); "
            "it may be damaged. Upload it again from the original."
        )
    raise exc


def page_text(reader: PdfReader, number: int) -> str:
    try:
        return reader.pages[number].extract_text(extraction_mode="layout")
    except Exception as exc:
        raise _unreadable(exc) from None


def page_image(reader: PdfReader, number: int) -> Image.Image | None:
    """The largest picture on a page without text: the scan of that page."""
    try:
        images = list(reader.pages[number].images)
        if not images:
            return None
        largest = max(images, key=lambda im: im.image.width * im.image.height)
        return largest.image
    except Image.DecompressionBombError:
        raise ExtractionError(
            "A page of this PDF holds an image too large to read safely. "
            "Scan it again at a lower resolution (300 dpi is plenty)."
        ) from None
    except Exception as exc:
        raise _unreadable(exc) from None
