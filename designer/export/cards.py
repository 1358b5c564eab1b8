"""The item deck as print-and-play cards: fronts from the rule data, and backs mirrored for duplex.

Layout comes from `paper.card_grid`: cards sit edge to edge in a block centred on the sheet, so every
sheet uses the same slots and a stack can be cut together. The block has `bleed_mm` of bleed on its
outside (and next to empty slots); between cards the shared dark frame colour acts as bleed, so a cut
slightly off the line still shows frame colour. Cut marks (outside the trim only, along every card edge,
never across a card) and the calibration bars across and down are `sheet_marks.card_marks`'s.

In ink-saver mode (`CardOptions.ink_saver`) no area is solid: the frame and panels become outlines on white
paper (the trim line drawn in frame colour marks the cut), the name band and the art disc a pale tint, and
words that were white on colour take the card's colour; there is no bleed, as nothing runs to the edge.

A back sheet follows each front sheet, mirrored for the duplex binding chosen (long edge, as usual, or short
edge) so each back lands behind its own front.

Every word printed on a front comes from the ruleset's card data (`name`, `text`, `uses_note`,
`reach`, `last_place_only`) — the rule text is the project's own wording kept in the rule files — and a bold
line states its race-day numbers (`roll_multiplier`, `rivals_move_divisor`, `hit_turns`:
`rule_texts.card_effects`).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from designer.export import pdf
from designer.export.element_art import box_face
from designer.export.item_art import SHELL_COLOURS, draw_item
from designer.export.painter import Painter
from designer.export.paper import CARD_MARGIN_MM, CardGrid, Rect, card_grid
from designer.export.pdf import BOLD, FONT, Output, text
from designer.export.repeats import Repeats
from designer.export.sheet_marks import card_marks, card_note_line
from designer.i18n import _, ngettext
from designer.rules import Ruleset
from designer.rules import texts as rule_texts
from designer.rules.schema import ItemCard

FRAME = HexColor("#1f2a44")
PANEL = HexColor("#fffdf7")
BADGE = HexColor("#c62828")
#: Space between a card's rule and the note under it (mm on a poker card, scaled with the card).
NOTE_GAP_MM = 1.2
THEMES = {
    "shell": HexColor("#2f8f4f"), "banana": HexColor("#c99a00"), "mushroom": HexColor("#c0392b"),
    "star": HexColor("#d4a000"), "lightning": HexColor("#6b4fbb"), "flower": HexColor("#e0561b"),
    "box": HexColor("#3b5bdb"), "boo": HexColor("#5c6370"), "ghost": HexColor("#5c6370"),
    "feather": HexColor("#4c8bd6"), "coin": HexColor("#c98f00"), "blank": HexColor("#8a8f98"),
}


@dataclass(frozen=True)
class CardOptions:
    paper: str = "a4"
    size: str = "poker"
    margin_mm: float = CARD_MARGIN_MM
    bleed_mm: float = 3.0
    backs: bool = True
    #: which edge the printer turns the sheet over: "long" (the usual duplex) or "short"
    duplex: str = "long"
    #: outlines and pale tints instead of solid colour (see the module's docstring)
    ink_saver: bool = False


DUPLEX = ("long", "short")


def back_slot(grid: CardGrid, index: int, duplex: str = "long") -> Rect:
    """Where the back of card `index` goes so it lands behind its front once the sheet turns over about its
    `duplex` edge. A long-edge turn is `CardGrid.back_slot`'s; a short-edge turn mirrors the other way: rows
    reversed on a portrait sheet (it turns about its top edge), columns reversed on a landscape one."""
    if duplex not in DUPLEX:
        from designer.export.paper import LayoutError

        raise LayoutError(_("duplex must be long or short, got '{duplex}'").format(duplex=duplex))
    if duplex == "long":
        return grid.back_slot(index)
    row, col = divmod(index, grid.cols)
    if grid.paper.orientation == "landscape":
        return grid.slot(row * grid.cols + (grid.cols - 1 - col))
    return grid.slot((grid.rows - 1 - row) * grid.cols + col)


def deck_cards(ruleset: Ruleset) -> list[ItemCard]:
    """Every physical card of the deck, in deck order (`count` copies of each entry)."""
    return [card for card in ruleset.deck for _ in range(card.count)]


def theme(card: ItemCard) -> Color:
    key = card.name.casefold()
    for word, colour in SHELL_COLOURS.items():
        if word in key and "shell" in key:
            return colour
    if "gold" in key:
        return THEMES["coin"]
    return next((c for word, c in THEMES.items() if word in key), HexColor("#37474f"))


# --- one card ----------------------------------------------------------------------------------------
def _scale(slot: Rect) -> float:
    return min(slot.w / 63.0, slot.h / 88.0)


def _frame(c: Canvas, slot: Rect, ink_saver: bool) -> None:
    """The card's frame colour over its trim box, or in ink-saver mode just the trim line in that colour."""
    if ink_saver:
        c.setStrokeColor(FRAME)
        c.setLineWidth(pdf.pt(0.6))
        c.rect(slot.x, slot.y, slot.w, slot.h, stroke=1, fill=0)
    else:
        c.setFillColor(FRAME)
        c.rect(slot.x, slot.y, slot.w, slot.h, stroke=0, fill=1)


