"""Token sheets at true size: everything a track puts on the table that is not printed on the track itself.

`token_groups(document, ruleset)` decides what to print (pure), for the kinds the ruleset offers: item
boxes (single and double), coins and boost pads with spares; gate numbers 1…N; warp-pipe pair discs;
Thwomp, Piranha Plant and Chain Chomp footprints plus one reach template per distinct reach (a full ring
when it fits on the sheet, otherwise a quarter ring whose corner goes on the hazard's centre); banana and
fake-item-box markers as many as the deck holds; for an arena (a document with no track: Balloon Battle is
fought there, never on a race track) five balloons per kart (from the rules) in each kart's colour; a
stack of hazard tokens; and where the rule data's karts are discs (`karts.discs`), one kart disc of the kart
footprint's length per kart of the track, numbered, in its kart colour.

`pack_tokens` shelves the groups onto pages (pure layout); `render_tokens` draws them, each with a thin
grey cut line on its true outline and a heading per group.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from designer.export import element_art as art
from designer.export import pdf, sheet_marks
from designer.export.item_art import banana
from designer.export.painter import Painter
from designer.export.paper import LayoutError, Paper, Rect, check_margin, get_paper, print_number
from designer.export.pdf import BOLD, FONT, GREY, INK, Output, text
from designer.geometry.labels import warp_pipe_labels
from designer.i18n import _
from designer.model.track import TrackDocument
from designer.rules import Ruleset, load_ruleset

if TYPE_CHECKING:
    from shapely.geometry import Polygon

    from designer.export.cutfile import CutPart

KART_COLOURS = ("#d7263d", "#2f6fdf", "#2fa84f", "#f2b705", "#8e44ad", "#ff7a1a", "#17a2b8", "#6d4c41",
                "#e84393", "#2d3436", "#7f8c8d", "#00b894", "#fd79a8", "#0984e3", "#b8e994", "#fdcb6e")
CUT = HexColor("#8a8f98")
MARKER_MM = 25.0
BALLOON_MM = (16.0, 21.0)
HAZARD_MM = 16.0
HAZARDS_PER_KART = 6
GATE_BADGE_MM = 24.0


@dataclass(frozen=True)
class Token:
    """One piece to cut out: its drawing, true size (mm) and outline ('rect', 'circle' or 'quarter')."""

    draw: str
    w: float
    h: float
    shape: str = "rect"
    label: str = ""
    colour: str = ""
    radius: float = 0.0  # reach templates: the reach
    inner: float = 0.0  # reach templates: the hazard's own diameter, drawn at the centre


@dataclass
class TokenGroup:
    title: str
    tokens: list[Token] = field(default_factory=list)


def with_spares(n: int, spare: float = 0.25, minimum: int = 2) -> int:
    """`n` plus spares: a quarter more, at least `minimum` more (nothing when n is 0)."""
    return n + max(minimum, math.ceil(n * spare)) if n else 0


def _size(ruleset: Ruleset, kind: str) -> tuple[float, float]:
    size = ruleset.element_sizes.get(kind)
    return (size.length_mm, size.width_mm) if size else (40.0, 40.0)


def _deck_count(ruleset: Ruleset, word: str) -> int:
    return sum(card.count for card in ruleset.deck if word in card.name.casefold())


def token_groups(document: TrackDocument, ruleset: Ruleset, content: Rect | None = None,
                 spare: float = 0.25, min_spare: int = 2) -> list[TokenGroup]:
    """What to print for this track, grouped and counted. `content` (page mm) decides ring vs quarter.

    Only elements of the kinds the ruleset offers count: pieces left over from another system (after a
    ruleset switch) are not this game's, and the `kind-not-in-ruleset` check points them out."""
    offered = set(ruleset.element_kinds)
    els = [e for e in document.elements if e.kind in offered]
    kinds = [e.kind for e in els]
    groups: list[TokenGroup] = []

    def add(title: str, token: Token, count: int) -> None:
        if count > 0:
            groups.append(TokenGroup(f"{title} × {count}", [token] * count))

    boxes1 = sum(1 for e in els if e.kind == "item_box" and getattr(e, "stack", 1) == 1)
    boxes2 = sum(1 for e in els if e.kind == "item_box" and getattr(e, "stack", 1) == 2)
    bw, bh = _size(ruleset, "item_box")
    add(_("Item boxes"), Token("item_box", bw, bh), with_spares(boxes1, spare, min_spare))
    add(_("Double item boxes"), Token("item_box_2", bw, bh), with_spares(boxes2, spare, min_spare))
    cw, _h = _size(ruleset, "coin")
    add(_("Coins"), Token("coin", cw, cw, "circle"), with_spares(kinds.count("coin"), spare, min_spare))
    pads = kinds.count("boost_pad") + sum(getattr(e, "pads", 0) for e in els if e.kind == "dash_panel")
    pw, ph = _size(ruleset, "boost_pad")
    add(_("Boost pads"), Token("boost_pad", pw, ph), with_spares(pads, spare, min_spare))
    orders = sorted({e.order for e in els if e.kind == "gate"})
    if orders:
        in_order = orders == list(range(1, orders[-1] + 1))
        groups.append(TokenGroup(_("Gate numbers 1–{n}").format(n=orders[-1]) if in_order else _("Gate numbers"),
                                 [Token("gate", GATE_BADGE_MM, GATE_BADGE_MM, "circle", str(n)) for n in orders]))
    labels = warp_pipe_labels(els)
    if labels:
        r, _h = _size(ruleset, "warp_pipe")
        ordered = sorted(labels.values(), key=lambda s: (s.rstrip("\u2032"), s))
        groups.append(TokenGroup(_("Warp-pipe pairs"), [Token("warp_pipe", r, r, "circle", lab) for lab in ordered]))
    tw, _h = _size(ruleset, "thwomp")
    add(_("Thwomps"), Token("thwomp", tw, tw), kinds.count("thwomp"))
    for kind, attr, title in (("piranha_plant", "range_mm", _("Piranha Plants")),
                              ("chain_chomp", "reach_mm", _("Chain Chomps"))):
        hazards = [e for e in els if e.kind == kind]
        if not hazards:
            continue
        d, _h = _size(ruleset, kind)
        add(title, Token(kind, d, d, "circle"), len(hazards))
        for reach in sorted({float(getattr(e, attr)) for e in hazards}):  # one template serves each reach
            fits = content is None or 2 * reach <= min(content.w, content.h - 12)
            token = (Token(kind + "_ring", 2 * reach, 2 * reach, "circle", radius=reach, inner=d) if fits
                     else Token(kind + "_quarter", reach, reach, "quarter", radius=reach, inner=d))
            add(_("{title}: reach template {mm} mm").format(title=title, mm=pdf_mm(reach))
                + ("" if fits else _(" (quarter ring)")), token, 1)
    bananas, fakes = _deck_count(ruleset, "banana"), _deck_count(ruleset, "fake")
    add(_("Banana markers"), Token("banana", MARKER_MM, MARKER_MM, "circle"), bananas)
    add(_("Fake item box markers"), Token("fake_box", bw, bh), fakes)
    if ruleset.balloon_battle is not None and document.track is None:  # a race track holds no battle
        per = ruleset.balloon_battle.balloons_per_kart
        for kart in range(document.karts):
            groups.append(TokenGroup(_("Balloons, kart {n} × {count}").format(n=kart + 1, count=per), [
                Token("balloon", *BALLOON_MM, "rect", str(kart + 1), KART_COLOURS[kart % len(KART_COLOURS)])] * per))
    if any("hazard" in card.text.casefold() for card in ruleset.deck):
        add(_("Hazard tokens"), Token("hazard", HAZARD_MM, HAZARD_MM, "circle"),
            with_spares(HAZARDS_PER_KART * document.karts, spare, min_spare))
    if ruleset.karts.discs:
        d = ruleset.kart_footprint.length_mm
        groups.append(TokenGroup(_("Kart discs, {mm} mm × {n}").format(mm=pdf_mm(d), n=document.karts), [
            Token("kart_disc", d, d, "circle", str(kart + 1), KART_COLOURS[kart % len(KART_COLOURS)])
            for kart in range(document.karts)]))
    return groups


