"""How Axles and Alloys II's own kinds print on the 1:1 track (`System.print_art`), with reportlab through
the shared `Painter` (full colour, or outlines in ink-saver mode), each in its own frame (centre at the
origin, +x = travel). The outlines are `shapes.py`'s, the ones the canvas draws, at the rule-data sizes
(`ArtContext.size`: a template 3" × 1.5", a counter 1" across):

- a barrier: a band along its points as wide as the rule data's barrier, white with red blocks;
- a dropped-weapon template: napalm orange-red with flames, an oil slick black with a sheen, spikes grey
  with caltrops (and, for the loose token sheets, mines sandy with mines, a smokescreen pale with puffs) —
  cut out and laid on the table, or played where it is printed;
- a wreck: the battered car; a counter: the disc with its glyph, upright on the page; an entry point: the
  arrow with its D or A.
Drawing only; no Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from reportlab.lib.colors import Color, HexColor, white

from designer.export.painter import Painter
from designer.export.pdf import INK
from designer.systems.axles_alloys_2 import shapes
from designer.systems.axles_alloys_2.elements import BARRIER, COUNTER, ENTRY, TEMPLATE, WRECK

if TYPE_CHECKING:  # the track's geometry (shapely) stays unloaded for the loose token sheets
    from designer.export.draw_track import ArtContext

BARRIER_RED = HexColor("#c62828")
NAPALM = HexColor("#e4471b")
FLAME = HexColor("#ffc02e")
OIL = HexColor("#121316")
OIL_SHEEN = HexColor("#3a4558")
OIL_GLINT = HexColor("#6f7f9e")
SPIKES = HexColor("#9aa0a8")
SPIKE_INK = HexColor("#2b2e33")
MINE_FIELD = HexColor("#c9b27c")
SMOKE = HexColor("#b9bec6")
SMOKE_PUFF = HexColor("#dfe3e8")
WRECK_BODY = HexColor("#7a4a2a")
WRECK_DARK = HexColor("#3a2418")
GLASS = HexColor("#9fb3c2")
TYRE = HexColor("#1c1c1e")
COUNTER_FACE = HexColor("#f1e6c8")
DEFENDER = HexColor("#1f5fbf")
ATTACKER = HexColor("#c62828")
#: The barrier's red and white blocks are this many times as long as the barrier is thick.
BLOCK_SHARE = 1.5


def barrier_width(ctx: ArtContext) -> float:
    size = ctx.ruleset.element_size(BARRIER)
    return float(size.width_mm) if size is not None else 12.7


def barrier_art(p: Painter, element: Any, ctx: ArtContext) -> None:
    points = [(float(x), float(y)) for x, y in element.points]
    closed = bool(element.closed) and len(points) > 2
    width = barrier_width(ctx)
    c = p.c
    c.saveState()
    c.setLineCap(0)
    c.setLineJoin(1)
    if p.ink_saver:  # the band's two edges and a thin line of red blocks down its middle
        p.poly(points, close=closed, stroke=INK, lw=width)
        p.poly(points, close=closed, stroke=white, lw=width - 0.8)
        p.poly(points, close=closed, stroke=BARRIER_RED, lw=1.0, dash=(width * BLOCK_SHARE,) * 2)
    else:
        p.poly(points, close=closed, stroke=INK, lw=width + 0.8)
        p.poly(points, close=closed, stroke=white, lw=width)
        p.poly(points, close=closed, stroke=BARRIER_RED, lw=width, dash=(width * BLOCK_SHARE,) * 2)
    c.restoreState()


def template_art(p: Painter, element: Any, ctx: ArtContext) -> None:
    length, width = ctx.size(element)
    corner = min(length, width) * 0.12
    variant = element.variant
    if variant == "napalm":
        p.centred_rect(length, width, radius=corner, fill=NAPALM, stroke=None)
        for tongue in shapes.flames(length, width):
            p.poly(tongue, fill=FLAME, stroke=None)
    elif variant == "oil":
        p.centred_rect(length, width, radius=corner, fill=OIL, stroke=None)
        # the sheen: two paler slicks off-centre (forms carry no transparency; the ink saver outlines them)
        p.ellipse(-length * 0.12, -width * 0.12, length * 0.32, width * 0.28, fill=OIL_SHEEN, stroke=None)
        p.ellipse(-length * 0.18, -width * 0.16, length * 0.14, width * 0.1, fill=OIL_GLINT, stroke=None)
    elif variant == "mines":
        p.centred_rect(length, width, radius=corner, fill=MINE_FIELD, stroke=None)
        for x, y in shapes.mines(length, width):
            p.circle(x, y, width * 0.11, fill=SPIKE_INK, stroke=None)
            p.circle(x, y, width * 0.04, fill=BARRIER_RED, stroke=None)
    elif variant == "smoke":
        p.centred_rect(length, width, radius=corner, fill=SMOKE, stroke=None)
        for x, y, r in shapes.puffs(length, width):
            p.circle(x, y, r, fill=SMOKE_PUFF, stroke=None)
    else:
        p.centred_rect(length, width, radius=corner, fill=SPIKES, stroke=None)
        for star in shapes.spikes(length, width):
            p.poly(star, fill=SPIKE_INK, stroke=None)
    p.centred_rect(length, width, radius=corner, stroke=INK, lw=0.5)


def wreck_art(p: Painter, element: Any, ctx: ArtContext) -> None:
    length, width = ctx.size(element)
    for wheel in shapes.wreck_wheels(length, width):
        p.poly(wheel, fill=TYRE, stroke=None)
    p.poly(shapes.wreck_body(length, width), fill=WRECK_BODY, stroke=WRECK_DARK, lw=0.6)
    p.rect(length * 0.05, -width * 0.32, length * 0.22, width * 0.56, fill=GLASS, stroke=WRECK_DARK, lw=0.3)
    for crack in shapes.wreck_cracks(length, width):
        p.poly(crack, close=False, stroke=INK, lw=0.3)


def draw_parts(p: Painter, parts: list[shapes.Part], ink: Color, hole: Color) -> None:
    for role in ("ink", "hole"):
        colour = ink if role == "ink" else hole
        for part in parts:
            if part.role != role:
                continue
            if part.centre is not None:
                p.circle(part.centre[0], part.centre[1], part.radius, fill=colour, stroke=None)
            else:
                p.poly(list(part.points), fill=colour, stroke=None)


def counter_art(p: Painter, element: Any, ctx: ArtContext) -> None:
    length, width = ctx.size(element)
    r = min(length, width) / 2
    p.circle(0.0, 0.0, r, fill=COUNTER_FACE, stroke=INK, lw=0.5)
    c = p.c
    c.saveState()
    if element.rotation_deg:
        c.rotate(-element.rotation_deg)  # the glyph stands upright on the page
    if p.ink_saver:
        draw_parts(p, shapes.glyph(element.variant, r), INK, white)
    else:
        draw_parts(p, shapes.glyph(element.variant, r), INK, COUNTER_FACE)
    c.restoreState()


def entry_art(p: Painter, element: Any, ctx: ArtContext) -> None:
    length, width = ctx.size(element)
    colour = DEFENDER if element.role == "defender" else ATTACKER
    p.poly(shapes.arrow(length, width), fill=colour, stroke=INK, lw=0.5)
    x, y = shapes.arrow_letter_at(length)
    p.label(x, y, shapes.role_letter(element.role), width * 0.3, white, halo=None,
            turn=float(element.rotation_deg))


PRINT_ART = {BARRIER: barrier_art, TEMPLATE: template_art, WRECK: wreck_art, COUNTER: counter_art,
             ENTRY: entry_art}
