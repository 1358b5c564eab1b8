"""The board game's kit besides the board and the deck: token sheets (the bank's coins, the banana chips and
one fold-over pawn standee per character colour), a player mat per player (coin track, the one item
slot, missed-turn marks, laps) and a reference card of the coin and turn rules. Counts and numbers come
from the rule data (`board`); drawn with reportlab in the print shop's page frame; no Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from designer.export import element_art as art
from designer.export import pdf, sheet_marks
from designer.export.dashboards import NAMED_COLOURS, render_player_sheets, slot_size
from designer.export.item_art import banana
from designer.export.options import PrintJob, Seat
from designer.export.painter import Painter
from designer.export.paper import LayoutError, Rect, card_size, check_margin, get_paper
from designer.export.pdf import BOLD, FONT, GREY, INK, LIGHT, text
from designer.export.tokens import CUT, Token, TokenGroup, pack_tokens, render_token_pages
from designer.i18n import _
from designer.rules import Ruleset
from designer.rules import texts as rule_texts
from designer.rules.schema import Character
from designer.systems.mk_board.board_texts import reference_rules, spending_line
from designer.systems.mk_board.rule_data import BoardRules, board_rules

if TYPE_CHECKING:
    from designer.export.cutfile import CutPart

COIN_MM = 20.0
CHIP_MM = 25.0
STANDEE = (24.0, 84.0)  # width; height: base 12, face 30, face 30, base 12
BASE_MM = 12.0


def require_board(ruleset: Ruleset) -> BoardRules:
    rules = board_rules(ruleset)
    if rules is None:
        raise LayoutError(_("ruleset '{id}' has no board rules").format(id=ruleset.id))
    return rules


def no_board(job: PrintJob) -> str | None:
    return None if board_rules(job.ruleset) is not None else _("ruleset '{id}' has no board rules").format(
        id=job.ruleset.id)


def pawn_colour(character: Character | None) -> Color:
    named = character.colour if character else None
    return HexColor(NAMED_COLOURS.get(named or "", "#9aa0a8"))


# --- tokens ----------------------------------------------------------------------------------------
def kit_groups(ruleset: Ruleset) -> list[TokenGroup]:
    """The bank's coins, the banana chips and one standee per character (its colour), counted from the rules."""
    board = require_board(ruleset)
    groups = []
    if board.bank_coins:
        groups.append(TokenGroup(_("Coins for the bank × {n}").format(n=board.bank_coins),
                                 [Token("coin", COIN_MM, COIN_MM, "circle")] * board.bank_coins))
    if board.banana_chips:
        groups.append(TokenGroup(_("Banana chips × {n}").format(n=board.banana_chips),
                                 [Token("banana", CHIP_MM, CHIP_MM, "circle")] * board.banana_chips))
    standees = [Token("standee", *STANDEE, label=rule_texts.character_name(ruleset, ch), colour=ch.id)
                for ch in ruleset.characters]
    if standees:
        groups.append(TokenGroup(_("Pawn standees, one per colour × {n}").format(n=len(standees)), standees))
    return groups


def _standee(p: Painter, t: Token, x: float, y: float, character: Character | None) -> None:
    colour = pawn_colour(character)
    c = p.c
    face = (t.h - 2 * BASE_MM) / 2
    p.rect(x, y, t.w, BASE_MM, fill=pdf.lighter(colour, 0.75), stroke=None)
    p.rect(x, y + t.h - BASE_MM, t.w, BASE_MM, fill=pdf.lighter(colour, 0.75), stroke=None)
    for k, flip in ((0, True), (1, False)):
        top = y + BASE_MM + k * face
        c.saveState()
        c.translate(x + t.w / 2, top + face / 2)
        if flip:
            c.rotate(180)  # the back half reads the right way up once folded
        p.rect(-t.w / 2, -face / 2, t.w, face, fill=colour, stroke=None)
        p.circle(0, -face * 0.12, t.w * 0.3, fill=white, stroke=pdf.darker(colour), lw=0.4)
        p.label(0, -face * 0.12, t.label[:1].upper(), t.w * 0.28, pdf.darker(colour), halo=None)
        text(c, 0, face / 2 - 3.2, *pdf.fit_line(t.label, t.w - 2, 7, BOLD), BOLD, "middle",
             pdf.darker(colour) if p.ink_saver else white)
        c.restoreState()
    for fy in (y + BASE_MM, y + BASE_MM + face, y + t.h - BASE_MM):
        p.line(x, fy, x + t.w, fy, GREY, 0.3, dash=(1.5, 1.2))


