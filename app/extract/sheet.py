"""A photographed sheet made flat and level for the OCR: perspective, tilt, the desk around it.

A phone held at an angle draws the page as a quadrilateral. Its four corners
are found on a small copy (the sheet is the large bright region against a
darker desk) and the perspective is undone with Pillow's PERSPECTIVE
transform. A small tilt is then levelled by projection profiles, and what is
left of the desk is cropped off. Nothing here reads text, and an image with
no clear sheet in it (the paper runs off the frame, or it is no document at
all) is left as it is.
"""

from __future__ import annotations

import array
import math

from PIL import Image, ImageDraw, ImageFilter, ImageOps, ImageStat

Point = tuple[float, float]
# The sheet is looked for on a copy this many pixels on its long side.
SMALL = 400
# Corners this close to square (degrees) and sides this close to equal are a sheet seen
# from straight above: its tilt and the desk are left to `straighten`.
SQUARE_DEGREES = 2.0
EVEN_SIDES = 0.02
# The tilt is measured on the page cut into this many upright strips.
STRIPS = 40


def flatten(image: Image.Image) -> Image.Image:
    """The sheet alone, as if photographed from straight above; the image itself when no
    sheet seen at an angle is found in it."""
    corners = find_sheet(image)
    if corners is None or _square(corners):
        return image
    top_left, top_right, bottom_right, bottom_left = corners
    width = round(max(_distance(top_left, top_right), _distance(bottom_left, bottom_right)))
    height = round(max(_distance(top_left, bottom_left), _distance(top_right, bottom_right)))
    target = [(0, 0), (width, 0), (width, height), (0, height)]
    flat = image.transform(
        (width, height),
        Image.Transform.PERSPECTIVE,
        perspective_coefficients(target, corners),
        resample=Image.BICUBIC,
        fillcolor=255,
    )
    inset = round(width * 0.01)  # the sheet's own edge, a shadow or a sliver of desk
    return flat.crop((inset, inset, width - inset, height - inset))


def find_sheet(image: Image.Image) -> list[Point] | None:
    """The sheet's corners (top left, top right, bottom right, bottom left) in the image's
    pixels, or None when there is no bright four-sided sheet wholly inside the frame."""
    scale = SMALL / max(image.size)
    small = image.resize(
        (max(1, round(image.width * scale)), max(1, round(image.height * scale))), Image.BILINEAR
    )
    if min(small.size) < 20:
        return None
    level = _otsu(small.histogram())
    bright = small.point(lambda v: 255 if v > level else 0)
    # specks of light on the desk gone, so the sheet's outline is the outermost bright pixels
    sheet = bright.filter(ImageFilter.MinFilter(3)).filter(ImageFilter.MaxFilter(3))
    corners = _outer_corners(sheet)
    if corners is None or not _encloses_the_paper(bright, corners):
        return None
    return [(x / scale, y / scale) for x, y in corners]


def _otsu(histogram: list[int]) -> int:
    """The grey level that best splits the pixels into two classes (paper and desk)."""
    total = sum(histogram)
    everything = sum(i * n for i, n in enumerate(histogram))
    below = weight = 0
    best, level = -1.0, 127
    for value, count in enumerate(histogram[:255]):
        weight += count
        below += value * count
        if weight == 0 or weight == total:
            continue
        dark, light = below / weight, (everything - below) / (total - weight)
        spread = weight * (total - weight) * (dark - light) ** 2
        if spread > best:
            best, level = spread, value
    return level


