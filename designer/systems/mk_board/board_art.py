"""How a board of spaces prints: each `space` a square numbered tile with its field's own icon, each
`shortcut` a red arrow from one space's edge onto the other's, routed round the other tiles
(`arrows.shortcut_path`, the same path the canvas draws). Drawn with reportlab through `Painter`
(so ink-saver mode turns fills into outlines), in table millimetres with y down; no Qt.

`draw_board` paints the whole table (decorative scenery, a pale lane along the track, solid scenery,
the spaces, then the shortcuts on top) and `define_board_form` records it once as a form XObject for
the tiler and the one-sheet board. `field_icon` is shared with the legend. `PRINT_ART` is the same art
in the shape `System.print_art` takes, so the generic track print draws spaces and shortcuts too.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from designer.export import element_art as art
from designer.export.draw_track import ArtContext, art_context, draw_element
from designer.export.item_art import mushroom
from designer.export.painter import Painter
from designer.export.pdf import GREY, INK
from designer.geometry.track import surface
from designer.model.track import TrackDocument
from designer.rules import Ruleset
from designer.systems.mk_board.arrows import board_paths
from designer.systems.mk_board.elements import SHORTCUT, SPACE
from designer.systems.mk_board.rule_data import board_rules

BOARD_FORM = "kartographer-board"
LANE = HexColor("#e4e7ec")
SHORTCUT_RED = HexColor("#d0312d")
SHORTCUT_DARK = HexColor("#7d1512")
#: Tile colours by field: pale enough that the number and the icon read on them.
TILE = {
    "plain": HexColor("#ffffff"),
    "item": HexColor("#dcefff"),
    "booster": HexColor("#ffe3c2"),
    "mushroom": HexColor("#ffe0e0"),
    "thwomp": HexColor("#dfe3e8"),
    "start": HexColor("#ffffff"),
}
RIM = HexColor("#3c4048")
BADGE = HexColor("#1d1f23")
BOOST_YELLOW = HexColor("#ffd21f")
BOOST_RIM = HexColor("#8a4b00")


def space_size(ruleset: Ruleset) -> float:
    """The printed tile's side, from the rule data (the rules themselves give none)."""
    return found.space_size_mm if (found := board_rules(ruleset)) is not None else 28.0


def chequer(p: Painter, size: float, cells: int = 4) -> None:
    """A square start/finish chequer `size` mm wide, centred on (0, 0)."""
    cell = size / cells
    p.centred_rect(size, size, fill=white, stroke=None)
    for row in range(cells):
        for col in range(cells):
            if (row + col) % 2:
                p.rect(-size / 2 + col * cell, -size / 2 + row * cell, cell, cell, fill=art.CHEQUER_DARK,
                       stroke=art.CHEQUER_DARK if p.ink_saver else None, lw=0.2)


def boost_arrows(p: Painter, size: float) -> None:
    """Two yellow chevrons pointing along travel (+x)."""
    half = size * 0.36
    depth = size * 0.42
    for cx in (-size * 0.2, size * 0.2):
        art.chevron(p, cx, half, depth, depth * 0.45, fill=BOOST_YELLOW, stroke=BOOST_RIM, lw=0.3)


def field_icon(p: Painter, field: str, size: float, turn_deg: float = 0.0) -> None:
    """The field's own picture, about `size` mm across, centred on (0, 0) in the tile's frame."""
    if field == "item":
        art.box_face(p, size, size, mark="?", turn_deg=turn_deg)
    elif field == "booster":
        boost_arrows(p, size)
    elif field == "mushroom":
        p.c.saveState()
        p.c.rotate(-turn_deg)
        mushroom(p, 0.0, 0.0, size)
        p.c.restoreState()
    elif field == "thwomp":
        art.thwomp_face(p, size * 0.9, turn_deg)
    elif field == "start":
        chequer(p, size)


def draw_tile(p: Painter, field: str, number: int | None, size: float, turn_deg: float = 0.0) -> None:
    """One space's tile, `size` mm square around (0, 0): its field's colour and icon, and its number
    upright (large on a plain space, in a corner badge on the others; none for the legend's tiles)."""
    radius = size * 0.12
    p.centred_rect(size, size, radius=radius, fill=TILE.get(field, white), stroke=None)
    label = "" if number is None else str(number)
    if field == "plain":
        if label:
            p.label(0.0, 0.0, label, size * (0.34 if len(label) < 3 else 0.26), INK, halo=None, turn=turn_deg)
    else:
        field_icon(p, field, size * (0.78 if field == "start" else 0.6), turn_deg)
    if label and field != "plain":
        r = size * 0.17
        corner = size / 2 - r - size * 0.03
        p.circle(-corner, -corner, r, fill=BADGE, stroke=white, lw=0.3)
        p.label(-corner, -corner, label, r * (0.9 if len(label) < 3 else 0.62), white, halo=None, turn=turn_deg)
    p.centred_rect(size, size, radius=radius, stroke=RIM, lw=0.5)


