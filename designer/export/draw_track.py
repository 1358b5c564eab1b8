"""Draw a whole track (surface and every element) with reportlab, in table millimetres, y down.

`draw_track(c, document, ruleset, ink_saver)` paints into whatever frame the caller set up: a PDF form
for the tile pages (`define_track_form`), or a scaled frame for the assembly map. Shapes go through
`painter.Painter`, which decides between full colour and ink-saver outlines; the per-kind drawings live
in `element_art.py`.

`ink_index` answers the tiler's question "is there anything on this part of the table?" with shapely:
the surface, every element footprint, reach rings and ramp hoops.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np
import shapely
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas
from shapely import STRtree
from shapely.geometry import Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from designer.export import operators
from designer.export.element_art import ART, draw_launcher_link, draw_reach
from designer.export.ink_extents import drawn_extras
from designer.export.painter import Painter
from designer.export.pdf import GREY, INK, checkpoint
from designer.geometry.footprint import footprint, local_footprint, local_size, turning
from designer.geometry.labels import warp_pipe_labels
from designer.geometry.track import centerline_points, edge_rings, surface
from designer.model.elements import ElementBase
from designer.model.kind_names import kind_name
from designer.model.track import TrackDocument
from designer.rules import Ruleset
from designer.systems import registry

TARMAC = HexColor("#4d5056")
KERB_WHITE = HexColor("#f4f4f2")
KERB_RED = HexColor("#d0312d")
KERB_MM = 7.0
CENTRE_DASH = HexColor("#a6a8ad")


# --- cross-element facts ---------------------------------------------------------------------------
@dataclass
class ArtContext:
    """What an element's drawing needs beyond the element itself."""

    ruleset: Ruleset
    pipe_labels: dict[str, str] = field(default_factory=dict)
    positions: dict[str, tuple[float, float]] = field(default_factory=dict)
    #: The document's elements, for art that depends on its neighbours (an arrow routed around them).
    elements: tuple = ()

    @property
    def short_mm(self) -> float:
        return self.ruleset.movement.short_mm

    def size(self, element: ElementBase) -> tuple[float, float]:
        return local_size(element, self.ruleset)  # type: ignore[arg-type]


def art_context(document: TrackDocument, ruleset: Ruleset) -> ArtContext:
    return ArtContext(ruleset, warp_pipe_labels(document.elements),
                      {e.id: (e.x_mm, e.y_mm) for e in document.elements}, tuple(document.elements))


# --- what is on the table ----------------------------------------------------------------------------
def element_ink(element: ElementBase, ruleset: Ruleset, reach_rings: bool = False) -> BaseGeometry:
    """Where an element puts ink: its footprint, a ramp's hoop, and reach rings when they are printed."""
    shape = footprint(element, ruleset)  # type: ignore[arg-type]
    reach = getattr(element, "range_mm", None) or getattr(element, "reach_mm", None)
    if reach and reach_rings:
        shape = shape.union(Point(element.x_mm, element.y_mm).buffer(reach, quad_segs=16))
    if element.kind == "ramp" and getattr(element, "hoop", False):
        length, width = local_size(element, ruleset)  # type: ignore[arg-type]
        d = length / 2 + ruleset.movement.short_mm
        a = math.radians(element.rotation_deg)
        shape = shape.union(Point(element.x_mm + d * math.cos(a), element.y_mm + d * math.sin(a)).buffer(width / 2))
    return shape


class InkIndex:
    """A spatial index of everything drawn on the table, to tell empty pages from useful ones."""

    def __init__(self, shapes: list[BaseGeometry]) -> None:
        given = np.empty(len(shapes), dtype=object)
        given[:] = shapes
        self.shapes = given[~shapely.is_empty(given)].tolist() if shapes else []

    @cached_property
    def _tree(self) -> STRtree:  # the tile plan asks its own (tile_plan.Ink): built only when asked here
        return STRtree(self.shapes)

    def touches(self, x: float, y: float, w: float, h: float) -> bool:
        return len(self._tree.query(box(x, y, x + w, y + h), predicate="intersects")) > 0

    @property
    def geometry(self) -> BaseGeometry:
        """All the ink as one shape (table mm): the tile plan never needs it (tile_plan.Ink); its tests do."""
        return unary_union(self.shapes)


def _plain(element: ElementBase, reach_rings: bool) -> bool:
    """Whether an element's ink is its footprint alone, a template box or disc (no outline, band, ring or hoop)."""
    if element.kind == "scenery" or getattr(type(element), "POLYLINE", False):
        return False
    if reach_rings and (getattr(element, "range_mm", None) or getattr(element, "reach_mm", None)):
        return False
    return not (element.kind == "ramp" and getattr(element, "hoop", False))


