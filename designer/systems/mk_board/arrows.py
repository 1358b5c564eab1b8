"""Where a shortcut's arrow runs, in table mm (pure; shapely, no Qt): one geometry for the canvas and the print.

The arrow leaves its first space's tile at the edge and ends with its head's tip just inside the target tile's
edge. It runs straight when that crosses no other tile; otherwise it bows out as a curve (a quadratic Bézier
through a control point beside the straight line), first away from the spaces the shortcut skips (off the road,
out over open ground), wider and wider, then to the other side, and last as a curve leaving and entering the
tiles through their sides (where no neighbouring tile is), until no other tile is touched. When no curve clears
every tile, the one touching the least is drawn.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from itertools import pairwise
from typing import Any

import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import substring

Pt = tuple[float, float]

#: The arrow's width (the head's) and its shaft's, as fractions of the tile's side.
HEAD_WIDTH = 0.4
SHAFT_WIDTH = HEAD_WIDTH * 0.38
#: How far the tip reaches into the target tile (mm), so that it visibly ends on the tile.
TIP_INSET_MM = 1.0
#: The bows tried, as the control point's distance from the straight line over the line's length.
BOWS = (0.0, 0.15, 0.3, 0.45, 0.6, 0.8, 1.0, 1.3)
SAMPLES = 48


def _bezier(controls: Sequence[Pt], t: float) -> Pt:
    """The Bézier curve through `controls` at `t` (de Casteljau)."""
    points = list(controls)
    while len(points) > 1:
        points = [(p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t) for p, q in pairwise(points)]
    return points[0]


def _edge(inside: Any, controls: Sequence[Pt], t_in: float, t_out: float) -> float:
    """The parameter (between one inside `inside` and one outside it) where the curve crosses its edge."""
    for _round in range(30):
        middle = (t_in + t_out) / 2.0
        if inside(Point(_bezier(controls, middle))):
            t_in = middle
        else:
            t_out = middle
    return t_out


def _trimmed(controls: Sequence[Pt], start: Polygon, end: Polygon) -> list[Pt] | None:
    """The curve from where it leaves `start` to its tip, `TIP_INSET_MM` into `end`; None when it never
    comes out of `start` before reaching `end`."""
    ts = [k / SAMPLES for k in range(SAMPLES + 1)]
    out = next((k for k, t in enumerate(ts) if not start.covers(Point(_bezier(controls, t)))), None)
    if out is None or out == 0:
        return None
    t0 = _edge(start.covers, controls, ts[out - 1], ts[out])
    into = next((k for k in range(out, len(ts)) if end.covers(Point(_bezier(controls, ts[k])))), None)
    if into is None or into == out:
        return None
    t1 = _edge(lambda p: not end.covers(p), controls, ts[into - 1], ts[into])
    points = [_bezier(controls, t0), *(_bezier(controls, t) for t in ts if t0 < t < t1), _bezier(controls, t1)]
    (x0, y0), (x1, y1) = points[-2], points[-1]
    step = math.hypot(x1 - x0, y1 - y0)
    if step > 0:
        points[-1] = (x1 + (x1 - x0) / step * TIP_INSET_MM, y1 + (y1 - y0) / step * TIP_INSET_MM)
    return points


def outline(points: Sequence[Pt], side: float) -> Polygon:
    """The arrow's ink along `points` (tail to tip): a shaft and a triangular head `HEAD_WIDTH` × side wide."""
    width, shaft = side * HEAD_WIDTH, side * SHAFT_WIDTH
    path = LineString(points)
    head = min(width, path.length * 0.55)
    back = path.interpolate(max(path.length - head, 0.0))
    tip = points[-1]
    dx, dy = tip[0] - back.x, tip[1] - back.y
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * width / 2.0, dx / length * width / 2.0
    triangle = Polygon([tip, (back.x + nx, back.y + ny), (back.x - nx, back.y - ny)])
    body = substring(path, 0.0, max(path.length - head * 0.9, 0.0)) if path.length > head else None
    if body is None or body.length <= 0:
        return triangle
    shape = body.buffer(shaft / 2.0, cap_style="flat", join_style="round").union(triangle)
    return shape if isinstance(shape, Polygon) else max(shape.geoms, key=lambda g: g.area)