def _outer_corners(mask: Image.Image) -> list[Point] | None:
    """The bright pixels furthest towards each corner of the frame: a sheet's four corners
    when it lies roughly upright. None when one of them touches the frame's edge."""
    width, height = mask.size
    data = mask.tobytes()
    extremes: dict[str, tuple[float, Point]] = {}
    for y in range(height):
        row = data[y * width : (y + 1) * width]
        left = row.find(255)
        if left < 0:
            continue
        right = row.rfind(255)
        for name, score, point in (
            ("top_left", -(left + y), (left, y)),
            ("top_right", right - y, (right + 1, y)),
            ("bottom_right", right + y, (right + 1, y + 1)),
            ("bottom_left", y - left, (left, y + 1)),
        ):
            if name not in extremes or score > extremes[name][0]:
                extremes[name] = (score, point)
    if len(extremes) < 4:
        return None
    corners = [extremes[n][1] for n in ("top_left", "top_right", "bottom_right", "bottom_left")]
    margin = 2
    for x, y in corners:
        if not (margin <= x <= width - margin and margin <= y <= height - margin):
            return None  # the paper runs off the frame: its corner is not in the picture
    return corners


def _encloses_the_paper(bright: Image.Image, corners: list[Point]) -> bool:
    """A sheet: a convex quadrilateral of a fifth of the frame or more, mostly bright inside
    (print is a small part of a page) and mostly dark outside (the desk)."""
    if _area(corners) < 0.2 * bright.width * bright.height or not _convex(corners):
        return False
    inside = Image.new("L", bright.size, 0)
    ImageDraw.Draw(inside).polygon(corners, fill=255)
    outside = ImageOps.invert(inside)
    paper = ImageStat.Stat(bright, mask=inside).mean[0] / 255
    desk = ImageStat.Stat(bright, mask=outside).mean[0] / 255 if outside.getbbox() else 0.0
    return paper > 0.75 and desk < 0.25


def _area(corners: list[Point]) -> float:
    pairs = zip(corners, corners[1:] + corners[:1], strict=True)
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in pairs)) / 2


def _turns(corners: list[Point]) -> list[float]:
    """The cross product at each corner: all of one sign for a convex outline."""
    turns = []
    for n, (x, y) in enumerate(corners):
        (px, py), (nx, ny) = corners[n - 1], corners[(n + 1) % 4]
        turns.append((x - px) * (ny - y) - (y - py) * (nx - x))
    return turns


def _convex(corners: list[Point]) -> bool:
    return all(t > 0 for t in _turns(corners)) or all(t < 0 for t in _turns(corners))


def _distance(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def _square(corners: list[Point]) -> bool:
    """Right angles and equal opposite sides: a rectangle, only turned in the picture."""
    for n, corner in enumerate(corners):
        before, after = corners[n - 1], corners[(n + 1) % 4]
        a = math.atan2(before[1] - corner[1], before[0] - corner[0])
        b = math.atan2(after[1] - corner[1], after[0] - corner[0])
        angle = abs(math.degrees(a - b)) % 360
        if abs(min(angle, 360 - angle) - 90) > SQUARE_DEGREES:
            return False
    sides = [_distance(corners[n], corners[(n + 1) % 4]) for n in range(4)]
    return all(
        abs(sides[n] - sides[n + 2]) <= EVEN_SIDES * max(sides[n], sides[n + 2]) for n in (0, 1)
    )


def perspective_coefficients(output: list[Point], source: list[Point]) -> list[float]:
    """Pillow's eight PERSPECTIVE coefficients that take each `output` point to the `source`
    point at the same place in the list: output (x, y) is read from source
    ((a x + b y + c) / (g x + h y + 1), (d x + e y + f) / (g x + h y + 1))."""
    rows, values = [], []
    for (x, y), (u, v) in zip(output, source, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -x * u, -y * u])
        values.append(u)
        rows.append([0, 0, 0, x, y, 1, -x * v, -y * v])
        values.append(v)
    return _solve(rows, values)


