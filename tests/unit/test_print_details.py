"""Print details found by measuring the PDFs: calibration bars both ways, registration marks shared by
neighbours, skipped pages that keep their ink, labels and cut marks inside the paper, halo text that
extracts once, duplex backs that flip the right way."""

from __future__ import annotations

import io
import math

import pytest

from designer.export import CardOptions, TrackPrintOptions, plan_tiles, write_cards_pdf, write_track_pdf
from designer.export.paper import MM
from designer.export.tokens import write_tokens_pdf
from designer.io.track_io import load_track, track_from_data
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset

from . import pdfboxes, pdfscan
from .factories import minimal_track_data

LUIGI = TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json"
BAR_PT = 2.0 * MM  # pdf.BAR_THICKNESS


@pytest.fixture(scope="module")
def luigi():
    return load_track(LUIGI)


def track_pdf(document, **options) -> bytes:
    buffer = io.BytesIO()
    write_track_pdf(buffer, document, load_ruleset(document.ruleset), TrackPrintOptions(**options))
    return buffer.getvalue()


def loop_track(**overrides):
    """A 1000 × 700 mm table with a wide loop round it and no elements: every printed word is the tiler's."""
    data = minimal_track_data(
        table={"width_mm": 1000.0, "height_mm": 700.0},
        track={"centerline": [[100, 100], [900, 100], [900, 600], [100, 600]], "closed": True, "width_mm": 150},
        elements=[], **overrides)
    return track_from_data(data)


@pytest.fixture(scope="module")
def loop_landscape() -> bytes:
    return track_pdf(loop_track(), orientation="landscape")


@pytest.fixture(scope="module")
def loop_portrait() -> bytes:
    return track_pdf(loop_track(), orientation="portrait")


def bars(page, pdf, length_mm: float) -> tuple[list[pdfscan.Box], list[pdfscan.Box]]:
    """(horizontal, vertical) calibration-bar outlines of exactly `length_mm` on a page."""
    length = length_mm * MM
    boxes = pdfscan.rects(page, pdf)
    across = [b for b in boxes if math.isclose(b.w, length, abs_tol=0.3) and math.isclose(b.h, BAR_PT, abs_tol=0.3)]
    down = [b for b in boxes if math.isclose(b.h, length, abs_tol=0.3) and math.isclose(b.w, BAR_PT, abs_tol=0.3)]
    return across, down


# --- (1) calibration ------------------------------------------------------------------------------------
@pytest.mark.parametrize("which", ["loop_landscape", "loop_portrait"])
def test_every_tile_has_a_100_mm_bar_across_and_down(which, request):
    data = request.getfixturevalue(which)
    pdf = pdfscan.reader(data)
    for number, page in enumerate(list(pdf.pages)[1:], 2):
        across, down = bars(page, pdf, 100.0)
        assert across and down, f"page {number}: bars across {len(across)}, down {len(down)}"
        W, H = (float(v) for v in page.mediabox[2:])
        for bar in across + down:  # in the margins, inside the paper
            assert bar.x0 > 0 and bar.x1 < W and bar.y0 > 0 and bar.y1 < H


def test_bars_do_not_cover_the_neighbour_labels(loop_landscape, loop_portrait):
    for data in (loop_landscape, loop_portrait):
        for page in pdfboxes.pages(data)[1:]:
            bars_ = [s for s in page.shapes if max(s.w, s.h) > 99.0 and 1.5 < min(s.w, s.h) < 2.5]
            for run in page.runs:
                for bar in bars_:
                    b = run.box
                    assert not (b.x < bar.right and bar.x < b.right and b.y < bar.bottom and bar.y < b.bottom), (
                        f"page {page.number}: {run.text!r} under a calibration bar")


def test_card_and_token_sheets_carry_a_bar():
    buffer = io.BytesIO()
    write_cards_pdf(buffer, load_ruleset("mk-gaslands"), CardOptions())
    pdf = pdfscan.reader(buffer.getvalue())
    for page in pdf.pages:
        across, _down = bars(page, pdf, 50.0)
        assert len(across) == 1
    assert "50 mm" in pdfscan.texts(pdf.pages[0], pdf)
    buffer = io.BytesIO()
    write_tokens_pdf(buffer, track_from_data(minimal_track_data()))
    pdf = pdfscan.reader(buffer.getvalue())
    for page in pdf.pages:
        across, _down = bars(page, pdf, 100.0)
        assert len(across) == 1
    assert not pdfboxes.all_overflows(buffer.getvalue())


# --- (2) registration marks shared by neighbours -------------------------------------------------------
def mark_centres(page, pdf, arm_mm: float) -> list[tuple[float, float]]:
    """Centres (page mm, y down) of every registration cross: two segments of 2 × arm crossing at a point."""
    H = float(page.mediabox[3])
    mids = []
    for (ax, ay), (bx, by) in pdfscan.segments(page, pdf):
        if math.isclose(math.dist((ax, ay), (bx, by)), 2 * arm_mm * MM, abs_tol=0.05):
            mids.append(((ax + bx) / 2 / MM, (H - (ay + by) / 2) / MM))
    return [p for p in set((round(x, 2), round(y, 2)) for x, y in mids)
            if sum(math.isclose(x, p[0], abs_tol=0.02) and math.isclose(y, p[1], abs_tol=0.02) for x, y in mids) == 2]


