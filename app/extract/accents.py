"""Label words as an OCR reads them: a letter with a mark read as another, or without it.

Tesseract's English model reads letters English has not as the nearest it knows:
'Nr. i porosisé' for 'porosisë', 'Cédigo' for 'Código', 'Descripcién', 'Vaéa
narudZbenica' for 'Vaša narudžbenica'. A label's pattern made tolerant here matches
those readings: each letter with a mark it spells matches the plain letter or any
letter with a mark. A plain letter stays as it is (an OCR seldom adds a mark).
Pure: strings only.
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


def _readings(vowel: str) -> str:
    plain = _PLAIN[vowel.lower()]
    return plain + plain.upper() + ACCENTED + ACCENTED.upper()


@functools.cache
def tolerant(pattern: str) -> str:
    """The regular expression with each letter with a mark it spells (outside a range of a
    character class) matching the plain letter or any letter with a mark."""
    out: list[str] = []
    in_class = False
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if in_class:
            if ch == "]":
                in_class = False
            ranged = pattern[i - 1 : i] == "-" or pattern[i + 1 : i + 2] == "-"
            if ch.lower() in _PLAIN and not ranged:
                out.append(_readings(ch))
            else:
                out.append(ch)
        elif ch == "[":
            in_class = True
            # a ']' first in the class is one of its characters
            start = i + 1 + (pattern[i + 1 : i + 2] == "^")
            end = start + (pattern[start : start + 1] == "]")
            out.append(pattern[i:end])
            i = end
            continue
        elif ch.lower() in _PLAIN:
            out.append(f"[{_readings(ch)}]")
        else:
            out.append(ch)
        i += 1
    return "".join(out)


@functools.cache
def compiled(pattern: str, flags: int = re.IGNORECASE) -> re.Pattern:
    return re.compile(tolerant(pattern), flags)
