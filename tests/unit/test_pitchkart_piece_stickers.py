"""PitchKart's cut-out pieces carry their stickers, read back from the PDF: on each piece its number, the
pieces it joins (before / after), and the place of every booster arrow, "?" square and spare coin the document
puts on that section, at 1:1 in the piece's own frame (within 0.5 mm); the start piece carries the start/finish
line and the starting grid (one slot per `starting_coins_by_slot`); stickers on no piece are named on the sheet.

The piece's frame is found from the PDF alone: the first and last corners of its deck are the two ends of its
start edge, and travel points into the piece from there."""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass

import pytest
from shapely.geometry import Point

from designer.export.bundle import export_pdf
from designer.export.options import ExportOptions
from designer.io.track_io import load_track
from designer.model.edit import placed
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset
from designer.rules.defaults import new_element
from designer.systems.pitchkart.piece_art import DECK
from designer.systems.pitchkart.piece_stickers import GRID_SLOT, OUTLINE, PART, TINT
from designer.systems.pitchkart.rule_data import pitchkart_rules
from designer.systems.pitchkart.sections import section_outline, track_sections

from . import pdfscan
from .gen_helpers import generate

PITCHKART = load_ruleset("pitchkart")
INVENTORY = pitchkart_rules(PITCHKART).inventory
STADIUM = TEMPLATES_DIR / "pitchkart-stadium.track.json"
SEEDS = (3, 7, 11)
TOLERANCE_MM = 0.5


@dataclass(frozen=True)
class PathSeen:
    fill: tuple[float, ...] | None
    stroke: tuple[float, ...] | None
    dashed: bool
    points: list[tuple[float, float]]  # page mm

    @property
    def centre(self) -> tuple[float, float]:
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def rgb(colour) -> tuple[float, ...]:
    return (colour.red, colour.green, colour.blue)


def same(a: tuple[float, ...] | None, colour) -> bool:
    return a is not None and all(abs(x - y) < 0.003 for x, y in zip(a, rgb(colour), strict=True))


def painted(page, reader) -> list[PathSeen]:
    """Every painted path of a page with its fill and stroke colour and whether it is dashed."""
    out: list[PathSeen] = []
    stack: list[tuple] = []
    fill = stroke = None
    dashed = False
    points: list[tuple[float, float]] = []
    for op in pdfscan.ops(page, reader, into_forms=True):
        if op.name == b"q":
            stack.append((fill, stroke, dashed))
        elif op.name == b"Q":
            fill, stroke, dashed = stack.pop()
        elif op.name == b"rg":
            fill = tuple(float(v) for v in op.operands)
        elif op.name == b"RG":
            stroke = tuple(float(v) for v in op.operands)
        elif op.name == b"d":
            dashed = bool(op.operands[0])
        elif op.name in (b"m", b"l", b"c", b"re"):
            values = [float(v) for v in op.operands]
            if op.name == b"re":
                x, y, w, h = values
                values = [x, y, x + w, y, x + w, y + h, x, y + h]
            for i in range(0, len(values), 2):
                px, py = pdfscan.apply(op.ctm, values[i], values[i + 1])
                points.append((px / pdfscan.MM_PT, py / pdfscan.MM_PT))
        elif op.name in pdfscan.PAINTS or op.name == b"n":
            if points and op.name != b"n":
                f = fill if op.name in pdfscan.FILLS else None
                s = stroke if op.name not in (b"f", b"F", b"f*") else None
                out.append(PathSeen(f, s, dashed, points))
            points = []
    return out


class Frame:
    """A piece's own frame on the page, from its deck: origin mid start edge, x along travel, y to the right."""

    def __init__(self, deck: PathSeen) -> None:
        (ax, ay), (bx, by) = deck.points[0], deck.points[-1]
        self.ox, self.oy = (ax + bx) / 2, (ay + by) / 2
        n = math.hypot(bx - ax, by - ay)
        self.ey = ((bx - ax) / n, (by - ay) / n)
        ex = (-self.ey[1], self.ey[0])
        cx = sum(p[0] for p in deck.points) / len(deck.points) - self.ox
        cy = sum(p[1] for p in deck.points) / len(deck.points) - self.oy
        self.ex = ex if ex[0] * cx + ex[1] * cy > 0 else (-ex[0], -ex[1])
        self.width = n

    def local(self, x: float, y: float) -> tuple[float, float]:
        dx, dy = x - self.ox, y - self.oy
        return dx * self.ex[0] + dy * self.ex[1], dx * self.ey[0] + dy * self.ey[1]


