"""Shortcut arrows go round the road (mk-board, pure): the path the canvas and the print both draw
(`arrows.shortcut_path`) touches no tile but its own two, leaves the first tile at its edge and ends with its tip
on the target tile, on hand-drawn shortcuts whose straight line would cross the lap and on generated boards."""

from __future__ import annotations

import math

import pytest
import shapely
from shapely.geometry import LineString, Point

from designer.model.track import TrackSurface
from designer.rules import load_ruleset
from designer.systems import registry
from designer.systems.mk_board.arrows import board_paths, outline, shortcut_path
from designer.systems.mk_board.board import lay_spaces, new_shortcut
from designer.systems.mk_board.checks import tiles
from designer.systems.mk_board.generate import OPTIONS, generate
from designer.systems.mk_board.rule_data import board_rules

registry.load()
RULES = load_ruleset("mk-board")
SIDE = board_rules(RULES).space_size_mm
NINE = TrackSurface(centerline=[(150, 120), (420, 90), (640, 160), (700, 330), (560, 420), (430, 330), (300, 430),
                                (130, 380), (90, 240)], closed=True, width_mm=40)
SPACES = sorted(lay_spaces(NINE, [], RULES).added, key=lambda s: s.number)
SQUARES = tiles(SPACES, SIDE)


def crossing_pairs() -> list[tuple[int, int]]:
    """Pairs of spaces 4–14 apart along the lap whose straight line crosses other tiles."""
    out = []
    for i in range(1, len(SPACES)):
        for j in range(i + 4, min(len(SPACES), i + 15)):
            line = LineString([(SPACES[i].x_mm, SPACES[i].y_mm), (SPACES[j].x_mm, SPACES[j].y_mm)])
            if sum(1 for k, sq in enumerate(SQUARES) if k not in (i, j) and line.intersects(sq)) >= 1:
                out.append((i, j))
    return out


PAIRS = crossing_pairs()[::9]


def assert_routed(points, start: int, end: int, squares, count: int) -> None:
    ink = outline(points, SIDE)
    for k in range(count):
        if k not in (start, end):
            assert ink.intersection(squares[k]).area < 1e-6, f"the arrow {start + 1}→{end + 1} crosses tile {k + 1}"
    assert squares[end].contains(Point(points[-1]))  # the head's tip is on the target tile
    assert squares[end].exterior.distance(Point(points[-1])) < 1.5  # just inside its edge
    assert squares[start].exterior.distance(Point(points[0])) < 0.01  # the tail leaves the first tile's edge
    assert not squares[start].contains(Point(points[1]))


def test_there_are_shortcuts_whose_straight_line_crosses_the_lap():
    assert len(PAIRS) >= 5


@pytest.mark.parametrize(("i", "j"), PAIRS)
def test_an_arrow_across_the_lap_is_routed_round_the_other_tiles(i, j):
    points = shortcut_path(SPACES[i], SPACES[j], SPACES, SIDE)
    assert points is not None
    assert_routed(points, i, j, SQUARES, len(SPACES))
    # it bows: the straight line would have crossed a tile
    straight = LineString([points[0], points[-1]])
    assert max(straight.distance(Point(p)) for p in points) > 5.0


def test_a_clear_arrow_runs_straight():
    i, j = 2, 3  # neighbours: nothing between them
    points = shortcut_path(SPACES[i], SPACES[j], SPACES, SIDE)
    assert points is not None
    straight = LineString([points[0], points[-1]])
    assert max(straight.distance(Point(p)) for p in points) < 0.01
    assert_routed(points, i, j, SQUARES, len(SPACES))


@pytest.mark.parametrize("seed", range(6))
def test_generated_boards_arrows_touch_only_their_own_tiles(seed):
    settings = {o.name: o.default(RULES) for o in OPTIONS} | {"shortcuts": 3}
    doc = generate(RULES, 841.0, 594.0, seed, settings)
    spaces = sorted((e for e in doc.elements if e.kind == "space"), key=lambda s: s.number)
    squares = tiles(spaces, SIDE)
    index = {s.id: k for k, s in enumerate(spaces)}
    arrows = {e.id: e for e in doc.elements if e.kind == "shortcut"}
    paths = board_paths(doc.elements, SIDE)
    assert set(paths) == set(arrows)
    for sid, points in paths.items():
        assert_routed(points, index[arrows[sid].from_space], index[arrows[sid].to_space], squares, len(spaces))


def test_the_arrow_follows_its_spaces_and_the_shortcut_element_is_unchanged():
    i, j = PAIRS[0]
    shortcut = new_shortcut(SPACES, SPACES[i].id, SPACES[j].id)
    paths = board_paths([*SPACES, shortcut], SIDE)
    assert paths[shortcut.id] == shortcut_path(SPACES[i], SPACES[j], SPACES, SIDE)
    assert math.dist(paths[shortcut.id][-1], (SPACES[j].x_mm, SPACES[j].y_mm)) < SIDE * 0.75
    assert shapely.Point(paths[shortcut.id][-1]).within(SQUARES[j])


def test_the_printed_arrows_are_the_routed_paths_read_back_from_the_pdf():
    import io

    from reportlab.pdfgen.canvas import Canvas
    from shapely.geometry import Polygon

    from designer.model.track import Table, TrackDocument
    from designer.systems.mk_board.board_art import SHORTCUT_RED, draw_board
    from tests.unit.pdfscan import MM_PT, apply, ops, reader

    picks = PAIRS[:3]
    arrows = []
    for i, j in picks:
        arrows.append(new_shortcut([*SPACES, *arrows], SPACES[i].id, SPACES[j].id))
    doc = TrackDocument(name="Nine", ruleset="mk-board", table=Table(width_mm=800, height_mm=520), track=NINE,
                        elements=[*SPACES, *arrows])
    height = 520 * MM_PT
    out = io.BytesIO()
    c = Canvas(out, pagesize=(800 * MM_PT, height))
    c.translate(0, height)
    c.scale(MM_PT, -MM_PT)
    draw_board(c, doc, RULES)
    c.save()
    pdf = reader(out.getvalue())
    red = (round(SHORTCUT_RED.red, 3), round(SHORTCUT_RED.green, 3), round(SHORTCUT_RED.blue, 3))
    fill, points, drawn = None, [], []
    for op in ops(pdf.pages[0], pdf):
        if op.name == b"rg":
            fill = tuple(round(float(v), 3) for v in op.operands)
        elif op.name in (b"m", b"l"):
            x, y = apply(op.ctm, float(op.operands[0]), float(op.operands[1]))
            points.append((x / MM_PT, (height - y) / MM_PT))
        elif op.name in (b"f", b"B", b"b", b"f*", b"B*", b"b*", b"S", b"s", b"n"):
            if fill == red and op.name != b"n" and len(points) >= 3:
                drawn.append(Polygon(points))
            points = []
    assert len(drawn) == 3
    for (i, j), arrow in zip(picks, arrows, strict=True):
        expected = outline(shortcut_path(SPACES[i], SPACES[j], SPACES, SIDE), SIDE)
        printed = next(p for p in drawn if p.symmetric_difference(expected).area < 0.5)
        for k, square in enumerate(SQUARES):
            if k not in (i, j):
                assert printed.intersection(square).area < 0.05, f"printed arrow {i + 1}→{j + 1} on tile {k + 1}"
        assert printed.intersection(SQUARES[j]).area > 0.1  # its head reaches onto the target tile
        assert arrow.id