def pdf_mm(value: float) -> str:
    """A length as printed: whole millimetres when within 0.05 of one, else one decimal ("12,5" in German)."""
    return print_number(value, 0 if abs(value - round(value)) < 0.05 else 1)


# --- layout ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Placed:
    """A token (or a heading when `token` is None) at its top-left corner on a page, in page mm; a heading
    of a group set beside another has the `width` it may take (0: the whole content width)."""

    x: float
    y: float
    token: Token | None = None
    heading: str = ""
    width: float = 0.0


HEADING_MM = 6.0
HEADING_PT = 8.0


@dataclass
class _Sheet:
    """A page being filled: what is on it, where the next full-width group may start, and the band of
    one-row groups set side by side at its foot (top, next x), if the last group there was one."""

    placed: list[Placed] = field(default_factory=list)
    y: float = 0.0
    band: tuple[float, float] | None = None


def _one_row_width(tokens: list[Token], gap: float) -> float:
    return sum(t.w for t in tokens) + gap * (len(tokens) - 1)


def _block_height(tokens: list[Token], width: float, gap: float) -> float:
    """Heading and rows of a group laid out `width` wide, as `pack_tokens` lays it."""
    x, rows, row_h = 0.0, 0.0, 0.0
    for token in tokens:
        if x > 0 and x + token.w > width + 1e-6:
            rows, x, row_h = rows + row_h + gap, 0.0, 0.0
        x += token.w + gap
        row_h = max(row_h, token.h)
    return HEADING_MM + rows + row_h