def draw_front(c: Canvas, card: ItemCard, slot: Rect, ruleset: Ruleset, ink_saver: bool = False) -> None:
    """One card face inside its trim box (background exactly the trim box; bleed is drawn separately); its words
    in the current language (`designer.rules.texts`), its colour and art chosen by the English name. A card only
    the last kart keeps also says, under its rule, what any other kart does with it (the deck rules'
    `last_place_note`)."""
    ruleset_id = ruleset.id
    name = rule_texts.card_name(ruleset_id, card)
    reach_text = rule_texts.card_reach(ruleset_id, card)
    k = _scale(slot)
    p = Painter(c, ink_saver)
    _frame(c, slot, ink_saver)
    inner = slot.inset(3.0 * k)
    colour = theme(card)
    head_h = 10.0 * k
    if ink_saver:  # a pale band under a name in the card's colour; the panel's outline is the frame's
        p.rect(inner.x, inner.y, inner.w, inner.h, 2.5 * k, stroke=colour, lw=0.35 * k)
        pale = Painter(c)
        pale.rect(inner.x, inner.y, inner.w, head_h, 2.5 * k, fill=pdf.lighter(colour, 0.88), stroke=None)
        pale.rect(inner.x, inner.y + head_h / 2, inner.w, head_h / 2, fill=pdf.lighter(colour, 0.88), stroke=None)
    else:
        p.rect(inner.x, inner.y, inner.w, inner.h, 2.5 * k, fill=PANEL, stroke=None)
        p.rect(inner.x, inner.y, inner.w, head_h, 2.5 * k, fill=colour, stroke=None)
        p.rect(inner.x, inner.y + head_h / 2, inner.w, head_h / 2, fill=colour, stroke=None)
    on_head = pdf.darker(colour, 0.7) if ink_saver else white
    name, size = pdf.fit_line(name, inner.w - 4 * k, 11 * k, BOLD, 5.0)
    text(c, inner.x + inner.w / 2, inner.y + head_h / 2, name, size, BOLD, "middle", on_head, middle=True)
    art_top = inner.y + head_h + 1.5 * k
    art_h = 30.0 * k
    cx, cy = inner.x + inner.w / 2, art_top + art_h / 2
    if not ink_saver:  # (outlined, the disc would only ring the picture)
        p.circle(cx, cy, art_h * 0.5, fill=pdf.lighter(colour, 0.85), stroke=None)
    draw_item(p, card.name, cx, cy, art_h * 0.95)
    y = art_top + art_h + 1.5 * k
    if card.last_place_only:
        badge, bsize = pdf.fit_line(_("LAST PLACE ONLY"), inner.w - 8 * k, 7 * k, BOLD, 4.5)
        bw = pdf.width_mm(badge, bsize, BOLD) + 4 * k
        p.rect(cx - bw / 2, y, bw, 4.6 * k, 2.3 * k, fill=BADGE, stroke=None)
        text(c, cx, y + 2.3 * k, badge, bsize, BOLD, "middle", BADGE if ink_saver else white, middle=True)
        y += 6.0 * k
    footer_h = 0.0
    if card.uses > 1 or card.uses_note:
        footer_h += 6.0 * k
    reach_lines: list[str] = []
    if reach_text:
        reach_lines, rsize = pdf.fit_lines(_("Reach: {reach}").format(reach=reach_text), inner.w - 4 * k, 5.6 * k,
                                           FONT)
        reach_h = max(4.0 * k, len(reach_lines) * pdf.pt(rsize) * 1.1 + 1.4 * k)
        footer_h += reach_h
    effect_lines: list[str] = []
    effects = rule_texts.card_effects(card)
    if effects:
        effect_lines, esize = pdf.fit_lines(" · ".join(effects), inner.w - 4 * k, 6.4 * k, BOLD)
        effect_h = len(effect_lines) * pdf.pt(esize) * 1.1 + 1.6 * k
        footer_h += effect_h
    box_h = inner.bottom - 2.0 * k - footer_h - y
    note = rule_texts.deck_rule_note(ruleset, "last_place_note") if card.last_place_only else None
    body = rule_texts.card_text(ruleset_id, card)
    lines, note_lines, tsize = _fit_body(body, note, inner.w - 5 * k, box_h, 8.4 * max(k, 0.85), k)
    lead = pdf.pt(tsize) * 1.18
    block = len(lines) * lead + (len(note_lines) * lead + NOTE_GAP_MM * k if note_lines else 0.0)
    ty = pdf.paragraph(c, cx, y + max(0.0, (box_h - block) / 2), lines, tsize, FONT, anchor="middle")
    if note_lines:
        pdf.paragraph(c, cx, ty + NOTE_GAP_MM * k, note_lines, tsize, FONT, pdf.GREY, anchor="middle")
    fy = inner.bottom - 1.6 * k - footer_h
    if effect_lines:
        pdf.lines_middle(c, cx, fy + effect_h / 2 + 0.2 * k, effect_lines, esize, BOLD, "middle", colour)
        fy += effect_h
    if reach_lines:
        pdf.lines_middle(c, cx, fy + reach_h / 2 + 0.2 * k, reach_lines, rsize, FONT, "middle", pdf.GREY)
        fy += reach_h
    if card.uses > 1 or card.uses_note:
        _uses(c, p, card, inner, fy, k, colour, rule_texts.card_uses_note(ruleset_id, card))


