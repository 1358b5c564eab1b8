"""Item cards: the deck from the rule data, same slots on every sheet, backs mirrored for duplex."""

from __future__ import annotations

import io
import math
import re
from collections import Counter

import pytest

from designer.export import CardOptions, LayoutError, card_grid, write_cards_pdf
from designer.export.cards import deck_cards
from designer.export.paper import MM
from designer.rules import load_ruleset

from . import pdfscan


def render(ruleset_id: str, **options) -> tuple[int, object, object]:
    ruleset = load_ruleset(ruleset_id)
    buffer = io.BytesIO()
    pages = write_cards_pdf(buffer, ruleset, CardOptions(**options))
    return pages, pdfscan.reader(buffer.getvalue()), ruleset


def card_boxes(page, pdf, size=(63.0, 88.0)) -> list[tuple[float, float]]:
    """Lower-left corners (pt) of every rectangle exactly one card in size: the card backgrounds."""
    w, h = size[0] * MM, size[1] * MM
    return sorted((round(b.x0, 2), round(b.y0, 2)) for b in pdfscan.rects(page, pdf)
                  if math.isclose(b.w, w, abs_tol=0.05) and math.isclose(b.h, h, abs_tol=0.05))


@pytest.fixture(scope="module")
def gaslands():
    return render("mk-gaslands")


def test_66_cards_on_8_sheets_with_backs(gaslands):
    pages, pdf, ruleset = gaslands
    assert ruleset.card_count() == 66 and len(deck_cards(ruleset)) == 66
    assert pages == len(pdf.pages) == 16  # ceil(66 / 9) = 8 fronts, each followed by its backs
    for page in pdf.pages:
        w, h = (float(v) for v in page.mediabox[2:])
        assert (round(w, 2), round(h, 2)) == (595.28, 841.89)


def test_every_card_name_printed_as_often_as_the_deck_says(gaslands):
    _, pdf, ruleset = gaslands
    names = {card.name for card in ruleset.deck}
    seen: Counter[str] = Counter()
    for page in list(pdf.pages)[0::2]:
        for line in page.extract_text().splitlines():
            if line.strip() in names:
                seen[line.strip()] += 1
    assert seen == Counter({card.name: card.count for card in ruleset.deck})


def test_rule_text_comes_from_the_rule_data(gaslands):
    _, pdf, ruleset = gaslands
    words = " ".join(" ".join(pdfscan.texts(page, pdf)) for page in list(pdf.pages)[0::2])
    blue = ruleset.card("Blue Shell")
    assert "LAST PLACE ONLY" in words
    assert words.count("LAST PLACE ONLY") == sum(c.count for c in ruleset.deck if c.last_place_only)
    assert ruleset.card("Triple Red Shell").uses_note in words
    first_words = " ".join(blue.text.split()[:4])
    assert first_words in re.sub(r"\s+", " ", words)


def test_a_last_place_card_says_what_any_other_kart_does(gaslands):
    """Blue Shell and Lightning print the deck rules' note (the kart that is not last shows, discards and draws
    again) once per copy; no other card prints it; a group's own wording in the rule data is what prints."""
    _, pdf, ruleset = gaslands
    words = re.sub(r"\s+", " ", " ".join(" ".join(pdfscan.texts(page, pdf)) for page in list(pdf.pages)[0::2]))
    note = ruleset.deck_rules.last_place_note
    assert note and words.count(note) == sum(c.count for c in ruleset.deck if c.last_place_only) == 7
    rules = ruleset.deck_rules.model_copy(update={"last_place_note": "Not last? Pass it to the left."})
    buffer = io.BytesIO()
    write_cards_pdf(buffer, ruleset.model_copy(update={"deck_rules": rules}), CardOptions(backs=False))
    other = pdfscan.reader(buffer.getvalue())
    words = re.sub(r"\s+", " ", " ".join(" ".join(pdfscan.texts(page, other)) for page in other.pages))
    assert words.count("Not last? Pass it to the left.") == 7 and note not in words


def test_card_boxes_at_the_same_place_on_every_sheet(gaslands):
    _, pdf, _ = gaslands
    grid = card_grid("a4", "poker")
    H = grid.paper.height_mm
    expected = sorted((round(s.x * MM, 2), round((H - s.bottom) * MM, 2))
                      for s in (grid.slot(i) for i in range(9)))
    fronts = [card_boxes(page, pdf) for page in list(pdf.pages)[0::2]]
    assert all(boxes == expected for boxes in fronts[:-1])
    assert set(fronts[-1]) <= set(expected) and len(fronts[-1]) == 66 - 7 * 9


