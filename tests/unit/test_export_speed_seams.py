"""What issue #33 changed for the speed of a tiled track print, held in place: the tile plan asks the ink about
every grid it tries at once (not one survey per grid), and a tile page's furniture that every page draws alike
(calibration bars, registration marks, glue notes) is drawn once and copied — the same bytes as drawing it on
every page, while the translucent glue is still drawn on each page that has one (it registers its
transparency on the page).

Times themselves are measured in tests/benchmarks (side_by_side.py), never asserted here.
"""

from __future__ import annotations

import io
import re

from designer.export import TrackPrintOptions, plan_tiles, tile_plan, tiles
from designer.export import pdf as export_pdf
from designer.export.repeats import Repeats
from designer.rules import load_ruleset
from tests.benchmarks.workload import crowded_document


def _crowded(count: int = 120):
    return crowded_document(count, seed=5), load_ruleset("mk-gaslands")


def test_the_tile_plan_asks_the_ink_once_for_all_the_grids_it_tries(monkeypatch):
    """Tens of grids are tried (two orientations, several origins); whether a window holds a whole element is
    asked of the ink in one go for them all (twice: the pages' parts of the table and their cores), not twice
    per grid."""
    document, ruleset = _crowded()
    asked, tried = [], []
    holds_whole, tile_grid = tile_plan.Ink.holds_whole, tile_plan.tile_grid
    monkeypatch.setattr(tile_plan.Ink, "holds_whole", lambda self, edges: asked.append(len(edges))
                        or holds_whole(self, edges))
    monkeypatch.setattr(tile_plan, "tile_grid", lambda *a: tried.append(a) or tile_grid(*a))
    plan = plan_tiles(document, ruleset, TrackPrintOptions())
    assert plan.printed and len(tried) >= 20
    assert len(asked) <= 2 and sum(asked) > 20 * len(plan.printed)


def test_a_plan_from_all_grids_at_once_is_each_grids_own(monkeypatch):
    """`sort_grids` of many grids gives, grid by grid, what `sort_cells` of that grid alone gives."""
    document, ruleset = _crowded(400)
    tried = []
    sort_grids = tile_plan.sort_grids
    monkeypatch.setattr(tile_plan, "sort_grids",
                        lambda grids, ink: tried.append((grids, ink)) or sort_grids(grids, ink))
    plan_tiles(document, ruleset, TrackPrintOptions(paper="letter"))
    [(grids, ink)] = tried
    together = sort_grids(grids, ink)
    assert together == [sort_grids([grid], ink)[0] for grid in grids]
    assert len({(len(p.printed), len(p.covered)) for p in together}) > 1  # the grids do differ


def _tile_pdf(document, ruleset, options=None) -> bytes:
    out = io.BytesIO()
    tiles.write_track_pdf(out, document, ruleset, options or TrackPrintOptions())
    return out.getvalue()


def test_a_tile_pages_furniture_is_drawn_once_and_copied_byte_for_byte(monkeypatch):
    document, ruleset = _crowded()
    bars, marks = [], []
    calibration_bars, registration_mark = tiles.calibration_bars, export_pdf.registration_mark
    monkeypatch.setattr(tiles, "calibration_bars", lambda *a: bars.append(a[1:]) or calibration_bars(*a))
    monkeypatch.setattr(export_pdf, "registration_mark", lambda *a: marks.append(a[1:]) or registration_mark(*a))
    copied = _tile_pdf(document, ruleset)
    pages = len(plan_tiles(document, ruleset, TrackPrintOptions()).printed)
    assert pages >= 10 and len(bars) == 1 and len(marks) < 2 * pages
    monkeypatch.setattr(Repeats, "draw", lambda self, key, draw: draw())
    bars.clear()
    every = _tile_pdf(document, ruleset)
    assert len(bars) == pages and copied == every


def test_every_tile_page_with_a_glue_strip_registers_its_transparency():
    """The glue strip is translucent: each page that shades one names its transparency among its resources
    (a copy of it from another page would not)."""
    document, ruleset = _crowded()
    options = TrackPrintOptions()
    plan = plan_tiles(document, ruleset, options)
    glued = 0
    for cell in plan.printed:
        n = plan.grid.neighbours(*cell)
        glued += any(side in n and plan.is_printed(n[side]) for side in ("right", "down"))
    data = _tile_pdf(document, ruleset, options)
    pages = re.findall(rb"/Type /Page\n", data)
    assert len(pages) == 1 + len(plan.printed) and 0 < glued < len(plan.printed)
    assert len(re.findall(rb"/ExtGState <<\n/gRLs0 <<\n/ca \.3\n>>", data)) == glued
