"""Every sheet a maker cuts out (cards, tokens, kits, stickers, mats, vehicle sheets — all but the track's tiles and
the score sheets) carries a scale check both ways and keeps its words off the printer's blank edge, measured in the
PDF of every system's kit on A4 and on Letter: each page has a horizontal and a vertical calibration bar whose
length is what its label says (to 0.01 mm), inside the paper's outer 5 mm, and no text within 5 mm of an edge."""

from __future__ import annotations

import io
import math

import pytest

from designer.export.bundle import ExportOptions, blank_document, export_pdf, offered
from designer.export.paper import INCH_MM, MM
from designer.io.track_io import load_track
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset
from designer.systems.axles_alloys_2.vehicle_io import load_vehicle

from . import pdfboxes, pdfscan

EDGE_MM = 5.0
BAR_MM = 2.0  # pdf.BAR_THICKNESS
#: a template per system (None: the blank document `export --ruleset` prints from)
DOCUMENTS = {"mk-gaslands": "mushroom-cup-1-luigi-circuit", "mk-board": "board-coin-cove-loop",
             "pitchkart": "pitchkart-stadium", "axles-alloys-2": "axles-tri-oval", "mk-downforce": None}
NOT_SHEETS = {"track", "board-fit", "scoresheet"}  # tiled at 1:1 with their own marks, or scaled / written on
#: read, not cut out: every system's rules reference sheet
READ_ONLY = {(rs, "reference") for rs in DOCUMENTS}
#: PitchKart's stadium pieces are too large for a sheet: they print as track tiles (`tiles.py`), whose labels
#: follow the tiles' own rules
TILED = {("pitchkart", "pieces")}


def _document(ruleset_id: str):
    name = DOCUMENTS[ruleset_id]
    return load_track(TEMPLATES_DIR / f"{name}.track.json") if name else blank_document(load_ruleset(ruleset_id))


SHEETS = [(rs, s.name) for rs in DOCUMENTS for s in offered(_document(rs))
          if s.name not in NOT_SHEETS and (rs, s.name) not in READ_ONLY]
#: `kartographer vehicle print`: the Axles vehicle files' own sheets, outside any track's kit
VEHICLES = ("axles-light-buggy", "axles-medium-turret", "axles-heavy-dropper-van")
CASES = [(rs, name, paper) for rs, name in [*SHEETS, ("axles-alloys-2", "vehicle-files")] for paper in ("a4", "letter")]


@pytest.fixture(scope="module")
def made() -> dict:
    return {}


def sheet_pdf(made: dict, case: tuple[str, str, str]) -> bytes:
    if case not in made:
        rs, section, paper = case
        buffer = io.BytesIO()
        if section == "vehicle-files":
            from designer.systems.axles_alloys_2.vehicle_print import render_vehicle_pdf

            vehicles = [(f"{n}.vehicle.json", load_vehicle(TEMPLATES_DIR / f"{n}.vehicle.json")) for n in VEHICLES]
            render_vehicle_pdf(buffer, vehicles, rs, paper)
        else:
            export_pdf(buffer, _document(rs), [section], ExportOptions(paper=paper))
        made[case] = buffer.getvalue()
    return made[case]


def stated_bars(page, pdf) -> tuple[list[float], list[float]]:
    """Lengths (mm) of the page's horizontal and vertical calibration bars: outlines 2 mm thick whose length is
    a whole number of mm (or inches) that a label on the page states ("100 mm", "2 in", "100 mm: measure …")."""
    words = {w.split(":")[0] for w in pdfscan.texts(page, pdf)}
    W, H = (float(v) / MM for v in page.mediabox[2:])

    def stated(length: float) -> bool:
        mm, inches = round(length), round(length / INCH_MM)
        return ((abs(length - mm) <= 0.01 and f"{mm} mm" in words)
                or (inches > 0 and abs(length - inches * INCH_MM) <= 0.01 and f"{inches} in" in words))

    def inside(b) -> bool:  # in the printable area: clear of the outer 5 mm
        x0, x1, y0, y1 = b.x0 / MM, b.x1 / MM, b.y0 / MM, b.y1 / MM
        return x0 >= EDGE_MM - 0.01 and y0 >= EDGE_MM - 0.01 and x1 <= W - EDGE_MM + 0.01 and y1 <= H - EDGE_MM + 0.01

    across, down = [], []
    for b in pdfscan.rects(page, pdf):
        w, h = b.w / MM, b.h / MM
        if math.isclose(h, BAR_MM, abs_tol=0.01) and w > 15 and stated(w) and inside(b):
            across.append(round(w, 2))
        if math.isclose(w, BAR_MM, abs_tol=0.01) and h > 15 and stated(h) and inside(b):
            down.append(round(h, 2))
    return across, down


def test_every_kind_of_sheet_is_checked():
    assert ("mk-gaslands", "cards") in SHEETS and ("mk-downforce", "die") in SHEETS
    assert ("axles-alloys-2", "dashboards") in SHEETS and ("pitchkart", "stickers") in SHEETS
    assert ("mk-gaslands", "templates") in SHEETS and ("axles-alloys-2", "templates") in SHEETS and len(SHEETS) == 22


@pytest.mark.parametrize("case", CASES, ids=["-".join(c) for c in CASES])
def test_each_page_has_a_bar_across_and_a_bar_down(made, case):
    pdf = pdfscan.reader(sheet_pdf(made, case))
    missing = []
    for number, page in enumerate(pdf.pages, 1):
        across, down = stated_bars(page, pdf)
        if not across or not down:
            missing.append(f"page {number}: across {across}, down {down}")
    assert not missing, f"{len(missing)} of {len(pdf.pages)} pages lack a bar: " + "; ".join(missing[:4])


@pytest.mark.parametrize("case", CASES, ids=["-".join(c) for c in CASES])
def test_no_text_within_5_mm_of_the_paper_edge(made, case):
    if case[:2] in TILED:
        pytest.skip("tiled like the track")
    near = []
    for page in pdfboxes.pages(sheet_pdf(made, case)):
        for run in page.runs:
            b = run.box
            if b.right <= 0 or b.bottom <= 0 or b.x >= page.width_mm or b.y >= page.height_mm:
                continue  # wholly off the paper: clipped away, never printed
            gap = min(b.x, b.y, page.width_mm - b.right, page.height_mm - b.bottom)
            if gap < EDGE_MM - 0.01:
                near.append(f"page {page.number}: {run.text!r} {gap:.2f} mm from the edge")
    assert not near, f"{len(near)} runs: " + "; ".join(near[:4])


@pytest.mark.parametrize("case", CASES, ids=["-".join(c) for c in CASES])
def test_no_mark_within_5_mm_of_the_paper_edge(made, case):
    """Cut marks, cut lines, bleed and art all stay off the blank edge."""
    if case[:2] in TILED:
        pytest.skip("tiled like the track")
    near = []
    for page in pdfboxes.pages(sheet_pdf(made, case)):
        for shape in page.shapes:
            gap = min(shape.x, shape.y, page.width_mm - shape.right, page.height_mm - shape.bottom)
            if gap < EDGE_MM - 0.3:  # a stroke's half width past its path
                near.append(f"page {page.number}: a shape {gap:.2f} mm from the edge")
    assert not near, f"{len(near)} shapes: " + "; ".join(near[:4])