def pack_tokens(groups: list[TokenGroup], content: Rect, gap: float = 3.0) -> list[list[Placed]]:
    """Shelf-pack the groups row by row onto pages; each group starts with a heading line.

    Paper is saved twice over: a group that fits in one row goes beside the one-row group before it when
    there is width left; and a group that fits whole in the room left on an earlier page goes there
    instead of starting a new one (first fit). Only a group that fits nowhere whole flows on from the
    last page, across pages if need be."""
    from designer.export.pdf import width_mm  # (reportlab's font metrics: a print is being laid out anyway)

    spacing = gap + 1.0
    sheets: list[_Sheet] = [_Sheet(y=content.y)]

    def new_sheet() -> _Sheet:
        sheets.append(_Sheet(y=content.y))
        return sheets[-1]

    for group in groups:
        big = max(t.h for t in group.tokens)
        if any(t.w > content.w or t.h > content.h - HEADING_MM for t in group.tokens):
            raise LayoutError(_("{tokens} ({mm} mm) do not fit on this paper").format(
                tokens=group.title.split(' × ')[0], mm=pdf_mm(big)))
        row_w = _one_row_width(group.tokens, gap)
        wide = max(row_w, width_mm(group.title, HEADING_PT, BOLD))
        block = _block_height(group.tokens, content.w, gap)
        beside = next((s for s in sheets if s.band is not None and s.band[1] + wide <= content.right + 1e-6
                       and s.band[0] + HEADING_MM + big <= content.bottom + 1e-6), None) \
            if wide <= content.w else None
        if beside is not None and beside.band is not None:
            top, x = beside.band
            beside.placed.append(Placed(x, top, heading=group.title, width=wide))
            x_token = x
            for token in group.tokens:
                beside.placed.append(Placed(x_token, top + HEADING_MM, token))
                x_token += token.w + gap
            beside.band = (top, x + wide + gap)
            beside.y = max(beside.y, top + HEADING_MM + big + spacing)
            continue
        whole = next((s for s in sheets if s.y + block <= content.bottom + 1e-6), None)
        sheet = whole or sheets[-1]
        if sheet.y + HEADING_MM + big > content.bottom + 1e-6:
            sheet = new_sheet()
        one_row = wide <= content.w
        top = sheet.y
        sheet.placed.append(Placed(content.x, top, heading=group.title, width=wide if one_row else 0.0))
        y = top + HEADING_MM
        x, row_h = content.x, 0.0
        for token in group.tokens:
            if x + token.w > content.right + 1e-6:
                x, y, row_h = content.x, y + row_h + gap, 0.0
            if y + token.h > content.bottom + 1e-6:
                sheet.y, sheet.band = y + row_h + spacing, None
                sheet = new_sheet()
                sheet.placed.append(Placed(content.x, sheet.y, heading=group.title + _(" (continued)")))
                y = sheet.y + HEADING_MM
                x, row_h = content.x, 0.0
            sheet.placed.append(Placed(x, y, token))
            x += token.w + gap
            row_h = max(row_h, token.h)
        sheet.y = y + row_h + spacing
        sheet.band = (top, content.x + wide + gap) if one_row else None  # always the sheet's foot
    return [sheet.placed for sheet in sheets if sheet.placed]


