"""Photos and scans to positioned words: load safely, flatten and turn upright, OCR locally.

Two local engines: Debian's `tesseract` (the default; see docs/reading.md for
the measurements behind the choice) and `rapidocr-onnxruntime`, whose models
ship inside its wheel. Neither downloads anything at run time. Tesseract reads a
page in the language models the settings name (English unless told otherwise); a
model that is not installed is left out, never an error. Pillow's
decompression-bomb guard stays on: an image larger than it allows is refused.
"""

from __future__ import annotations

import functools
import io
import os
import re
import shutil
import subprocess
import tempfile
import warnings
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw, ImageOps, UnidentifiedImageError

from app.extract import sheet
from app.extract.document import ExtractionError
from app.extract.layout import Box

# Largest side we OCR at; a 12-megapixel phone photo is scaled down to this.
MAX_SIDE = 3000
# A page narrower than this is scaled up: the OCR reads small print badly.
MIN_WIDTH = 1100
# Words read from an upright page average 0.85 to 0.96 confidence; from a page on its side
# or upside down, under 0.6.
UPRIGHT_CONFIDENCE = 0.7
# The heights, in pixels, a line's area is enlarged to when it is read again: letters some
# 30 and 45 pixels high, the sizes tesseract reads best.
AGAIN = (55, 80)
# Turning the page clockwise by so many degrees, without loss.
TURNS = {
    90: Image.Transpose.ROTATE_270,
    180: Image.Transpose.ROTATE_180,
    270: Image.Transpose.ROTATE_90,
}


def load_image(source: Path | bytes | Image.Image) -> Image.Image:
    """An image as upright 8-bit greyscale; palette, alpha and CMYK images flattened first."""
    if isinstance(source, Image.Image):
        image = source
    else:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error", Image.DecompressionBombWarning)
                image = Image.open(io.BytesIO(source) if isinstance(source, bytes) else source)
                image.load()
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise ExtractionError(
                "This image is too large to read safely (it has more pixels than a page photo "
                "needs). Upload a smaller photo or a PDF."
            ) from None
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
            raise ExtractionError(
                "This image could not be read; it may be damaged. Upload it again from the "
                "original."
            ) from None
    image = ImageOps.exif_transpose(image)  # phones store 'turned sideways' in EXIF
    if image.mode in ("P", "PA", "LA", "RGBA", "CMYK", "I;16", "I", "F", "1"):
        if image.mode in ("P", "PA"):
            image = image.convert("RGBA")
        if image.mode in ("RGBA", "LA"):
            white = Image.new("RGBA", image.size, (255, 255, 255, 255))
            image = Image.alpha_composite(white, image.convert("RGBA"))
        image = image.convert("RGB")
    return _sized(image.convert("L"))


def _sized(image: Image.Image) -> Image.Image:
    """The image at a size the OCR reads well: phone photos down, small scans up."""
    scale = min(1.0, MAX_SIDE / max(image.size))
    if image.width < MIN_WIDTH:
        scale = MIN_WIDTH / image.width
    if scale != 1.0:
        size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
        image = image.resize(size, Image.LANCZOS)
    return image


def _long_runs(values: bytes, width: int, height: int, least: int, length: int):
    """(row, start, end) of each run of at least `length` values of at least `least`."""
    for y in range(height):
        start = None
        for x, value in enumerate([*values[y * width : (y + 1) * width], 0]):
            if value >= least and start is None:
                start = x
            elif value < least and start is not None:
                if x - start >= length:
                    yield y, start, x
                start = None


