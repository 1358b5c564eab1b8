"""Which 1:1 tile pages are printed (issue #35): no starter prints a page whose ink its printed neighbours
already print, the printed pages still show every bit of ink, the grid moves to the ink where that saves
pages, and a tile page's margin is never narrower than its labels and calibration bars need.

Plans are made without drawing (`plan_tiles`, PitchKart's `track_plan`); one Coin Cove PDF is drawn for the
map's note and the neighbours' names."""

from __future__ import annotations

import io

import pytest
from shapely.geometry import box
from shapely.ops import unary_union

from designer.export import ExportOptions, LayoutError, TrackPrintOptions, plan_tiles, tile_grid
from designer.export.options import PrintJob
from designer.export.paper import tile_label
from designer.io.track_io import load_track, track_from_data
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset

from . import pdfboxes, pdfscan
from .factories import minimal_track_data

STARTERS = sorted(p.name for p in TEMPLATES_DIR.glob("*.track.json"))
COIN_COVE = "board-coin-cove-loop.track.json"
SPECK = 1e-3  # mm²: shape arithmetic's rounding, no ink

#: Tile pages (map not counted) on A4 before issue #35, for the default options.
PAGES_BEFORE = {
    "axles-deathmatch-arena.track.json": 32, "axles-figure-eight.track.json": 43, "axles-tri-oval.track.json": 41,
    "balloon-battle-block-fort.track.json": 19, "board-blank-loop.track.json": 4, COIN_COVE: 13,
    "mushroom-cup-1-luigi-circuit.track.json": 49, "mushroom-cup-2-moo-moo-meadows.track.json": 49,
    "mushroom-cup-3-thwomp-ruins.track.json": 49, "mushroom-cup-4-bowser-castle.track.json": 49,
    "mushroom-cup-bonus-figure-eight.track.json": 39, "pitchkart-kidney-bend.track.json": 35,
    "pitchkart-stadium.track.json": 27,
}


def plan_and_ink(name: str):
    """The plan the starter's own system prints its 1:1 track with, and the ink on its table."""
    document = load_track(TEMPLATES_DIR / name)
    ruleset = load_ruleset(document.ruleset)
    if ruleset.id == "pitchkart":
        from designer.systems.pitchkart.piece_art import ink_index
        from designer.systems.pitchkart.piece_sheets import track_plan
        plan = track_plan(document, PrintJob(document, ruleset, ExportOptions()))
    else:
        from designer.export.draw_track import ink_index
        plan = plan_tiles(document, ruleset, TrackPrintOptions())
    table = box(0, 0, document.table.width_mm, document.table.height_mm)
    return plan, unary_union(ink_index(document, ruleset).shapes).intersection(table)


@pytest.fixture(scope="module")
def plans():
    return {name: plan_and_ink(name) for name in STARTERS}


def window(grid, cell):
    w = grid.window(*cell)
    return box(w.x, w.y, w.right, w.bottom)


def test_every_starter_is_looked_at():
    assert set(STARTERS) == set(PAGES_BEFORE)


@pytest.mark.parametrize("name", STARTERS)
def test_no_printed_page_only_repeats_its_neighbours(plans, name):
    plan, ink = plans[name]
    g = plan.grid
    for cell in plan.printed:
        others = unary_union([window(g, n) for n in plan.printed if n != cell])
        own = ink.intersection(window(g, cell)).difference(others).area
        assert own > SPECK, f"{name}: page {tile_label(*cell)} prints nothing its neighbours do not ({own:.4f} mm²)"


@pytest.mark.parametrize("name", STARTERS)
def test_the_printed_pages_show_all_the_ink(plans, name):
    plan, ink = plans[name]
    shown = unary_union([window(plan.grid, cell) for cell in plan.printed])
    assert ink.difference(shown).area <= SPECK
    assert len(plan.printed) <= PAGES_BEFORE[name]  # never more pages than before


def test_coin_cove_drops_from_13_pages_to_8(plans):
    plan, _ink = plans[COIN_COVE]
    assert (PAGES_BEFORE[COIN_COVE], len(plan.printed)) == (13, 8)
    assert len(plan.covered) == 5 and set(plan.covered) <= set(plan.skipped)


def test_fewer_pages_in_all(plans):
    after = sum(len(plan.printed) for plan, _ink in plans.values())
    assert (sum(PAGES_BEFORE.values()), after) == (449, 416)


def test_the_grid_moves_to_the_ink_when_that_saves_pages():
    from designer.export.tile_plan import choose_plan

    # A 300 × 180 mm block in the middle of a 1 m table: an A4 grid at the table's corner needs 2 × 2 pages
    # for it, one moved onto it needs one landscape page (277 × 190 mm of content).
    ink = box(350, 400, 600, 560)
    plan = choose_plan(1000, 1000, ink, "a4", 10, 10, "auto")
    assert len(plan.printed) == 1 and plan.grid.origin != (0.0, 0.0)
    assert len(choose_plan(1000, 1000, ink, "a4", 10, 10, "auto", shift=False).printed) == 4
    w = plan.grid.window(*plan.printed[0])
    assert w.x <= 350 and w.right >= 600 and w.y <= 400 and w.bottom >= 560


