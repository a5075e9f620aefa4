"""Record ids: 15 lowercase letters and digits, the format the original system used."""

from __future__ import annotations

import re
import secrets
import string

ALPHABET = string.ascii_lowercase + string.digits
LENGTH = 15
_PATTERN = re.compile(rf"[a-z0-9]{{{LENGTH}}}")


def new_id() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def is_valid(value: str) -> bool:
    return bool(_PATTERN.fullmatch(value))