def _draw_kit_token(p: Painter, t: Token, x: float, y: float, ruleset: Ruleset) -> None:
    c = p.c
    if t.draw == "standee":
        _standee(p, t, x, y, next((ch for ch in ruleset.characters if ch.id == t.colour), None))
        c.saveState()
        c.setStrokeColor(CUT)
        c.setLineWidth(pdf.pt(0.5))
        c.rect(x, y, t.w, t.h, stroke=1, fill=0)
        c.restoreState()
        return
    c.saveState()
    c.translate(x + t.w / 2, y + t.h / 2)
    if t.draw == "coin":
        art.coin_face(p, t.w / 2)
    else:
        p.circle(0, 0, t.w / 2, fill=HexColor("#fff6cc"), stroke=None)
        banana(p, 0, 0, t.w * 0.8)
    c.restoreState()
    c.saveState()
    c.setStrokeColor(CUT)
    c.setLineWidth(pdf.pt(0.5))
    c.circle(x + t.w / 2, y + t.h / 2, t.w / 2, stroke=1, fill=0)
    c.restoreState()


def kit_cut_parts(job: PrintJob) -> list[CutPart]:
    """The coins, banana chips and standees as cutter-file parts; a standee's three folds (its two bases and
    its middle) scored."""
    from designer.export.tokens import token_parts

    def folds(t: Token) -> tuple[tuple[tuple[float, float], ...], ...]:
        if t.draw != "standee":
            return ()
        middle = BASE_MM + (t.h - 2 * BASE_MM) / 2
        return tuple(((0.0, y), (t.w, y)) for y in (BASE_MM, middle, t.h - BASE_MM))

    def faces(t: Token) -> list[tuple[float, float, float]]:
        """A standee's name on each face, the first upside down (it folds over), as on the print."""
        if t.draw != "standee":
            return [(t.w / 2, t.h / 2, 0.0)]
        face = (t.h - 2 * BASE_MM) / 2
        return [(t.w / 2, BASE_MM + face / 2, 180.0), (t.w / 2, BASE_MM + face * 1.5, 0.0)]

    return token_parts(kit_groups(job.ruleset), folds, faces)


def render_kit_tokens(c: Canvas, job: PrintJob) -> int:
    """The token sheets at true size; returns the pages drawn."""
    paper = get_paper(job.options.paper).portrait()
    page = check_margin(paper, job.options.margin(10.0))
    content = Rect(page.x, page.y + 10.0, page.w, page.h - 10.0)
    pages = pack_tokens(kit_groups(job.ruleset), content, gap=3.0)
    p = Painter(c, job.options.ink_saver)
    return render_token_pages(c, paper, page, content, pages, _("Tokens · {name}").format(name=job.document.name),
                              lambda t, x, y: _draw_kit_token(p, t, x, y, job.ruleset))


# --- player mats -----------------------------------------------------------------------------------
MAT_HEADER = 13.0


def _boxes(c: Canvas, p: Painter, x: float, y: float, labels: list[str], size: float, gap: float,
           colour: Color) -> None:
    for i, label in enumerate(labels):
        bx = x + i * (size + gap)
        p.rect(bx, y, size, size, size * 0.18, fill=white, stroke=colour, lw=0.45)
        if label:
            text(c, bx + size / 2, y + size / 2, *pdf.fit_line(label, size - 1.2, 7.5, BOLD), BOLD, "middle", INK,
                 middle=True)


def mat_slot(area: Rect, card: tuple[float, float], ruleset: Ruleset) -> Rect:
    """The mat's item slot (a card plus clearance each way), under the coin track; it may run past the mat's
    foot, which `render_mats` checks."""
    top = require_board(ruleset).bank_coins
    inner = area.w - 10.0
    size = min(10.0, (inner - top * 1.2) / (top + 1))
    w, h = slot_size(card)
    return Rect(area.x + 5.0, area.y + MAT_HEADER + 5.0 + 9.0 + 4.0 + size + 5.0, w, h)


