"""What every extractor takes and how it says it failed."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


class ExtractionError(Exception):
    """The document could not be read. `retryable` says whether waiting could help; `kept`
    is what a refusal keeps with the failed batch (the document's words, so that a PO typed
    by hand beside it teaches its layout)."""

    def __init__(self, message: str, retryable: bool = False, kept: dict | None = None):
        super().__init__(message)
        self.message = message
        self.retryable = retryable
        self.kept = kept

    def __reduce__(self):  # crosses from the extraction process to the worker intact
        return (ExtractionError, (self.message, self.retryable, self.kept))


@dataclass(frozen=True)
class ExtractOptions:
    """How to read: which engine, how dates are written, the limits on one document, and
    what the office knows that a document must agree with: its own company's names (never
    the supplier), its sites' codes and aliases (a project code is checked against them),
    its suppliers' names (what proves a name the OCR read), the day dates are judged from
    (ISO; empty is the machine's today), and the layouts learned from verified POs."""

    extractor: str = "builtin"  # builtin | llm
    day_first: bool = True
    buyer_names: tuple[str, ...] = ()
    site_codes: tuple[str, ...] = ()
    supplier_names: tuple[str, ...] = ()
    today: str = ""
    ocr_engine: str = "tesseract"  # tesseract | rapidocr
    ocr_language: str = "eng"  # tesseract's models, as its -l takes them: eng, Latin, eng+Latin
    timeout: float = 60.0
    memory_mb: int = 2048
    llm_base_url: str = ""
    llm_model: str = ""
    llm_api_key: str = ""
    # the layouts learned from verified POs (app/layouts.py): the child has no database
    layouts: tuple[dict, ...] = ()

    @classmethod
    def from_settings(cls, settings) -> ExtractOptions:
        return cls(
            extractor=settings.extractor,
            day_first=settings.day_first,
            buyer_names=settings.buyer_names,
            ocr_engine=settings.ocr_engine,
            ocr_language=settings.ocr_language,
            timeout=settings.extract_timeout,
            memory_mb=settings.extract_memory_mb,
            llm_base_url=settings.llm_base_url,
            llm_model=settings.llm_model,
            llm_api_key=settings.llm_api_key,
        )


@dataclass(frozen=True)
class Document:
    path: Path
    content_type: str
    filename: str
    options: ExtractOptions = field(default_factory=ExtractOptions)
