"""Where the tiles of a board go along a line, measured tile to tile (pure; numpy and shapely, no Qt).

Every tile is a square of the rule data's `board.space_size_mm`, centred on the line and turned to its local
tangent. Consecutive tiles keep one clearance between them, measured between the turned squares with shapely
(on a bend their inner corners close in, so a bend takes more line than a straight for the same clearance);
a tile is also kept that far from every tile laid before it, so a line that doubles back past itself gets no
tile on top of another. The clearance is the same all round the lap, as wide as the count of spaces allows.

Lay Spaces lays as many as keep the clearance of the rule data's pitch (`board.space_pitch_mm` less the
tile's side; on a straight: the line's length over the pitch); Insert Space After may squeeze one more in,
down to the clearance of the rule data's closest pitch (`board.space_min_pitch_mm`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import shapely

from designer.geometry.route import Route

#: How far (mm) along the line the search for the next tile's place moves at a time before narrowing down.
SEARCH_STEP_MM = 1.0
#: Rounds of halving that find the widest clearance for a count (from a span of a few mm: ~0.005 mm).
ROUNDS = 10
TOLERANCE_MM = 1e-6


class Spacer:
    """Tiles of side `side` along `route`, offsets measured from `origin` (mm along the route)."""

    def __init__(self, route: Route, side: float, origin: float = 0.0) -> None:
        self.route = route
        self.side = side
        self.origin = origin
        self.length = route.length
        self._cache: dict[float, shapely.Polygon] = {}
        self._poses: dict[float, tuple[float, float, float]] = {}

    def pose(self, offset: float) -> tuple[float, float, float]:
        """(x, y, heading°) of the tile `offset` mm along the route from the origin."""
        found = self._poses.get(offset)
        if found is None:
            x, y = self.route.position(self.origin + offset)
            found = self._poses[offset] = (x, y, self.route.angle(self.origin + offset))
        return found

    def tile(self, offset: float) -> shapely.Polygon:
        found = self._cache.get(offset)
        if found is None:
            found = self._cache[offset] = square(*self.pose(offset), self.side)
        return found

    def _clear_of_others(self, offset: float, placed: list[shapely.Polygon], centres: list[tuple[float, float]],
                         gap: float) -> bool:
        """Whether the tile at `offset` keeps `gap` from the placed tiles before the last one."""
        here = self.tile(offset)
        x, y = self.pose(offset)[:2]
        reach = self.side * math.sqrt(2.0) + gap
        return all(shapely.distance(placed[k], here) >= gap - TOLERANCE_MM
                   for k, (cx, cy) in enumerate(centres[:-1]) if abs(cx - x) < reach and abs(cy - y) < reach)

    def next_place(self, offset: float, placed: list[shapely.Polygon], centres: list[tuple[float, float]],
                   gap: float, limit: float) -> float | None:
        """The nearest offset after `offset` whose tile keeps `gap` from the placed ones, or None before `limit`.

        Two squares of side s whose centres are c apart are at most c - s apart, and the line is never shorter
        than its chord: nothing nearer than s + gap along the line can do. From there the clearance to the
        last tile grows about as fast as the line goes on: step by what is missing, then narrow down."""
        last = placed[-1]
        here = offset + self.side + gap
        low: float | None = None  # the last place tried that was too near
        while here <= limit + TOLERANCE_MM:
            short = gap - shapely.distance(last, self.tile(here))
            if short > TOLERANCE_MM:
                low = here
                here += min(max(short, 0.01), SEARCH_STEP_MM * 4)
                continue
            if low is not None and here - low > 0.01:
                for _round in range(8):
                    middle = (low + here) / 2.0
                    if shapely.distance(last, self.tile(middle)) >= gap - TOLERANCE_MM:
                        here = middle
                    else:
                        low = middle
            if len(placed) < 2 or self._clear_of_others(here, placed, centres, gap):
                return here
            low = None
            here += SEARCH_STEP_MM
        return None

    def run(self, count: int, gap: float, closed: bool) -> list[float] | None:
        """Offsets of `count` tiles, each at the first place that keeps `gap` from those before it; None when
        they do not fit along the route (closed: the last one also keeps `gap` from the first)."""
        limit = self.length if closed else self.length + TOLERANCE_MM
        offsets = [0.0]
        placed = [self.tile(0.0)]
        centres = [self.pose(0.0)[:2]]
        for _k in range(count - 1):
            found = self.next_place(offsets[-1], placed, centres, gap, limit)
            if found is None or (closed and found >= self.length - TOLERANCE_MM):
                return None
            offsets.append(found)
            placed.append(self.tile(found))
            centres.append(self.pose(found)[:2])
        if closed and count > 1:
            first = self.tile(self.length)  # the first tile, met again at the end of the lap
            if shapely.distance(placed[-1], first) < gap - TOLERANCE_MM:
                return None
        return offsets


def square(x: float, y: float, heading_deg: float, side: float) -> shapely.Polygon:
    """A square tile of `side` centred on (x, y), turned by `heading_deg` (as `checks.tiles` draws them)."""
    half = side / 2.0
    a = math.radians(heading_deg)
    cos, sin = math.cos(a), math.sin(a)
    corners = [(-half, -half), (half, -half), (half, half), (-half, half)]
    return shapely.Polygon([(x + u * cos - v * sin, y + u * sin + v * cos) for u, v in corners])


def widest(spacer: Spacer, count: int, low: float, high: float, closed: bool) -> tuple[float, list[float]] | None:
    """The widest clearance in [low, high] at which `count` tiles fit, with their offsets; None when they do
    not fit even at `low`."""
    best = spacer.run(count, low, closed)
    if best is None:
        return None
    found = low
    top = spacer.run(count, high, closed)
    if top is not None:
        return high, top
    for _round in range(ROUNDS):
        middle = (found + high) / 2.0
        offsets = spacer.run(count, middle, closed)
        if offsets is None:
            high = middle
        else:
            found, best = middle, offsets
    return found, best


def lay_out(route: Route, side: float, pitch: float, min_pitch: float, origin: float = 0.0,
            count: int | None = None) -> list[float]:
    """Offsets from `origin` (mm along `route`) of the tiles of a lap, one clearance between neighbours all
    round, as wide as fits. Without `count`: as many as keep the clearance of the rule data's `pitch` (on a
    straight: the length over the pitch; a bend takes more line); with `count`: exactly that many, the
    clearance down to that of `min_pitch` where need be. Empty when not even two fit (or `count` does not)."""
    closed = route.closed
    length = route.length
    least = max(min(min_pitch, pitch), side) - side
    spacer = Spacer(route, side, origin if closed else 0.0)
    if count is None:
        n, floor = math.floor(length / pitch + 1e-9) + (0 if closed else 1), pitch - side
    else:
        n, floor = count, least
    while n >= 2:
        gaps = n if closed else n - 1
        found = widest(spacer, n, floor, max(length / gaps - side, floor), closed)
        if found is not None:
            offsets = found[1]
            if not closed and length - 1.0 < offsets[-1] < length:  # reach the end exactly (a rounding)
                offsets = [min(o * length / offsets[-1], length) for o in offsets]
            return offsets
        if count is not None:
            break
        n -= 1
    return []


def poses(route: Route, origin: float, offsets: Sequence[float]) -> list[tuple[float, float, float]]:
    """(x, y, heading°) of the tiles at `offsets`."""
    spacer = Spacer(route, 1.0, origin if route.closed else 0.0)
    return [spacer.pose(o) for o in offsets]


def overlapping_pairs(squares: Sequence[shapely.Polygon], area_mm2: float = 0.0) -> list[tuple[int, int]]:
    """Index pairs of tiles sharing more than `area_mm2`."""
    array = np.asarray(squares, dtype=object)
    left, right = shapely.STRtree(array).query(array, predicate="intersects")
    keep = left < right
    left, right = left[keep], right[keep]
    areas = shapely.area(shapely.intersection(array[left], array[right]))
    return [(int(i), int(j)) for i, j, a in zip(left.tolist(), right.tolist(), areas.tolist(), strict=True)
            if a > area_mm2]