def test_backs_mirror_the_fronts(gaslands):
    _, pdf, _ = gaslands
    W = 595.2756
    width = 63 * MM
    pages = list(pdf.pages)
    for front, back in zip(pages[0::2], pages[1::2], strict=True):
        f, b = card_boxes(front, pdf), card_boxes(back, pdf)
        mirrored = sorted((W - x - width, y) for x, y in f)
        assert len(mirrored) == len(b)
        assert all(math.isclose(m[0], n[0], abs_tol=0.02) and m[1] == n[1] for m, n in zip(mirrored, b, strict=True))
    # The partial last sheet: 3 cards in the top row, right to left on the back.
    assert len(card_boxes(pages[-1], pdf)) == 3


def test_cut_marks_stay_outside_the_cards(gaslands):
    _, pdf, _ = gaslands
    grid = card_grid("a4", "poker")
    b = grid.block
    x0, x1 = b.x * MM, b.right * MM
    y0, y1 = (grid.paper.height_mm - b.bottom) * MM, (grid.paper.height_mm - b.y) * MM
    xs, ys = grid.cut_lines()
    xs_pt = [x * MM for x in xs]
    ys_pt = [(grid.paper.height_mm - y) * MM for y in ys]

    def on_cut_line(seg) -> bool:
        (ax, ay), (bx, by) = seg
        vertical = math.isclose(ax, bx, abs_tol=0.01) and any(math.isclose(ax, x, abs_tol=0.01) for x in xs_pt)
        horizontal = math.isclose(ay, by, abs_tol=0.01) and any(math.isclose(ay, y, abs_tol=0.01) for y in ys_pt)
        return vertical or horizontal

    for page in list(pdf.pages)[:2]:
        marks = [s for s in pdfscan.segments(page, pdf) if on_cut_line(s)]
        assert len(marks) == 2 * 2 * (len(xs) + len(ys))  # both ends of every cut line, underlay + line
        for (ax, ay), (bx, by) in marks:
            for px, py in ((ax, ay), (bx, by)):
                assert not (x0 < px < x1 and y0 < py < y1), "a cut mark reaches into the cards"
            assert math.dist((ax, ay), (bx, by)) >= 3 * MM


def test_board_game_deck_and_mini_cards():
    pages, pdf, ruleset = render("mk-board", size="mini")
    assert ruleset.card_count() == 35
    assert pages == 6  # 16 mini cards per A4: 3 sheets, fronts and backs
    first = card_boxes(pdf.pages[0], pdf, (44.0, 67.0))
    assert len(first) == 16 and card_boxes(pdf.pages[2], pdf, (44.0, 67.0)) == first


def _front_lines(ruleset) -> Counter[str]:
    buffer = io.BytesIO()
    write_cards_pdf(buffer, ruleset, CardOptions(backs=False))
    pdf = pdfscan.reader(buffer.getvalue())
    return Counter(line.strip() for page in pdf.pages for line in page.extract_text().splitlines())


def test_board_game_cards_state_their_race_day_numbers_from_the_fields():
    """The Mushroom's roll multiplier, the Lightning's divisor for the rivals and the turns a hit costs are
    printed on the cards (a bold line under the rule) from `roll_multiplier`, `rivals_move_divisor` and
    `hit_turns`, once per copy of the card; a changed copy prints its numbers."""
    from .rule_mutations import mutated

    ruleset = load_ruleset("mk-board")
    count = {card.id: card.count for card in ruleset.deck}
    lines = _front_lines(ruleset)
    assert lines["Your roll × 2"] == count["mushroom"]
    assert lines["Rivals' next rolls ÷ 2, round down"] == count["lightning"]
    assert lines["Hit: miss 1 turn"] == count["banana"] + count["blue-shell"]
    assert lines["Hit: no turn missed"] == count["green-shell"] + count["red-shell"]
    changed = _front_lines(mutated("mk-board", deck__1__roll_multiplier=3, deck__6__rivals_move_divisor=4,
                                   deck__0__hit_turns=2))
    assert changed["Your roll × 3"] == count["mushroom"] and changed["Your roll × 2"] == 0
    assert changed["Rivals' next rolls ÷ 4, round down"] == count["lightning"]
    assert changed["Hit: miss 2 turns"] == count["banana"] and changed["Hit: miss 1 turn"] == count["blue-shell"]


def test_letter_bridge_and_no_backs():
    pages, pdf, _ = render("pitchkart", paper="letter", size="bridge", backs=False)
    assert pages == 1 and len(card_boxes(pdf.pages[0], pdf, (57.0, 89.0))) == 8


def test_deckless_ruleset_refused():
    with pytest.raises(LayoutError, match="has no item deck"):
        write_cards_pdf(io.BytesIO(), load_ruleset("axles-alloys-2"))
