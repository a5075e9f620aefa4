"""The pages' charts as SVG geometry: batches per hour by outcome, and a measure per week.

Pure: numbers in, rectangles out; `templates/_batch_chart.html` (and
`_week_chart.html` for the weekly bars) draws them as
an inline SVG (no chart library, no inline styles: colours and hatching are
classes in app.css, and every bar has a text title, so colour is never the
only way to read it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal

OUTCOMES = ("processed", "failed", "dead")
WIDTH, HEIGHT = 960, 200
LEFT, RIGHT, TOP, BOTTOM = 40, 8, 10, 26


@dataclass(frozen=True)
class Segment:
    outcome: str
    count: int
    y: float
    height: float


@dataclass(frozen=True)
class Bar:
    start: str  # the hour, as stored UTC text
    x: float
    width: float
    total: int
    segments: tuple[Segment, ...]
    counts: dict


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    bars: tuple[Bar, ...]
    gridlines: tuple[tuple[int, float], ...]  # (value, y)
    labels: tuple[tuple[str, float], ...]  # (hour, x of the bar's middle) every few hours
    totals: dict
    baseline: float
    left: int
    right: int


def _scale_top(peak: int) -> int:
    """A round number at or above the busiest hour: 1, 2, 5, 10, 20, 50, ..."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if step * factor >= peak:
                return step * factor
        step *= 10


def hourly_chart(buckets: list[dict], label_every: int = 6) -> Chart:
    """Stacked bars, one per hour, from `batch_admin.hourly_outcomes()`."""
    plot_width = WIDTH - LEFT - RIGHT
    plot_height = HEIGHT - TOP - BOTTOM
    baseline = TOP + plot_height
    peak = max((sum(b[o] for o in OUTCOMES) for b in buckets), default=0)
    top = _scale_top(max(peak, 1))
    slot = plot_width / max(len(buckets), 1)
    bars, labels = [], []
    for n, bucket in enumerate(buckets):
        x = LEFT + n * slot
        y = baseline
        segments = []
        for outcome in OUTCOMES:
            count = bucket[outcome]
            if count:
                height = plot_height * count / top
                y -= height
                segments.append(Segment(outcome, count, round(y, 2), round(height, 2)))
        counts = {outcome: bucket[outcome] for outcome in OUTCOMES}
        bars.append(
            Bar(
                bucket["start"],
                round(x + 1, 2),
                round(slot - 2, 2),
                sum(counts.values()),
                tuple(segments),
                counts,
            )
        )
        if n % label_every == 0:
            labels.append((bucket["start"], round(x + slot / 2, 2)))
    gridlines = tuple((value, round(baseline - plot_height * value / top, 2)) for value in (0, top))
    totals = {outcome: sum(b[outcome] for b in buckets) for outcome in OUTCOMES}
    return Chart(
        WIDTH, HEIGHT, tuple(bars), gridlines, tuple(labels), totals, baseline, LEFT, WIDTH - RIGHT
    )


# --- a small chart of one measure per week (timesheets and fuel logs, per site) ------

SMALL_WIDTH, SMALL_HEIGHT = 480, 150
SMALL_LEFT, SMALL_RIGHT, SMALL_TOP, SMALL_BOTTOM = 48, 6, 8, 22


@dataclass(frozen=True)
class Column:
    label: str  # the Monday of the week, YYYY-MM-DD
    value: Decimal
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class BarChart:
    width: int
    height: int
    columns: tuple[Column, ...]
    gridlines: tuple[tuple[int, float], ...]
    labels: tuple[tuple[str, float], ...]
    baseline: float
    left: int
    right: int
    unit: str


def bar_chart(points: list[tuple[str, Decimal]], unit: str, label_every: int = 4) -> BarChart:
    """One bar per (label, value), scaled to a round top; every few bars labelled."""
    plot_width = SMALL_WIDTH - SMALL_LEFT - SMALL_RIGHT
    plot_height = SMALL_HEIGHT - SMALL_TOP - SMALL_BOTTOM
    baseline = SMALL_TOP + plot_height
    top = _scale_top(max(math.ceil(max((v for _, v in points), default=0)), 1))
    # A few weeks are drawn as bars of a few weeks, not as one bar across the chart.
    slot = plot_width / max(len(points), 8)
    columns, labels = [], []
    for n, (label, value) in enumerate(points):
        x = SMALL_LEFT + n * slot
        height = round(plot_height * float(value) / top, 2)
        columns.append(
            Column(
                label,
                value,
                round(x + 1, 2),
                round(baseline - height, 2),
                round(slot - 2, 2),
                height,
            )
        )
        if n % label_every == 0:
            labels.append((label, round(x + slot / 2, 2)))
    gridlines = tuple((value, round(baseline - plot_height * value / top, 2)) for value in (0, top))
    return BarChart(
        SMALL_WIDTH,
        SMALL_HEIGHT,
        tuple(columns),
        gridlines,
        tuple(labels),
        baseline,
        SMALL_LEFT,
        SMALL_WIDTH - SMALL_RIGHT,
        unit,
    )
