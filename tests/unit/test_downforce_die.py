"""The Downforce item die, folded in code and read back from the PDF: the cross net folds onto six different
sides with the two Coins opposite, its 14 free edges meet in 7 pairs and carry exactly one tab per pair, clear
of the faces and of each other; the printed face squares are the die size (`--set die_size=20` too), each net
names its six faces, the sheets fill A4, Letter, A3 and Tabloid inside the margins, the round stickers are
0.8 × the die size across, and no text runs out of its box in English or in pseudo-translation."""

from __future__ import annotations

import io
import math
import re
from collections import Counter

import pytest

from designer import i18n
from designer.cli import main
from designer.export.bundle import blank_document, export_pdf
from designer.export.options import ExportOptions, PrintJob
from designer.export.pdf import PALE
from designer.rules import load_ruleset
from designer.systems.mk_downforce import cube_net, die_net
from designer.systems.mk_downforce.rule_data import downforce_rules
from tests.pseudo_text import untranslated_words

from . import pdfboxes, pdfscan

DOWNFORCE = load_ruleset("mk-downforce")
FACES = downforce_rules(DOWNFORCE).item_die_faces
MM = pdfscan.MM_PT


def printed(**options) -> bytes:
    out = io.BytesIO()
    export_pdf(out, blank_document(DOWNFORCE), "die", ExportOptions(**options), DOWNFORCE, blank=True)
    return out.getvalue()


def job(**options) -> PrintJob:
    return PrintJob(blank_document(DOWNFORCE), DOWNFORCE, ExportOptions(**options))


def names_printed(texts: list[str]) -> dict[str, int]:
    counts = Counter(texts)
    return {name: counts[name] for name in set(FACES)}


def names_expected(on_faces: bool, copies: int) -> dict[str, int]:
    """Each face named on every copy when the names fit the faces at 5 pt or more, else once in the page's key."""
    return {name: FACES.count(name) * copies if on_faces else 1 for name in set(FACES)}


def page_texts(data: bytes) -> list[list[str]]:
    reader = pdfscan.reader(data)
    return [pdfscan.texts(page, reader) for page in reader.pages]


def squares(data: bytes, page: int, size_mm: float, tolerance: float = 0.05) -> list[pdfscan.Box]:
    """The `re` boxes of one page that are size_mm square."""
    reader = pdfscan.reader(data)
    return [b for b in pdfscan.rects(reader.pages[page], reader)
            if abs(b.w / MM - size_mm) <= tolerance and abs(b.h / MM - size_mm) <= tolerance]


def tab_fills(data: bytes, page: int) -> int:
    """How many shapes the page fills in the tabs' grey."""
    reader = pdfscan.reader(data)
    want = (PALE.red, PALE.green, PALE.blue)
    return sum(1 for op in pdfscan.ops(reader.pages[page], reader)
               if op.name == b"rg" and all(abs(float(v) - w) < 0.002 for v, w in zip(op.operands, want, strict=True)))


def heading_count(texts: list[str]) -> int:
    return int(next(m.group(1) for t in texts if (m := re.match(r"(\d+) (?:nets?|sets?) ", t))))


# --- the net, folded ------------------------------------------------------------------------------------
def test_the_cross_folds_onto_six_different_sides():
    sides = cube_net.fold(cube_net.CROSS)
    assert sorted(sides) == list(range(6))
    assert len(set(sides.values())) == 6
    assert all(sorted(map(abs, v)) == [0, 0, 1] for v in sides.values())


def test_what_is_not_a_cube_net_is_refused():
    with pytest.raises(cube_net.NetError):
        cube_net.fold([(x, y) for x in range(3) for y in range(2)])  # a 3 × 2 block folds onto a side twice
    with pytest.raises(cube_net.NetError):
        cube_net.fold([(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)])  # a row of six wraps round
    with pytest.raises(cube_net.NetError):
        cube_net.fold([(0, 0), (2, 0)])  # not joined


def test_the_two_coins_land_opposite_each_other():
    faces = cube_net.place_faces(cube_net.CROSS, FACES)
    assert Counter(faces) == Counter(FACES)
    coins = [i for i, name in enumerate(faces) if name == "Coins"]
    assert len(coins) == 2 and cube_net.opposite(cube_net.CROSS, *coins)
    assert faces == die_net.die_faces(job())


def test_fourteen_free_edges_meet_in_seven_pairs():
    free = cube_net.free_edges(cube_net.CROSS)
    pairs = cube_net.edge_pairs(cube_net.CROSS)
    assert len(free) == 14 and len(pairs) == 7
    assert sorted({e for pair in pairs for e in pair}, key=repr) == sorted(free, key=repr)
    for a, b in pairs:  # the two edges of a pair fold onto one edge of the cube, between the same two sides
        assert cube_net.cube_edge(cube_net.CROSS, a) == cube_net.cube_edge(cube_net.CROSS, b)
    assert len({cube_net.cube_edge(cube_net.CROSS, a) for a, _b in pairs}) == 7
    assert len(cube_net.fold_lines(cube_net.CROSS)) == 5


