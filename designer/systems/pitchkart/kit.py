"""PitchKart's kit besides the pieces and the item cards: a sticker sheet (booster arrows, "?" squares and
the section numbers 1 … N), one character card per character with its Top Speed, Traction and Acceleration
as stars (a stat the rule data lists as `assumed`, our house value, is marked "≈ house value"; one it
leaves out is left blank), and the starting grid with each slot's starting coins. Sizes and numbers come
from the rule data; drawn with reportlab in the print shop's page frame; no Qt.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from designer.export import element_art as art
from designer.export import pdf, sheet_marks
from designer.export.options import PrintJob
from designer.export.painter import Painter
from designer.export.paper import CARD_MARGIN_MM, LayoutError, Rect, card_grid, check_margin, get_paper
from designer.export.pdf import BOLD, FONT, GREY, INK, LIGHT, text
from designer.export.sheet_marks import card_marks
from designer.export.tokens import CUT, Token, TokenGroup, pack_tokens, with_spares
from designer.i18n import N_, _, ngettext
from designer.rules import Ruleset
from designer.rules import texts as rule_texts
from designer.rules.schema import Character
from designer.systems.pitchkart.rule_data import PitchKartRules, pitchkart_rules
from designer.systems.pitchkart.sections import track_sections

NUMBER_STICKER_MM = 22.0
STAR_GOLD = HexColor("#f5c518")
STAR_RIM = HexColor("#8a5a00")
GRID_LINE = HexColor("#2f6fdf")
#: The three stats a character card shows, in the rule data's names, with their printed titles.
STATS: tuple[tuple[str, str], ...] = (("top_speed", N_("Top Speed")), ("traction", N_("Traction")),
                                      ("acceleration", N_("Acceleration")))


def require_pitchkart(ruleset: Ruleset) -> PitchKartRules:
    rules = pitchkart_rules(ruleset)
    if rules is None:
        raise LayoutError(_("ruleset '{id}' has no PitchKart rules").format(id=ruleset.id))
    return rules


def no_pitchkart(job: PrintJob) -> str | None:
    return None if pitchkart_rules(job.ruleset) is not None else _("ruleset '{id}' has no PitchKart rules").format(
        id=job.ruleset.id)


def no_characters(job: PrintJob) -> str | None:
    return None if job.ruleset.characters else _("ruleset '{id}' has no characters").format(id=job.ruleset.id)


def _size(ruleset: Ruleset, kind: str) -> tuple[float, float]:
    size = ruleset.element_sizes.get(kind)
    return (size.length_mm, size.width_mm) if size else (25.0, 25.0)


def _heading(c: Canvas, page: Rect, heading: str, note: str) -> None:
    text(c, page.x, page.y + 4, pdf.truncate(heading, page.w - pdf.width_mm(note, 7) - 4, 12, BOLD), 12, BOLD)
    text(c, page.right, page.y + 4, note, 7, FONT, "end", GREY)


# --- stickers ----------------------------------------------------------------------------------------
def sticker_groups(job: PrintJob) -> list[TokenGroup]:
    """Booster arrows and "?" squares for those on the track (with spares), and one number per section."""
    ruleset, elements = job.ruleset, job.document.elements
    arrows = with_spares(sum(1 for e in elements if e.kind == "boost_pad")) or 4
    boxes = with_spares(sum(1 for e in elements if e.kind == "item_box")) or 4
    sections = len(track_sections(elements))
    groups = [TokenGroup(_("Booster arrows × {n}").format(n=arrows),
                         [Token("arrow", *_size(ruleset, "boost_pad"))] * arrows),
              TokenGroup(_("\"?\" squares × {n}").format(n=boxes), [Token("box", *_size(ruleset, "item_box"))] * boxes)]
    if sections:
        groups.append(TokenGroup(_("Section numbers 1 to {n}").format(n=sections),
                                 [Token("number", NUMBER_STICKER_MM, NUMBER_STICKER_MM, "circle", label=str(n))
                                  for n in range(1, sections + 1)]))
    return groups


def _sticker(p: Painter, t: Token, x: float, y: float) -> None:
    c = p.c
    c.saveState()
    c.translate(x + t.w / 2, y + t.h / 2)
    if t.draw == "arrow":
        art.pad(p, t.w, t.h)
        art.arrow(p, -t.w * 0.38, t.w * 0.76, t.h * 0.62, fill=art.CHEVRON, stroke=art.PAD_RIM, lw=0.3)
    elif t.draw == "box":
        art.box_face(p, t.w, t.h)
    else:
        p.circle(0, 0, t.w / 2, fill=white, stroke=INK, lw=0.6)
        p.label(0, 0, t.label, t.w * 0.36, INK, halo=None)
    c.restoreState()
    c.saveState()
    c.setStrokeColor(CUT)
    c.setLineWidth(pdf.pt(0.5))
    if t.shape == "circle":
        c.circle(x + t.w / 2, y + t.h / 2, t.w / 2, stroke=1, fill=0)
    else:
        c.rect(x, y, t.w, t.h, stroke=1, fill=0)
    c.restoreState()


def render_stickers(c: Canvas, job: PrintJob) -> int:
    """The sticker sheets at true size; returns the pages drawn."""
    paper = get_paper(job.options.paper).portrait()
    page = check_margin(paper, job.options.margin(10.0))
    content = Rect(page.x, page.y + 10.0, page.w, page.h - 10.0)
    pages = pack_tokens(sticker_groups(job), content, gap=3.0)
    p = Painter(c, job.options.ink_saver)
    for number, placed in enumerate(pages, 1):
        pdf.start_page(c, paper)
        with pdf.mm_frame(c, paper):
            _heading(c, page, _("Stickers · {name}").format(name=job.document.name),
                     _("true size: print at 100 % · sheet {n} of {total}").format(n=number, total=len(pages)))
            for item in placed:
                if item.token is None:
                    text(c, item.x, item.y + 3.8, *pdf.fit_line(item.heading, item.width or content.w, 8, BOLD), BOLD,
                         colour=INK)
                else:
                    _sticker(p, item.token, item.x, item.y)
            sheet_marks.margin_bars(c, paper, page)
        c.showPage()
    return len(pages)


# --- character cards ---------------------------------------------------------------------------------
def star_scale(ruleset: Ruleset) -> int:
    """How many stars a stat row has: the highest stat the rule data gives any character (at least 1)."""
    values = [getattr(ch, stat) for ch in ruleset.characters for stat, _title in STATS]
    return max([v for v in values if v is not None] or [1])


def stars(character: Character, stat: str) -> int | None:
    """The character's stars for a stat, or None where the rule data gives nothing (printed blank)."""
    value = getattr(character, stat)
    return int(value) if value is not None else None


