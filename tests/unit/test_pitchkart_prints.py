"""PitchKart prints, read back from the PDFs: every section as a 1:1 cut-out piece (one per section, its number
on it, the rule data's size), tiled when larger than a sheet; the track print with the sections' real
outlines; the sticker sheet; the character cards' stars; the starting grid's coins; the two starters."""

from __future__ import annotations

import io
import math
from collections import Counter

import pytest

from designer.cli import main
from designer.export.bundle import PrintJob, export_pdf, offered
from designer.export.options import ExportOptions
from designer.geometry.checks import run_checks
from designer.io.track_io import load_track
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset
from designer.systems import registry
from designer.systems.pitchkart import kit
from designer.systems.pitchkart.piece_sheets import cutouts, track_plan
from designer.systems.pitchkart.rule_data import pitchkart_rules
from designer.systems.pitchkart.sections import closure_gap, section_outline, track_sections

from . import pdfscan

PITCHKART = load_ruleset("pitchkart")
STADIUM = TEMPLATES_DIR / "pitchkart-stadium.track.json"
KIDNEY = TEMPLATES_DIR / "pitchkart-kidney-bend.track.json"


def printed(what: str, path=STADIUM, **options) -> bytes:
    out = io.BytesIO()
    export_pdf(out, load_track(path), what, ExportOptions(**options))
    return out.getvalue()


def page_texts(data: bytes) -> list[list[str]]:
    reader = pdfscan.reader(data)
    return [pdfscan.texts(page, reader, into_forms=True) for page in reader.pages]




def fills_of(data: bytes, colour) -> int:
    """How many times a page sets this fill colour (one per shape the Painter fills with it)."""
    reader = pdfscan.reader(data)
    want = (colour.red, colour.green, colour.blue)
    count = 0
    for page in reader.pages:
        for op in pdfscan.ops(page, reader, into_forms=True):
            if op.name == b"rg" and all(abs(float(v) - w) < 0.002 for v, w in zip(op.operands, want, strict=True)):
                count += 1
    return count


def has_box(boxes, w: float, h: float, tolerance: float = 0.3) -> bool:
    return any(abs(bw - w) < tolerance and abs(bh - h) < tolerance for bw, bh in boxes)


# --- what PitchKart offers ----------------------------------------------------------------------------
def test_pitchkart_offers_pieces_stickers_characters_and_the_grid():
    assert [s.name for s in offered(load_track(STADIUM))] == [
        "track", "pieces", "stickers", "cards", "characters", "grid", "tokens", "dashboards", "reference"]


def test_track_section_has_its_print_art():
    assert "track_section" in registry.get("pitchkart").print_art


# --- the cut-out pieces -------------------------------------------------------------------------------
def test_on_a3_each_section_is_one_piece_on_its_own_page_with_its_number():
    pages = page_texts(printed("pieces", paper="a3"))
    assert len(pages) == 12  # a 300 × 170 straight or a 45° curve takes most of an A3 sheet
    captions = [next(t for t in page if t.startswith("Section ")) for page in pages]
    assert [c.split(":")[0] for c in captions] == [f"Section {n}" for n in range(1, 13)]
    assert all(str(n) in page for n, page in enumerate(pages, 1))  # its number (grid slots add digits of theirs)


def test_a_piece_is_printed_at_1_to_1():
    found = pdfscan.path_boxes(printed("pieces", paper="a3"))
    assert has_box(found[0], 170.0, 300.0)  # the straight stood upright on the tall sheet
    curve = next(c for c in cutouts(PrintJob(load_track(STADIUM), PITCHKART)) if c.piece.kind == "curve")
    # 45° of a 300 mm centre radius, 170 mm wide: its chord outside is 2 × 385 × sin 22.5° = 294.7 mm
    assert curve.h == pytest.approx(2 * 385 * math.sin(math.radians(22.5)), abs=0.01)
    assert curve.w == pytest.approx(186.3, abs=0.1)
    assert has_box(found[2], curve.w, curve.h)


def test_on_a4_every_piece_is_tiled_over_two_sheets():
    data = printed("pieces", paper="a4")
    pages = page_texts(data)
    assert len(pages) == 24  # neither a straight (300 mm) nor a curve (295 mm) fits 277 mm: two tiles each
    captions = Counter(t for page in pages for t in page if t.startswith("Section "))
    assert len(captions) == 12 and set(captions.values()) == {2}
    assert any("100 mm" in t for t in pages[0])  # the tiling's calibration bar


def test_kidney_bend_uses_the_whole_set_and_pieces_print_one_each():
    doc = load_track(KIDNEY)
    sections = track_sections(doc.elements)
    assert Counter(s.piece for s in sections) == {"straight": 6, "curve-45": 10}
    assert sum(s.flipped for s in sections) == 1
    pages = page_texts(printed("pieces", KIDNEY, paper="a3"))
    captions = [next(t for t in page if t.startswith("Section ")) for page in pages]
    assert [c.split(":")[0] for c in captions] == [f"Section {n}" for n in range(1, 17)]
    assert all(str(n) in page for n, page in enumerate(pages, 1))