def elements_ink(elements: Sequence[ElementBase], ruleset: Ruleset, reach_rings: bool = False) -> list[BaseGeometry]:
    """`element_ink` of every element, in order; the plain boxes and discs placed all at once per template
    with placed()'s own arithmetic on whole arrays, so each comes out the same, point for point."""
    out: list[BaseGeometry | None] = [None] * len(elements)
    groups: dict[int, tuple[BaseGeometry, list[int]]] = {}
    simple: dict[int, tuple[Any, bool]] = {}  # per template (kept, so its id stays its): a polygon without holes
    for i, element in enumerate(elements):
        template = local_footprint(element, ruleset) if _plain(element, reach_rings) else None  # type: ignore[arg-type]
        if (seen := simple.get(id(template))) is None:
            seen = simple[id(template)] = (template, isinstance(template, Polygon) and not template.is_empty
                                           and not template.interiors)
        if seen[1]:
            groups.setdefault(id(template), (template, []))[1].append(i)
        else:
            out[i] = element_ink(element, ruleset, reach_rings)
    for template, members in groups.values():
        xy = shapely.get_coordinates(template)
        turns = [turning(elements[i].rotation_deg) for i in members]
        cosp, sinp = (np.array([t[k] for t in turns])[:, None] for k in (0, 1))
        x0, y0 = (np.array([getattr(elements[i], a) for i in members])[:, None] for a in ("x_mm", "y_mm"))
        x, y = xy[:, 0][None, :], xy[:, 1][None, :]
        moved = np.stack([(cosp * x + -sinp * y) + x0, (sinp * x + cosp * y) + y0], axis=2)
        for i, shape in zip(members, shapely.polygons(moved), strict=True):
            out[i] = shape
    return out


def ink_index(document: TrackDocument, ruleset: Ruleset, reach_rings: bool = False) -> InkIndex:
    shapes: list[BaseGeometry] = []
    if document.track is not None:
        shapes.append(surface(document.track))
    shapes.extend(elements_ink(document.elements, ruleset, reach_rings))
    shapes.extend(drawn_extras(document, ruleset))  # kerbs, links, gate arrows, labels: ink past the footprints
    return InkIndex(shapes)


# --- drawing -----------------------------------------------------------------------------------------
def _polygons(geometry: BaseGeometry) -> list[Polygon]:
    if isinstance(geometry, Polygon):
        return [geometry]
    return [g for g in getattr(geometry, "geoms", []) if isinstance(g, Polygon)]


def _ring_path(p: Any, coords: Any) -> None:
    points = list(coords)
    p.moveTo(*points[0][:2])
    for x, y, *_ in points[1:]:
        p.lineTo(x, y)
    p.close()


def draw_surface(painter: Painter, document: TrackDocument) -> None:
    """Tarmac, kerbs and a dashed centre line; in ink-saver mode just the edges and the centre line."""
    track = document.track
    if track is None:
        return
    c = painter.c
    p = c.beginPath()
    for polygon in _polygons(surface(track)):
        _ring_path(p, polygon.exterior.coords)
        for interior in polygon.interiors:
            _ring_path(p, interior.coords)
    centre = c.beginPath()
    points = centerline_points(track)
    centre.moveTo(*points[0])
    for x, y in points[1:]:
        centre.lineTo(x, y)
    edges = c.beginPath()
    for ring in edge_rings(track):
        coords = list(ring.coords)
        edges.moveTo(*coords[0][:2])
        for x, y, *_ in coords[1:]:
            edges.lineTo(x, y)
    if painter.ink_saver:
        painter.path(centre, stroke=GREY, lw=0.5, dash=(20, 20))
        painter.path(edges, stroke=INK, lw=0.6)
        painter.path(edges, stroke=KERB_RED, lw=0.35, dash=(16, 16))
        return
    painter.path(p, fill=TARMAC, stroke=None, even_odd=True)
    painter.path(centre, stroke=CENTRE_DASH, lw=1.5, dash=(20, 20))
    c.saveState()
    c.setLineCap(0)
    painter.path(edges, stroke=KERB_WHITE, lw=KERB_MM)
    painter.path(edges, stroke=KERB_RED, lw=KERB_MM, dash=(16, 16))
    c.restoreState()


def art_for(kind: str) -> Callable[[Painter, ElementBase, ArtContext], None]:
    """How a kind prints: the built-in art, else the art of the game system that defines the kind, else a
    generic tile (its footprint, outlined, with the first letter of its name)."""
    art = ART.get(kind)
    if art is not None:
        return art
    for system in registry.systems():
        if kind in system.print_art:
            return system.print_art[kind]
    return generic_art


def generic_art(painter: Painter, element: ElementBase, ctx: ArtContext) -> None:
    length, width = ctx.size(element)
    painter.rect(-length / 2, -width / 2, length, width, radius=min(length, width) * 0.15,
                 fill=HexColor("#e9e4f5"), stroke=INK, lw=0.5)
    painter.label(0.0, 0.0, kind_name(element.kind)[:1].upper(), min(length, width) * 0.45, INK, bold=True)


