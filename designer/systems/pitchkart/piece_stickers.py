"""Where each sticker of a PitchKart document goes on its printed pieces, and how a cut-out piece shows it.

A sticker is an element a player sticks on a piece: a booster arrow (`boost_pad`), a "?" square (`item_box`),
a spare coin (`coin`) and the start/finish line; the starting grid's slots (one per `starting_coins_by_slot`,
a `kart_footprint` disc each) are laid behind the start line along the route, two abreast and staggered.
Each sticker belongs to the piece its centre lies on (on a joint: the piece it points into), and is given
in that piece's own frame (START connector at the origin, +x = travel, mm, y down), so the cut-out shows it at
1:1 where the document has it; a sticker reaching over onto a neighbour shows there as a dashed part. One
that lies on no piece is listed on the sheet instead. Pure placement plus reportlab drawing; no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from reportlab.lib.colors import Color, HexColor, white
from shapely import affinity
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from designer.export import element_art as art
from designer.export import fonts
from designer.export.painter import Painter
from designer.export.pdf import BOLD, FONT, INK, pt, text
from designer.export.pdf import width_mm as width_mm_of
from designer.i18n import _, ngettext
from designer.model.track import TrackDocument
from designer.rules import Ruleset
from designer.systems.pitchkart.elements import TrackSection
from designer.systems.pitchkart.piece_art import BARRIER_MM, local_outline, number_size
from designer.systems.pitchkart.rule_data import PieceInventory, TrackPiece, pitchkart_rules
from designer.systems.pitchkart.sections import (
    Connector,
    joints,
    known_sections,
    piece_end,
    piece_outline,
    track_sections,
)

STICKER_KINDS = ("boost_pad", "item_box", "coin", "start_finish")
GRID_SLOT = "grid_slot"
#: The outline colour of a sticker's place on a piece, by kind (the tests find them by it).
OUTLINE = {"boost_pad": HexColor("#c25a00"), "item_box": HexColor("#3b3f8f"), "coin": HexColor("#8a5a00"),
           "start_finish": HexColor("#17181b"), GRID_SLOT: HexColor("#2f6fdf")}
TINT = {"boost_pad": HexColor("#ffe3c7"), "item_box": HexColor("#e3e4f7"), "coin": HexColor("#fff4c2"),
        "start_finish": HexColor("#ffffff"), GRID_SLOT: HexColor("#e2ecfb")}
PART = HexColor("#8c919a")  # a neighbour's sticker reaching onto this piece
CHEQUER = HexColor("#a3a8b0")  # the start/finish line's squares: pale, the place of a sticker, not the sticker
#: Room between two karts of the grid, and between the first row and the line (mm): layout, not rules.
GRID_GAP_MM = 8.0
NUDGE_MM = 0.5  # a sticker on a joint belongs to the piece this far ahead of its centre
EPS_MM = 0.01


@dataclass(frozen=True)
class Sticker:
    """One sticker's place: `kind`, centre and heading on the table, its size along × across the heading
    (a disc when `round`), and its label (a grid slot's number)."""

    kind: str
    x_mm: float
    y_mm: float
    heading_deg: float
    length_mm: float
    width_mm: float
    round: bool = False
    label: str = ""
    element_id: str = ""
    note: str = ""

    def footprint(self) -> BaseGeometry:
        if self.round:
            return Point(self.x_mm, self.y_mm).buffer(self.length_mm / 2, 32)
        half_l, half_w = self.length_mm / 2, self.width_mm / 2
        shape = Polygon([(-half_l, -half_w), (half_l, -half_w), (half_l, half_w), (-half_l, half_w)])
        return affinity.translate(affinity.rotate(shape, self.heading_deg, origin=(0, 0)), self.x_mm, self.y_mm)


@dataclass(frozen=True)
class Placed:
    """A sticker in a piece's own frame."""

    sticker: Sticker
    x_mm: float
    y_mm: float
    heading_deg: float


@dataclass
class PieceStickers:
    """What one piece carries: its own stickers, the parts of neighbours' that reach onto it, and the numbers
    of the pieces before and after it along the route (None where it joins nothing)."""

    own: list[Placed] = field(default_factory=list)
    parts: list[Placed] = field(default_factory=list)
    previous: int | None = None
    following: int | None = None


@dataclass(frozen=True)
class Layout:
    """Every piece's stickers ({section id: PieceStickers}) and the stickers on no piece."""

    pieces: dict[str, PieceStickers]
    stray: list[Sticker]


def to_piece(section: TrackSection, x_mm: float, y_mm: float, heading_deg: float) -> tuple[float, float, float]:
    """A table point and heading in the section's own frame."""
    r = math.radians(section.rotation_deg)
    dx, dy = x_mm - section.x_mm, y_mm - section.y_mm
    return (dx * math.cos(r) + dy * math.sin(r), -dx * math.sin(r) + dy * math.cos(r),
            (heading_deg - section.rotation_deg) % 360.0)


def _size(ruleset: Ruleset, kind: str) -> tuple[float, float]:
    size = ruleset.element_sizes.get(kind)
    return (size.length_mm, size.width_mm) if size else (25.0, 25.0)


def element_stickers(document: TrackDocument, ruleset: Ruleset) -> list[Sticker]:
    """The document's stickers, in the document's order."""
    found = []
    for e in document.elements:
        if e.kind not in STICKER_KINDS:
            continue
        length, width = _size(ruleset, e.kind)
        width = float(getattr(e, "width_mm", width))
        found.append(Sticker(e.kind, e.x_mm, e.y_mm, e.rotation_deg, length, width, e.kind == "coin",
                             element_id=e.id))
    return found


# --- the starting grid behind the line ---------------------------------------------------------------
def grid_offsets(ruleset: Ruleset, width_mm: float) -> list[tuple[float, float]]:
    """(distance behind the line, offset to the right of travel) of each grid slot's centre, slot 1 first:
    two abreast, the second of each row half a row further back."""
    rules = pitchkart_rules(ruleset)
    count = len(rules.starting_coins_by_slot) if rules is not None else 0
    kart = max(ruleset.kart_footprint.length_mm, ruleset.kart_footprint.width_mm)
    pitch = kart + GRID_GAP_MM
    side = width_mm / 4
    return [(GRID_GAP_MM + kart / 2 + (i // 2) * pitch + (i % 2) * pitch / 2, -side if i % 2 == 0 else side)
            for i in range(count)]


def grid_depth_mm(ruleset: Ruleset, width_mm: float) -> float:
    """How far behind the start line the grid reaches (its last slot's back edge)."""
    kart = max(ruleset.kart_footprint.length_mm, ruleset.kart_footprint.width_mm)
    return max((back for back, _side in grid_offsets(ruleset, width_mm)), default=0.0) + kart / 2


def _length(piece: TrackPiece) -> float:
    if piece.kind == "straight":
        return float(piece.length_mm or 0.0)
    return float((piece.radius_mm or 0.0) * math.radians(piece.angle_deg or 0.0))


def _along(piece: TrackPiece, flipped: bool, x: float, y: float) -> float:
    """How far along the piece's centre line a point of its own frame lies."""
    if piece.kind == "straight":
        return x
    r = piece.radius_mm or 0.0
    return r * math.atan2(x, r - y if flipped else r + y)


def _point(section: TrackSection, piece: TrackPiece, along: float, right: float) -> tuple[float, float, float]:
    """The table point `along` mm down the section's centre line and `right` mm to the right of it."""
    start = Connector(section.x_mm, section.y_mm, section.rotation_deg)
    if piece.kind == "straight":
        part = piece.model_copy(update={"length_mm": along})
    else:
        part = piece.model_copy(update={"angle_deg": math.degrees(along / (piece.radius_mm or 1.0))})
    at = piece_end(part, start, section.flipped) if abs(along) > 1e-9 else start
    h = math.radians(at.heading_deg)
    return at.x_mm - right * math.sin(h), at.y_mm + right * math.cos(h), at.heading_deg


def grid_stickers(route: Sequence[TrackSection], inventory: PieceInventory, ruleset: Ruleset,
                  line: Sticker | None, closed: bool) -> list[Sticker]:
    """The grid slots behind the start line, walked back along the route (onto earlier pieces if they must)."""
    if line is None or not route:
        return []
    owner = _owner(line, route, inventory)
    if owner is None:
        return []
    index = route.index(owner)
    piece = inventory.piece(owner.piece)
    assert piece is not None
    lx, ly, _h = to_piece(owner, line.x_mm, line.y_mm, line.heading_deg)
    at_line = _along(piece, owner.flipped, lx, ly)
    kart = max(ruleset.kart_footprint.length_mm, ruleset.kart_footprint.width_mm)
    rules = pitchkart_rules(ruleset)
    starting = rules.starting_coins_by_slot if rules is not None else []
    found = []
    for slot, (back, right) in enumerate(grid_offsets(ruleset, inventory.width_mm), 1):
        k, along = index, at_line - back
        while along < 0 and (k > 0 or closed):
            k = (k - 1) % len(route)
            here = inventory.piece(route[k].piece)
            assert here is not None
            along += _length(here)
        section = route[k]
        here = inventory.piece(section.piece)
        assert here is not None
        x, y, heading = _point(section, here, along, right)
        coins = ngettext("{n} coin", "{n} coins", starting[slot - 1]).format(n=starting[slot - 1])
        found.append(Sticker(GRID_SLOT, x, y, heading, kart, kart, True, str(slot), note=coins))
    return found


# --- which piece holds what --------------------------------------------------------------------------
def _outline(section: TrackSection, inventory: PieceInventory) -> Polygon:
    piece = inventory.piece(section.piece)
    assert piece is not None
    return piece_outline(piece, Connector(section.x_mm, section.y_mm, section.rotation_deg), inventory.width_mm,
                         section.flipped)


def _owner(sticker: Sticker, sections: Sequence[TrackSection], inventory: PieceInventory,
           outlines: dict[str, Polygon] | None = None) -> TrackSection | None:
    """The section the sticker's centre lies on; on a joint, the one ahead of it along its heading."""
    def outline(s: TrackSection) -> Polygon:
        return outlines[s.id] if outlines is not None else _outline(s, inventory)

    centre = Point(sticker.x_mm, sticker.y_mm)
    on = [s for s in sections if outline(s).buffer(EPS_MM).contains(centre)]
    if len(on) > 1:
        h = math.radians(sticker.heading_deg)
        ahead = Point(sticker.x_mm + NUDGE_MM * math.cos(h), sticker.y_mm + NUDGE_MM * math.sin(h))
        on = [s for s in on if outline(s).contains(ahead)] or on
    return on[0] if on else None


def layout(document: TrackDocument, ruleset: Ruleset, inventory: PieceInventory) -> Layout:
    """Every piece's stickers, with its neighbours' numbers, and the stickers that lie on no piece."""
    route = known_sections(track_sections(document.elements), inventory)
    outlines = {s.id: _outline(s, inventory) for s in route}
    pieces = {s.id: PieceStickers() for s in route}
    by_id = {s.id: s for s in route}
    links = joints(route, inventory) if route else []
    for joint in links:
        if joint.joined and joint.from_id != joint.to_id:
            pieces[joint.from_id].following = by_id[joint.to_id].number
            pieces[joint.to_id].previous = by_id[joint.from_id].number
    closed = bool(links) and links[-1].joined
    stickers = element_stickers(document, ruleset)
    line = next((s for s in stickers if s.kind == "start_finish"), None)
    stickers += grid_stickers(route, inventory, ruleset, line, closed)
    stray = []
    for sticker in stickers:
        owner = _owner(sticker, route, inventory, outlines)
        if owner is None:
            stray.append(sticker)
            continue
        pieces[owner.id].own.append(_placed(sticker, owner))
        shape = sticker.footprint()
        for s in route:
            if s.id != owner.id and outlines[s.id].intersection(shape).area > 1.0:
                pieces[s.id].parts.append(_placed(sticker, s))
    return Layout(pieces, stray)


def _placed(sticker: Sticker, section: TrackSection) -> Placed:
    return Placed(sticker, *to_piece(section, sticker.x_mm, sticker.y_mm, sticker.heading_deg))


def stray_names(stray: Sequence[Sticker]) -> str:
    """'booster arrow boost-pad-9, coin coin-3' for the sheet's "not on a piece" line."""
    return ", ".join(f"{kind_name(s.kind)} {s.element_id or s.label}" for s in stray)


def kind_name(kind: str) -> str:
    return {"boost_pad": _("booster arrow"), "item_box": _("\"?\" square"), "coin": _("coin"),
            "start_finish": _("start/finish line"), GRID_SLOT: _("grid slot")}.get(kind, kind)


# --- drawing on a cut-out piece ----------------------------------------------------------------------
def number_spot(piece: TrackPiece, flipped: bool, width_mm: float, number: int, carried: PieceStickers,
                turn_deg: float = 0.0) -> tuple[float, float, float]:
    """Where the piece's big number goes in its own frame, and its cap height: halfway along unless a sticker
    lies there, else the first free spot along the centre line or beside it, smaller if it must be (halfway,
    full size, when nothing is free). The number stands upright on the page: its box turns back by `turn_deg`."""
    full = number_size(width_mm)
    shapes = [_local_footprint(placed) for placed in (*carried.own, *carried.parts)]
    deck = local_outline(piece, width_mm, flipped).buffer(-BARRIER_MM - 1.0)
    length = _length(piece)
    section = TrackSection(id="here", x_mm=0.0, y_mm=0.0, piece=piece.id, flipped=flipped)
    steps = int(width_mm / 2 // 10)
    sideways = sorted((k * 10.0 for k in range(-steps, steps + 1)), key=abs)
    for size in (full, full * 0.75, full * 0.55):
        wide = width_mm_of(str(number), size / fonts.cap_height(BOLD) / pt(1.0), BOLD) + size * 0.3  # and halo
        tall = size * 1.3
        box = affinity.rotate(Polygon([(-wide / 2, -tall / 2), (wide / 2, -tall / 2), (wide / 2, tall / 2),
                                       (-wide / 2, tall / 2)]), -turn_deg, origin=(0, 0))
        for fraction in (0.5, 0.35, 0.65, 0.2, 0.8):
            for right in sideways:
                x, y, _h = _point(section, piece, length * fraction, right)
                spot = affinity.translate(box, x, y)
                if deck.contains(spot) and not any(shape.intersects(spot) for shape in shapes):
                    return x, y, size
    x, y, _h = _point(section, piece, length / 2, 0.0)
    return x, y, full


def _local_footprint(placed: Placed) -> BaseGeometry:
    s = placed.sticker
    return Sticker(s.kind, placed.x_mm, placed.y_mm, placed.heading_deg, s.length_mm, s.width_mm, s.round).footprint()


def draw_stickers(p: Painter, carried: PieceStickers, outline: Polygon, turn_deg: float) -> None:
    """The piece's sticker places in its own frame (the canvas already in it): a light tint and an outline
    for each, labelled, and neighbours' parts dashed; all clipped to the piece (a sticker across a joint shows
    its part on each piece)."""
    c = p.c
    c.saveState()
    clip = c.beginPath()
    corners = [(x, y) for x, y, *_rest in outline.exterior.coords][:-1]
    clip.moveTo(*corners[0])
    for point in corners[1:]:
        clip.lineTo(*point)
    clip.close()
    c.clipPath(clip, stroke=0, fill=0)
    for part in carried.parts:
        _shape(p, part, None, PART, dash=(2.0, 1.5))
    for placed in carried.own:
        kind = placed.sticker.kind
        _shape(p, placed, TINT[kind], OUTLINE[kind])
        _mark(p, placed, turn_deg)
    c.restoreState()


def _shape(p: Painter, placed: Placed, fill: Color | None, stroke: Color | None,
           dash: tuple[float, float] | None = None) -> None:
    s = placed.sticker
    c = p.c
    c.saveState()
    c.translate(placed.x_mm, placed.y_mm)
    c.rotate(placed.heading_deg)
    if s.round:
        p.circle(0.0, 0.0, s.length_mm / 2, fill=fill, stroke=stroke, lw=0.5, dash=dash)
    else:
        p.centred_rect(s.length_mm, s.width_mm, fill=fill, stroke=stroke, lw=0.5, dash=dash)
    c.restoreState()


def _mark(p: Painter, placed: Placed, turn_deg: float) -> None:
    """What the place is for: an arrow along travel, a "?", a coin's rim, the line's chequers, a slot number;
    the words stand upright on the page."""
    s = placed.sticker
    c = p.c
    c.saveState()
    c.translate(placed.x_mm, placed.y_mm)
    c.rotate(placed.heading_deg)
    colour = OUTLINE[s.kind]
    if s.kind == "boost_pad":
        art.arrow(p, -s.length_mm * 0.38, s.length_mm * 0.76, s.width_mm * 0.62, stroke=colour, lw=0.35)
    elif s.kind == "coin":
        p.circle(0.0, 0.0, s.length_mm * 0.36, stroke=colour, lw=0.3)
    elif s.kind == "start_finish":
        cells = max(2, int(s.width_mm // s.length_mm))
        cell = s.width_mm / cells
        for k in range(cells):
            x = -s.length_mm / 2 if k % 2 == 0 else 0.0
            p.rect(x, -s.width_mm / 2 + k * cell, s.length_mm / 2, cell, fill=CHEQUER, stroke=None)
    c.rotate(-(turn_deg + placed.heading_deg))  # upright on the page from here
    if s.kind == "boost_pad":
        _word(p, _("booster"), 0.0, colour)
    elif s.kind == "item_box":
        p.label(0.0, -2.0, "?", s.width_mm * 0.36, colour, halo=None)
        _word(p, _("item"), 7.5, colour)
    elif s.kind == "coin":
        _word(p, _("coin"), 0.0, colour)
    elif s.kind == GRID_SLOT:
        p.label(0.0, -2.5, s.label, s.length_mm * 0.3, colour, halo=None)
        _word(p, s.note, 8.0, colour)
    c.restoreState()


def _word(p: Painter, word: str, y: float, colour: Color) -> None:
    """A small label (6 pt), centred `y` mm below the point, on a white halo so it reads over the marks."""
    text(p.c, 0.0, y, word, 6.0, FONT, "middle", colour, middle=True, halo=white)


def neighbour_mark(p: Painter, at: Connector, number: int | None, into: bool, width_mm: float, turn_deg: float) -> None:
    """At an end edge: the number of the piece that joins there ("from 12" at the start, "to 2" at the end)."""
    if number is None:
        return
    c = p.c
    c.saveState()
    c.translate(at.x_mm, at.y_mm)
    c.rotate(at.heading_deg)
    words = _("from {n}").format(n=number) if into else _("to {n}").format(n=number)
    x = 5.0 if into else -5.0
    y = width_mm / 2 - 12.0
    c.translate(x, y)
    c.rotate(-(turn_deg + at.heading_deg))
    text(c, 0.0, 0.0, words, 8.0, BOLD, "middle", INK, middle=True, halo=white)
    c.restoreState()