@pytest.mark.parametrize("seed", range(6))
def test_scattered_ink_stays_printed(seed):
    """Small blobs, many of them in overlap strips and corners: whatever is left out, all ink is printed."""
    import random

    from designer.export.tile_plan import choose_plan, unprinted_ink

    rng = random.Random(seed)
    ink = unary_union([box(x, y, x + rng.uniform(1, 30), y + rng.uniform(1, 30))
                       for x, y in ((rng.uniform(0, 900), rng.uniform(0, 700)) for _ in range(25))])
    plan = choose_plan(930, 730, ink, "a4", 10, rng.choice([0, 10, 25]), "auto")
    assert unprinted_ink(plan, ink) <= SPECK


# --- the Coin Cove print: the map's note, the neighbours' names ------------------------------------------
@pytest.fixture(scope="module")
def coin_cove_pdf() -> bytes:
    from designer.export import export_pdf

    document = load_track(TEMPLATES_DIR / COIN_COVE)
    out = io.BytesIO()
    export_pdf(out, document, ["track"], ExportOptions(), load_ruleset(document.ruleset))
    return out.getvalue()


def test_the_map_says_which_pages_were_left_out(coin_cove_pdf):
    pdf = pdfscan.reader(coin_cove_pdf)
    assert len(pdf.pages) == 1 + 8 + 1  # the map, the tiles, the legend
    words = " ".join(pdfscan.texts(pdf.pages[0], pdf))
    assert "5 pages left out: nothing on them that a neighbour does not print" in words
    assert "8 printed, 7 empty left out" in words


def test_a_left_out_neighbour_is_named_as_not_printed(coin_cove_pdf, plans):
    plan, _ink = plans[COIN_COVE]
    pages = pdfboxes.pages(coin_cove_pdf)
    seen = 0
    for number, cell in enumerate(plan.printed, start=1):
        words = " ".join(run.text for run in pages[number].runs)
        for side, n in plan.grid.neighbours(*cell).items():
            if n in plan.covered:
                seen += 1
                assert "not printed" in words, f"{tile_label(*cell)}: its {side} neighbour {tile_label(*n)}"
    assert seen >= 3


# --- the margin: labels and bars in it, never on the track -----------------------------------------------
@pytest.mark.parametrize("margin", [0, 5, 7.9])
def test_a_tile_margin_under_8_mm_is_refused_in_one_line(margin):
    with pytest.raises(LayoutError, match=r"too narrow for 1:1 tile pages: use 8 mm or more") as caught:
        tile_grid(1000, 1000, "a4", margin, 10, "portrait")
    assert "\n" not in str(caught.value) and "printers cannot print" in str(caught.value)
    tile_grid(1000, 1000, "a4", 8, 10, "portrait")


def test_the_cli_and_the_print_dialog_refuse_the_same_margin(capsys, tmp_path):
    from designer.app.print_dialog import build_preview
    from designer.cli import main

    document = load_track(TEMPLATES_DIR / COIN_COVE)
    preview = build_preview(document, ["track"], ExportOptions(margin_mm=5), load_ruleset(document.ruleset))
    assert preview.error and "too narrow for 1:1 tile pages" in preview.status
    out = tmp_path / "t.pdf"
    assert main(["export", str(TEMPLATES_DIR / COIN_COVE), "--margin", "5", "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].endswith(preview.status) and not out.exists()
    # Card sheets keep their own thin margins.
    assert main(["cards", "--ruleset", "mk-gaslands", "--margin", "3", "-o", str(tmp_path / "c.pdf")]) == 0


def test_at_8_mm_nothing_but_the_track_is_in_the_content_area():
    from designer.export import write_track_pdf

    # A loop with no elements: every word printed is the tiler's (a board's space numbers are on the track).
    document = track_from_data(minimal_track_data(
        table={"width_mm": 1000.0, "height_mm": 700.0},
        track={"centerline": [[100, 100], [900, 100], [900, 600], [100, 600]], "closed": True, "width_mm": 150},
        elements=[]))
    buffer = io.BytesIO()
    write_track_pdf(buffer, document, options=TrackPrintOptions(margin_mm=8))
    for page in pdfboxes.pages(buffer.getvalue())[1:]:
        W, H, m = page.width_mm, page.height_mm, 8.0
        for run in page.runs:
            b = run.box
            if "glue" in run.text:  # the glue note is on its strip, which the next page covers
                continue
            assert b.x >= 1 and b.right <= W - 1 and b.y >= 1 and b.bottom <= H - 1, run
            assert not (b.x < W - m and b.right > m and b.y < H - m and b.bottom > m), f"{run.text!r} {b}"