def _fit_body(body: str, note: str | None, width: float, height: float, size_pt: float,
              k: float) -> tuple[list[str], list[str], float]:
    """The rule and the note below it, wrapped at one size that fits both (shrinking by half points; at the
    floor `fit_paragraph`'s last resort for the rule alone, the note left out)."""
    if note:
        size = max(size_pt, pdf.MIN_PT)
        while size >= pdf.MIN_PT:
            lines, note_lines = pdf.wrap(body, width, size), pdf.wrap(note, width, size)
            if (len(lines) + len(note_lines)) * pdf.pt(size) * 1.18 + NOTE_GAP_MM * k <= height:
                return lines, note_lines, size
            size -= 0.5
    lines, size = pdf.fit_paragraph(body, width, height, size_pt, FONT)
    return lines, [], size


def _uses(c: Canvas, p: Painter, card: ItemCard, inner: Rect, y: float, k: float, colour: Color,
          uses_note: str | None) -> None:
    """Tick circles, one per use, and the uses note: "○ ○ ○  3 uses, at most one per gear phase"."""
    count = ngettext("{n} use", "{n} uses", card.uses).format(n=card.uses)  # the number from `uses` only
    note = _("{uses}, {condition}").format(uses=count, condition=uses_note) if uses_note else count
    r = 1.5 * k
    ticks = card.uses if card.uses > 1 else 0
    ticks_w = ticks * (2 * r + 1.0 * k)
    room = inner.w - 5 * k - ticks_w
    lines, size = pdf.fit_lines(note, room, 6.0 * k, BOLD)
    total = ticks_w + max(pdf.width_mm(line, size, BOLD) for line in lines)
    x = inner.x + (inner.w - total) / 2
    mid = y + 3.0 * k
    for _tick in range(ticks):
        p.circle(x + r, mid, r, fill=white, stroke=colour, lw=0.35 * k)
        x += 2 * r + 1.0 * k
    step = pdf.pt(size) * 1.05
    for i, line in enumerate(lines):
        text(c, x, mid + (i - (len(lines) - 1) / 2) * step, line, size, BOLD, "start", colour, middle=True)