def _solve(rows: list[list[float]], values: list[float]) -> list[float]:
    """x with rows · x = values, by Gaussian elimination with partial pivoting."""
    size = len(values)
    augmented = [[*row, value] for row, value in zip(rows, values, strict=True)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(augmented[r][column]))
        augmented[column], augmented[pivot] = augmented[pivot], augmented[column]
        lead = augmented[column][column]
        if abs(lead) < 1e-12:
            raise ValueError("the four points do not make a quadrilateral")
        for r in range(column + 1, size):
            factor = augmented[r][column] / lead
            pivot_row = augmented[column]
            augmented[r] = [a - factor * b for a, b in zip(augmented[r], pivot_row, strict=True)]
    solution = [0.0] * size
    for r in reversed(range(size)):
        known = sum(augmented[r][c] * solution[c] for c in range(r + 1, size))
        solution[r] = (augmented[r][size] - known) / augmented[r][r]
    return solution


def _profile_score(strips: Image.Image, angle: float, width: int) -> float:
    """How sharply the rows of ink stand out with the page turned by this angle: text lines
    are sharpest level. A small turn moves each strip of the page up or down by its distance
    from the middle times the angle's tangent, so the strips' row profiles are sheared
    instead of the page being rotated (forty columns instead of eight hundred)."""
    shift = math.tan(math.radians(angle)) * width / strips.width
    middle = strips.width / 2
    sheared = strips.transform(
        strips.size,
        Image.Transform.AFFINE,
        (1, 0, 0, shift, 1, shift * (0.5 - middle)),
        resample=Image.BILINEAR,
        fillcolor=0,
    )
    rows = array.array("f", sheared.resize((1, sheared.height), Image.BOX).tobytes())
    return sum((b - a) ** 2 for a, b in zip(rows, rows[1:], strict=False))


def skew_angle(image: Image.Image, limit: float = 5.0) -> float:
    """The small rotation (degrees) that levels the text lines, by projection profiles."""
    small = image.resize((800, max(1, round(image.height * 800 / image.width))), Image.BILINEAR)
    ink = ImageOps.autocontrast(small).point(lambda v: 255 if v < 128 else 0)
    strips = ink.convert("F").resize((STRIPS, ink.height), Image.BOX)  # each a row profile
    best = max(
        (a / 2 for a in range(int(-limit * 2), int(limit * 2) + 1)),
        key=lambda a: _profile_score(strips, a, ink.width),
    )
    fine = [best + step / 10 for step in range(-5, 6)]
    return max(fine, key=lambda a: _profile_score(strips, a, ink.width))


def straighten(image: Image.Image) -> Image.Image:
    angle = skew_angle(image)
    if abs(angle) >= 0.05:
        image = image.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=255)
    return crop_to_paper(image)


def _values(image: Image.Image) -> list[int]:
    """The pixels of a one-row or one-column greyscale image, in order."""
    return list(image.tobytes())


def _span(values: list[float], threshold: float) -> tuple[int, int] | None:
    inside = [i for i, v in enumerate(values) if v > threshold]
    return (inside[0], inside[-1] + 1) if inside else None


def crop_to_paper(image: Image.Image) -> Image.Image:
    """The sheet without the desk around it: a dark frame throws the OCR's page layout off."""
    small = image.resize((400, max(1, round(image.height * 400 / image.width))), Image.BILINEAR)
    histogram = small.histogram()
    pixels = small.width * small.height
    mean = sum(i * n for i, n in enumerate(histogram)) / pixels
    bright = small.point(lambda v: 255 if v > mean * 0.8 else 0)
    rows = [v / 255 for v in _values(bright.resize((1, small.height), Image.BOX))]
    cols = [v / 255 for v in _values(bright.resize((small.width, 1), Image.BOX))]
    row_span, col_span = _span(rows, 0.6), _span(cols, 0.6)
    if not row_span or not col_span:
        return image
    scale = image.width / small.width
    top, bottom = (round(v * scale) for v in row_span)
    left, right = (round(v * scale) for v in col_span)
    inset = round(image.width * 0.01)
    box = (left + inset, top + inset, right - inset, bottom - inset)
    area = (box[2] - box[0]) * (box[3] - box[1])
    if area < 0.3 * image.width * image.height or area >= 0.97 * image.width * image.height:
        return image
    return image.crop(box)
