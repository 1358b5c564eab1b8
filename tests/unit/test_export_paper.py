"""Layout maths of the print shop: paper sizes, the 1:1 tile grid and the card grid (no drawing)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from designer.export.paper import (
    MM,
    PAPERS,
    LayoutError,
    card_grid,
    choose_tile_grid,
    column_label,
    get_paper,
    tile_grid,
    tile_label,
)


@pytest.mark.parametrize(("name", "pt"), [("a4", (595.28, 841.89)), ("letter", (612.0, 792.0)),
                                          ("a3", (841.89, 1190.55)), ("tabloid", (792.0, 1224.0))])
def test_paper_sizes_in_points(name, pt):
    w, h = get_paper(name).size_pt
    assert (round(w, 2), round(h, 2)) == pt
    assert get_paper(name.upper()) == PAPERS[name]


def test_100_mm_is_283_46_pt():
    assert round(100 * MM, 2) == 283.46


def test_unknown_paper_is_one_clear_line():
    with pytest.raises(LayoutError, match=r"^unknown paper 'b5' \(choose a4, letter, a3, tabloid\)$"):
        get_paper("b5")


def test_six_by_four_table_on_a4_counted_by_hand():
    # 6' × 4' = 1828.8 × 1219.2 mm. A4 minus 10 mm margins: 190 × 277 mm; 10 mm overlap → steps 180 / 267.
    w, h = 1828.8, 1219.2
    portrait = tile_grid(w, h, "a4", 10, 10, "portrait")
    assert (portrait.cols, portrait.rows) == (11, 5)  # ceil((1828.8-10)/180)=11, ceil((1219.2-10)/267)=5
    landscape = tile_grid(w, h, "a4", 10, 10, "landscape")
    assert (landscape.cols, landscape.rows) == (7, 7)  # ceil(1818.8/267)=7, ceil(1209.2/180)=7
    assert choose_tile_grid(w, h, "a4", 10, 10, "auto") == landscape  # 49 pages beat 55
    # The windows really cover the table, and neighbours overlap by exactly 10 mm.
    last = landscape.window(landscape.cols - 1, landscape.rows - 1)
    assert last.right >= w and last.bottom >= h
    a, b = landscape.window(0, 0), landscape.window(1, 0)
    assert math.isclose(a.right - b.x, 10.0)


def test_small_table_is_one_page():
    grid = tile_grid(150, 150, "a4", 10, 10, "portrait")
    assert (grid.cols, grid.rows) == (1, 1)


def test_auto_orientation_uses_the_printed_count():
    portrait = tile_grid(1828.8, 1219.2, "a4", 10, 10, "portrait")
    chosen = choose_tile_grid(1828.8, 1219.2, "a4", 10, 10, "auto",
                              printed=lambda g: 3 if g.paper.orientation == "portrait" else 40)
    assert chosen == portrait


@pytest.mark.parametrize(("margin", "overlap", "message"), [
    (-1, 10, "margin must be 0 mm or more, got -1 mm"),
    (120, 10, "margin of 120 mm leaves no room on A4"),
    (10, -2, "overlap must be 0 mm or more"),
    (10, 95, "overlap of 95 mm is too large for the 190×277 mm printable area of A4"),
    (10, 400, "is too large"),
])
def test_bad_margins_and_overlaps(margin, overlap, message):
    with pytest.raises(LayoutError, match=message):
        tile_grid(1000, 1000, "a4", margin, overlap, "portrait")


def test_labels_and_neighbours():
    assert [column_label(i) for i in (0, 1, 25, 26, 27)] == ["A", "B", "Z", "AA", "AB"]
    assert tile_label(1, 1) == "B2"
    grid = tile_grid(1828.8, 1219.2, "a4", 10, 10, "landscape")
    assert grid.neighbours(0, 0) == {"right": (1, 0), "down": (0, 1)}
    assert set(grid.neighbours(3, 3)) == {"left", "right", "up", "down"}


@pytest.mark.parametrize(("paper", "layout"), [("a4", (3, 3, "portrait")), ("letter", (4, 2, "landscape"))])
def test_poker_cards_on_a4_and_letter_leave_room_for_marks(paper, layout):
    """Nine poker cards on A4; Letter is 7.7 mm too short for three rows with cut marks clear of its blank edge,
    so it turns and takes 4 × 2."""
    grid = card_grid(paper, "poker")
    assert (grid.cols, grid.rows, grid.paper.orientation) == layout
    b = grid.block
    # Centred, bleed and margin included.
    assert math.isclose(b.x, grid.paper.width_mm - b.right) and math.isclose(b.y, grid.paper.height_mm - b.bottom)
    assert b.x - grid.bleed_mm >= 7.5 - 1e-9 and b.y - grid.bleed_mm >= 7.5 - 1e-9


def test_bridge_on_letter_and_mini_fill_the_sheet():
    assert card_grid("letter", "bridge").per_sheet == 8
    assert card_grid("a4", "bridge").per_sheet == 9
    mini = card_grid("a4", "mini")
    assert mini.per_sheet == 16 and (mini.cols, mini.rows) == (4, 4)


def test_cards_that_do_not_fit_say_so_like_pylabels():
    with pytest.raises(LayoutError, match=r"^cards 63×88 mm do not fit 3×3 on A5 with 7.5 mm margins and 3 mm bleed$"):
        card_grid("a5", "poker", grid=(3, 3))
    with pytest.raises(LayoutError, match="unknown card size 'tarot'"):
        card_grid("a4", "tarot")


def test_back_slots_mirror_the_columns():
    grid = card_grid("a4", "poker")
    W = grid.paper.width_mm
    for i in range(grid.per_sheet):
        front, back = grid.slot(i), grid.back_slot(i)
        assert math.isclose(back.x, W - front.right) and back.y == front.y
    xs, ys = grid.cut_lines()
    assert len(xs) == 4 and len(ys) == 4 and math.isclose(xs[1] - xs[0], 63.0)


@settings(max_examples=200, deadline=None)
@given(w=st.floats(100, 10_000), h=st.floats(100, 10_000), paper=st.sampled_from(["a4", "letter", "a3", "tabloid"]),
       margin=st.floats(8, 30), overlap=st.floats(0, 40), orientation=st.sampled_from(["portrait", "landscape"]))
def test_tile_grid_covers_the_table_with_no_spare_row_or_column(w, h, paper, margin, overlap, orientation):
    grid = tile_grid(w, h, paper, margin, overlap, orientation)
    last = grid.window(grid.cols - 1, grid.rows - 1)
    assert last.right >= w - 1e-6 and last.bottom >= h - 1e-6
    # One column or row fewer would leave part of the table uncovered.
    if grid.cols > 1:
        assert grid.window(grid.cols - 2, 0).right < w
    if grid.rows > 1:
        assert grid.window(0, grid.rows - 2).bottom < h


def test_one_list_of_offered_papers() -> None:
    """The CLI and the print shop offer the same papers: one tuple, each a laid-out paper (the editor's
    Preferences and print dialogs: tests/gui/test_preferences.py)."""
    from designer import cli_args
    from designer.export import paper
    from designer.export.paper_names import PAPER_IDS, paper_name

    assert cli_args.PAPERS is PAPER_IDS and paper.CLI_PAPERS is PAPER_IDS
    assert set(PAPER_IDS) <= set(PAPERS) and [paper_name(key) for key in PAPER_IDS] == ["A4", "Letter", "A3", "Tabloid"]