def _star(p: Painter, cx: float, cy: float, r: float, filled: bool) -> None:
    points = pdf.star_points(cx, cy, r, r * 0.45)
    if filled:
        p.poly(points, fill=STAR_GOLD, stroke=STAR_RIM, lw=0.3)
    else:
        p.poly(points, stroke=LIGHT, lw=0.3)


def draw_character_card(c: Canvas, p: Painter, ruleset: Ruleset, character: Character, area: Rect) -> None:
    p.rect(area.x, area.y, area.w, area.h, 3.0, fill=white, stroke=INK, lw=0.4)
    name = rule_texts.character_name(ruleset, character)
    text(c, area.x + area.w / 2, area.y + 12, *pdf.fit_line(name, area.w - 6, 13, BOLD), BOLD, "middle")
    p.circle(area.x + area.w / 2, area.y + 28, 10, fill=pdf.PALE, stroke=GREY, lw=0.3)
    p.label(area.x + area.w / 2, area.y + 28, name[:1].upper(), 9, GREY, halo=None)
    scale = star_scale(ruleset)
    y = area.y + 43
    r = min(3.2, (area.w - 8) / scale / 2.3)
    for stat, title in STATS:
        text(c, area.x + 4, y, *pdf.fit_line(_(title), area.w - 8, 7.5, BOLD), BOLD)
        count = stars(character, stat)
        for i in range(scale):
            _star(p, area.x + 4 + r + i * r * 2.3, y + 2.5 + r, r, count is not None and i < count)
        if count is None:
            text(c, area.right - 4, y, _("not given"), 6, FONT, "end", GREY)
        elif stat in character.assumed:
            text(c, area.right - 4, y, _("≈ house value"), 6, FONT, "end", GREY)
        y += 11.5
    if character.assumed:
        note = _("≈: not in the source, our house value")
        text(c, area.x + area.w / 2, area.bottom - 3, *pdf.fit_line(note, area.w - 6, 6), FONT, "middle", GREY)


