"""Smooth curves through control points (centripetal Catmull-Rom), for the track's centerline.

Centripetal parametrisation (alpha = 0.5) never forms cusps or self-loops between close points,
which is what a user laying a circuit point by point expects.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Pt = tuple[float, float]


def _knot(t: float, p: Pt, q: Pt) -> float:
    return t + max(math.dist(p, q), 1e-9) ** 0.5


def _segment(p0: Pt, p1: Pt, p2: Pt, p3: Pt, samples: int) -> list[Pt]:
    t0 = 0.0
    t1 = _knot(t0, p0, p1)
    t2 = _knot(t1, p1, p2)
    t3 = _knot(t2, p2, p3)
    out: list[Pt] = []
    for i in range(samples):
        t = t1 + (t2 - t1) * i / samples
        a1 = _lerp(p0, p1, (t - t0) / (t1 - t0))
        a2 = _lerp(p1, p2, (t - t1) / (t2 - t1))
        a3 = _lerp(p2, p3, (t - t2) / (t3 - t2))
        b1 = _lerp(a1, a2, (t - t0) / (t2 - t0))
        b2 = _lerp(a2, a3, (t - t1) / (t3 - t1))
        out.append(_lerp(b1, b2, (t - t1) / (t2 - t1)))
    return out


def _lerp(p: Pt, q: Pt, s: float) -> Pt:
    return (p[0] + (q[0] - p[0]) * s, p[1] + (q[1] - p[1]) * s)


def _dedupe(points: Sequence[Sequence[float]]) -> list[Pt]:
    out: list[Pt] = []
    for x, y in points:
        if not out or math.dist(out[-1], (x, y)) > 1e-6:
            out.append((float(x), float(y)))
    return out


def distinct_points(points: Sequence[Sequence[float]], closed: bool) -> list[Pt]:
    """The control points the curve runs through: neighbours closer than a micrometre merged (and, on a
    closed curve, a last point back on the first one dropped)."""
    pts = _dedupe(points)
    if closed and len(pts) > 2 and math.dist(pts[0], pts[-1]) < 1e-6:
        pts.pop()
    return pts


def smooth_curve(points: Sequence[Sequence[float]], closed: bool, spacing_mm: float = 10.0) -> list[Pt]:
    """Sample a smooth curve through every control point, roughly every `spacing_mm`.

    A closed curve returns its first point again at the end.
    """
    pts = distinct_points(points, closed)
    if len(pts) < 3:
        return pts + ([pts[0]] if closed and pts else [])
    n = len(pts)
    if closed:
        spans = [(pts[i - 1], pts[i], pts[(i + 1) % n], pts[(i + 2) % n]) for i in range(n)]
    else:
        # Mirror the end points so the curve starts and ends along its first and last chords.
        first = _lerp(pts[1], pts[0], 2.0)
        last = _lerp(pts[-2], pts[-1], 2.0)
        ext = [first, *pts, last]
        spans = [(ext[i], ext[i + 1], ext[i + 2], ext[i + 3]) for i in range(n - 1)]
    out: list[Pt] = []
    for p0, p1, p2, p3 in spans:
        samples = max(2, min(200, int(math.dist(p1, p2) / spacing_mm) + 1))
        out.extend(_segment(p0, p1, p2, p3, samples))
    out.append(pts[0] if closed else pts[-1])
    return out