# --- drawing ---------------------------------------------------------------------------------------
def draw_token(p: Painter, t: Token, x: float, y: float) -> None:
    c = p.c
    cx, cy = x + t.w / 2, y + t.h / 2
    c.saveState()
    c.translate(cx, cy)
    if t.draw == "item_box":
        art.box_face(p, t.w, t.h)
    elif t.draw == "item_box_2":
        art.box_face(p, t.w, t.h, fill=art.BOX_BACK)
        p.circle(t.w * 0.34, -t.h * 0.34, t.w * 0.16, fill=art.BOX_RIM, stroke=None)
        p.label(t.w * 0.34, -t.h * 0.34, "2", t.w * 0.15, white, halo=None)
    elif t.draw == "coin":
        art.coin_face(p, t.w / 2)
    elif t.draw == "boost_pad":
        art.pad(p, t.w, t.h)
    elif t.draw == "gate":
        p.circle(0, 0, t.w / 2, fill=white, stroke=art.GATE_POST, lw=1.6)
        p.label(0, 0, t.label, t.w * 0.38, art.GATE_POST, halo=None)
    elif t.draw == "warp_pipe":
        art.pipe_face(p, t.w / 2, t.label)
    elif t.draw == "thwomp":
        art.thwomp_face(p, t.w)
    elif t.draw == "piranha_plant":
        art.piranha_face(p, t.w / 2)
    elif t.draw == "chain_chomp":
        art.chomp_face(p, t.w / 2)
    elif t.draw.endswith("_ring"):
        _reach_template(p, t, quarter=False)
    elif t.draw.endswith("_quarter"):
        c.translate(-t.w / 2, -t.h / 2)
        _reach_template(p, t, quarter=True)
    elif t.draw == "banana":
        p.circle(0, 0, t.w / 2, fill=HexColor("#fff6cc"), stroke=None)
        banana(p, 0, 0, t.w * 0.8)
    elif t.draw == "fake_box":
        art.box_face(p, t.w, t.h, fill=HexColor("#ff9aa8"), mark="¿")
    elif t.draw == "balloon":
        _balloon(p, t)
    elif t.draw == "kart_disc":
        colour = HexColor(t.colour or KART_COLOURS[0])
        p.circle(0, 0, t.w / 2, fill=colour, stroke=pdf.darker(colour), lw=0.5)
        p.circle(0, 0, t.w * 0.3, fill=white, stroke=None)
        p.label(0, 0, t.label, t.w * 0.3, INK, halo=None)
    elif t.draw == "hazard":
        p.circle(0, 0, t.w / 2, fill=HexColor("#ffcc00"), stroke=None)
        r = t.w * 0.36
        p.poly([(0, -r), (r * 0.95, r * 0.65), (-r * 0.95, r * 0.65)], fill=white, stroke=INK, lw=0.5)
        p.label(0, r * 0.15, "!", r * 0.7, INK, halo=None)
    c.restoreState()
    cut_outline(p, t, x, y)