def expected_local(section, x: float, y: float) -> tuple[float, float]:
    """A table point in the section's frame (START connector at 0, 0, +x along its heading, y down = right)."""
    r = math.radians(section.rotation_deg)
    dx, dy = x - section.x_mm, y - section.y_mm
    return dx * math.cos(r) + dy * math.sin(r), -dx * math.sin(r) + dy * math.cos(r)


def owner(document, element):
    on = [s for s in track_sections(document.elements) if section_outline(s, INVENTORY).contains(
        Point(element.x_mm, element.y_mm))]
    assert len(on) <= 1, element.id  # the generator keeps every sticker off the joints
    return on[0] if on else None


def pieces_pdf(document, paper: str = "a3") -> bytes:
    out = io.BytesIO()
    export_pdf(out, document, "pieces", ExportOptions(paper=paper))
    return out.getvalue()


@dataclass
class PieceSeen:
    number: int
    texts: list[str]
    frame: Frame
    paths: list[PathSeen]

    def places(self, kind: str) -> list[tuple[float, float]]:
        """The centres (piece frame, mm) of the sticker places of `kind` drawn on this piece."""
        return [self.frame.local(*p.centre) for p in self.paths
                if same(p.fill, TINT[kind]) and same(p.stroke, OUTLINE[kind])]


def read_pieces(data: bytes) -> dict[int, PieceSeen]:
    reader = pdfscan.reader(data)
    found = {}
    for page in reader.pages:
        texts = pdfscan.texts(page, reader, into_forms=True)
        caption = next(t for t in texts if t.startswith("Section "))
        number = int(re.match(r"Section (\d+):", caption).group(1))
        paths = painted(page, reader)
        deck = next(p for p in paths if same(p.fill, DECK) and p.stroke is None)
        found[number] = PieceSeen(number, texts, Frame(deck), paths)
    return found


@pytest.fixture(scope="module", params=SEEDS)
def generated(request):
    document = generate("pitchkart", request.param)
    return document, read_pieces(pieces_pdf(document))


def match(expected: list[tuple[float, float]], seen: list[tuple[float, float]]) -> None:
    assert len(seen) == len(expected)
    left = list(seen)
    for ex, ey in expected:
        best = min(left, key=lambda p: math.hypot(p[0] - ex, p[1] - ey))
        assert math.hypot(best[0] - ex, best[1] - ey) < TOLERANCE_MM, ((ex, ey), best)
        left.remove(best)


def test_each_piece_says_its_number_and_the_pieces_it_joins(generated):
    document, pieces = generated
    sections = track_sections(document.elements)
    count = len(sections)
    assert sorted(pieces) == [s.number for s in sections] == list(range(1, count + 1))
    for n, piece in pieces.items():
        before, after = (n - 2) % count + 1, n % count + 1
        assert str(n) in piece.texts
        assert any(t.endswith(f"after {before}, before {after}") for t in piece.texts), piece.texts
        assert f"from {before}" in piece.texts and f"to {after}" in piece.texts


@pytest.mark.parametrize("kind", ["boost_pad", "item_box", "coin"])
def test_every_sticker_is_drawn_on_its_piece_where_the_document_has_it(generated, kind):
    document, pieces = generated
    sections = track_sections(document.elements)
    elements = [e for e in document.elements if e.kind == kind]
    if kind != "coin":
        assert elements  # the generator always places boosters and "?" squares
    for section in sections:
        mine = [e for e in elements if owner(document, e) is section]
        match([expected_local(section, e.x_mm, e.y_mm) for e in mine], pieces[section.number].places(kind))