def test_neighbours_share_registration_marks_in_their_overlap(loop_landscape):
    document = loop_track()
    plan = plan_tiles(document, load_ruleset(document.ruleset), TrackPrintOptions(orientation="landscape"))
    grid, area = plan.grid, plan.grid.content
    pdf = pdfscan.reader(loop_landscape)

    def table_marks(cell) -> set[tuple[float, float]]:
        page = pdf.pages[plan.printed.index(cell) + 1]
        w = grid.window(*cell)
        return {(round(x - area.x + w.x, 1), round(y - area.y + w.y, 1)) for x, y in mark_centres(page, pdf, 4.0)}

    pairs = 0
    for cell in plan.printed:
        for side in ("right", "down"):
            n = grid.neighbours(*cell).get(side)
            if n is None or not plan.is_printed(n):
                continue
            shared = table_marks(cell) & table_marks(n)
            assert len(shared) == 2, f"{cell} and {n} share {sorted(shared)}"
            for x, y in shared:  # in the overlap strip, both pages
                w, v = grid.window(*cell), grid.window(*n)
                assert max(w.x, v.x) <= x <= min(w.right, v.right) and max(w.y, v.y) <= y <= min(w.bottom, v.bottom)
            pairs += 1
    assert pairs >= 4


# --- (3) skipped pages keep their ink ------------------------------------------------------------------
CORNER_LOOP = {"centerline": [[60, 60], [200, 60], [200, 140], [60, 140]], "closed": True, "width_mm": 40}
PIPES = [{"id": "p1", "kind": "warp_pipe", "x_mm": 700, "y_mm": 100, "pair": "p2"},
         {"id": "p2", "kind": "warp_pipe", "x_mm": 100, "y_mm": 100, "pair": "p1"}]
CROSSINGS = {
    # A Bullet Bill on A1 fires from a pipe on C1: its dashed link is all that is on B1.
    "link": (10.0, CORNER_LOOP, [*PIPES, {"id": "bb", "kind": "bullet_bill", "x_mm": 100, "y_mm": 60,
                                           "launcher": "p1"}]),
    # With no overlap A1 ends at x 277: the (smoothed) surface stops at 275.9, its kerb stroke runs on to 279.4.
    "kerb": (0.0, {**CORNER_LOOP, "centerline": [[60, 60], [244, 60], [244, 140], [60, 140]]}, []),
    # A gate on A1 whose arrows point past x 277.
    "gate arrows": (0.0, CORNER_LOOP, [{"id": "g1", "kind": "gate", "x_mm": 250, "y_mm": 100, "rotation_deg": 0,
                                        "order": 1, "width_mm": 40}]),
    # Scenery on A1 whose label, centred on it, is wider than the room left on A1.
    "label": (0.0, CORNER_LOOP, [{"id": "sc", "kind": "scenery", "x_mm": 266, "y_mm": 100, "solid": True,
                                  "polygon": [[-8, -8], [8, -8], [8, 8], [-8, 8]], "label": "Mushroom Grove"}]),
}


@pytest.mark.parametrize("case", sorted(CROSSINGS))
def test_a_page_crossed_only_by_ink_off_the_footprints_is_printed(case):
    overlap, track, elements = CROSSINGS[case]
    document = track_from_data(minimal_track_data(table={"width_mm": 1828.8, "height_mm": 1219.2}, track=track,
                                                  elements=elements))
    options = TrackPrintOptions(orientation="landscape", overlap_mm=overlap)
    plan = plan_tiles(document, load_ruleset(document.ruleset), options)
    assert (1, 0) in plan.printed, f"B1 skipped although the {case} crosses it"
    assert (0, 1) not in plan.printed  # still skipping what is really empty
    data = track_pdf(document, orientation="landscape", overlap_mm=overlap)
    pdf = pdfscan.reader(data)
    assert len(pdf.pages) == plan.page_count
    page = pdf.pages[plan.printed.index((1, 0)) + 1]
    assert "B1" in pdfscan.texts(page, pdf)
    assert pdfscan.operator_counts(page, pdf)[b"Do"] == 1  # the table drawing is placed on it


