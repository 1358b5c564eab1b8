"""Mario Kart for Downforce's kit, read back from the PDFs: the token sheets (how many of each kind, for the
default board and for `--set lanes=4 --set betting_lines=2`, and their true diameter), the reference card
(every number from the rule data) and the six kart cards (their characters and their colours)."""

from __future__ import annotations

import io
import math
from collections import Counter

import pytest
from reportlab.lib.colors import HexColor

from designer import i18n
from designer.cli import main
from designer.export.bundle import blank_document, export_pdf
from designer.export.options import ExportOptions
from designer.rules import load_ruleset
from designer.systems.mk_downforce import kit_cards
from designer.systems.mk_downforce.rule_data import downforce_rules

from . import pdfscan

DOWNFORCE = load_ruleset("mk-downforce")
ITEMS = {"Banana": 8, "Coin": 30, "Green Shell": 8, "Blue Shell": 6}


def printed(what: str, ruleset=DOWNFORCE, settings: tuple[tuple[str, float], ...] = (), **options) -> bytes:
    out = io.BytesIO()
    export_pdf(out, blank_document(ruleset), what, ExportOptions(settings=settings, **options), ruleset, blank=True)
    return out.getvalue()


def page_texts(data: bytes) -> list[list[str]]:
    reader = pdfscan.reader(data)
    return [pdfscan.texts(page, reader, into_forms=True) for page in reader.pages]


def all_texts(data: bytes) -> list[str]:
    return [t for page in page_texts(data) for t in page]


def rounds(data: bytes, diameter: float, tolerance: float = 0.05) -> int:
    """How many painted paths are `diameter` mm across both ways (a token's cut circle)."""
    return sum(1 for page in pdfscan.path_boxes(data) for w, h in page
               if abs(w - diameter) <= tolerance and abs(h - diameter) <= tolerance)


def fills_of(data: bytes, hex_colour: str) -> int:
    """How many times the pages set this fill colour (once per shape filled with it)."""
    colour = HexColor(hex_colour)
    want = (colour.red, colour.green, colour.blue)
    reader = pdfscan.reader(data)
    return sum(1 for page in reader.pages for op in pdfscan.ops(page, reader, into_forms=True)
               if op.name == b"rg" and all(abs(float(v) - w) < 0.002 for v, w in zip(op.operands, want, strict=True)))


# --- tokens ------------------------------------------------------------------------------------------
def test_default_tokens_are_a_block_per_lane_space_after_each_betting_line_plus_spares_and_the_items():
    data = printed("tokens")
    texts = all_texts(data)
    labels = Counter(texts)
    assert labels["? Block"] == 6 * 3 + 3 == 21
    assert {name: labels[name] for name in ITEMS} == ITEMS
    assert "? Block: 21 (6 lanes × 3 betting lines + 3 spares)" in texts
    assert {f"{name}: {count}" for name, count in ITEMS.items()} <= set(texts)
    assert rounds(data, 20.0) == 21 + sum(ITEMS.values())  # one cut circle per token, 20 mm across


def test_lanes_and_betting_lines_set_on_the_command_line_change_the_blocks(tmp_path, capsys):
    out = tmp_path / "tokens.pdf"
    assert main(["export", "--ruleset", "mk-downforce", "--what", "tokens", "--set", "lanes=4",
                 "--set", "betting_lines=2", "-o", str(out)]) == 0, capsys.readouterr()
    data = out.read_bytes()
    labels = Counter(all_texts(data))
    assert labels["? Block"] == 4 * 2 + 3 == 11
    assert "? Block: 11 (4 lanes × 2 betting lines + 3 spares)" in labels
    assert {name: labels[name] for name in ITEMS} == ITEMS  # the item tokens do not depend on the board
    assert rounds(data, 20.0) == 11 + sum(ITEMS.values())


def test_one_lane_one_line_and_no_spares_read_in_the_singular():
    ruleset = DOWNFORCE.model_copy(update={"downforce": downforce_rules(DOWNFORCE).model_copy(update={
        "kit": downforce_rules(DOWNFORCE).kit.model_copy(update={"block_spares": 0})})})
    texts = all_texts(printed("tokens", ruleset, (("lanes", 1), ("betting_lines", 1))))
    assert "? Block: 1 (1 lane × 1 betting line)" in texts
    assert Counter(texts)["? Block"] == 1


@pytest.mark.parametrize("size", [14.0, 20.0, 27.5])
def test_a_token_is_as_wide_as_the_token_size_option(size):
    data = printed("tokens", settings=(("token_size", size),))
    assert rounds(data, size) == 21 + sum(ITEMS.values())
    others = [w for page in pdfscan.path_boxes(data) for w, h in page if abs(w - h) < 0.01 and w > 12.0]
    assert all(abs(w - size) <= 0.05 or w < size - 0.5 for w in others)  # no token outline of another size


def test_token_sheets_carry_the_sizes_note_and_a_100_mm_calibration_bar():
    data = printed("tokens")
    pages = page_texts(data)
    assert len(pages) == 2
    note = downforce_rules(DOWNFORCE).kit.sizes_note
    for page, boxes in zip(pages, pdfscan.path_boxes(data), strict=True):
        assert any(t.startswith(note[:40]) for t in page)
        assert "100 mm: measure to check the scale · tokens 20 mm across" in page
        assert any(abs(w - 100.0) < 0.05 and abs(h - 2.0) < 0.05 for w, h in boxes)


