"""The print shop's card-holding leftovers of [9/10]: every item slot on a dashboard or player mat holds a
printed card with room to spare, for every card size and paper; and duplex backs land behind their fronts
for long- and short-edge binding. Everything is read back from the PDF."""

from __future__ import annotations

import io

import pytest

from designer.cli import main
from designer.export import pdf
from designer.export.bundle import PrintJob, export_pdf, sections_for
from designer.export.cards import CardOptions, deck_cards, render_cards
from designer.export.dashboards import item_slots as dashboard_slots
from designer.export.options import ExportOptions
from designer.export.paper import CARD_SIZES, LayoutError, Rect
from designer.rules import load_ruleset
from designer.systems import registry
from designer.systems.mk_board.rule_data import board_rules

from . import pdfboxes
from .board_docs import board_document
from .test_print_overflow import track

CLEARANCE = 2.0  # mm each way round the card
TOL = 0.05


def slot_systems() -> set[str]:
    """The systems whose per-player sheets have item slots: a dashboards section and cards to hold."""
    return {s.id for s in registry.systems() if s.section("dashboards") is not None
            and dashboard_slots(load_ruleset(s.id)) > 0}


def document_for(system: str):
    ruleset = load_ruleset(system)
    doc = board_document() if board_rules(ruleset) is not None else track("mushroom-cup-1-luigi-circuit", system)
    return doc.model_copy(update={"ruleset": system, "karts": 4})


def sheets(system: str, card: str, paper: str) -> bytes:
    out = io.BytesIO()
    export_pdf(out, document_for(system), "dashboards", ExportOptions(paper=paper, card_size=card))
    return out.getvalue()


def item_slots(page: pdfboxes.Page) -> list[Rect]:
    """Each 'ITEM' label's slot: the smallest drawn shape around the label's centre."""
    slots = []
    for run in page.runs:
        if not run.text.startswith("ITEM"):
            continue
        x, y = run.centre
        around = [s for s in page.shapes if s.x <= x <= s.right and s.y <= y <= s.bottom]
        slots.append(min(around, key=lambda s: s.w * s.h))
    return slots


def test_the_systems_with_item_slots_print_dashboards():
    assert slot_systems() == {"mk-gaslands", "mk-board", "pitchkart"}  # the ones parametrised below
    for system in slot_systems():
        assert sections_for("dashboards", PrintJob(document_for(system), load_ruleset(system)))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("card", sorted(CARD_SIZES))
@pytest.mark.parametrize("system", ["mk-gaslands", "mk-board", "pitchkart"])
def test_every_item_slot_holds_a_card_with_room_each_way(system, card, paper):
    w, h = CARD_SIZES[card]
    pages = pdfboxes.pages(sheets(system, card, paper))
    slots = [(page, slot) for page in pages for slot in item_slots(page)]
    assert len(slots) == 4 * dashboard_slots(load_ruleset(system))  # every kart's every slot is there
    for page, slot in slots:
        assert slot.w >= w + 2 * CLEARANCE - TOL and slot.h >= h + 2 * CLEARANCE - TOL, (card, slot)
        assert slot.x > 0 and slot.right < page.width_mm and slot.y > 0 and slot.bottom < page.height_mm
        others = [s for s in page.shapes if s is not slot and s.w > 20 and s.h > 20 and s.x < slot.x
                  and s.right > slot.right and s.y < slot.y and s.bottom > slot.bottom]
        assert others, "a slot lies inside its kart's sheet"


# --- duplex backs ------------------------------------------------------------------------------------
def card_rects(page: pdfboxes.Page, size: tuple[float, float]) -> list[tuple[float, float]]:
    """Top-left corners (mm, y down) of every drawn shape exactly one card in size: the card faces."""
    w, h = size
    return sorted({(round(s.x, 1), round(s.y, 1)) for s in page.shapes
                   if abs(s.w - w) < 0.05 and abs(s.h - h) < 0.05})


def same(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    """The same card corners, to a tenth of a millimetre."""
    return len(a) == len(b) and all(abs(p[0] - q[0]) <= 0.11 and abs(p[1] - q[1]) <= 0.11
                                    for p, q in zip(sorted(a), sorted(b), strict=True))


def turned(corner: tuple[float, float], page: pdfboxes.Page, size: tuple[float, float], edge: str
           ) -> tuple[float, float]:
    """Where a card at `corner` on a sheet's front is seen from its back once the sheet turns over about its
    `edge` ("long" or "short"): the upright edges of a tall sheet are its long ones, of a wide sheet its short."""
    x, y = corner
    about_upright = (page.height_mm > page.width_mm) == (edge == "long")
    if about_upright:
        return round(page.width_mm - x - size[0], 1), y
    return x, round(page.height_mm - y - size[1], 1)


def card_sheets(paper: str, size: str, duplex: str, count: int, via_cli: bool = False, tmp_path=None) -> bytes:
    ruleset = load_ruleset("mk-gaslands")
    if via_cli:
        out = tmp_path / f"{paper}-{size}-{duplex}.pdf"
        assert main(["cards", "--ruleset", ruleset.id, "--paper", paper, "--card-size", size,
                     "--duplex", duplex, "-o", str(out)]) == 0
        return out.read_bytes()
    buffer = io.BytesIO()
    c = pdf.new_canvas(buffer, "cards", "cards")
    render_cards(c, ruleset, CardOptions(paper, size, duplex=duplex), deck_cards(ruleset)[:count])
    c.save()
    return buffer.getvalue()


SHEETS = [("a4", "poker", "portrait"), ("letter", "poker", "landscape")]


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize(("paper", "size", "orientation"), SHEETS)
@pytest.mark.parametrize("count", [1, 2, 4])
def test_each_back_lands_behind_its_front_after_the_named_flip(paper, size, orientation, duplex, count):
    card = CARD_SIZES[size]
    front, back = pdfboxes.pages(card_sheets(paper, size, duplex, count))
    assert (front.width_mm > front.height_mm) == (orientation == "landscape")
    fronts, backs = card_rects(front, card), card_rects(back, card)
    assert len(fronts) == len(backs) == count
    assert same([turned(f, front, card, duplex) for f in fronts], backs)
    other = "short" if duplex == "long" else "long"  # the other flip would put them elsewhere
    assert not same([turned(f, front, card, other) for f in fronts], backs)
    note = next(r.text for r in back.runs if "backs (" in r.text)
    assert f"mirrored for {duplex}-" in note  # (cut short on a narrow strip)


@pytest.mark.parametrize(("paper", "size", "orientation"), SHEETS)
def test_the_cli_and_the_print_job_take_the_binding(paper, size, orientation, tmp_path, capsys):
    card = CARD_SIZES[size]
    written = card_sheets(paper, size, "short", 0, via_cli=True, tmp_path=tmp_path)
    out = io.BytesIO()
    export_pdf(out, document_for("mk-gaslands"), "cards", ExportOptions(paper=paper, card_size=size, duplex="short"))
    for data in (written, out.getvalue()):
        pages = pdfboxes.pages(data)
        last_front, last_back = pages[-2], pages[-1]  # the partial last sheet tells the flips apart
        fronts = card_rects(last_front, card)
        assert same([turned(f, last_front, card, "short") for f in fronts], card_rects(last_back, card))
    assert main(["cards", "--ruleset", "mk-gaslands", "--duplex", "sideways", "-o", str(tmp_path / "x.pdf")]) == 2
    assert "--duplex" in capsys.readouterr().err


def test_an_unknown_binding_is_refused():
    with pytest.raises(LayoutError, match="duplex must be long or short"):
        card_sheets("a4", "poker", "diagonal", 1)
