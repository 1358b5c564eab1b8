"""Mario Kart for Downforce: the reference card and the kart cards of the print-and-play kit.

`render_reference` prints the variant's rules in our own words on a large card (185 × 130 mm, in two
columns, two to a sheet, cut marks round them): who leads, the start boost, the "?" blocks and the item die,
then each face and token. Every number comes from the rule data (`downforce`), drawn as small tables
where there are several. `render_karts` prints one card per kart colour (`job.options.card_size`): a band
and border in the kart's `hex`, the colour's name and the character(s) standing in for it, a place for
the tokens its driver holds (the variant sets no limit) and a coin tally. reportlab only; no Qt.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from designer.export import element_art as art
from designer.export import item_art, pdf
from designer.export.options import PrintJob
from designer.export.painter import Painter
from designer.export.paper import CARD_MARGIN_MM, CardGrid, Rect, card_grid
from designer.export.pdf import BOLD, FONT, GREY, INK, LIGHT, PALE, text
from designer.export.sheet_marks import card_marks
from designer.i18n import _, format_dollars, format_number, ngettext, npgettext, place_ordinal
from designer.rules import Ruleset
from designer.rules import texts as rule_texts
from designer.systems.mk_downforce.kit_tokens import require_downforce
from designer.systems.mk_downforce.rule_data import (
    DownforceKart,
    DownforceRules,
    die_face,
    kart_colour_name,
    token_name,
)

REFERENCE_MM = (185.0, 130.0)  # two to an A4 or Letter sheet
RED_DIE = HexColor("#c62828")
LEADING = 1.18


def faces(rolls: list[int]) -> str:
    """Die faces as printed: a run as "1–3", else listed ("1, 4")."""
    ordered = sorted(rolls)
    if len(ordered) > 1 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{format_number(ordered[0], 0)}–{format_number(ordered[-1], 0)}"
    return ", ".join(format_number(n, 0) for n in ordered)


def plus(n: int) -> str:
    return f"+{format_number(n, 0)}"


# --- the reference card ------------------------------------------------------------------------------
@dataclass
class Block:
    """One rule on the reference card: its picture, heading, text and an optional table (rows of cells,
    the first cell of each row its header)."""

    icon: str
    heading: str
    body: str
    table: list[list[str]] = field(default_factory=list)


def reference_blocks(ruleset: Ruleset) -> list[Block]:
    """The variant's rules in our words, every number from the rule data."""
    rules = require_downforce(ruleset)
    token, face = token_name, die_face
    block = token(ruleset, rules.kit.block_token)
    counts: dict[str, int] = {}
    for f in rules.item_die_faces:
        counts[f] = counts.get(f, 0) + 1
    die = " · ".join(face(ruleset, f) if n == 1 else _("{face} × {n}").format(face=face(ruleset, f), n=n)
                     for f, n in counts.items())
    swap, reach = rules.green_shell_swap_spaces, rules.banana_reach_ahead
    boost = rules.start_boost
    return [
        Block("lead", _("Who leads"), _(
            "The kart whose space reaches furthest forward leads, measured at the front edge of the space. "
            "On a tie the kart on the inside lane leads: in a bend the lane nearest its inside, on a straight "
            "the inside lane of the coming bend. Karts that have finished no longer count.")),
        Block("die", _("Start boost"), _(
            "After the bids and before the first speed card, each kart rolls the red die once, in position "
            "order from the leader, and moves ahead at once on the faces below. Then whoever leads plays "
            "the first speed card."),
            [[_("Red die"), faces(boost.rolls)], [_("Spaces"), plus(boost.advance_spaces)]]),
        Block("block", block, _(
            "A kart crossing a yellow betting line takes the {block} token just behind the space it reached "
            "(none if another kart took it during this speed card) and keeps it on its kart card. After any "
            "bets, each holder rolls the item die in position order, one roll settled before the next; then "
            "every {block} token goes back on the track. Item die: {faces}.").format(block=block, faces=die)),
        Block("Coins", face(ruleset, "Coins"), _(
            "Roll the red die and put the coins shown on your kart card. Each coin is worth {value} at the "
            "final scoring.").format(value=format_dollars(rules.coin_value_dollars)),
            [[_("Red die"), *(faces(row.rolls) for row in rules.coin_table)],
             [_("Coins"), *(format_number(row.coins, 0) for row in rules.coin_table)]]),
        Block("Lightning", face(ruleset, "Lightning"), _(
            "In position order, every kart behind the leader moves ahead:"),
            [[_("Place"), *(place_ordinal(row.place) for row in rules.lightning_table)],
             [_("Spaces"), *(plus(row.spaces) for row in rules.lightning_table)]]),
        Block("Green Shell", token(ruleset, "Green Shell"), ngettext(
            "Keep it on your kart card. Once, when your kart is about to move, moving or has just moved, it "
            "may trade places with the kart exactly {n} space ahead; then discard the token.",
            "Keep it on your kart card. Once, when your kart is about to move, moving or has just moved, it "
            "may trade places with the kart exactly {n} spaces ahead; then discard the token.", swap
        ).format(n=format_number(swap, 0))),
        Block("Blue Shell", token(ruleset, "Blue Shell"), _(
            "Keep it on your kart card. Once, after a speed card is played and before any kart moves, make "
            "the current leader's move 0; your kart's colour cannot then be that card's wild colour.")),
        Block("Banana", token(ruleset, "Banana"), ngettext(
            "Keep it on your kart card. Once, when your kart is about to move, moving or has just moved, "
            "put it on an empty space right behind it or up to {n} space ahead (moving as usual). The next "
            "kart to enter that space stops there and the banana leaves the game.",
            "Keep it on your kart card. Once, when your kart is about to move, moving or has just moved, "
            "put it on an empty space right behind it or up to {n} spaces ahead (moving as usual). The next "
            "kart to enter that space stops there and the banana leaves the game.", reach
        ).format(n=format_number(reach, 0))),
        Block("Coin", _("Final scoring"), _(
            "Score as in Downforce, and add {value} for every coin on your kart card.").format(
            value=format_dollars(rules.coin_value_dollars))),
    ]