# --- the reference card ------------------------------------------------------------------------------
def reference_text(data: bytes) -> str:
    return " ".join(page_texts(data)[0])


def test_the_reference_card_prints_every_number_of_the_rule_data():
    data = printed("quick-rules")
    assert len(page_texts(data)) == 1
    texts = page_texts(data)[0]
    for value in ("1–2", "+2", "1–3", "4–5", "6", "1", "2", "3"):
        assert value in texts, value
    assert "$1,000,000" in reference_text(data)
    assert [t for t in texts if t in ("2nd", "3rd", "4th", "5th", "6th")][:5] == ["2nd", "3rd", "4th", "5th", "6th"]
    assert [t for t in texts if t in ("+1", "+2", "+3", "+4", "+5") and t != "+2"][:4] == ["+1", "+3", "+4", "+5"]
    words = reference_text(data)
    assert "exactly 1 space ahead" in words and "up to 3 spaces ahead" in words
    assert texts.count("Mario Kart for Downforce") == 2  # two cards to the sheet


def test_the_reference_numbers_follow_the_rule_data():
    rules = downforce_rules(DOWNFORCE)
    changed = rules.model_copy(update={
        "coin_value_dollars": 2_000_000, "banana_reach_ahead": 2, "green_shell_swap_spaces": 2,
        "start_boost": rules.start_boost.model_copy(update={"rolls": [1], "advance_spaces": 3}),
        "lightning_table": [row.model_copy(update={"spaces": row.spaces * 2}) for row in rules.lightning_table]})
    data = printed("quick-rules", DOWNFORCE.model_copy(update={"downforce": changed}))
    texts, words = page_texts(data)[0], reference_text(data)
    assert "$2,000,000" in words and "$1,000,000" not in words
    assert "up to 2 spaces ahead" in words and "exactly 2 spaces ahead" in words
    assert "+3" in texts and "1–2" not in texts
    assert {"+2", "+4", "+6", "+8", "+10"} <= set(texts)


def test_the_reference_card_writes_money_and_places_as_the_language_does():
    i18n.set_language("de")
    try:
        words = reference_text(printed("quick-rules"))
    finally:
        i18n.set_language("en")
    assert "1.000.000 $" in words


def test_the_reference_card_is_readable_at_6_pt_or_more():
    reader = pdfscan.reader(printed("quick-rules"))
    sizes = [float(op.operands[1]) * math.hypot(op.ctm[0], op.ctm[1])  # Tf is in the mm frame's units
             for op in pdfscan.ops(reader.pages[0], reader, into_forms=True) if op.name == b"Tf"]
    assert sizes and min(sizes) >= 6.0 - 1e-3


# --- kart cards --------------------------------------------------------------------------------------
def test_six_kart_cards_name_their_characters_and_colour():
    data = printed("karts")
    texts = all_texts(data)
    assert len(page_texts(data)) == 1
    titles = [t for t in texts if t.endswith(" kart")]
    assert titles == ["Red kart", "Green kart", "Orange kart", "Black kart", "Blue kart", "Yellow kart"]
    for name in ("Mario", "Peach", "Luigi", "Yoshi", "Donkey Kong", "Shy Guy", "Metal Mario", "Toad", "Rosalina",
                 "Bowser"):
        assert texts.count(name) == 1, name
    assert texts.count("Driver") == 2 and texts.count("Drivers") == 4  # orange and yellow have one each
    assert texts.count("Tokens held") == 6


def test_each_kart_card_is_filled_with_its_kart_s_colour():
    data = printed("karts")
    for kart in downforce_rules(DOWNFORCE).karts:
        assert fills_of(data, kart.hex) >= 3, kart.colour  # the border, the band and its square lower edge


def test_text_on_a_band_reads_white_on_dark_and_ink_on_yellow_and_orange():
    ink = {k.colour: kit_cards.on_colour(HexColor(k.hex)) for k in downforce_rules(DOWNFORCE).karts}
    assert [c for c, colour in ink.items() if colour == kit_cards.INK] == ["orange", "yellow"]


def test_a_kart_with_a_driver_the_ruleset_does_not_know_prints_its_id():
    rules = downforce_rules(DOWNFORCE)
    karts = [k.model_copy(update={"drivers": ["wario"]}) if k.colour == "yellow" else k for k in rules.karts]
    texts = all_texts(printed("karts", DOWNFORCE.model_copy(update={"downforce": rules.model_copy(
        update={"karts": karts})})))
    assert "wario" in texts and "Bowser" not in texts


def test_kart_cards_take_the_chosen_card_size():
    texts = all_texts(printed("karts", card_size="mini"))
    assert sum(t.endswith(" kart") for t in texts) == 6


def test_a_ruleset_without_downforce_rules_is_refused_in_one_line():
    from designer.export.paper import LayoutError
    from designer.systems.mk_downforce.kit_tokens import require_downforce

    with pytest.raises(LayoutError, match="has no Downforce rules"):
        require_downforce(load_ruleset("mk-gaslands"))