def render_characters(c: Canvas, job: PrintJob) -> int:
    """One card per character on poker-size (or the chosen size) card sheets; returns the pages drawn."""
    ruleset = job.ruleset
    if not ruleset.characters:
        raise LayoutError(_("ruleset '{id}' has no characters").format(id=ruleset.id))
    grid = card_grid(job.options.paper, job.options.card_size, job.options.margin(CARD_MARGIN_MM))
    p = Painter(c, job.options.ink_saver)
    chars = list(ruleset.characters)
    sheets = [chars[i:i + grid.per_sheet] for i in range(0, len(chars), grid.per_sheet)]
    for sheet in sheets:
        pdf.start_page(c, grid.paper)
        with pdf.mm_frame(c, grid.paper):
            for index, character in enumerate(sheet):
                draw_character_card(c, p, ruleset, character, grid.slot(index).inset(1.0))
            card_marks(c, grid)
        c.showPage()
    return len(sheets)


# --- the starting grid -------------------------------------------------------------------------------
def render_grid(c: Canvas, job: PrintJob) -> int:
    """The starting grid on one sheet: a slot per kart, two abreast, staggered, each with its starting coins."""
    rules = require_pitchkart(job.ruleset)
    coins = rules.starting_coins_by_slot
    paper = get_paper(job.options.paper).portrait()
    page = check_margin(paper, job.options.margin(10.0))
    p = Painter(c, job.options.ink_saver)
    kart = max(job.ruleset.kart_footprint.length_mm, job.ruleset.kart_footprint.width_mm)
    rows = (len(coins) + 1) // 2
    top = page.y + 14
    slot_h = min((page.h - 20) / (rows + 0.5), kart + 24)
    slot_w = min(page.w / 2 - 6, 85.0)
    pdf.start_page(c, paper)
    with pdf.mm_frame(c, paper):
        _heading(c, page, _("Starting grid · {name}").format(name=job.document.name),
                 ngettext("{n} slot", "{n} slots", len(coins)).format(n=len(coins)))
        text(c, page.x, page.y + 10, pdf.truncate(_("Karts start in slot order; each takes the coins its slot "
                                                    "shows."), page.w, 8), 8, FONT, colour=GREY)
        for i, count in enumerate(coins):
            row, col = divmod(i, 2)
            x = page.x + col * (page.w / 2 + 2)
            y = top + row * slot_h + (slot_h / 2 if col else 0.0)
            _slot(c, p, Rect(x, y, slot_w, slot_h - 4), i + 1, count, kart)
        sheet_marks.margin_bars(c, paper, page)
    c.showPage()
    return 1


def _slot(c: Canvas, p: Painter, area: Rect, slot: int, coins: int, kart: float) -> None:
    p.rect(area.x, area.y, area.w, area.h, 2.0, stroke=GRID_LINE, lw=0.6)
    p.label(area.x + 8, area.y + 8, str(slot), 6.0, GRID_LINE, halo=None)
    cx, cy = area.x + 8 + kart / 2 + 6, area.y + area.h / 2
    p.circle(cx, cy, kart / 2, stroke=GREY, lw=0.4, dash=(2, 1.5))
    coin_r, step = 4.5, 10.5
    x0 = cx + kart / 2 + 6 + coin_r
    per_row = max(1, int((area.right - 3 - (x0 - coin_r)) // step))
    rows = (coins + per_row - 1) // per_row
    for k in range(coins):
        row, col = divmod(k, per_row)
        c.saveState()
        c.translate(x0 + col * step, cy - 4 - (rows - 1) * step / 2 + row * step)
        art.coin_face(p, coin_r)
        c.restoreState()
    text(c, area.right - 3, area.bottom - 3, ngettext("{n} coin", "{n} coins", coins).format(n=coins), 8, BOLD,
         "end")
