"""Ink that lies outside the track surface and the element footprints, for the tiler's emptiness test.

`draw_track.ink_index` asks shapely whether a page shows anything; footprints alone miss what the print
art draws around them: the kerb stroke that straddles the surface's edge, a Bullet Bill's dashed link to
its warp pipe, the arrows past a gate, and the labels of scenery and wandering threats. A page crossed
only by one of these is printed, so no line or word loses a piece when empty pages are skipped. The
numbers mirror `element_art.py` and `draw_track.draw_surface` (over-estimates are harmless: they can
only keep a page).
"""

from __future__ import annotations

from shapely.geometry import LineString, Point, box
from shapely.geometry.base import BaseGeometry

from designer.export import fonts
from designer.export.fonts import BOLD
from designer.export.pdf import pt, width_mm
from designer.geometry.footprint import local_size, placed_on
from designer.geometry.labels import label_point
from designer.geometry.track import surface
from designer.model.elements import ElementBase
from designer.model.track import TrackDocument
from designer.rules import Ruleset

KERB_HALF_MM = 3.5  # half of draw_track.KERB_MM: the kerb is stroked centred on the surface's edge
LINK_HALF_MM = 2.0  # the link's end dot (its line is 1.2 mm wide)
LABEL_MM = 8.0  # cap height of scenery and threat labels


def label_box(x: float, y: float, s: str, height_mm: float = LABEL_MM) -> BaseGeometry:
    """What `Painter.label` covers centred on (x, y): bold text with capitals `height_mm` tall, plus its halo."""
    size_pt = height_mm / fonts.cap_height(BOLD) / pt(1.0)
    halo = pt(size_pt) * 0.22
    w, h = width_mm(s, size_pt, BOLD) + halo, pt(size_pt) * 1.2 + halo
    return box(x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def element_extras(element: ElementBase, ruleset: Ruleset, positions: dict[str, tuple[float, float]]
                   ) -> list[BaseGeometry]:
    """The ink an element's art puts outside its footprint."""
    out: list[BaseGeometry] = []
    if element.kind == "bullet_bill":
        target = positions.get(getattr(element, "launcher", None) or "")
        if target is not None and target != (element.x_mm, element.y_mm):
            out.append(LineString([(element.x_mm, element.y_mm), target]).buffer(LINK_HALF_MM))
    elif element.kind == "gate":
        length, width = local_size(element, ruleset)  # type: ignore[arg-type]
        x0 = length / 2 + 3.0  # two arrows 24 mm long and 16 mm wide at ±width/4
        out.append(placed_on(box(x0, -width / 4 - 8.0, x0 + 24.0, width / 4 + 8.0), element))
    elif element.kind == "wandering_threat":
        length, width = local_size(element, ruleset)  # type: ignore[arg-type]
        name = getattr(element, "name", "")
        if name:  # drawn upright under the face whatever the rotation
            out.append(label_box(element.x_mm, element.y_mm + min(length, width) / 2 + 9.5, name))
    elif element.kind == "scenery" and getattr(element, "label", None):
        points = [(float(x), float(y)) for x, y in element.polygon]  # type: ignore[attr-defined]
        lx, ly = label_point(points)
        centre = placed_on(Point(lx, ly), element)
        out.append(label_box(centre.x, centre.y, element.label))  # type: ignore[attr-defined]
    return out


def drawn_extras(document: TrackDocument, ruleset: Ruleset) -> list[BaseGeometry]:
    """Every piece of ink off the surface and the footprints: the kerbs, links, gate arrows and labels."""
    out: list[BaseGeometry] = []
    if document.track is not None:
        out.append(surface(document.track).buffer(KERB_HALF_MM, quad_segs=4))
    positions = {e.id: (e.x_mm, e.y_mm) for e in document.elements}
    for element in document.elements:
        out.extend(element_extras(element, ruleset, positions))
    return out