def draw_element(painter: Painter, element: ElementBase, ctx: ArtContext, part: str = "body") -> None:
    """One element in its own frame: moved to (x, y) and turned by its rotation (+x = travel).

    `part` is "body", "tint" (a reach ring's pale disc, drawn under the surface) or "rim" (its dashed edge).
    """
    c = painter.c
    if part == "body" and element.kind == "bullet_bill":
        draw_launcher_link(painter, element, ctx)
    if part == "body":
        art = art_for(element.kind)
        if ART.get(element.kind) is art:  # the built-in art: one recorded drawing per look, written again
            _replayed(painter, element, _look(element, ctx, part), lambda: art(painter, element, ctx))
            return
        c.saveState()
        c.translate(element.x_mm, element.y_mm)
        if element.rotation_deg:
            c.rotate(element.rotation_deg)
        art(painter, element, ctx)
        c.restoreState()
    else:
        _replayed(painter, element, _look(element, ctx, part),
                  lambda: draw_reach(painter, element, tint=part == "tint"))


def _replayed(painter: Painter, element: ElementBase, key: tuple, draw: Callable[[], None]) -> None:
    """`draw()` in the element's frame through `Painter.replay`; once its look is recorded, the frame's q, cm
    and Q are written as reportlab's saveState, translate, rotate and restoreState write them, without
    the canvas's bookkeeping (nothing between them reads it)."""
    c = painter.c
    turn = element.rotation_deg
    if painter.recorded(key):
        c._code.append("q")
        c._code.append(operators.placed(element.x_mm, element.y_mm, turn))
        painter.replay(key, turn, draw)
        c._code.append("Q")
        return
    c.saveState()
    c.translate(element.x_mm, element.y_mm)
    if turn:
        c.rotate(turn)
    painter.replay(key, turn, draw)
    c.restoreState()


#: What does not change how an element's built-in art draws in its own frame: where it stands, its name in
#: the file, and its rotation (faces and labels kept upright by `Painter.unturn` follow it on replay).
_PLACE = frozenset({"id", "x_mm", "y_mm", "rotation_deg"})


def _look(element: ElementBase, ctx: ArtContext, part: str) -> tuple:
    """Everything the built-in art draws an element from, but its place: elements with the same look draw
    the same operators (the art reads the element, its size from the ruleset, and a pipe's pair label)."""
    return (part, element.kind, element.rotation_deg != 0, ctx.pipe_labels.get(element.id),
            element.model_dump_json(exclude=_PLACE))  # type: ignore[arg-type]


def draw_track(c: Canvas, document: TrackDocument, ruleset: Ruleset, ink_saver: bool = False,
               reach_rings: bool = False) -> None:
    """Everything on the table, in table mm with y down. Hazards' reach rings are an overlay: printed
    only when asked for (`reach_rings`).

    Order: decorative scenery, reach-ring tints, the surface, solid scenery, reach-ring rims, then every
    other element in document order. No transparency is used: reportlab does not give form XObjects the
    graphics-state resources that alpha needs, so pale tints are solid colours drawn under the track.
    """
    painter = Painter(c, ink_saver)
    ctx = art_context(document, ruleset)
    scenery = [e for e in document.elements if e.kind == "scenery"]
    others = [e for e in document.elements if e.kind != "scenery"]
    reaching = [e for e in others if getattr(e, "range_mm", None) or getattr(e, "reach_mm", None)]
    if not reach_rings:
        reaching = []
    for piece in scenery:
        if not getattr(piece, "solid", True):
            draw_element(painter, piece, ctx)
    for element in reaching:
        draw_element(painter, element, ctx, "tint")
    draw_surface(painter, document)
    for piece in scenery:
        if getattr(piece, "solid", True):
            draw_element(painter, piece, ctx)
    for element in reaching:
        draw_element(painter, element, ctx, "rim")
    for element in others:
        checkpoint()  # a table of thousands of elements takes a while: a build may be stopped here too
        draw_element(painter, element, ctx)


TRACK_FORM = "kartographer-track"


def define_track_form(c: Canvas, document: TrackDocument, ruleset: Ruleset, ink_saver: bool = False,
                      name: str = TRACK_FORM, reach_rings: bool = False) -> str:
    """Record the whole track once as a PDF form XObject in table mm (y down); returns its name.

    Place it with `c.doForm(name)` in a frame where one unit is a millimetre and y points down.
    """
    c.beginForm(name, 0, 0, document.table.width_mm, document.table.height_mm)
    draw_track(c, document, ruleset, ink_saver, reach_rings)
    c.endForm()
    return name
