"""Geometry of the confidence-over-time plot, drawn as inline SVG by the template (no JavaScript)."""

from __future__ import annotations

from dataclasses import dataclass

SECONDS_PER_DAY = 86_400.0
WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 44, 132, 14, 34  # the floor labels sit in the right margin, clear of the curve
LABEL_HEIGHT = 12
TICK_STEP_CHOICES_DAYS = (7, 14, 30, 60, 90, 180, 365)
MAX_X_TICKS = 8


@dataclass(frozen=True)
class Line:
    label: str
    value: float
    y: float
    css: str
    label_y: float = 0.0


@dataclass(frozen=True)
class Tick:
    position: float
    label: str


@dataclass(frozen=True)
class ConfidencePlot:
    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    past: str
    future: str
    raw_future: str
    now_x: float
    lines: list[Line]
    x_ticks: list[Tick]
    y_ticks: list[Tick]
    description: str
    drawn: frozenset = frozenset()  # which series have a line to draw: the legend names only those


def confidence_plot(series) -> ConfidencePlot:
    """Scale the core's :class:`ConfidenceSeries` (epoch seconds, 0..1) onto the SVG canvas."""
    start = series.past[0][0] if series.past else series.now
    end = series.future[-1][0] if series.future else series.now
    span = max(end - start, 1.0)
    inner_width = WIDTH - LEFT - RIGHT
    inner_height = HEIGHT - TOP - BOTTOM

    def x(t: float) -> float:
        return round(LEFT + (t - start) / span * inner_width, 1)

    def y(value: float) -> float:
        return round(TOP + (1 - max(0.0, min(1.0, value))) * inner_height, 1)

    def points(samples) -> str:
        return " ".join(f"{x(t)},{y(v)}" for t, v in samples)

    lines = _labelled([
        Line("type floor", series.type_floor, y(series.type_floor), "plot-line--type-floor"),
        Line("maturity floor", series.maturity_floor, y(series.maturity_floor), "plot-line--maturity-floor"),
        Line("re-verify below", series.reverify_line, y(series.reverify_line), "plot-line--reverify"),
    ])
    return ConfidencePlot(
        width=WIDTH,
        height=HEIGHT,
        left=LEFT,
        right=WIDTH - RIGHT,
        top=TOP,
        bottom=HEIGHT - BOTTOM,
        past=points(series.past),
        future=points(series.future),
        raw_future=points(getattr(series, "raw_future", []) or []),
        now_x=x(series.now),
        lines=lines,
        x_ticks=[Tick(x(series.now + d * SECONDS_PER_DAY), _day_label(d)) for d in _day_ticks(start, end, series.now)],
        y_ticks=[Tick(y(v), f"{v:.1f}") for v in (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)],
        description=_describe(series),
        drawn=frozenset(name for name, samples in (("past", series.past), ("future", series.future),
                                                    ("raw", getattr(series, "raw_future", []) or [])) if _visible(samples)),
    )


def _visible(samples) -> bool:
    """A polyline is drawn only between two distinct points (an entry added just now has no past)."""
    return len({(round(t), round(v, 4)) for t, v in samples}) > 1


def _labelled(lines: list[Line]) -> list[Line]:
    """Each label level with its line in the right margin, pushed down when it would sit on the one above."""
    placed: list[Line] = []
    for line in sorted(lines, key=lambda item: item.y):
        label_y = line.y + 4
        if placed and label_y - placed[-1].label_y < LABEL_HEIGHT:
            label_y = max(line.y + LABEL_HEIGHT, placed[-1].label_y + LABEL_HEIGHT)
        placed.append(Line(line.label, line.value, line.y, line.css, round(label_y, 1)))
    return placed


def _day_ticks(start: float, end: float, now: float) -> list[int]:
    first = (start - now) / SECONDS_PER_DAY
    last = (end - now) / SECONDS_PER_DAY
    step = next((s for s in TICK_STEP_CHOICES_DAYS if (last - first) / s <= MAX_X_TICKS), TICK_STEP_CHOICES_DAYS[-1])
    ticks = range(int(first // step) * step, int(last) + 1, step)
    return [d for d in ticks if first <= d <= last]


def _day_label(days: int) -> str:
    return "now" if days == 0 else f"{days:+d} d"


def _describe(series) -> str:
    now_value = series.past[-1][1] if series.past else None
    end_value = series.future[-1][1] if series.future else None
    days_ahead = round((series.future[-1][0] - series.now) / SECONDS_PER_DAY) if series.future else 0
    parts = []
    if now_value is not None:
        parts.append(f"Effective confidence now {now_value:.2f}")
    if end_value is not None:
        parts.append(f"projected {end_value:.2f} in {days_ahead} days")
    parts.append(
        f"type floor {series.type_floor:.2f}, maturity floor {series.maturity_floor:.2f}, "
        f"re-verification below {series.reverify_line:.2f} (raw confidence)"
    )
    return "; ".join(parts) + "."