def test_no_sections_no_pieces(tmp_path, capsys):
    doc = load_track(STADIUM).model_copy(update={"elements": []})
    path = tmp_path / "empty.track.json"
    path.write_text(doc.model_dump_json(), encoding="utf-8")
    code = main(["export", str(path), "--what", "pieces", "-o", str(tmp_path / "x.pdf")])
    err = capsys.readouterr().err
    assert code != 0 and "has no track sections" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


# --- the track print ----------------------------------------------------------------------------------
def test_track_print_draws_the_numbered_sections_and_the_pages_their_outlines_need():
    doc = load_track(STADIUM)
    job = PrintJob(doc, PITCHKART)
    plan = track_plan(doc, job)
    outlines = [section_outline(s, pitchkart_rules(PITCHKART).inventory) for s in track_sections(doc.elements)]
    from shapely.geometry import box
    for cell in plan.grid.cells():
        w = plan.grid.window(*cell)
        touched = any(o.intersects(box(w.x, w.y, min(w.right, doc.table.width_mm), min(w.bottom, doc.table.height_mm)))
                      for o in outlines)
        if touched:  # printed, or left out because its neighbours print all of it
            assert plan.is_printed(cell) or plan.is_covered(cell), cell
    pages = page_texts(printed("track"))
    assert len(pages) == plan.page_count == 21  # 28 before the grid moved onto the track (issue #35)
    on_tiles = {t for page in pages[1:] for t in page}
    assert {str(n) for n in range(1, 13)} <= on_tiles


# --- stickers, character cards, the grid --------------------------------------------------------------
def test_sticker_sheet_has_arrows_question_squares_and_every_section_number():
    data = printed("stickers")
    texts = [t for page in page_texts(data) for t in page]
    assert [t for t in texts if t.isdigit()] == [str(n) for n in range(1, 13)]
    assert texts.count("?") == 4  # two "?" squares on the track, two spares (halo and ink in one text show)
    groups = kit.sticker_groups(PrintJob(load_track(STADIUM), PITCHKART))
    assert [len(g.tokens) for g in groups] == [3, 4, 12]  # one booster arrow + 2 spares


def test_character_cards_show_every_stat_and_mark_the_house_values():
    assert kit.star_scale(PITCHKART) == 4
    assert len(PITCHKART.characters) == len(pitchkart_rules(PITCHKART).starting_coins_by_slot) == 8  # one per grid slot
    bowser = next(c for c in PITCHKART.characters if c.id == "bowser")
    assert (kit.stars(bowser, "top_speed"), kit.stars(bowser, "traction"), kit.stars(bowser, "acceleration")) == (
        4, 2, 1)
    assert bowser.assumed == ["traction", "acceleration"]  # the source gives Bowser's Top Speed only
    data = printed("characters")
    texts = [t for page in page_texts(data) for t in page]
    names = {"Mario", "Luigi", "Bowser", "Donkey Kong", "Toad", "Koopa Troopa", "Peach", "Yoshi"}
    assert names <= set(texts)
    assert texts.count("Top Speed") == texts.count("Traction") == texts.count("Acceleration") == 8
    assert fills_of(data, kit.STAR_GOLD) == 7 * 8  # every character's stats add up to 7 stars
    assert "not given" not in texts
    assert texts.count("≈ house value") == sum(len(c.assumed) for c in PITCHKART.characters) == 16
    assert texts.count("≈: not in the source, our house value") == 8


def test_kart_discs_of_the_footprint_print_with_the_tokens():
    data = printed("tokens")
    texts = [t for page in page_texts(data) for t in page]
    assert "Kart discs, 30 mm × 6" in texts  # the stadium races six karts
    from designer.export.tokens import token_groups
    discs = next(g for g in token_groups(load_track(STADIUM), PITCHKART) if g.title.startswith("Kart discs"))
    assert [(t.w, t.h, t.shape, t.label) for t in discs.tokens] == [(30.0, 30.0, "circle", str(n)) for n in range(1, 7)]
    gaslands = load_ruleset("mk-gaslands")
    assert not any(g.title.startswith("Kart discs") for g in token_groups(load_track(STADIUM), gaslands))


def test_the_starting_grid_gives_each_slot_its_coins():
    data = printed("grid")
    texts = [t for page in page_texts(data) for t in page]
    assert [t for t in texts if t.endswith("coins")] == ["5 coins", "5 coins", "4 coins", "4 coins", "3 coins",
                                                         "3 coins", "2 coins", "2 coins"]
    assert [t for t in texts if t.isdigit()] == [str(n) for n in range(1, 9)]
    from designer.export.element_art import COIN_GOLD
    assert fills_of(data, COIN_GOLD) == 5 + 5 + 4 + 4 + 3 + 3 + 2 + 2


# --- the starters -------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", [STADIUM, KIDNEY])
def test_starters_close_exactly_fit_the_set_and_validate_clean(path):
    doc = load_track(path)
    inventory = pitchkart_rules(PITCHKART).inventory
    route = track_sections(doc.elements)
    joint = closure_gap(route, inventory)
    assert joint is not None and joint.gap_mm < 0.01 and joint.heading_deg < 1e-6  # placements: 0.01 mm
    counts = Counter(s.piece for s in route)
    assert all(counts[p.id] <= p.count for p in inventory.pieces)
    assert doc.track is None and doc.ruleset == "pitchkart"
    assert [p for p in run_checks(doc, PITCHKART)] == []