def test_one_tab_per_meeting_pair_on_a_free_edge_clear_of_faces_and_tabs():
    tabs = cube_net.tabs(cube_net.CROSS)
    pairs = {frozenset(p) for p in cube_net.edge_pairs(cube_net.CROSS)}
    assert len(tabs) == 7
    assert {frozenset((t.edge, t.partner)) for t in tabs} == pairs
    free = set(cube_net.free_edges(cube_net.CROSS))
    assert all(t.edge in free for t in tabs)
    faces = [cube_net.square(cell) for cell in cube_net.CROSS]
    for i, tab in enumerate(tabs):
        assert not any(cube_net.overlap(tab.polygon, f) for f in faces)
        assert not any(cube_net.overlap(tab.polygon, other.polygon) for other in tabs[i + 1:])
        base = cube_net.segment(cube_net.CROSS, tab.edge)
        assert tab.polygon[:2] == (tuple(map(float, base[0])), tuple(map(float, base[1])))
        (ax, ay), (bx, by) = base
        for x, y in tab.polygon[2:]:  # the far side: TAB_DEPTH off the edge, outwards (left of a → b, y down)
            assert (bx - ax) * (y - ay) - (by - ay) * (x - ax) == pytest.approx(-cube_net.TAB_DEPTH)
        far = math.dist(tab.polygon[2], tab.polygon[3])
        assert far == pytest.approx(1 - 2 * cube_net.TAB_INSET)


def test_the_overlap_test_sees_overlaps():
    assert cube_net.overlap(cube_net.square((0, 0)), ((0.5, 0.5), (1.5, 0.5), (1.5, 1.5), (0.5, 1.5)))
    assert not cube_net.overlap(cube_net.square((0, 0)), cube_net.square((1, 0)))  # a shared side only


# --- the printed nets -----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [10, 16, 20, 40])
def test_face_squares_are_the_die_size_and_every_net_names_its_six_faces(size):
    data = printed(settings=(("die_size", size),))
    texts = page_texts(data)[0]
    nets = heading_count(texts)
    assert nets == len(die_net.net_layout(job(settings=(("die_size", size),)))[1]) >= 1
    assert len(squares(data, 0, size)) == 6 * nets
    assert tab_fills(data, 0) == 7 * nets
    assert names_printed(texts) == names_expected(size >= 16, nets)
    assert f"Item die: cube net ({size} mm)" in texts


def test_sixteen_mm_nets_fill_an_a4_sheet_three_by_three():
    data = printed()
    assert heading_count(page_texts(data)[0]) == 9
    assert len(squares(data, 0, 16)) == 54


def test_set_die_size_changes_the_printed_squares(tmp_path, capsys):
    out = tmp_path / "die.pdf"
    assert main(["export", "--ruleset", "mk-downforce", "--what", "die", "--set", "die_size=20", "-o", str(out)]) == 0
    data = out.read_bytes()
    assert squares(data, 0, 16) == []
    assert len(squares(data, 0, 20)) == 6 * heading_count(page_texts(data)[0])


@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "tabloid"])
def test_every_paper_holds_its_nets_inside_the_margins(paper):
    data = printed(paper=paper)
    reader = pdfscan.reader(data)
    width, height = (float(v) / MM for v in reader.pages[0].mediabox.upper_right)
    faces = squares(data, 0, 16)
    nets = heading_count(page_texts(data)[0])
    assert len(faces) == 6 * nets >= 6 * 9
    for box in faces:
        assert box.x0 / MM >= 10 - 0.01 and box.x1 / MM <= width - 10 + 0.01
        assert box.y0 / MM >= 10 - 0.01 and box.y1 / MM <= height - 10 + 0.01
    assert pdfboxes.all_overflows(data) == []


def test_a_die_too_big_for_the_page_is_one_line_and_no_file(tmp_path, capsys):
    out = tmp_path / "die.pdf"
    argv = ["export", "--ruleset", "mk-downforce", "--what", "die", "--set", "die_size=40", "--margin", "55",
            "-o", str(out)]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "40 mm" in err and "\n" not in err and "Traceback" not in err
    assert not out.exists()


# --- the stickers ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [16, 25])
def test_stickers_are_round_and_four_fifths_of_the_die_across(size):
    data = printed(settings=(("die_size", size),))
    texts = page_texts(data)[1]
    sets = heading_count(texts)
    assert sets >= 2
    d = 0.8 * size
    circles = [b for b in pdfscan.path_boxes(data)[1] if abs(b[0] - d) < 0.05 and abs(b[1] - d) < 0.05]
    assert len(circles) == 6 * sets
    assert names_printed(texts) == names_expected(size >= 25, sets)


def test_both_sheets_carry_a_calibration_bar_the_sizes_note_and_where_the_coins_go():
    data = printed()
    reader = pdfscan.reader(data)
    for number, page in enumerate(reader.pages):
        assert any(abs(b.w / MM - 100) < 0.05 and abs(b.h / MM - 2) < 0.05 for b in pdfscan.rects(page, reader))
        assert any(t.startswith("Our assumptions") for t in page_texts(data)[number])
        assert "The two Coins faces go on opposite sides." in " ".join(page_texts(data)[number])


# --- every language -------------------------------------------------------------------------------------
def test_nothing_runs_out_of_its_box_in_english_or_pseudo_translation(monkeypatch):
    assert pdfboxes.all_overflows(printed()) == []
    monkeypatch.setenv(i18n.PSEUDO_ENV, "1")
    i18n.set_language("de")
    for size in (10, 16, 40):
        data = printed(settings=(("die_size", size),))
        assert pdfboxes.all_overflows(data) == [], size
        words = [w for page in page_texts(data) for t in page for w in untranslated_words(t)]
        assert words == []