# --- (4) labels and cut marks inside the paper, halo text extracted once --------------------------------
@pytest.mark.parametrize("which", ["loop_landscape", "loop_portrait"])
def test_neighbour_labels_stay_in_the_margin(which, request):
    data = request.getfixturevalue(which)
    m, edge = TrackPrintOptions().margin_mm, 1.0
    empties = 0
    for page in pdfboxes.pages(data)[1:]:
        W, H = page.width_mm, page.height_mm
        for run in (r for r in page.runs if "glue" not in r.text):  # the glue note is on the strip itself
            b = run.box
            assert b.x >= edge and b.right <= W - edge and b.y >= edge and b.bottom <= H - edge, run
            in_content = b.x < W - m and b.right > m and b.y < H - m and b.bottom > m
            assert not in_content, f"page {page.number}: {run.text!r} {b} reaches into the table"
            empties += "empty" in run.text
    assert empties > 0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cut_marks_keep_5_mm_from_the_paper_edge_and_are_4_mm_long(paper):
    buffer = io.BytesIO()
    write_cards_pdf(buffer, load_ruleset("mk-gaslands"), CardOptions(paper=paper))  # A4 poker: 10.5 mm beside
    pdf = pdfscan.reader(buffer.getvalue())
    for page in list(pdf.pages)[:2]:
        W, H = (float(v) for v in page.mediabox[2:])
        segments = pdfscan.segments(page, pdf)
        assert segments
        for a, b in segments:
            straight = math.isclose(a[0], b[0], abs_tol=0.01) or math.isclose(a[1], b[1], abs_tol=0.01)
            if straight and min(min(x, W - x, y, H - y) for x, y in (a, b)) < 20 * MM:  # a cut mark, not art
                assert math.dist(a, b) >= 4 * MM - 0.01, f"a cut mark {math.dist(a, b) / MM:.2f} mm long"
            for x, y in (a, b):
                assert min(x, W - x, y, H - y) >= 5 * MM - 0.01, f"a mark ends {min(x, W - x, y, H - y) / MM:.2f} mm in"


def test_text_with_a_halo_is_shown_once_and_extracts_once():
    from pdfminer.high_level import extract_text
    from reportlab.lib.colors import HexColor, white

    from designer.export import pdf as rl
    from designer.export.paper import get_paper

    paper = get_paper("a5")
    buffer = io.BytesIO()
    c = rl.new_canvas(buffer, "halo")
    rl.start_page(c, paper)
    with rl.mm_frame(c, paper):
        rl.text(c, 20, 30, "Rubble", 20, rl.BOLD, colour=HexColor("#1f4d1b"), halo=white)
    c.showPage()
    c.save()
    data = buffer.getvalue()
    page = pdfscan.reader(data).pages[0]
    assert pdfscan.texts(page, pdfscan.reader(data)) == ["Rubble"]
    assert extract_text(io.BytesIO(data)).strip() == "Rubble"
    # …and the halo is still there: the glyphs stroked (mode 5: stroke and clip), then filled in ink.
    ops = [op.name for op in pdfscan.ops(page, pdfscan.reader(data))]
    assert b"Tr" in ops and ops.index(b"re") > ops.index(b"Tj")
    # A real print: the glue note on every strip and the labels on the assembly map extract once.
    tiles = pdfscan.reader(track_pdf(loop_track(), orientation="landscape"))
    words = pdfscan.texts(tiles.pages[1], tiles)
    assert words.count("glue under the next page") == 2 and words.count("A1") == 1
    assembly = extract_text(io.BytesIO(track_pdf(loop_track(), orientation="landscape")), page_numbers=[0]).split()
    assert assembly.count("D1") == 1 and "DD11" not in assembly


# --- (5) duplex backs on landscape sheets ---------------------------------------------------------------
def card_corners(page, pdf, size_mm: tuple[float, float]) -> list[tuple[float, float]]:
    w, h = size_mm[0] * MM, size_mm[1] * MM
    return sorted((round(b.x0, 1), round(b.y0, 1)) for b in pdfscan.rects(page, pdf)
                  if math.isclose(b.w, w, abs_tol=0.05) and math.isclose(b.h, h, abs_tol=0.05))


def test_backs_on_a_landscape_sheet_flip_over_the_long_top_edge():
    buffer = io.BytesIO()
    write_cards_pdf(buffer, load_ruleset("mk-gaslands"), CardOptions(paper="letter"))  # Letter landscape, 4 × 2
    pdf = pdfscan.reader(buffer.getvalue())
    pages = list(pdf.pages)
    W, H = (float(v) for v in pages[0].mediabox[2:])
    assert W > H
    h = 88 * MM
    for front, back in zip(pages[0::2], pages[1::2], strict=True):
        f, b = card_corners(front, pdf, (63, 88)), card_corners(back, pdf, (63, 88))
        # Turned over about the top edge: each card's back is in the same column, the other row.
        assert b == sorted((x, round(H - y - h, 1)) for x, y in f)
    # The partial last sheet: its fuller top row of fronts is the fuller bottom row of backs.
    last_front, last_back = card_corners(pages[-2], pdf, (63, 88)), card_corners(pages[-1], pdf, (63, 88))
    top = sum(y + h / 2 > H / 2 for _x, y in last_front)  # card centres above the middle (PDF y is up)
    assert len(last_front) < 8 and top > len(last_front) - top
    assert sum(y + h / 2 < H / 2 for _x, y in last_back) == top