def draw_back(c: Canvas, slot: Rect, ruleset_name: str, ink_saver: bool = False) -> None:
    """The common card back: frame colour, a big item box and the deck's name (ink saver: their outlines on
    white, the words in frame colour)."""
    k = _scale(slot)
    p = Painter(c, ink_saver)
    _frame(c, slot, ink_saver)
    inner = slot.inset(3.0 * k)
    p.rect(inner.x, inner.y, inner.w, inner.h, 2.5 * k, stroke=HexColor("#f5c518"), lw=0.6 * k)
    cx, cy = slot.centre
    for i, colour in enumerate(("#7fd6ff", "#b98cff", "#ff9ad5", "#ffd86b")):
        if not ink_saver or i == 0:  # outlined, one ring says it; four would be a target
            p.circle(cx, cy, (19 - i * 3.2) * k, fill=HexColor(colour), stroke=None)
    box_face(p, 22 * k, 22 * k, cx, cy)
    item, size = pdf.fit_line(_("ITEM"), inner.w - 4 * k, 14 * k, BOLD)
    text(c, cx, inner.y + 9 * k, item, size, BOLD, "middle", FRAME if ink_saver else white, middle=True)
    name, size = pdf.fit_line(ruleset_name, inner.w - 4 * k, max(6 * k, pdf.MIN_PT))
    text(c, cx, inner.bottom - 6 * k, name, size, FONT, "middle", pdf.GREY if ink_saver else HexColor("#c9d2e3"),
         middle=True)


# --- sheets ------------------------------------------------------------------------------------------
def _bleed(c: Canvas, grid: CardGrid, slots: Sequence[Rect], filled: set[int]) -> None:
    """Frame colour past the trim on every side of a card that has no card next to it on the sheet."""
    b = grid.bleed_mm
    if b <= 0:
        return
    block = grid.block

    def cell(s: Rect) -> tuple[int, int]:  # where a slot is as seen on this sheet (backs are mirrored)
        return round((s.x - block.x) / grid.card_w), round((s.y - block.y) / grid.card_h)

    taken = {cell(slots[i]) for i in filled}
    c.setFillColor(FRAME)
    for index in filled:
        s = slots[index]
        col, row = cell(s)
        x0 = s.x - (b if (col - 1, row) not in taken else 0)
        x1 = s.right + (b if (col + 1, row) not in taken else 0)
        y0 = s.y - (b if (col, row - 1) not in taken else 0)
        y1 = s.bottom + (b if (col, row + 1) not in taken else 0)
        for rx, ry, rw, rh in ((x0, y0, x1 - x0, s.y - y0), (x0, s.bottom, x1 - x0, y1 - s.bottom),
                               (x0, s.y, s.x - x0, s.h), (s.right, s.y, x1 - s.right, s.h)):
            if rw > 0 and rh > 0:
                c.rect(rx, ry, rw, rh, stroke=0, fill=1)