def draw_mat(c: Canvas, number: int, character: Character | None, ruleset: Ruleset, area: Rect,
             card: tuple[float, float], player: str = "") -> None:
    """One player's mat in `area` (page mm); `player` is written on its name line (a campaign's roster)."""
    board = require_board(ruleset)
    p = Painter(c)
    colour = pawn_colour(character)
    p.rect(area.x, area.y, area.w, area.h, 3.0, fill=white, stroke=colour, lw=0.8)
    p.rect(area.x, area.y, area.w, MAT_HEADER, 3.0, fill=colour, stroke=None)
    p.rect(area.x, area.y + MAT_HEADER / 2, area.w, MAT_HEADER / 2, fill=colour, stroke=None)
    mid = area.y + MAT_HEADER / 2
    text(c, area.x + 5, mid, *pdf.fit_line(_("PLAYER {n}").format(n=number), 33, 9, BOLD), BOLD, "start", white,
         middle=True)
    name = rule_texts.character_name(ruleset, character) if character else ""
    text(c, area.x + area.w / 2, mid, pdf.truncate(name, area.w - 80, 15, BOLD), 15, BOLD, "middle", white, middle=True)
    if character and character.colour:
        pawn = _("{colour} pawn").format(colour=rule_texts.colour_name(character.colour))
        text(c, area.right - 5, mid, *pdf.fit_line(pawn, 33, 9, BOLD), BOLD, "end", white, middle=True)
    x0, inner = area.x + 5.0, area.w - 10.0
    y = area.y + MAT_HEADER + 5.0
    label = _("Name")
    text(c, x0, y + 2, label, 8, FONT, colour=GREY)
    p.line(x0 + pdf.width_mm(label, 8) + 2, y + 2.5, x0 + inner * 0.6, y + 2.5, LIGHT, 0.4)
    if player:
        left = x0 + pdf.width_mm(label, 8) + 3
        text(c, left, y + 1.8, *pdf.fit_line(player, x0 + inner * 0.6 - left, 10, BOLD), BOLD, colour=INK)
    start = _("Starting place")
    sx = x0 + inner * 0.64
    text(c, sx, y + 2, *pdf.fit_line(start, inner * 0.26, 8, FONT), FONT, colour=GREY)
    p.rect(x0 + inner - 9, y - 2.5, 9, 7, 1.2, fill=white, stroke=colour, lw=0.4)

    y += 9.0
    top = board.bank_coins
    text(c, x0, y + 2, *pdf.fit_line(_("COINS (move your marker; at most {n}, the whole bank)").format(n=top), inner,
                                     7.5, BOLD), BOLD, colour=colour)
    y += 4.0
    gap = 1.2
    size = min(10.0, (inner - top * gap) / (top + 1))
    _boxes(c, p, x0, y, [str(n) for n in range(top + 1)], size, gap, colour)
    y += size + 5.0

    slot = mat_slot(area, card, ruleset)
    p.rect(slot.x, slot.y, slot.w, slot.h, 3.0, fill=pdf.lighter(colour, 0.92), stroke=colour, lw=0.4, dash=(2, 1.5))
    text(c, slot.x + slot.w / 2, slot.y + slot.h / 2 - 2, *pdf.fit_line(_("ITEM"), slot.w - 3, 10, BOLD), BOLD,
         "middle", colour, middle=True)
    text(c, slot.x + slot.w / 2, slot.y + slot.h / 2 + 3.5, *pdf.fit_line(_("face up; only one"), slot.w - 3, 6.5),
         FONT, "middle", GREY, middle=True)

    rx, rw = slot.right + 8.0, area.right - 5.0 - (slot.right + 8.0)
    ry = y + 2.0
    skips = 1 + max((o.skip_turns for s in board.spaces for o in (s.roll_table or [])), default=1)
    text(c, rx, ry, *pdf.fit_line(_("TURNS TO MISS (tick one off each turn you sit out)"), rw, 7.5, BOLD), BOLD,
         colour=colour)
    _boxes(c, p, rx, ry + 3.0, [""] * skips, 9.0, 2.5, colour)
    ry += 18.0
    text(c, rx, ry, *pdf.fit_line(_("LAPS DONE"), rw, 7.5, BOLD), BOLD, colour=colour)
    _boxes(c, p, rx, ry + 3.0, [str(n) for n in range(1, board.laps + 1)], 9.0, 2.5, colour)
    ry += 18.0
    text(c, rx, ry, *pdf.fit_line(_("SPEND BEFORE YOU ROLL"), rw, 7.5, BOLD), BOLD, colour=colour)
    for spend in board.coin_spending:
        ry += 4.6
        text(c, rx, ry, *pdf.fit_line(spending_line(spend.coins, spend.extra_spaces), rw, 7.5), FONT, colour=INK)


