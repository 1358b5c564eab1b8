"""Figures about a track for the validate report: lap length, a racing line, activations per lap.

`track_figures(document, ruleset) -> dict` (JSON-ready: numbers, lists and strings only). For an arena
(no track) or a degenerate track (`track_defect`) the track figures are None and only `element_counts` is
filled in. Activations per lap are counted per gear only for a system whose rule data has gears (its
characters' max gear, as in Gaslands); otherwise they and their note are None.

The racing line is the shortest path through the gates that stays on the track: the route is cut by
cross-sections every RACING_STEP_MM and where each gate stands (each as wide as the track less a kart's
width, so the line keeps half a kart from each edge; gates are passed in the order of the route, which
`gates-out-of-order` checks against their numbers); one point per cut starts on the
centerline and is then moved, pass after pass, to the place on its cut that minimises the path through
its two neighbours (a closed-form step: where the line between the neighbours, or its mirror image,
meets the cut). Pure geometry: no Qt.

A system adds its own parts (`System.figures`, e.g. a board's spaces and turns per lap): each under its key,
worked out for the system's own documents and None for every other's.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import numpy as np
from shapely.geometry import LineString, Point

from designer.geometry.checks.course import corner_radii, narrowest_width
from designer.geometry.route import route_of
from designer.geometry.track import surface, track_defect
from designer.i18n import N_, _
from designer.model.track import TrackDocument
from designer.rules import Ruleset
from designer.systems import registry

#: Distance between the cross-sections the racing line passes through (mm).
RACING_STEP_MM = 50.0
RACING_PASSES = 120
#: The racing line counts as on the surface when it keeps this close to half a kart from each edge
#: (its straight pieces between cuts may clip the inside of a corner by a few mm).
ON_SURFACE_TOLERANCE_MM = 5.0
#: The note beside the activations per lap (translated when the figures are worked out).
ESTIMATE_NOTE = N_(
    "Estimate: in each activation a kart is assumed to move the longest straight its gear allows "
    "(gear 1 a Short, gear 2 a Medium, gear 3 and up a Long) along the racing line, ignoring turns, "
    "skids, collisions and coins; activations_per_lap = racing line / that distance, rounded up."
)


def _element_counts(document: TrackDocument) -> dict[str, int]:
    return dict(sorted(Counter(e.kind for e in document.elements).items()))


def _closest_on_cut(a: np.ndarray, b: np.ndarray, p: np.ndarray, q: np.ndarray) -> float:
    """The t in [0, 1] such that p + t (q - p) minimises |a - x| + |x - b|."""
    d = q - p
    n = np.array([-d[1], d[0]])
    norm = float(np.dot(n, n))
    if norm <= 1e-12:
        return 0.5
    sa, sb = float(np.dot(a - p, n)), float(np.dot(b - p, n))
    if sa * sb > 0:  # same side: reflect b across the cut's line
        b = b - 2.0 * sb / norm * n
        sb = -sb
    denom = sa - sb
    x = a if abs(denom) < 1e-12 else a + (b - a) * (sa / denom)
    t = float(np.dot(x - p, d)) / float(np.dot(d, d))
    return min(max(t, 0.0), 1.0)


def racing_line(document: TrackDocument, ruleset: Ruleset) -> dict:
    """{"points", "length_mm", "on_surface"} of the estimated shortest line round (or along) the track
    (ValueError for an arena: it has none)."""
    track = document.track
    if track is None:
        raise ValueError("an arena has no track to race round")
    route = route_of(track)
    length = route.length
    half = max(track.width_mm - ruleset.kart_footprint.width_mm, 0.0) / 2.0
    area = surface(track)

    def cut(along: float) -> tuple[float, np.ndarray, np.ndarray]:
        x, y = route.position(along)
        angle = math.radians(route.angle(along))
        nx, ny = -math.sin(angle), math.cos(angle)
        return along, np.array([x - nx * half, y - ny * half]), np.array([x + nx * half, y + ny * half])

    count = max(int(length // RACING_STEP_MM), 2)
    cuts = [cut(min(k * length / count, length)) for k in range(count + (0 if route.closed else 1))]
    # each gate standing on the track adds the cross-section where it stands (gates off the track are
    # errors of their own and are left out); the line passes them in the order of the route
    for gate in (e for e in document.elements if e.kind == "gate"):
        if area.covers(Point(gate.x_mm, gate.y_mm)):
            cuts.append(cut(route.nearest((gate.x_mm, gate.y_mm), gate.rotation_deg)[0]))
    cuts.sort(key=lambda c: c[0])
    ts = np.full(len(cuts), 0.5)
    n = len(cuts)

    def point(i: int) -> np.ndarray:
        _, p, q = cuts[i]
        return p + ts[i] * (q - p)

    for _pass in range(RACING_PASSES):
        moved = 0.0
        for i in range(n):
            if not route.closed and i in (0, n - 1):
                continue
            a, b = point((i - 1) % n), point((i + 1) % n)
            _, p, q = cuts[i]
            t = _closest_on_cut(a, b, p, q)
            moved = max(moved, abs(t - ts[i]) * float(np.hypot(*(q - p))))
            ts[i] = t
        if moved < 0.2:
            break
    points = [point(i) for i in range(n)]
    if route.closed:
        points.append(points[0])
    line = LineString(points)
    inner = area.buffer(-ruleset.kart_footprint.width_mm / 2.0 + ON_SURFACE_TOLERANCE_MM)
    return {
        "points": [[round(float(x), 1), round(float(y), 1)] for x, y in points],
        "length_mm": round(line.length, 1),
        "on_surface": bool(inner.covers(line)),
    }


def _max_gear(ruleset: Ruleset) -> int:
    """The highest gear any character reaches (0: the system has no gears)."""
    return max((c.max_gear for c in ruleset.characters if c.max_gear), default=0)


def system_figures(document: TrackDocument, ruleset: Ruleset) -> dict[str, Any]:
    """Every registered system's Track Report parts by key: the document's own system's worked out, the others
    None (so a report always has the same keys)."""
    out: dict[str, Any] = {}
    own = registry.find(ruleset.id)
    for system in registry.systems():
        for part in system.figures:
            out.setdefault(part.key, None)
            if system is own:
                out[part.key] = part.make(document, ruleset)
    return out


def track_figures(document: TrackDocument, ruleset: Ruleset) -> dict:
    """Lap length, racing line, activations per lap per gear, tightest corner, narrowest width, counts."""
    figures: dict = {
        "lap_length_mm": None,
        "racing_line_mm": None,
        "racing_line": None,
        "racing_line_on_surface": None,
        "racing_line_long_straights": None,
        "activations_per_lap": None,
        "estimate_note": _(ESTIMATE_NOTE) if _max_gear(ruleset) else None,
        "tightest_corner_radius_mm": None,
        "min_width_mm": None,
        "elements": len(document.elements),
        "element_counts": _element_counts(document),
    }
    figures.update(system_figures(document, ruleset))
    track = document.track
    if track is None or track_defect(track) is not None:  # nothing measured along a degenerate track means anything
        return figures
    route = route_of(track)
    line = racing_line(document, ruleset)
    movement = ruleset.movement
    per_gear = {}
    for gear in range(1, _max_gear(ruleset) + 1):
        step = movement.short_mm if gear == 1 else movement.medium_mm if gear == 2 else movement.long_mm
        per_gear[str(gear)] = math.ceil(line["length_mm"] / step - 1e-9)
    _along, radii = corner_radii(route)
    finite = radii[np.isfinite(radii)] if len(radii) else radii
    figures.update(
        lap_length_mm=round(route.length, 1),
        racing_line_mm=line["length_mm"],
        racing_line=line["points"],
        racing_line_on_surface=line["on_surface"],
        racing_line_long_straights=round(line["length_mm"] / movement.long_mm, 2),
        activations_per_lap=per_gear or None,
        tightest_corner_radius_mm=round(float(finite.min()), 1) if len(finite) else None,
        min_width_mm=round(narrowest_width(track), 1),
    )
    return figures
