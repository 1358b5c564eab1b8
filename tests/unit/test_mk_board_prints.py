"""Mario Kart Board Game prints, read back from the PDFs: the board at 1:1 (numbered tiles of the rule data's
size on tiled pages, a legend), the board scaled to one sheet, the kit's tokens (coins, banana chips, one
standee per colour), the player mats' coin track 0–20 and the reference card's numbers; the CLI's `--what`."""

from __future__ import annotations

import io
import json
from collections import Counter

import pytest

from designer.cli import main
from designer.export.bundle import PrintJob, export_pdf, offered, sections_for
from designer.export.options import ExportOptions
from designer.export.paper import MM, LayoutError
from designer.rules import load_ruleset
from designer.systems.mk_board.rule_data import board_rules

from . import pdfboxes, pdfscan
from .board_docs import board_data, board_document

BOARD = load_ruleset("mk-board")
TILE = board_rules(BOARD).space_size_mm


def printed(what, document=None, **options) -> bytes:
    out = io.BytesIO()
    export_pdf(out, document or board_document(), what, ExportOptions(**options))
    return out.getvalue()


def page_texts(data: bytes, into_forms: bool = True) -> list[list[str]]:
    reader = pdfscan.reader(data)
    return [pdfscan.texts(page, reader, into_forms=into_forms) for page in reader.pages]






def squares(boxes, size: float, tolerance: float = 0.3) -> int:
    """Painted shapes `size` mm square (tiles lying square to the page)."""
    return sum(1 for w, h in boxes if abs(w - size) < tolerance and abs(h - size) < tolerance)


def test_the_system_offers_the_board_both_ways_and_the_kit():
    assert [s.name for s in offered(board_document())] == ["track", "board-fit", "cards", "tokens", "dashboards",
                                                           "quick-rules", "reference"]


def test_every_space_number_is_printed_on_the_1_to_1_tiles():
    data = printed("track")
    pages = page_texts(data)
    numbers = {t for page in pages[1:-1] for t in page}
    assert {str(n) for n in range(1, 25)} <= numbers
    # map, 6 A4 tiles of the 600 × 400 mm table (4 × 2 before the grid moved to the board: issue #35), legend
    assert len(pages) == 1 + 6 + 1


def test_a_tile_is_the_rule_data_s_size_at_1_to_1():
    found = pdfscan.path_boxes(printed("track"))
    # spaces 1, 7, 13 and 19 lie square to the table: 28 mm tiles (fill and rim) on every tile page
    assert all(squares(page, TILE) == 8 for page in found[1:-1])
    assert squares(found[0], TILE) == 0  # the assembly map is scaled down


def test_the_legend_names_every_field_with_its_rule():
    legend = " ".join(page_texts(printed("track"))[-1])
    for name in ("Plain space", "Item space (?)", "Booster", "Mushroom space", "Thwomp space", "Start/finish",
                 "Shortcut"):
        assert name in legend
    assert "Roll again at once: 5–6: no harm done; 3–4: miss 1 turn; 1–2: miss 2 turns." in legend
    assert "after 3 laps wins" in legend


def test_the_board_fits_one_sheet_of_the_chosen_paper():
    small = board_document(spaces=16, width=400.0, height=300.0)   # tiles 13.4 mm on A4, 22 mm on A3
    a4 = printed("board-fit", small)
    a3 = printed("board-fit", small, paper="a3")
    assert len(pdfscan.reader(a4).pages) == 1 and len(pdfscan.reader(a3).pages) == 1
    a4_page, a3_page = pdfboxes.pages(a4)[0], pdfboxes.pages(a3)[0]
    assert (round(a4_page.width_mm), round(a4_page.height_mm)) == (297, 210)
    assert (round(a3_page.width_mm), round(a3_page.height_mm)) == (420, 297)
    words = page_texts(a4)[0]
    assert {str(n) for n in range(1, 17)} <= set(words) and "What the spaces do" in words
    # the board is scaled: 28 mm tiles shrink by the scale the sheet states
    summary = next(t for t in words if t.startswith("Scaled to one A4 sheet"))
    assert "tiles 13.4 mm" in summary
    scale = float(summary.split("1 : ")[1].split(",")[0])
    assert 1.5 < scale < 3.0 and squares(pdfscan.path_boxes(a4)[0], TILE / scale, 0.2) == 8  # 1 decimal printed
    assert float(next(t for t in page_texts(a3)[0] if t.startswith("Scaled")).split("1 : ")[1].split(",")[0]) < scale


