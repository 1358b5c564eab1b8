"""The 1:1 tiled track PDF: page grid, scale, registration marks, labels, skipping, form reuse, ink-saver."""

from __future__ import annotations

import io
import math

import pytest

from designer.export import TrackPrintOptions, plan_tiles, write_track_pdf
from designer.export.draw_track import warp_pipe_labels
from designer.export.paper import MM, tile_label
from designer.export.tiles import parts_list
from designer.io.track_io import load_track, track_from_data
from designer.model.kind_names import KIND_NAMES
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset

from . import pdfscan
from .factories import minimal_track_data

LUIGI = TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json"


@pytest.fixture(scope="module")
def luigi():
    return load_track(LUIGI)


@pytest.fixture(scope="module")
def luigi_pdf(luigi):
    buffer = io.BytesIO()
    pages = write_track_pdf(buffer, luigi)
    return pages, buffer.getvalue()


def corner_track(**overrides):
    """A 6' × 4' table with a small loop in its top-left corner (x 40…220, y 40…160) and nothing else."""
    data = minimal_track_data(
        table={"width_mm": 1828.8, "height_mm": 1219.2},
        track={"centerline": [[60, 60], [200, 60], [200, 140], [60, 140]], "closed": True, "width_mm": 40},
        elements=[], **overrides)
    return track_from_data(data)


def test_page_count_size_and_map_first(luigi, luigi_pdf):
    pages, data = luigi_pdf
    pdf = pdfscan.reader(data)
    plan = plan_tiles(luigi, load_ruleset(luigi.ruleset))
    assert pages == len(pdf.pages) == plan.page_count == 1 + len(plan.printed)
    assert (plan.grid.cols, plan.grid.rows) == (7, 7) and plan.grid.paper.orientation == "landscape"
    w, h = (float(v) for v in pdf.pages[1].mediabox[2:])
    assert (round(w, 2), round(h, 2)) == (841.89, 595.28)
    first = pdf.pages[0].extract_text()
    assert "Assembly map" in first and "Parts on this track" in first and "100 %" in first


def test_every_tile_has_a_100_mm_bar_exactly_to_scale(luigi_pdf):
    _, data = luigi_pdf
    pdf = pdfscan.reader(data)
    for page in list(pdf.pages)[1:]:
        bars = [b for b in pdfscan.rects(page, pdf) if abs(max(b.w, b.h) - 283.46) <= 0.3]
        assert bars, "no 100 mm calibration bar"
        inch = [b for b in pdfscan.rects(page, pdf) if abs(max(b.w, b.h) - 4 * 72) <= 0.3]
        assert inch, "no 4-inch calibration bar"
        assert {"100 mm", "4 in"} <= set(pdfscan.texts(page, pdf))


def test_registration_marks_sit_on_the_content_corners(luigi, luigi_pdf):
    _, data = luigi_pdf
    pdf = pdfscan.reader(data)
    grid = plan_tiles(luigi, load_ruleset(luigi.ruleset)).grid
    W, H = grid.paper.size_pt
    m = grid.margin_mm * MM
    corners = [(m, m), (W - m, m), (W - m, H - m), (m, H - m)]
    arm = 2 * 1.6 * 2.5 * MM
    for page in list(pdf.pages)[1:4]:
        segs = pdfscan.segments(page, pdf)
        for cx, cy in corners:
            crosses = [s for s in segs if math.isclose((s[0][0] + s[1][0]) / 2, cx, abs_tol=0.05)
                       and math.isclose((s[0][1] + s[1][1]) / 2, cy, abs_tol=0.05)
                       and math.isclose(math.dist(*s), arm, abs_tol=0.05)]
            assert len(crosses) == 2, f"no registration cross at {cx:.1f}, {cy:.1f}"


def test_tile_labels_and_neighbours(luigi, luigi_pdf):
    _, data = luigi_pdf
    pdf = pdfscan.reader(data)
    plan = plan_tiles(luigi, load_ruleset(luigi.ruleset))
    index = plan.printed.index((1, 1)) + 1  # page B2
    words = pdfscan.texts(pdf.pages[index], pdf)
    assert "B2" in words and {"A2", "C2", "B1", "B3"} <= set(words)
    assert any("Luigi Circuit" in w for w in words)
    corner = pdfscan.texts(pdf.pages[1], pdf)  # A1: neighbours only right and below
    assert "A1" in corner and {"B1", "A2"} <= set(corner) and "A0" not in corner


def test_track_is_one_form_placed_on_every_page(luigi_pdf):
    pages, data = luigi_pdf
    pdf = pdfscan.reader(data)
    forms = set()
    uses = 0
    for page in pdf.pages:
        xobjects = page["/Resources"].get("/XObject", {})
        forms |= {xobjects.raw_get(name).idnum for name in xobjects}
        uses += pdfscan.operator_counts(page, pdf)[b"Do"]
    assert len(forms) == 1 and uses == pages  # the map and every tile place the same form
    assert len(data) < 400_000