def space_art(p: Painter, element: Any, ctx: ArtContext) -> None:
    """`System.print_art` for a space: its tile at the rule data's size."""
    draw_tile(p, getattr(element, "field", "plain"), int(getattr(element, "number", 0)), space_size(ctx.ruleset),
              float(element.rotation_deg))


def draw_shortcut(p: Painter, points: list[tuple[float, float]], size: float) -> None:
    """A red arrow along `points` (tail to tip, table mm; `arrows.shortcut_path`) in the current (table) frame."""
    from designer.systems.mk_board.arrows import outline

    ring = list(outline(points, size).exterior.coords)
    p.poly([(x, y) for x, y, *_rest in ring[:-1]], fill=SHORTCUT_RED, stroke=SHORTCUT_DARK, lw=0.4)


def shortcut_art(p: Painter, element: Any, ctx: ArtContext) -> None:
    """`System.print_art` for a shortcut: drawn in its own frame, so step back out to the table's."""
    from designer.systems.mk_board.arrows import shortcut_path

    spaces = [e for e in ctx.elements if e.kind == SPACE]
    by_id = {s.id: s for s in spaces}
    a, b = by_id.get(element.from_space), by_id.get(element.to_space)
    if a is None or b is None or a is b:
        return
    points = shortcut_path(a, b, spaces, space_size(ctx.ruleset))
    if points is None:
        return
    c = p.c
    c.saveState()
    c.rotate(-element.rotation_deg)
    c.translate(-element.x_mm, -element.y_mm)
    draw_shortcut(p, points, space_size(ctx.ruleset))
    c.restoreState()


PRINT_ART = {SPACE: space_art, SHORTCUT: shortcut_art}


def board_spaces(document: TrackDocument) -> list:
    """The document's spaces in lap order."""
    return sorted((e for e in document.elements if e.kind == SPACE), key=lambda e: e.number)


def draw_board(c: Canvas, document: TrackDocument, ruleset: Ruleset, ink_saver: bool = False) -> None:
    """The whole board in table mm, y down: scenery, a pale lane where the track runs, spaces, shortcuts."""
    p = Painter(c, ink_saver)
    ctx = art_context(document, ruleset)
    scenery = [e for e in document.elements if e.kind == "scenery"]
    for element in scenery:
        if not getattr(element, "solid", True):
            draw_element(p, element, ctx)
    if document.track is not None and not ink_saver:
        _lane(p, document)
    for element in scenery:
        if getattr(element, "solid", True):
            draw_element(p, element, ctx)
    for space in document.elements:
        if space.kind == SPACE:
            c.saveState()
            c.translate(space.x_mm, space.y_mm)
            c.rotate(space.rotation_deg)
            space_art(p, space, ctx)
            c.restoreState()
    size = space_size(ruleset)
    for points in board_paths(document.elements, size).values():
        draw_shortcut(p, points, size)


def _lane(p: Painter, document: TrackDocument) -> None:
    if document.track is None:
        return
    shape = surface(document.track)
    polygons = [shape] if shape.geom_type == "Polygon" else list(getattr(shape, "geoms", []))
    path = p.new_path()
    for polygon in polygons:
        for ring in (polygon.exterior, *polygon.interiors):
            points = list(ring.coords)
            path.moveTo(*points[0][:2])
            for x, y, *_rest in points[1:]:
                path.lineTo(x, y)
            path.close()
    p.path(path, fill=LANE, stroke=GREY, lw=0.3, even_odd=True)


def define_board_form(c: Canvas, document: TrackDocument, ruleset: Ruleset, ink_saver: bool = False,
                      name: str = BOARD_FORM) -> str:
    """Record the board once as a PDF form XObject in table mm (y down); returns its name."""
    c.beginForm(name, 0, 0, document.table.width_mm, document.table.height_mm)
    draw_board(c, document, ruleset, ink_saver)
    c.endForm()
    return name