def _sheet_note(c: Canvas, grid: CardGrid, left: str, right: str) -> None:
    """Small grey notes under the block, kept between the cut marks (none when the paper's blank edge leaves
    no room)."""
    xs, _ys = grid.cut_lines()
    y = card_note_line(grid)
    if y is None:
        return
    size = 5.5
    if len(xs) < 3:  # one column: the left note alone, on two lines if it must
        lines, fitted = pdf.fit_lines(left, xs[1] - xs[0] - 4.0, size, FONT)
        pdf.lines_middle(c, xs[0] + 2.0, y, lines, fitted, FONT, "start", pdf.GREY, leading=1.0)
        return
    right_w = pdf.width_mm(right, size, FONT)
    last = (xs[-1] - 2.0 - right_w, xs[-1] - 2.0) if right_w <= xs[-1] - xs[-2] - 4.0 else None
    spans = [(xs[i] + 2.0, xs[i + 1] - 2.0) for i in range(len(xs) - 1 - (last is not None))]
    flowed = _flow(left, [b - a for a, b in spans], size)
    for (x0, _x1), piece in zip(spans, flowed, strict=False):
        text(c, x0, y, piece, size, FONT, "start", pdf.GREY, middle=True)
    if last is not None:
        text(c, last[1], y, right, size, FONT, "end", pdf.GREY, middle=True)


def _flow(s: str, widths: Sequence[float], size: float) -> list[str]:
    """`s` run word by word through the spans between the cut marks, left to right (a reading line broken
    where a cut mark stands); what the spans cannot hold is cut at the last one, noted (`pdf.truncate`)."""
    words = s.split()
    out = []
    for i, width in enumerate(widths):
        line: list[str] = []
        while words and pdf.fits(" ".join([*line, words[0]]), width, size):
            line.append(words.pop(0))
        if i == len(widths) - 1 and words:
            out.append(pdf.truncate(" ".join([*line, *words]), width, size))
            return out
        out.append(" ".join(line))
    return out


def render_cards(c: Canvas, ruleset: Ruleset, options: CardOptions = CardOptions(),
                 cards: Sequence[ItemCard] | None = None) -> int:
    """Append front sheets (each followed by its back sheet) to `c`; returns the pages drawn."""
    grid = card_grid(options.paper, options.size, options.margin_mm, options.bleed_mm)
    back_slot(grid, 0, options.duplex)  # refuse an unknown binding before drawing anything
    cards = deck_cards(ruleset) if cards is None else list(cards)
    per = grid.per_sheet
    sheets = [cards[i:i + per] for i in range(0, len(cards), per)]
    pages = 0
    backs = Repeats(c)  # a back at a slot is the same on every back sheet
    for number, sheet in enumerate(sheets, 1):
        filled = set(range(len(sheet)))
        for back in ((False, True) if options.backs else (False,)):
            pdf.start_page(c, grid.paper)
            with pdf.mm_frame(c, grid.paper):
                slots = [back_slot(grid, i, options.duplex) if back else grid.slot(i) for i in range(per)]
                if not options.ink_saver:
                    _bleed(c, grid, slots, filled)
                for i, card in enumerate(sheet):
                    if back:
                        name = rule_texts.ruleset_name(ruleset)
                        backs.draw((slots[i], name, options.ink_saver),
                                   partial(draw_back, c, slots[i], name, options.ink_saver))
                    else:
                        draw_front(c, card, slots[i], ruleset, options.ink_saver)
                card_marks(c, grid)
                deck_name = rule_texts.ruleset_name(ruleset)
                _sheet_note(c, grid, _("sheet {n} of {total}, ").format(n=number, total=len(sheets))
                            + (_backs_note(options.duplex) if back else _("fronts")), deck_name)
            c.showPage()
            pages += 1
    return pages


def _backs_note(duplex: str) -> str:
    if duplex == "short":
        return _("backs (mirrored for short-edge duplex)")
    return _("backs (mirrored for long-edge duplex)")


def write_cards_pdf(out: Output, ruleset: Ruleset, options: CardOptions = CardOptions()) -> int:
    """Write the ruleset's item deck to a binary file object or a path; returns the page count."""
    if not ruleset.deck:
        from designer.export.paper import LayoutError

        raise LayoutError(_("ruleset '{id}' has no item deck to print").format(id=ruleset.id))
    buffer = io.BytesIO()
    title = _("{ruleset} — item cards").format(ruleset=rule_texts.ruleset_name(ruleset))
    c = pdf.new_canvas(buffer, title, _("item deck"))
    pages = render_cards(c, ruleset, options)
    c.save()
    pdf.deliver(buffer.getvalue(), out)
    return pages