def test_empty_pages_are_skipped_or_kept():
    doc = corner_track()
    ruleset = load_ruleset(doc.ruleset)
    options = TrackPrintOptions(orientation="landscape")
    plan = plan_tiles(doc, ruleset, options)
    assert plan.grid.page_count == 49
    # Landscape windows are 277 × 190 mm, stepping 267 and 180: only A1 touches x ≤ 220, y ≤ 160.
    assert plan.printed == ((0, 0),) and len(plan.skipped) == 48
    kept = plan_tiles(doc, ruleset, TrackPrintOptions(orientation="landscape", keep_empty=True))
    assert len(kept.printed) == 49 and kept.skipped == ()
    buffer = io.BytesIO()
    assert write_track_pdf(buffer, doc, ruleset, options) == 2
    assert len(pdfscan.reader(buffer.getvalue()).pages) == 2


def test_auto_orientation_counts_printed_pages():
    doc = corner_track()
    plan = plan_tiles(doc, load_ruleset(doc.ruleset))
    # Portrait windows (190 wide, stepping 180) need two columns for x ≤ 220; landscape needs one page.
    assert plan.grid.paper.orientation == "landscape" and plan.printed == ((0, 0),)
    portrait = plan_tiles(doc, load_ruleset(doc.ruleset), TrackPrintOptions(orientation="portrait"))
    assert portrait.printed == ((0, 0), (1, 0))


def test_element_footprints_and_reach_rings_make_a_page_useful():
    data = minimal_track_data(table={"width_mm": 1828.8, "height_mm": 1219.2}, track=None,
                              elements=[{"id": "cc", "kind": "chain_chomp", "x_mm": 1000, "y_mm": 600,
                                         "reach_mm": 150}])
    doc = track_from_data(data)
    ruleset = load_ruleset(doc.ruleset)
    plan = plan_tiles(doc, ruleset, TrackPrintOptions(orientation="landscape", reach_rings=True))
    # Windows step 267 (x) and 180 (y): the reach ring spans x 850…1150 and y 450…750, on 2 × 3 pages of the
    # grid at the table's corner; the grid moved 125 mm up holds it on 2 × 2.
    cols = {c for c, _ in plan.printed}
    rows = {r for _, r in plan.printed}
    assert plan.grid.origin == (0.0, -125.0) and cols == {3, 4} and rows == {3, 4}
    # Reach rings are an overlay: unless asked for they neither print nor make a page useful.
    plain = plan_tiles(doc, ruleset, TrackPrintOptions(orientation="landscape"))
    assert len(plain.printed) < len(plan.printed)


def test_ink_saver_fills_nothing_in_the_track(luigi):
    ruleset = load_ruleset(luigi.ruleset)

    def form_fills(ink_saver: bool) -> int:
        buffer = io.BytesIO()
        write_track_pdf(buffer, luigi, ruleset, TrackPrintOptions(ink_saver=ink_saver))
        pdf = pdfscan.reader(buffer.getvalue())
        page = pdf.pages[1]
        return sum(1 for op in pdfscan.ops(page, pdf, into_forms=True) if op.in_form and op.name in pdfscan.FILLS)

    normal, saver = form_fills(False), form_fills(True)
    assert normal > 100 and saver == 0


def test_writes_to_a_path_atomically(tmp_path, luigi):
    out = tmp_path / "luigi.pdf"
    pages = write_track_pdf(out, luigi, options=TrackPrintOptions(paper="a3"))
    assert out.read_bytes().startswith(b"%PDF") and len(pdfscan.reader(out.read_bytes()).pages) == pages
    assert [p.name for p in tmp_path.iterdir()] == ["luigi.pdf"]


def test_parts_list_and_pipe_labels():
    doc = track_from_data(minimal_track_data())
    parts = dict(parts_list(doc))
    assert parts["Item box, double"] == 1 and parts["Warp pipe"] == 2 and parts["Goomba"] == 1
    assert parts["Ramp with hoop"] == 1 and parts["Scenery (solid)"] == 1
    assert warp_pipe_labels(doc.elements) == {"p1": "A", "p2": "A\u2032"}
    assert set(KIND_NAMES) >= {e.kind for e in doc.elements}


@pytest.mark.parametrize("paper", ["letter", "tabloid"])
def test_other_papers_and_thin_margins_render(paper):
    doc = track_from_data(minimal_track_data())
    buffer = io.BytesIO()
    pages = write_track_pdf(buffer, doc, options=TrackPrintOptions(paper=paper, margin_mm=8, overlap_mm=0,
                                                                   orientation="portrait"))
    pdf = pdfscan.reader(buffer.getvalue())
    assert len(pdf.pages) == pages >= 2
    assert tile_label(0, 0) in pdfscan.texts(pdf.pages[1], pdf)