def _reach_template(p: Painter, t: Token, quarter: bool) -> None:
    """A reach template: the hazard's own footprint at the centre and its ring at true radius."""
    kind = t.draw.rsplit("_", 1)[0]
    colour = art.PIRANHA if kind == "piranha_plant" else art.CHOMP
    r = t.radius
    name = _("Piranha Plant") if kind == "piranha_plant" else _("Chain Chomp")
    label = _("{name}: reach {mm} mm").format(name=name, mm=pdf_mm(r))
    if quarter:
        path = p.new_path()
        path.moveTo(0, 0)
        path.lineTo(r, 0)
        path.arcTo(-r, -r, r, r, startAng=0, extent=90)
        path.close()
        p.path(path, fill=pdf.lighter(colour, 0.9), stroke=None)
        p.line(0, 0, r * 0.15, r * 0.15, INK, 0.4)
        p.circle(0, 0, 2.0, stroke=INK, lw=0.3)
        room = r * 0.7  # from r × 0.12 to the arc, at r × 0.55 down
        text(p.c, r * 0.12, r * 0.55, *pdf.fit_line(label, room, 8, BOLD), BOLD, colour=INK)
        for dy, line in ((4.2, _("Put this corner on the hazard's centre")),
                         (7.8, _("and turn it round to check all sides."))):
            text(p.c, r * 0.12, r * 0.55 + dy, *pdf.fit_line(line, room, 7, FONT), FONT, colour=GREY)
        return
    p.circle(0, 0, r, fill=pdf.lighter(colour, 0.9), stroke=None)
    p.circle(0, 0, r - 3, stroke=colour, lw=0.3, dash=(3, 2))
    head = min(t.inner or 40.0, r) / 2
    if kind == "piranha_plant":
        art.piranha_face(p, head)
    else:
        art.chomp_face(p, head)
    room = r * 1.6  # the chord at r × 0.55 from the centre is 1.67 r long
    text(p.c, 0, -r * 0.55, *pdf.fit_line(label, room, 8, BOLD), BOLD, "middle", INK, middle=True)
    text(p.c, 0, r * 0.55, *pdf.fit_line(_("Centre on the hazard; cut along the outer line"), room, 6.5, FONT), FONT,
         "middle", GREY, middle=True)


def _balloon(p: Painter, t: Token) -> None:
    colour = HexColor(t.colour or "#d7263d")
    rx, ry = t.w / 2 - 0.5, t.h * 0.4
    cy = -t.h / 2 + ry + 0.5
    p.line(0, cy + ry, 0, t.h / 2 - 0.5, INK, 0.3)
    p.poly([(0, cy + ry - 0.5), (-1.5, cy + ry + 1.8), (1.5, cy + ry + 1.8)], fill=colour, stroke=None)
    p.ellipse(0, cy, rx, ry, fill=colour, stroke=pdf.darker(colour), lw=0.3)
    p.ellipse(-rx * 0.4, cy - ry * 0.4, rx * 0.18, ry * 0.22, fill=pdf.lighter(colour, 0.6), stroke=None)
    p.label(0, cy + ry * 0.1, t.label, ry * 0.6, white, halo=None)


def cut_outline(p: Painter, t: Token, x: float, y: float) -> None:
    c = p.c
    c.saveState()
    c.setStrokeColor(CUT)
    c.setLineWidth(pdf.pt(0.5))
    if t.shape == "circle":
        c.circle(x + t.w / 2, y + t.h / 2, t.w / 2, stroke=1, fill=0)
    elif t.shape == "quarter":
        path = c.beginPath()
        path.moveTo(x, y)
        path.lineTo(x + t.w, y)
        path.arcTo(x - t.w, y - t.h, x + t.w, y + t.h, startAng=0, extent=90)
        path.close()
        c.drawPath(path, stroke=1, fill=0)
    else:
        c.rect(x, y, t.w, t.h, stroke=1, fill=0)
    c.restoreState()


@dataclass(frozen=True)
class TokenOptions:
    paper: str = "a4"
    margin_mm: float = 10.0
    spare: float = 0.25
    min_spare: int = 2
    #: outlines instead of solid colour (`Painter`); the cut lines stay as they are
    ink_saver: bool = False


def render_tokens(c: Canvas, document: TrackDocument, ruleset: Ruleset, options: TokenOptions = TokenOptions()
                  ) -> int:
    """Append the token sheets to `c`; returns the pages drawn (0 when the track needs no tokens)."""
    paper: Paper = get_paper(options.paper).portrait()
    page = check_margin(paper, options.margin_mm)
    content = Rect(page.x, page.y + 10.0, page.w, page.h - 10.0)
    groups = token_groups(document, ruleset, content, options.spare, options.min_spare)
    pages = pack_tokens(groups, content)
    p = Painter(c, options.ink_saver)
    return render_token_pages(c, paper, page, content, pages, _("Tokens · {name}").format(name=document.name),
                              lambda t, x, y: draw_token(p, t, x, y))