def test_a_board_whose_tiles_would_be_too_small_to_play_on_is_refused_naming_the_tile_size(tmp_path, capsys):
    from designer.io.track_io import load_track
    from designer.paths import PROJECT_ROOT
    from designer.systems.mk_board.board_sheets import MIN_PLAYABLE_TILE_MM

    bundled = load_track(PROJECT_ROOT / "templates" / "board-coin-cove-loop.track.json")  # 900 × 600 mm
    # old: printed at 5.9 mm tiles on A4 without a word
    with pytest.raises(LayoutError, match=r"on one A4 sheet the tiles would be 5\.9 mm, too small to play on"):
        printed("board-fit", bundled)
    with pytest.raises(LayoutError, match=r"tiles would be 9\.8 mm.*at least 12 mm"):
        printed("board-fit", bundled, paper="a3")
    assert MIN_PLAYABLE_TILE_MM == 12.0
    assert "board-fit" not in [s.name for s in sections_for("all", PrintJob(bundled, BOARD))]
    assert "board-fit" in [s.name for s in sections_for("all", PrintJob(board_document(), BOARD,
                                                                          ExportOptions(paper="a3")))]
    code, stdout, err = run(capsys, "export", str(PROJECT_ROOT / "templates" / "board-coin-cove-loop.track.json"),
                            "--what", "board-fit", "-o", str(tmp_path / "b.pdf"))
    assert code != 0 and stdout == "" and len(err.strip().splitlines()) == 1 and "5.9 mm" in err
    assert not (tmp_path / "b.pdf").exists()


def test_a_track_with_no_spaces_has_no_board_sheet():
    document = board_document(spaces=0, shortcuts=0)
    assert "board-fit" not in [s.name for s in sections_for("all", PrintJob(document, BOARD))]
    with pytest.raises(LayoutError, match="has no spaces to print as a board"):
        printed("board-fit", document)


def test_tokens_are_the_bank_the_banana_chips_and_one_standee_per_colour():
    data = printed("tokens")
    found = pdfscan.path_boxes(data)
    coins = sum(squares(page, 20.0, 0.6) for page in found)  # the coin's rim and its cut line
    chips = sum(squares(page, 25.0, 0.6) for page in found)  # the chip's disc and its cut line
    assert (coins // 2, chips // 2) == (board_rules(BOARD).bank_coins, board_rules(BOARD).banana_chips) == (20, 5)
    reader = pdfscan.reader(data)
    standees = [b for page in reader.pages for b in pdfscan.rects(page, reader)
                if abs(b.w / MM - 24) < 0.3 and abs(b.h / MM - 84) < 0.3]
    assert len(standees) == len(BOARD.characters) == 7
    words = Counter(t for page in page_texts(data) for t in page)
    assert all(words[ch.name] == 2 for ch in BOARD.characters)  # front and back of each standee
    assert words["Coins for the bank × 20"] == 1 and words["Banana chips × 5"] == 1
    assert len(reader.pages) == 1


@pytest.mark.parametrize(("karts", "pages"), [(4, 4), (7, 7)])  # a landscape page each: the slot holds a card
def test_a_player_mat_per_player_with_a_coin_track_from_0_to_20(karts, pages):
    data = printed("dashboards", board_document().model_copy(update={"karts": karts}))
    texts = page_texts(data)
    assert len(texts) == pages
    words = Counter(t for page in texts for t in page)
    assert all(words[str(n)] >= karts for n in range(21)) and words["21"] == 0
    assert words["20"] == karts and words["ITEM"] == karts
    assert words["PLAYER 1"] == 1 and words[f"PLAYER {karts}"] == 1
    assert words["TURNS TO MISS (tick one off each turn you sit out)"] == karts


def test_the_reference_card_gives_the_coin_table_and_the_turn_rules():
    words = " ".join(page_texts(printed("quick-rules"))[0])
    for line in ("1 coin → 1 space further", "3 coins → 4 spaces further", "5 coins → 7 spaces further",
                 "10 coins → 15 spaces further", "Rolled a 6? The bank pays you a coin",
                 "give back half your coins, rounded up", "costs each of you 1 coin; without one, sit out a turn",
                 "starting places 5–7 begin with 1 coin"):
        assert line in words, line


def test_ink_saver_and_letter_paper_print_the_board(tmp_path):
    data = printed("all", ink_saver=True, paper="letter")
    assert len(pdfscan.reader(data).pages) > 10


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_cli_prints_the_board_on_one_sheet(capsys, tmp_path):
    track = tmp_path / "board.track.json"
    track.write_text(json.dumps(board_data()), encoding="utf-8")
    out = tmp_path / "board.pdf"
    code, stdout, err = run(capsys, "export", str(track), "--what", "board-fit", "--paper", "a3", "-o", str(out))
    assert (code, err) == (0, "") and stdout == f"wrote {out}: 1 page\n"
    empty = tmp_path / "empty.track.json"
    empty.write_text(json.dumps(board_data(spaces=0, shortcuts=0)), encoding="utf-8")
    code, stdout, err = run(capsys, "export", str(empty), "--what", "board-fit", "-o", str(tmp_path / "e.pdf"))
    assert code != 0 and stdout == "" and len(err.strip().splitlines()) == 1 and "no spaces" in err