def test_the_start_piece_carries_the_line_and_every_grid_slot(generated):
    document, pieces = generated
    line = next(e for e in document.elements if e.kind == "start_finish")
    start = owner(document, line)
    slots = len(pitchkart_rules(PITCHKART).starting_coins_by_slot)
    assert slots == 8
    piece = pieces[start.number]
    match([expected_local(start, line.x_mm, line.y_mm)], piece.places("start_finish"))
    grid = piece.places(GRID_SLOT)
    assert len(grid) == slots
    assert all(not other.places(GRID_SLOT) for n, other in pieces.items() if n != start.number)
    line_x, _y = expected_local(start, line.x_mm, line.y_mm)
    kart = PITCHKART.kart_footprint.length_mm
    half = INVENTORY.width_mm / 2
    for x, y in grid:  # behind the line, on the deck, clear of the line and of each other
        assert kart / 2 <= x <= line_x - kart / 2 - 7.5 and abs(y) <= half - kart / 2
    for i, a in enumerate(grid):
        assert all(math.hypot(a[0] - b[0], a[1] - b[1]) >= kart for b in grid[i + 1:])
    for n in range(1, slots + 1):
        assert str(n) in piece.texts
    assert "5 coins" in piece.texts and "2 coins" in piece.texts  # each slot's starting coins


def test_a_sticker_across_a_joint_belongs_to_the_piece_it_points_into_and_shows_on_both():
    document = load_track(STADIUM)  # its booster lies centred on the joint of sections 1 and 2
    pieces = read_pieces(pieces_pdf(document))
    pad = next(e for e in document.elements if e.kind == "boost_pad")
    two = next(s for s in track_sections(document.elements) if s.number == 2)
    match([expected_local(two, pad.x_mm, pad.y_mm)], pieces[2].places("boost_pad"))
    assert pieces[1].places("boost_pad") == []
    assert any(same(p.stroke, PART) and p.dashed for p in pieces[1].paths)
    # the stadium's grid does not fit behind its line on section 1: the slots left over go on section 12
    assert len(pieces[1].places(GRID_SLOT)) + len(pieces[12].places(GRID_SLOT)) == 8
    assert pieces[12].places(GRID_SLOT)


def test_a_sticker_on_no_piece_is_named_on_the_sheet():
    document = load_track(STADIUM)
    stray = new_element(PITCHKART, "boost_pad", "lost-arrow", 20.0, 20.0, 0.0)
    document = document.model_copy(update={"elements": [*document.elements, stray]})
    for paper in ("a3", "a4"):  # on A4 every piece is tiled: the note gets a sheet of its own
        reader = pdfscan.reader(pieces_pdf(document, paper))
        first = pdfscan.texts(reader.pages[0], reader, into_forms=True)
        assert any("Not on a piece: booster arrow lost-arrow" in t for t in first), (paper, first)


def test_repeated_pieces_print_one_each_with_their_own_stickers():
    document = generate("pitchkart", 7)
    pieces = read_pieces(pieces_pdf(document))
    straights = [s for s in track_sections(document.elements) if s.piece == "straight"]
    assert len(straights) > 1 and all(s.number in pieces for s in straights)
    carried = {s.number: len(pieces[s.number].places("boost_pad")) + len(pieces[s.number].places("item_box"))
               + len(pieces[s.number].places("coin")) for s in straights}
    assert len(set(carried.values())) > 1  # the same piece type, different stickers: printed apart


def test_on_a4_the_tiled_pieces_still_carry_their_stickers():
    document = generate("pitchkart", 7)
    reader = pdfscan.reader(pieces_pdf(document, "a4"))
    grid = 0
    for page in reader.pages:
        grid += sum(1 for p in painted(page, reader)
                    if same(p.fill, TINT[GRID_SLOT]) and same(p.stroke, OUTLINE[GRID_SLOT]))
    assert grid >= 8  # tiles overlap, so a slot near a tile edge may print twice


def test_placed_keeps_a_moved_sticker_on_its_new_piece():
    document = generate("pitchkart", 3)
    pad = next(e for e in document.elements if e.kind == "boost_pad")
    target = next(s for s in track_sections(document.elements) if s.piece == "straight" and s.number != 1)
    ahead = 150.0  # halfway along the straight
    r = math.radians(target.rotation_deg)
    moved = placed(pad, round(target.x_mm + ahead * math.cos(r), 2), round(target.y_mm + ahead * math.sin(r), 2))
    moved = moved.model_copy(update={"rotation_deg": target.rotation_deg})
    document = document.model_copy(update={"elements": [moved if e.id == pad.id else e for e in document.elements]})
    pieces = read_pieces(pieces_pdf(document))
    assert any(abs(x - ahead) < TOLERANCE_MM and abs(y) < TOLERANCE_MM
               for x, y in pieces[target.number].places("boost_pad"))