def render_token_pages(c: Canvas, paper: Paper, page: Rect, content: Rect, pages: list[list[Placed]], heading: str,
                       draw: Callable[[Token, float, float], None],
                       foot: Callable[[], None] | None = None, foot_bar: bool = False) -> int:
    """Draw packed token sheets (`pack_tokens`): each page titled `heading` with "true size" and its number,
    each group's heading, each token by `draw(token, x, y)`, then `foot()` if given (`foot_bar`: it draws a bar
    across), and the calibration bars round `page`; returns the pages drawn."""
    for number, placed in enumerate(pages, 1):
        pdf.start_page(c, paper)
        with pdf.mm_frame(c, paper):
            note = _("true size: print at 100 % · sheet {n} of {total}").format(n=number, total=len(pages))
            title = pdf.truncate(heading, page.w - pdf.width_mm(note, 7) - 4, 12, BOLD)
            text(c, page.x, page.y + 4, title, 12, BOLD)
            text(c, page.right, page.y + 4, note, 7, FONT, "end", GREY)
            for item in placed:
                if item.token is None:
                    line = pdf.fit_line(item.heading, item.width or content.w, HEADING_PT, BOLD)
                    text(c, item.x, item.y + 3.8, *line, BOLD, colour=INK)
                else:
                    draw(item.token, item.x, item.y)
            if foot is not None:
                foot()
            sheet_marks.margin_bars(c, paper, page, across=not foot_bar)
        c.showPage()
    return len(pages)


def _token_outline(t: Token) -> Polygon:
    from shapely.geometry import Polygon  # (only a cutter file needs the geometry library here)

    from designer.export.cutfile import circle, rectangle

    if t.shape == "circle":
        return circle(t.w / 2, t.h / 2, t.w / 2)
    if t.shape == "quarter":  # the corner at (0, 0) goes on the hazard's centre
        arc = [(t.w * math.cos(a), t.h * math.sin(a)) for a in (math.pi / 2 * i / 64 for i in range(65))]
        return Polygon([(0.0, 0.0), *arc])
    return rectangle(t.w, t.h)


Lines = tuple[tuple[tuple[float, float], ...], ...]


def token_parts(groups: list[TokenGroup], score: Callable[[Token], Lines] | None = None,
                faces: Callable[[Token], list[tuple[float, float, float]]] | None = None) -> list[CutPart]:
    """Token groups as cutter-file parts: each token's true outline cut, its label (a number, a letter, a name)
    engraved across it as large as fits — at its centre, or at each (x, y, angle) of `faces(token)` — and a
    reach template's reach engraved along it; `score(token)` gives the fold lines of a token that has some
    (a standee)."""
    from designer.export.cutfile import CutPart, Engraving

    parts = []
    for group in groups:
        name = group.title.rsplit(" × ", 1)[0]
        for t in group.tokens:
            marks: list[Engraving] = []
            if t.label:
                fit = t.w * 0.8 / max(1, len(t.label)) / 0.6  # a sans-serif letter is about 0.6 of its size wide
                size = min(min(t.w, t.h) * 0.45, fit)
                spots = faces(t) if faces else [(t.w / 2, t.h / 2, 0.0)]
                marks += [Engraving(t.label, x, y, size, angle) for x, y, angle in spots]
            if t.radius:
                reach = _("reach {mm} mm").format(mm=pdf_mm(t.radius))
                marks.append(Engraving(reach, t.w / 2, t.h * 0.25, 5.0) if t.shape == "circle"
                             else Engraving(reach, t.radius * 0.12, t.radius * 0.55, 4.0, anchor="start"))
            parts.append(CutPart(_token_outline(t), score(t) if score else (), tuple(marks), name))
    return parts


def token_cut_parts(document: TrackDocument, ruleset: Ruleset, content: Rect | None = None) -> list[CutPart]:
    """The track's tokens (`token_groups`) as cutter-file parts (`token_parts`)."""
    return token_parts(token_groups(document, ruleset, content))


def write_tokens_pdf(out: Output, document: TrackDocument, ruleset: Ruleset | None = None,
                     options: TokenOptions = TokenOptions()) -> int:
    """Write the token sheets for a track to a binary file object or a path; returns the page count."""
    ruleset = ruleset or load_ruleset(document.ruleset)
    buffer = io.BytesIO()
    c = pdf.new_canvas(buffer, _("{name} — tokens").format(name=document.name), _("token sheets"))
    pages = render_tokens(c, document, ruleset, options)
    if pages == 0:
        raise LayoutError(_("'{name}' needs no tokens: it has no pieces to cut out").format(name=document.name))
    c.save()
    pdf.deliver(buffer.getvalue(), out)
    return pages