def _icon(p: Painter, kind: str, cx: float, cy: float, s: float) -> None:
    if kind == "lead":
        p.circle(cx, cy, s * 0.42, fill=art.COIN_GOLD, stroke=art.COIN_RIM, lw=0.3)
        p.label(cx, cy, format_number(1, 0), s * 0.42, INK, halo=None)
    elif kind == "die":
        p.centred_rect(s * 0.8, s * 0.8, cx, cy, s * 0.15, fill=RED_DIE, stroke=pdf.darker(RED_DIE), lw=0.3)
        for dx in (-1, 1):
            p.circle(cx + dx * s * 0.18, cy + dx * s * 0.18, s * 0.08, fill=white, stroke=None)
    elif kind == "block":
        art.box_face(p, s * 0.8, s * 0.8, cx, cy)
    else:
        item_art.draw_item(p, kind, cx, cy, s)


TEXT_X = 8.0  # the icon column's width


def _row_h(size: float) -> float:
    return pdf.pt(size) * 1.55


def _layout(blocks: list[Block], width: float, size: float) -> list[tuple[Block, list[str], float]]:
    """Each block with its wrapped text and its height at `size` points."""
    out = []
    for b in blocks:
        lines = pdf.wrap(b.body, width, size, FONT)
        h = pdf.pt(size + 1) * 1.3 + len(lines) * pdf.pt(size) * LEADING + len(b.table) * _row_h(size) + 1.6
        out.append((b, lines, h))
    return out


def _table(c: Canvas, p: Painter, rows: list[list[str]], x: float, y: float, width: float, size: float) -> None:
    head = max(pdf.width_mm(row[0], size, BOLD) for row in rows) + 2.0
    n = max(len(row) for row in rows) - 1
    cell = min((width - head) / max(n, 1), 12.0)
    rh = _row_h(size)
    for r, row in enumerate(rows):
        top = y + r * rh
        p.rect(x, top, head + n * cell, rh, fill=PALE if r == 0 else white, stroke=LIGHT, lw=0.2)
        text(c, x + 1.0, top + rh / 2, *pdf.fit_line(row[0], head - 1.5, size, BOLD), BOLD, middle=True)
        for k, value in enumerate(row[1:]):
            left = x + head + k * cell
            p.line(left, top, left, top + rh, LIGHT, 0.2)
            text(c, left + cell / 2, top + rh / 2, *pdf.fit_line(value, cell - 1.0, size, FONT), FONT, "middle",
                 middle=True)


def _columns(laid: list[tuple[Block, list[str], float]], n: int) -> list[list[tuple[Block, list[str], float]]]:
    """The blocks in order, cut into `n` columns so the tallest column is as short as it can be."""
    if n <= 1 or len(laid) < 2:
        return [laid]
    best = min(range(1, len(laid)), key=lambda i: max(sum(h for *_r, h in laid[:i]), sum(h for *_r, h in laid[i:])))
    return [laid[:best], *_columns(laid[best:], n - 1)]