def seat_character(ruleset: Ruleset, seat: Seat) -> Character:
    """A campaign player's character as the mat shows it: the rule data's (its pawn colour), else a name only."""
    return ruleset.character_by_id(seat.character_id) or Character(id="custom", name=seat.character or "?")


def render_mats(c: Canvas, job: PrintJob) -> int:
    """One mat per player of the document (`karts`), characters in the rule data's order, two to a page; from
    a campaign one per player of its roster, with their name and character."""
    ruleset = job.ruleset
    require_board(ruleset)
    card, chars = card_size(job.options.card_size), ruleset.characters

    def draw(c: Canvas, number: int, area: Rect) -> None:
        if job.seats:
            seat = job.seats[number - 1]
            draw_mat(c, number, seat_character(ruleset, seat), ruleset, area, card, seat.player)
        else:
            draw_mat(c, number, chars[(number - 1) % len(chars)] if chars else None, ruleset, area, card)

    def fits(area: Rect) -> bool:
        return area.w >= 150 and mat_slot(area, card, ruleset).bottom <= area.bottom - 5.0

    return render_player_sheets(c, job, draw, fits,
                                _("player mats do not fit this paper; try a larger one or a smaller margin"))


# --- the reference card ----------------------------------------------------------------------------
REFERENCE_MM = (88.0, 126.0)


def draw_reference(c: Canvas, ruleset: Ruleset, box: Rect) -> None:
    board = require_board(ruleset)
    p = Painter(c)
    red = HexColor("#d0312d")
    p.rect(box.x, box.y, box.w, box.h, 3.0, fill=white, stroke=red, lw=0.8)
    p.rect(box.x, box.y, box.w, 11.0, 3.0, fill=red, stroke=None)
    p.rect(box.x, box.y + 5.5, box.w, 5.5, fill=red, stroke=None)
    x, w = box.x + 5.0, box.w - 10.0
    text(c, box.x + box.w / 2, box.y + 5.5, *pdf.fit_line(_("QUICK RULES"), w, 11, BOLD), BOLD, "middle", white,
         middle=True)
    y = box.y + 19.0
    text(c, x, y, *pdf.fit_line(_("Spend coins before you roll"), w, 10, BOLD), BOLD, colour=red)
    for spend in board.coin_spending:
        y += 7.0
        c.saveState()
        c.translate(x + 3.0, y - 1.5)
        art.coin_face(p, 2.6)
        c.restoreState()
        text(c, x + 8.0, y, *pdf.fit_line(spending_line(spend.coins, spend.extra_spaces), w - 8.0, 10), FONT)
    y += 5.0
    for rule in reference_rules(board):
        p.line(x, y, x + w, y, LIGHT, 0.3)
        lines, size = pdf.fit_paragraph(rule, w, 16.0, 9, FONT, min_pt=5.5)
        y = pdf.paragraph(c, x, y + 1.5, lines, size, FONT) + 3.0
    if y > box.bottom - 2:
        raise LayoutError(_("the reference card's rules do not fit on it"))


def render_reference(c: Canvas, job: PrintJob) -> int:
    """One reference card per player, as many to a page as fit; returns the pages drawn."""
    require_board(job.ruleset)
    paper = get_paper(job.options.paper).portrait()
    area = check_margin(paper, job.options.margin(10.0))
    w, h = REFERENCE_MM
    gap = 6.0
    cols, rows = int((area.w + gap) // (w + gap)), int((area.h - 8 + gap) // (h + gap))
    if cols < 1 or rows < 1:
        raise LayoutError(_("the reference card does not fit this paper"))
    per_page = cols * rows
    count = max(1, job.document.karts)
    pages = 0
    for first in range(0, count, per_page):
        pdf.start_page(c, paper)
        with pdf.mm_frame(c, paper):
            text(c, area.x, area.y + 4, *pdf.fit_line(_("Reference cards: one for each player"), area.w, 10, BOLD),
                 BOLD)
            ox = area.x + (area.w - (cols * w + (cols - 1) * gap)) / 2
            for k in range(min(per_page, count - first)):
                row, col = divmod(k, cols)
                draw_reference(c, job.ruleset, Rect(ox + col * (w + gap), area.y + 8 + row * (h + gap), w, h))
            sheet_marks.margin_bars(c, paper, area)
        c.showPage()
        pages += 1
    return pages
