"""Mario Kart for Downforce: the token sheets of the print-and-play kit, at true size.

Round tokens of the `token_size` print option (the rule data's `downforce.kit.token_size_mm`, 20 mm: one lane
space of the Downforce board, our assumption): the "?" blocks, one per lane space just after each betting
line (`lanes` × `betting_lines`, both print options) plus the kit's spares, then the item tokens of
`kit.item_tokens` with their counts. Each token has our own picture (`designer.export.item_art`,
`element_art.box_face` for the "?" block), its translated name where it fits, and a grey cut circle; each
kind starts with a heading giving its count. The foot of every sheet carries the kit's sizes note and a
100 mm calibration bar. Drawn with reportlab in the print shop's page frame; no Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from designer.export import element_art as art
from designer.export import item_art, pdf
from designer.export.options import PrintJob
from designer.export.painter import Painter
from designer.export.paper import LayoutError, Rect, check_margin, get_paper
from designer.export.pdf import BOLD, FONT, GREY, INK, text
from designer.export.tokens import CUT, Token, TokenGroup, pack_tokens, pdf_mm, render_token_pages
from designer.i18n import _, format_number, ngettext
from designer.rules import Ruleset
from designer.rules import texts as rule_texts
from designer.systems.mk_downforce.rule_data import DownforceRules, downforce_rules, kit_note, token_name

if TYPE_CHECKING:
    from designer.export.cutfile import CutPart

HEADER_MM = 10.0
FOOTER_MM = 14.0
BAR_MM = 100.0
#: The pale disc behind each kind's picture, by a word of its (English) token name.
TINTS: tuple[tuple[str, Color], ...] = (
    ("block", HexColor("#dff1ff")), ("banana", HexColor("#fff6cc")), ("coin", HexColor("#fff4c2")),
    ("green", HexColor("#def3e2")), ("blue", HexColor("#dde7fa")))


def require_downforce(ruleset: Ruleset) -> DownforceRules:
    rules = downforce_rules(ruleset)
    if rules is None:
        raise LayoutError(_("ruleset '{id}' has no Downforce rules").format(id=ruleset.id))
    return rules


def block_count(job: PrintJob) -> tuple[int, int, int]:
    """(lanes, betting lines, spares) of the "?" blocks this print needs."""
    kit = require_downforce(job.ruleset).kit
    return int(job.setting("lanes")), int(job.setting("betting_lines")), kit.block_spares


def token_groups(job: PrintJob) -> list[TokenGroup]:
    """The "?" blocks first, then each item token of the kit, each kind with its heading and count."""
    ruleset = job.ruleset
    kit = require_downforce(ruleset).kit
    size = float(job.setting("token_size"))
    lanes, lines, spares = block_count(job)
    blocks = lanes * lines + spares
    name = token_name(ruleset, kit.block_token)
    counted = {"name": name, "count": format_number(blocks, 0),
               "lanes": ngettext("{n} lane", "{n} lanes", lanes).format(n=format_number(lanes, 0)),
               "lines": ngettext("{n} betting line", "{n} betting lines", lines).format(n=format_number(lines, 0))}
    if spares:
        counted["spares"] = ngettext("{n} spare", "{n} spares", spares).format(n=format_number(spares, 0))
        title = _("{name}: {count} ({lanes} × {lines} + {spares})").format(**counted)
    else:
        title = _("{name}: {count} ({lanes} × {lines})").format(**counted)
    groups = [TokenGroup(title, [Token(kit.block_token, size, size, "circle", label=name)] * blocks)]
    for item in kit.item_tokens:
        if item.count:
            name = token_name(ruleset, item.token)
            groups.append(TokenGroup(_("{name}: {count}").format(name=name, count=format_number(item.count, 0)),
                                     [Token(item.token, size, size, "circle", label=name)] * item.count))
    return groups


def _tint(token: str) -> Color:
    key = token.casefold()
    return next((colour for word, colour in TINTS if word in key), pdf.PALE)


def draw_token(p: Painter, t: Token, x: float, y: float) -> None:
    """One round token with its top-left corner at (x, y): tinted disc, picture, name (where it fits), cut line."""
    c, d = p.c, t.w
    c.saveState()
    c.translate(x + d / 2, y + d / 2)
    if not p.ink_saver:  # (in ink-saver mode the tint would only become a second ring inside the cut line)
        p.circle(0, 0, d / 2 - 0.4, fill=_tint(t.draw), stroke=None)
    room = d * 0.62  # the chord at the name's height
    size = pdf.fit_size(t.label, room, max(4.5, d * 0.3), BOLD)
    named = pdf.width_mm(t.label, size, BOLD) <= room + 1e-6 and size >= 4.0
    icon, cy = (d * 0.52, -d * 0.08) if named else (d * 0.7, 0.0)
    if "block" in t.draw.casefold():
        art.box_face(p, icon * 0.8, icon * 0.8, 0.0, cy)
    else:
        item_art.draw_item(p, t.draw, 0.0, cy, icon)
    if named:
        text(c, 0, d * 0.34, t.label, size, BOLD, "middle", INK)
    c.restoreState()
    c.saveState()
    c.setStrokeColor(CUT)
    c.setLineWidth(pdf.pt(0.5))
    c.circle(x + d / 2, y + d / 2, d / 2, stroke=1, fill=0)
    c.restoreState()


def _foot(c: Canvas, job: PrintJob, page: Rect) -> None:
    top = page.bottom - FOOTER_MM + 2.0
    label = " · ".join((_("{mm} mm: measure to check the scale").format(mm=format_number(BAR_MM, 0)),
                        _("tokens {mm} mm across").format(mm=pdf_mm(float(job.setting("token_size"))))))
    pdf.calibration_bar(c, page.x, top, BAR_MM, 10, label)
    note = kit_note(job.ruleset)
    if note:
        lines, size = pdf.fit_paragraph(note, page.w, FOOTER_MM - 5.0, 6.0, FONT, min_pt=4.5)
        pdf.paragraph(c, page.x, top + 4.0, lines, size, FONT, GREY)


def cut_parts(job: PrintJob) -> list[CutPart]:
    """The "?" blocks and item tokens as cutter-file parts, each with its name engraved."""
    from designer.export.tokens import token_parts

    return token_parts(token_groups(job))


def render_tokens(c: Canvas, job: PrintJob) -> int:
    """The token sheets at true size; returns the pages drawn."""
    paper = get_paper(job.options.paper).portrait()
    page = check_margin(paper, job.options.margin(10.0))
    content = Rect(page.x, page.y + HEADER_MM, page.w, page.h - HEADER_MM - FOOTER_MM)
    pages = pack_tokens(token_groups(job), content, gap=3.0)
    p = Painter(c, job.options.ink_saver)
    heading = _("Tokens · {name}").format(name=rule_texts.ruleset_name(job.ruleset))
    return render_token_pages(c, paper, page, content, pages, heading, lambda t, x, y: draw_token(p, t, x, y),
                              lambda: _foot(c, job, page), foot_bar=True)