def shortcut_path(start: Any, end: Any, spaces: Sequence[Any], side: float) -> list[Pt] | None:
    """The arrow's centre line (tail to tip) from space `start` to space `end` among `spaces`, each a tile of
    `side` mm turned by its rotation (see the module); None when the two tiles touch or overlap."""
    from designer.systems.mk_board.checks import tiles

    a, b = (start.x_mm, start.y_mm), (end.x_mm, end.y_mm)
    span = math.dist(a, b)
    if span < 1e-6:
        return None
    squares = tiles(list(spaces), side)
    ids = [s.id for s in spaces]
    if start.id not in ids or end.id not in ids:
        squares = tiles([*spaces, start, end], side)
        ids = [*ids, start.id, end.id]
    start_tile, end_tile = squares[ids.index(start.id)], squares[ids.index(end.id)]
    if start_tile.intersects(end_tile):
        return None
    others = [sq for sid, sq in zip(ids, squares, strict=True) if sid not in (start.id, end.id)]
    tree = shapely.STRtree(others) if others else None
    ux, uy = (b[0] - a[0]) / span, (b[1] - a[1]) / span
    nx, ny = -uy, ux
    middle = ((a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0)
    skipped = _skipped(start, end, spaces)
    away = 1.0
    if skipped:
        cx = sum(s.x_mm for s in skipped) / len(skipped) - middle[0]
        cy = sum(s.y_mm for s in skipped) / len(skipped) - middle[1]
        away = -1.0 if cx * nx + cy * ny > 0 else 1.0
    best: tuple[float, list[Pt]] | None = None
    for controls in _candidates(start, end, span, (nx, ny), away):
        points = _trimmed(controls, start_tile, end_tile)
        if points is None or len(points) < 2:
            continue
        ink = outline(points, side)
        hit = 0.0
        if tree is not None:
            near = tree.query(ink, predicate="intersects")
            hit = float(sum(ink.intersection(others[k]).area for k in near.tolist()))
        if hit <= 1e-6:
            return points
        if best is None or hit < best[0]:
            best = (hit, points)
    return best[1] if best is not None else None


def _candidates(start: Any, end: Any, span: float, normal: Pt, away: float) -> Iterator[list[Pt]]:
    """The curves tried, tamest first: straight, bowed ever wider to the side `away` and then to the other,
    and last curves that leave the first tile and enter the target through their sides (square to the
    direction of travel, where the neighbouring tiles are not)."""
    a, b = (start.x_mm, start.y_mm), (end.x_mm, end.y_mm)
    middle = ((a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0)
    nx, ny = normal
    for bow in BOWS:
        for sign in ((away,) if bow == 0.0 else (away, -away)):
            yield [a, (middle[0] + sign * bow * span * nx, middle[1] + sign * bow * span * ny), b]
    for sign in (away, -away):
        out_a = _side_normal(start.rotation_deg, (sign * nx, sign * ny))
        out_b = _side_normal(end.rotation_deg, (sign * nx, sign * ny))
        for reach in (0.3, 0.5, 0.8, 1.1):
            yield [a, (a[0] + out_a[0] * reach * span, a[1] + out_a[1] * reach * span),
                   (b[0] + out_b[0] * reach * span, b[1] + out_b[1] * reach * span), b]


def _side_normal(heading_deg: float, towards: Pt) -> Pt:
    """The unit normal of a tile's sides (square to its heading) on the side of `towards`."""
    h = math.radians(heading_deg)
    nx, ny = -math.sin(h), math.cos(h)
    return (nx, ny) if nx * towards[0] + ny * towards[1] >= 0 else (-nx, -ny)


def _skipped(start: Any, end: Any, spaces: Sequence[Any]) -> list[Any]:
    """The spaces a pawn passes along the lap between `start` and `end` (the ones the shortcut cuts off)."""
    numbers = sorted(s.number for s in spaces)
    if not numbers:
        return []
    a, b = start.number, end.number
    if a < b:
        return [s for s in spaces if a < s.number < b]
    return [s for s in spaces if s.number > a or s.number < b]


def board_paths(elements: Sequence[Any], side: float) -> dict[str, list[Pt]]:
    """Every shortcut's arrow path among `elements`, by the shortcut's id (shortcuts missing an end: none)."""
    spaces = [e for e in elements if e.kind == "space"]
    by_id = {s.id: s for s in spaces}
    out: dict[str, list[Pt]] = {}
    for e in elements:
        if e.kind == "shortcut":
            a, b = by_id.get(e.from_space), by_id.get(e.to_space)
            if a is not None and b is not None and a is not b:
                path = shortcut_path(a, b, spaces, side)
                if path is not None:
                    out[e.id] = path
    return out
