"""Labels shared by the canvas and the print shop: letter sequences, warp-pipe pair labels, label spots."""

from __future__ import annotations

import string
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from designer.model.elements import ElementBase

PRIME = "\u2032"


def letters(index: int) -> str:
    """0 → A, 25 → Z, 26 → AA … (page columns, pipe pairs)."""
    if index < 0:
        raise ValueError("index must not be negative")
    out = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        out = string.ascii_uppercase[rest] + out
    return out


def warp_pipe_labels(elements: Sequence[ElementBase]) -> dict[str, str]:
    """Pair labels for warp pipes: the pairs, ordered by their first pipe in the list, get A/A′, B/B′ …

    A pipe links to its partner through `pair`; one side naming the other is enough to show the pair
    (the playability checks report a link that is not mutual). Pipes without a valid partner (missing,
    not a pipe, itself, or already taken) get no label.
    """
    pipes = {e.id: e for e in elements if e.kind == "warp_pipe"}
    order = {e.id: i for i, e in enumerate(elements)}
    partner: dict[str, str] = {}
    for pipe in pipes.values():
        other = getattr(pipe, "pair", None)
        if other in pipes and other != pipe.id and pipe.id not in partner and other not in partner:
            partner[pipe.id] = other
            partner[other] = pipe.id
    firsts = sorted({min(a, b, key=order.__getitem__) for a, b in partner.items()}, key=order.__getitem__)
    labels: dict[str, str] = {}
    for index, first in enumerate(firsts):
        labels[first] = letters(index)
        labels[partner[first]] = letters(index) + PRIME
    return labels


def label_point(points: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """A point well inside a polygon for its label (falls back to the centre of its box)."""
    # shapely is imported here, not with the module: a print that places no label (a card deck, a
    # scoresheet) uses the letters above and need not load it
    from shapely.errors import GEOSException
    from shapely.geometry import MultiPolygon, Polygon
    from shapely.ops import polylabel

    from designer.geometry.outline import repaired_area

    try:
        polygon = Polygon(points)
        if not polygon.is_valid:  # an outline crossing itself: its repaired area, found in bounded time
            polygon = repaired_area(polygon)
        if isinstance(polygon, MultiPolygon):
            polygon = max(polygon.geoms, key=lambda part: part.area)
        if isinstance(polygon, Polygon) and not polygon.is_empty:
            # The centroid reads best when it is comfortably inside; otherwise the pole of inaccessibility.
            centroid = polygon.centroid
            if polygon.buffer(-(polygon.area ** 0.5) * 0.1).contains(centroid):
                return centroid.x, centroid.y
            spot = polylabel(polygon, max(1.0, polygon.area ** 0.5 / 50))
            return spot.x, spot.y
    except (GEOSException, ValueError):
        pass
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