def draw_reference(c: Canvas, p: Painter, ruleset: Ruleset, area: Rect) -> None:
    p.rect(area.x, area.y, area.w, area.h, 3.0, fill=white, stroke=INK, lw=0.4)
    inner = area.inset(4.0)
    title = rule_texts.ruleset_name(ruleset)
    text(c, inner.x, inner.y + 4.2, *pdf.fit_line(title, inner.w, 11, BOLD), BOLD)
    text(c, inner.x, inner.y + 8.6, *pdf.fit_line(_("Quick reference: what the variant adds to Downforce"),
                                                  inner.w, 7, FONT), FONT, colour=GREY)
    foot = _("A kart card holds any number of tokens; a token is lost only when it is used.")
    top, bottom = inner.y + 12.0, inner.bottom - 4.0
    count = max(1, int(inner.w // 80.0))
    gutter = 5.0
    col_w = (inner.w - gutter * (count - 1)) / count
    width = col_w - TEXT_X
    blocks = reference_blocks(ruleset)
    size = 7.5
    columns = _columns(_layout(blocks, width, size), count)
    while max(sum(h for *_r, h in col) for col in columns) > bottom - top and size > 6.0:
        size -= 0.25
        columns = _columns(_layout(blocks, width, size), count)
    for number, column in enumerate(columns):
        x, y = inner.x + number * (col_w + gutter), top
        for b, lines, h in column:
            if y + h > bottom + 1e-6:  # only ever in a far longer translation: end the text in an ellipsis
                room = bottom - y - pdf.pt(size + 1) * 1.3 - len(b.table) * _row_h(size) - 1.6
                if room < pdf.pt(size) * LEADING:
                    break
                lines, _size = pdf.fit_paragraph(b.body, width, room, size, FONT, size)
            _icon(p, b.icon, x + 3.2, y + 3.2, 6.0)
            text(c, x + TEXT_X, y + pdf.pt(size + 1) * 0.95, *pdf.fit_line(b.heading, width, size + 1, BOLD), BOLD)
            y += pdf.pt(size + 1) * 1.3
            y = pdf.paragraph(c, x + TEXT_X, y, lines, size, FONT, INK, LEADING)
            if b.table:
                _table(c, p, b.table, x + TEXT_X, y + 0.3, width, size)
                y += len(b.table) * _row_h(size) + 0.3
            y += 1.3
    text(c, inner.x, inner.bottom - 1.0, *pdf.fit_line(foot, inner.w, 6.5, FONT), FONT, colour=GREY)


def _sheets(c: Canvas, grid: CardGrid, count: int, draw: Callable[[int, Rect], None]) -> int:
    """`count` cards drawn by `draw(index, area)` onto as many sheets as they take, cut marks on each."""
    sheets = [list(range(i, min(i + grid.per_sheet, count))) for i in range(0, count, grid.per_sheet)]
    for sheet in sheets:
        pdf.start_page(c, grid.paper)
        with pdf.mm_frame(c, grid.paper):
            for slot, index in enumerate(sheet):
                draw(index, grid.slot(slot).inset(1.0))
            card_marks(c, grid)
        c.showPage()
    return len(sheets)


def render_reference(c: Canvas, job: PrintJob) -> int:
    """One sheet of reference cards (as many copies as fit); returns the pages drawn."""
    require_downforce(job.ruleset)
    grid = card_grid(job.options.paper, REFERENCE_MM, job.options.margin(CARD_MARGIN_MM))
    p = Painter(c, job.options.ink_saver)
    return _sheets(c, grid, grid.per_sheet, lambda _i, area: draw_reference(c, p, job.ruleset, area))


# --- the kart cards ----------------------------------------------------------------------------------
def on_colour(colour: Color) -> Color:
    """Text that reads on `colour`: white on a dark ink, ink on a light one (yellow, orange)."""
    return white if 0.299 * colour.red + 0.587 * colour.green + 0.114 * colour.blue < 0.5 else INK


def drivers(ruleset: Ruleset, kart: DownforceKart) -> list[str]:
    """The translated names of the characters standing in for the kart (an unknown id as spelt)."""
    known = {ch.id: ch for ch in ruleset.characters}
    return [rule_texts.character_name(ruleset, known[d]) if d in known else d for d in kart.drivers]


def draw_kart_card(c: Canvas, p: Painter, ruleset: Ruleset, rules: DownforceRules, kart: DownforceKart,
                   area: Rect, token_mm: float) -> None:
    ink = HexColor(kart.hex)
    k = area.h / 88.0
    p.rect(area.x, area.y, area.w, area.h, 3.0, fill=ink, stroke=None)
    inner = area.inset(2.2)
    band = 11.0 * k
    if not p.ink_saver:  # (outlined, the white panel and the band's square lower edge would only add lines)
        p.rect(inner.x, inner.y, inner.w, inner.h, 2.0, fill=white, stroke=None)
        p.rect(inner.x, inner.y + band / 2, inner.w, band / 2, fill=ink, stroke=None)
    p.rect(inner.x, inner.y, inner.w, band, 2.0, fill=ink, stroke=None)
    colour = kart_colour_name(ruleset, kart.colour)
    title = _("{colour} kart").format(colour=colour)
    title = title[:1].upper() + title[1:]
    text(c, inner.x + inner.w / 2, inner.y + band / 2, *pdf.fit_line(title, inner.w - 4, 12 * k, BOLD), BOLD,
         "middle", (INK if on_colour(ink) == INK else ink) if p.ink_saver else on_colour(ink), middle=True)
    names = drivers(ruleset, kart)
    label = npgettext("kart card", "Driver", "Drivers", len(names))
    x, w = inner.x + 3, inner.w - 6
    y = inner.y + band + 4.0 * k
    text(c, x, y, *pdf.fit_line(label, w, 6.5, FONT), FONT, colour=GREY)
    name_pt = 11.0 * k if len(names) == 1 else 9.5 * k
    below = y + 2 * pdf.pt(9.5 * k) * 1.25  # room for two names on every card, so all six line up
    for name in names:
        y += pdf.pt(name_pt) * 1.25
        text(c, x, y, *pdf.fit_line(name, w, name_pt, BOLD), BOLD)
    y = max(y, below)
    # Where the tokens the driver holds wait: as many rings of the token size (smaller on a small card) as
    # fit, under a short note; the coin tally below keeps room for two rows of boxes.
    box, coin_room = 3.6, 4.0 + 3.0 + 1.8 + 2 * (3.6 + 0.8) + 1.0
    y += 6.0 * k
    text(c, x, y, *pdf.fit_line(_("Tokens held"), w, 7.5, BOLD), BOLD)
    note, size = pdf.fit_paragraph(_("No limit · a token is lost only when used"), w, 4.6, 5.5, FONT)
    y = pdf.paragraph(c, x, y + 1.0, note, size, FONT, GREY)
    room = Rect(x, y + 0.8, w, max(6.0, min(token_mm + 4.0, inner.bottom - coin_room - y - 2.0)))
    p.rect(room.x, room.y, room.w, room.h, 1.5, stroke=LIGHT, lw=0.3, dash=(1.2, 0.9))
    d = min(token_mm, room.h - 2.0)
    fits = min(4, int(room.w // (d + 2.0)))
    for i in range(fits):
        cx = room.x + room.w / 2 + (i - (fits - 1) / 2) * (d + 2.0)
        p.circle(cx, room.y + room.h / 2, d / 2, stroke=LIGHT, lw=0.3)
    # The coin tally: a box to tick per coin, and what a coin is worth at the end.
    y = room.bottom + 4.0
    c.saveState()
    c.translate(x + 1.8, y - 1.2)
    art.coin_face(p, 1.8)
    c.restoreState()
    worth = _("each {value} at the final scoring").format(value=format_dollars(rules.coin_value_dollars))
    text(c, x + 4.6, y, *pdf.fit_line(_("Coins"), w - 4.6, 7.5, BOLD), BOLD)
    y += 3.0
    lines, size = pdf.fit_lines(worth, w, 5.5, FONT)
    for i, line in enumerate(lines):
        text(c, x, y + i * pdf.pt(size) * 1.1, line, size, FONT, colour=GREY)
    y += (len(lines) - 1) * pdf.pt(size) * 1.1
    cols = max(1, int((w + 0.8) // (box + 0.8)))
    rows = max(0, min(3, int((inner.bottom - 1.5 - (y + 1.8) + 0.8) // (box + 0.8))))
    for r in range(rows):
        for col in range(cols):
            p.rect(x + col * (box + 0.8), y + 1.8 + r * (box + 0.8), box, box, 0.5, stroke=GREY, lw=0.25)


def render_karts(c: Canvas, job: PrintJob) -> int:
    """One card per kart colour on card sheets of the chosen size; returns the pages drawn."""
    rules = require_downforce(job.ruleset)
    grid = card_grid(job.options.paper, job.options.card_size, job.options.margin(CARD_MARGIN_MM))
    p = Painter(c, job.options.ink_saver)
    token = float(job.setting("token_size"))
    return _sheets(c, grid, len(rules.karts), lambda i, area: draw_kart_card(
        c, p, job.ruleset, rules, rules.karts[i], area, token))
