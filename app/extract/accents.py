"""Label words as an OCR reads them: a letter with a mark read as another, or without it.

Tesseract's English model reads letters English has not as the nearest it knows:
'Nr. i porosisé' for 'porosisë', 'Cédigo' for 'Código', 'Descripcién', 'Vaéa
narudZbenica' for 'Vaša narudžbenica'. A label's pattern made tolerant here matches
those readings: each letter with a mark it spells inside a word matches the plain
letter or any letter with a mark. A plain letter stays as it is (an OCR seldom adds a
mark), and so does a letter standing alone (a sign, as Czech's 'č.'). Pure: strings
only.
"""

from __future__ import annotations

import functools
import re

_PLAIN = {
    **dict.fromkeys("áàâäãå", "a"),
    **dict.fromkeys("éèêë", "e"),
    **dict.fromkeys("íìîï", "i"),
    **dict.fromkeys("óòôöõø", "o"),
    **dict.fromkeys("úùûü", "u"),
    **dict.fromkeys("ýÿ", "y"),
    # and the consonants with a mark ('Vaéa narudZbenica' for 'Vaša narudžbenica')
    **dict.fromkeys("čćç", "c"),
    **dict.fromkeys("šśş", "s"),
    **dict.fromkeys("žźż", "z"),
    "đ": "d",
    "ď": "d",
    "ł": "l",
    "ľ": "l",
    "ñ": "n",
    "ň": "n",
    "ř": "r",
    "ť": "t",
    "ğ": "g",
}
ACCENTED = "".join(_PLAIN)


def _readings(letter: str) -> str:
    plain = _PLAIN[letter.lower()]
    return plain + plain.upper() + ACCENTED + ACCENTED.upper()


@functools.cache
def tolerant(pattern: str) -> str:
    """The regular expression with each letter with a mark it spells inside a word (a letter
    next to it, outside a range of a character class) matching the plain letter or any
    letter with a mark. A letter standing alone is a sign, as printed ('č.', Czech's
    number sign: read loosely it would be any 'c', 'Client POC')."""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if ch == "[":
            end = _class_end(pattern, i)
            in_word = _letter_at(pattern, i - 1) or _letter_at(pattern, end + 1)
            body = pattern[i : end + 1]
            out.append(_loosened_class(body) if in_word else body)
            i = end + 1
            continue
        in_word = _letter_at(pattern, i - 1) or _letter_at(pattern, i + 1)
        out.append(f"[{_readings(ch)}]" if ch.lower() in _PLAIN and in_word else ch)
        i += 1
    return "".join(out)


def _class_end(pattern: str, start: int) -> int:
    """Where the character class opened at `start` closes (a ']' first in it is one of its
    characters)."""
    i = start + 1 + (pattern[start + 1 : start + 2] == "^")
    i += pattern[i : i + 1] == "]"
    while i < len(pattern) and pattern[i] != "]":
        i += 2 if pattern[i] == "\\" else 1
    return i


def _letter_at(pattern: str, i: int) -> bool:
    return 0 <= i < len(pattern) and pattern[i].isalpha() and pattern[i - 1 : i] != "\\"


def _loosened_class(body: str) -> str:
    out = []
    for k, ch in enumerate(body):
        ranged = body[k - 1 : k] == "-" or body[k + 1 : k + 2] == "-"
        escaped = body[k - 1 : k] == "\\"
        out.append(_readings(ch) if ch.lower() in _PLAIN and not ranged and not escaped else ch)
    return "".join(out)


@functools.cache
def compiled(pattern: str, flags: int = re.IGNORECASE) -> re.Pattern:
    return re.compile(tolerant(pattern), flags)
