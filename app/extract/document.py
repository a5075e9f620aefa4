"""What every extractor takes and how it says it failed."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


class ExtractionError(Exception):
    """The document could not be read. `retryable` says whether waiting could help."""

    def __init__(self, message: str, retryable: bool = False):
        super().__init__(message)
        self.message = message
        self.retryable = retryable


@dataclass(frozen=True)
class Document:
    path: Path
    content_type: str
    filename: str