def find_rules(image: Image.Image, cell: int = 8) -> Image.Image:
    """A mask of the page's ruled lines (the borders of its tables and boxes).

    A rule is a run of ink far longer than any letter: 8 % of the width
    across, 4 % of the height down, found on a grid of `cell`-pixel blocks so
    the search stays fast.
    """
    width, height = image.size
    ink = image.point(lambda v: 255 if v < 150 else 0)
    least = round(255 * 0.85)
    mask = Image.new("L", image.size, 0)
    draw = ImageDraw.Draw(mask)
    columns, rows = -(-width // cell), -(-height // cell)
    across = ink.resize((columns, height), Image.BOX).tobytes()
    for y, a, b in _long_runs(across, columns, height, least, max(3, round(0.08 * columns))):
        draw.rectangle((a * cell - cell, y - 1, b * cell + cell, y + 1), fill=255)
    down = ink.resize((width, rows), Image.BOX).transpose(Image.Transpose.TRANSPOSE).tobytes()
    for x, a, b in _long_runs(down, rows, width, least, max(3, round(0.04 * rows))):
        draw.rectangle((x - 1, a * cell - cell, x + 1, b * cell + cell), fill=255)
    return mask


def remove_rules(image: Image.Image) -> Image.Image:
    """The page with its ruled lines painted over in paper colour.

    Used for the second look at a table's numbers: the OCR reads a lone digit
    that touches a cell's border as part of the border (the '2' in '| 2|').
    (Not for the whole page: there the rules help the OCR keep cells apart.)
    """
    mask = find_rules(image)
    if not mask.getbbox():
        return image
    histogram = image.histogram()
    paper = max(range(128, 256), key=lambda v: histogram[v])
    out = image.copy()
    out.paste(paper, mask=mask)
    return out


def run_tesseract(
    image: Image.Image, arguments: list[str], timeout: float
) -> subprocess.CompletedProcess:
    """One tesseract run on the image, on one thread: its OpenMP threads spin waiting on each
    other when the cores are shared (with the other worker, or a second document), and a page
    then takes four times the processor time and longer by the clock."""
    png = io.BytesIO()
    image.save(png, "PNG", compress_level=1)
    return subprocess.run(
        ["tesseract", "stdin", "stdout", *arguments],
        input=png.getvalue(),
        capture_output=True,
        timeout=timeout,
        check=False,
        env={**os.environ, "OMP_THREAD_LIMIT": "1"},
    )


@functools.cache
def _models() -> tuple[Path | None, frozenset[str]]:
    """The folder tesseract's language models are in, and their names, as `tesseract
    --list-langs` says them; (None, none) when it cannot say."""
    try:
        done = subprocess.run(
            ["tesseract", "--list-langs"], capture_output=True, timeout=30, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None, frozenset()
    said = done.stdout.decode("utf-8", "replace").splitlines()
    folder = re.search(r'"([^"]+)"', said[0]) if said else None  # in its heading line
    names = frozenset(name.strip() for name in said[1:] if name.strip())
    return (Path(folder.group(1)) if folder else None), names


def installed_languages() -> frozenset[str]:
    """The language models tesseract has (`tesseract --list-langs`); none when it cannot say."""
    return _models()[1]


# The Latin-script model without its word list (88 of its 89 MB): tesseract loads that list on
# every run, some 0.3 s, and reads printed descriptions as well without it (measured on the
# dev families' photos: the same items read right). Made once from the installed model.
LETTERS = "LatinLetters"
_WORD_LIST = "lstm-word-dawg"


@functools.cache
def letters_model() -> list[str]:
    """tesseract's arguments that read with the Latin-script model without its word list:
    made on first use, with the configs tesseract looks for beside a model ('tsv'), in a
    folder of our own (one made by another user of the machine is not trusted); the whole
    Latin model when it cannot be made, English's (no arguments) when Latin's is not
    installed."""
    system = _models()[0]
    if "Latin" not in installed_languages() or system is None:
        return []
    default = Path(tempfile.gettempdir()) / f"intake-ocr-{os.getuid()}"
    folder = Path(os.environ.get("INTAKE_OCR_MODELS") or default)
    model, config = folder / f"{LETTERS}.traineddata", folder / "configs" / "tsv"
    try:
        if not (model.is_file() and model.stat().st_size and config.is_file()):
            _make_letters_model(system, folder)
        if folder.stat().st_uid != os.getuid() or model.stat().st_uid != os.getuid():
            return ["-l", "Latin"]
    except (OSError, subprocess.SubprocessError):
        return ["-l", "Latin"]
    return ["--tessdata-dir", str(folder), "-l", LETTERS]


def _make_letters_model(system: Path, folder: Path) -> None:
    """Latin.traineddata's parts but its word list, combined as LETTERS, with the system's
    configs; each put in place whole or not at all."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder) as work:
        parts = Path(work)
        subprocess.run(
            ["combine_tessdata", "-u", str(system / "Latin.traineddata"), f"{parts}/Latin."],
            capture_output=True,
            timeout=120,
            check=True,
        )
        for part in parts.glob("Latin.*"):
            if part.name.endswith(_WORD_LIST):
                part.unlink()
            else:
                part.rename(parts / f"{LETTERS}.{part.name[len('Latin.') :]}")
        subprocess.run(
            ["combine_tessdata", f"{parts}/{LETTERS}."],
            capture_output=True,
            timeout=120,
            check=True,
        )
        if not (folder / "configs" / "tsv").is_file():
            shutil.rmtree(folder / "configs", ignore_errors=True)  # (emptied by a cleaner)
            shutil.copytree(system / "configs", parts / "configs")
            try:
                os.replace(parts / "configs", folder / "configs")
            except OSError:
                if not (folder / "configs" / "tsv").is_file():  # (another worker's is kept)
                    raise
        os.replace(parts / f"{LETTERS}.traineddata", folder / f"{LETTERS}.traineddata")


def usable_language(wanted: str) -> str:
    """The models of `wanted` ('Latin', 'eng+Latin') that are installed, as tesseract's -l
    takes them; English when none is: a missing model costs its letters, not the page."""
    models = [model for model in wanted.split("+") if model in installed_languages()]
    return "+".join(models) or "eng"


def tesseract_boxes(image: Image.Image, timeout: float = 60, language: str = "eng") -> list[Box]:
    if shutil.which("tesseract") is None:
        raise ExtractionError(
            "The OCR engine (tesseract) is not installed on this server, so photos and scans "
            "cannot be read. Ask an administrator to run `make run` as root once, then retry.",
            retryable=True,
        )
    done = run_tesseract(image, ["-l", usable_language(language), "--psm", "11", "tsv"], timeout)
    if done.returncode != 0:
        raise ExtractionError(
            "The OCR engine could not read this image; upload a clearer photo or a PDF.",
            retryable=False,
        )
    boxes = []
    for row in done.stdout.decode("utf-8", "replace").splitlines()[1:]:
        fields = row.split("\t")
        if len(fields) < 12 or fields[0] != "5" or not fields[11].strip():
            continue
        conf = float(fields[10])
        if conf < 0:
            continue
        left, top, width, height = (float(v) for v in fields[6:10])
        boxes.append(Box(fields[11], left, top, width, height, conf / 100))
    return boxes


_rapid = None


def rapidocr_boxes(image: Image.Image, timeout: float = 60) -> list[Box]:
    """RapidOCR reads phrases; each is split into words at its spaces, placed proportionally."""
    global _rapid
    try:
        import numpy
        from rapidocr_onnxruntime import RapidOCR
    except ImportError:
        raise ExtractionError(
            "INTAKE_OCR_ENGINE=rapidocr needs the rapidocr-onnxruntime package; "
            "install it (pip install rapidocr-onnxruntime) or use tesseract.",
            retryable=True,
        ) from None
    if _rapid is None:
        _rapid = RapidOCR()
    result, _ = _rapid(numpy.array(image.convert("RGB")))
    boxes = []
    for points, text, conf in result or []:
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
        per_char = (right - left) / max(len(text), 1)
        offset = 0
        for word in text.split(" "):
            if word:
                start = left + offset * per_char
                boxes.append(Box(word, start, top, len(word) * per_char, bottom - top, conf))
            offset += len(word) + 1
    return boxes


ENGINES = {"tesseract": tesseract_boxes, "rapidocr": rapidocr_boxes}


def page_reader(
    engine: str = "tesseract", language: str = "eng"
) -> Callable[[Image.Image, float], list[Box]]:
    """What reads a page's words: tesseract in `language`, or RapidOCR with its own models."""
    if engine == "tesseract":
        return functools.partial(tesseract_boxes, language=language)
    return ENGINES[engine]


def read_image(
    image: Image.Image, engine: str = "tesseract", timeout: float = 60, language: str = "eng"
) -> tuple[Image.Image, list[Box]]:
    """The page as the OCR saw it (flat, upright, level, cropped) and the words it read.

    A page photographed on its side or upside down, with no EXIF tag to say so,
    reads as words the OCR is unsure of. Only then is tesseract asked which way
    up the page is and which script it is in (that costs about as much as a
    reading): the page turned that way is kept when it reads with more
    confidence, and a page in another script than ours is read again with that
    script's model beside ours, that reading kept when it is the surer.
    """
    read = page_reader(engine, language)
    flat = sheet.flatten(load_image(image))
    page = sheet.straighten(flat)
    boxes = read(page, timeout)
    if engine != "tesseract" or _confidence(boxes) >= UPRIGHT_CONFIDENCE:
        return page, boxes
    # before the tilt: levelling a page on its side skews it
    turn, script = page_layout(flat, timeout)
    if turn:
        turned = sheet.straighten(_sized(flat.transpose(TURNS[turn])))
        again = read(turned, timeout)
        if _confidence(again) > _confidence(boxes):
            page, boxes = turned, again
    other = _with_script(language, script)
    if other:  # a page in another script: read again with that script's model beside ours
        again = page_reader(engine, other)(page, timeout)
        if _confidence(again) > _confidence(boxes):
            boxes = again
    return page, boxes


def _with_script(language: str, script: str | None) -> str | None:
    """The models to read a page in `script` with: ours and the script's, when it is another
    than ours and its model is installed; else None."""
    if not script or script in ("Latin", "Common") or script in language.split("+"):
        return None
    return f"{language}+{script}" if script in installed_languages() else None


def _confidence(boxes: list[Box]) -> float:
    return sum(box.conf for box in boxes) / len(boxes) if boxes else 0.0


def orientation(image: Image.Image, timeout: float = 60) -> int:
    """How far (degrees clockwise: 0, 90, 180 or 270) tesseract's orientation detection
    says to turn the page to make it upright; 0 when it cannot tell (too little text)."""
    return page_layout(image, timeout)[0]


def page_layout(image: Image.Image, timeout: float = 60) -> tuple[int, str | None]:
    """What tesseract's orientation and script detection says of a page: how far to turn it
    (as `orientation`), and the script its words are in ('Latin', 'Cyrillic', 'Greek'...;
    None when it cannot tell)."""
    done = run_tesseract(image, ["--psm", "0"], timeout)
    said = done.stdout.decode("utf-8", "replace") if done.returncode == 0 else ""
    turn = re.search(r"^Rotate: (\d+)$", said, re.MULTILINE)
    script = re.search(r"^Script: (\w+)$", said, re.MULTILINE)
    return (int(turn.group(1)) if turn else 0), (script.group(1) if script else None)


def _stretch(crop: Image.Image) -> Image.Image:
    low, high = crop.getextrema()
    return ImageOps.autocontrast(crop, cutoff=1) if high - low > 60 else crop


def read_numbers(
    image: Image.Image, regions: list[tuple[int, int, int, int]], timeout: float = 60
) -> list[str | None]:
    """A second look at small areas where a number should be (one OCR call for all).

    Sparse-text OCR drops lone digits ('3' in a quantity column); each area is
    enlarged, stacked on one strip with space between, and read as digits.
    """
    if not regions or shutil.which("tesseract") is None:
        return [None] * len(regions)
    image = remove_rules(image)  # a digit against a cell's border is read as part of it
    # each area stretched to full contrast (a grey cell on the white strip reads as noise),
    # unless it is blank: stretched, its grain would be read as digits
    crops = [_stretch(image.crop(box)) for box in regions]
    crops = [c.resize((c.width * 2, c.height * 2), Image.LANCZOS) for c in crops]
    digits = ["-c", "tessedit_char_whitelist=0123456789.,"]
    found = _read_strip(crops, digits, 50, timeout)
    return [" ".join(t.strip(".,") for t in words) or None for words in found]


def read_again(
    image: Image.Image, region: tuple[int, int, int, int], timeout: float = 60
) -> list[str]:
    """A line's area of the page read again at two larger sizes (one OCR call): the OCR
    misreads a letter for a look-alike digit less often in larger print, and two sizes that
    disagree say the print is not clear. Each reading as its words joined by spaces; []
    when tesseract is not installed."""
    found = read_lines_again(image, [region], timeout)
    return found[0] if found else []


def read_lines_again(
    image: Image.Image,
    regions: list[tuple[int, int, int, int]],
    timeout: float = 60,
    language: str | None = None,
) -> list[list[str]]:
    """Lines' areas read again as `read_again` reads one, all in one OCR call (with
    `language`'s models, as many as are installed): per area, its readings at the two sizes;
    [] when tesseract is not installed or did not finish in time."""
    if not regions or shutil.which("tesseract") is None:
        return []
    if language == LETTERS:
        model = letters_model()
    else:
        model = ["-l", usable_language(language)] if language else []
    crops = []
    for region in regions:
        crop = _stretch(image.crop(region))
        crops += [
            crop.resize((round(crop.width * h / crop.height), h), Image.LANCZOS) for h in AGAIN
        ]
    try:
        read = [" ".join(words) for words in _read_strip(crops, model, 0, timeout)]
    except (OSError, subprocess.TimeoutExpired):
        return []  # a second look, not the reading: the first stands
    return [read[n : n + len(AGAIN)] for n in range(0, len(read), len(AGAIN))]


def _read_strip(
    crops: list[Image.Image], arguments: list[str], least: float, timeout: float
) -> list[list[str]]:
    """The crops stacked on one white strip with space between, read in one tesseract run;
    per crop, its words (read with at least `least` confidence) from left to right."""
    gap = max(c.height for c in crops)
    strip = Image.new("L", (max(c.width for c in crops) + 40, (gap * 2) * len(crops) + gap), 255)
    for n, crop in enumerate(crops):
        strip.paste(crop, (20, gap + n * gap * 2))
    done = run_tesseract(strip, ["--psm", "6", *arguments, "tsv"], timeout)
    found: list[list[tuple[float, str]]] = [[] for _ in crops]
    for row in done.stdout.decode("utf-8", "replace").splitlines()[1:]:
        fields = row.split("\t")
        if len(fields) < 12 or fields[0] != "5" or not fields[11].strip():
            continue
        middle = float(fields[7]) + float(fields[9]) / 2
        slot = int((middle - gap / 2) // (gap * 2))
        if 0 <= slot < len(crops) and float(fields[10]) >= least:
            found[slot].append((float(fields[6]), fields[11].strip()))
    return [[t for _, t in sorted(words)] for words in found]
