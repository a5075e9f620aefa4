"""Record ids: 15 lowercase letters and digits, the format the original system used."""

from __future__ import annotations

import re
import secrets
import string

ALPHABET = string.ascii_lowercase + string.digits
LENGTH = 15
_PATTERN = re.compile(rf"[a-z0-9]{{{LENGTH}}}")


# Each random byte becomes one letter or digit; the bytes past 7 x 36 are dropped, so every
# character is equally likely.
_EVEN = 256 - 256 % len(ALPHABET)
_LETTERS = bytes(ord(ALPHABET[b % len(ALPHABET)]) for b in range(256))
_UNEVEN = bytes(range(_EVEN, 256))
# Ids in a run: this many random characters, then a counter in hexadecimal (which sorts as
# text and uses only letters and digits of the alphabet).
_RUN_PREFIX = 9


def new_id() -> str:
    while True:
        picked = secrets.token_bytes(LENGTH + 4).translate(_LETTERS, _UNEVEN)
        if len(picked) >= LENGTH:
            return picked[:LENGTH].decode()


def run_of_ids(count: int) -> list[str]:
    """Ids for the rows of one import: a random prefix and a counter.

    They sort in the file's order, so 50,000 of them go into the table's index
    one after another instead of all over it.
    """
    width = LENGTH - _RUN_PREFIX
    if count > 16**width:
        raise ValueError("too many ids for one run")
    prefix = new_id()[:_RUN_PREFIX]
    return [f"{prefix}{n:0{width}x}" for n in range(count)]


def is_valid(value: str) -> bool:
    return bool(_PATTERN.fullmatch(value))
