"""The print look of every element kind, drawn in the element's own frame (mm, +x = travel, y down).

A clean flat-colour version of the editor's vector items: chequered start/finish, blue gate bar with its
order badge, "?" item boxes (doubled when stacked), gold coins, orange boost pads with yellow chevrons,
ramps with a striped entry edge, green warp pipes with their pair label, Bullet Bill plates, Thwomps,
Piranha Plants and Chain Chomps with reach rings, Goomba-like walkers and scenery polygons. Faces and
labels are drawn upright whatever the rotation. Every shape goes through `Painter`, so ink-saver mode
turns all of them into outlines. Token sheets reuse these functions at true size.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from reportlab.lib.colors import Color, HexColor, white

from designer.export.painter import Painter, quad
from designer.export.pdf import INK, lighter
from designer.geometry.labels import label_point

if TYPE_CHECKING:
    from designer.export.draw_track import ArtContext

CHEQUER_DARK = HexColor("#17181b")
GATE_BLUE = HexColor("#1f5fbf")
GATE_POST = HexColor("#123a78")
BOX_FRONT = HexColor("#8fd3ff")
BOX_BACK = HexColor("#b98cff")
BOX_RIM = HexColor("#3b3f8f")
COIN_GOLD = HexColor("#f5c518")
COIN_LIGHT = HexColor("#fff1a0")
COIN_RIM = HexColor("#8a5a00")
PAD = HexColor("#ff8a1c")
PAD_RIM = HexColor("#7a2a05")
CHEVRON = HexColor("#fff25c")
RAMP = HexColor("#aab4be")
HAZARD_YELLOW = HexColor("#ffcc00")
HOOP = HexColor("#ff5a1f")
PIPE = HexColor("#36b83f")
PIPE_DARK = HexColor("#0d5a16")
PIPE_HOLE = HexColor("#0b2a0f")
PLATE = HexColor("#9aa3ad")
BULLET = HexColor("#1b1b1d")
LINK = HexColor("#b3261e")
STONE = HexColor("#8793a0")
STONE_LIGHT = HexColor("#b4bfca")
STONE_DARK = HexColor("#4f5a66")
PIRANHA = HexColor("#d7263d")
LEAF = HexColor("#2f9e44")
CHOMP = HexColor("#202126")
GOOMBA = HexColor("#8a4b22")
GOOMBA_FACE = HexColor("#f0cf9c")
SOLID = HexColor("#5b5048")
DECOR = HexColor("#cfe9c8")
SOLID_HATCH = HexColor("#75695f")
STRIPE = HexColor("#a9c4ec")
SLAT = HexColor("#8e98a3")
DECOR_EDGE = HexColor("#3c8a36")


def turn(e: Any) -> float:
    return float(e.rotation_deg)


def chevron(p: Painter, cx: float, half: float, depth: float, thick: float, **style: Any) -> None:
    x0 = cx - depth / 2
    p.poly([(x0, -half), (x0 + thick, -half), (x0 + depth, 0.0), (x0 + thick, half), (x0, half),
            (x0 + depth - thick, 0.0)], **style)


def arrow(p: Painter, x0: float, length: float, width: float, y: float = 0.0, **style: Any) -> None:
    shaft = width * 0.38
    head = min(length * 0.55, width)
    p.poly([(x0, y - shaft / 2), (x0 + length - head, y - shaft / 2), (x0 + length - head, y - width / 2),
            (x0 + length, y), (x0 + length - head, y + width / 2), (x0 + length - head, y + shaft / 2),
            (x0, y + shaft / 2)], **style)


def eye(p: Painter, cx: float, cy: float, rx: float, ry: float, look: tuple[float, float] = (0, 0)) -> None:
    p.ellipse(cx, cy, rx, ry, fill=white, stroke=INK, lw=rx * 0.18)
    p.ellipse(cx + look[0], cy + look[1], rx * 0.45, ry * 0.5, fill=INK, stroke=None)


# --- course markers ----------------------------------------------------------------------------------
def start_finish(p: Painter, e: Any, ctx: ArtContext) -> None:
    length, width = ctx.size(e)
    cell = length / 2
    rows = max(1, math.ceil(width / cell))
    top = -width / 2
    p.centred_rect(length, width, fill=white, stroke=None)
    for row in range(rows):
        for col in range(2):
            if (row + col) % 2:
                h = min(cell, width - row * cell)
                p.rect(-length / 2 + col * cell, top + row * cell, cell, h, fill=CHEQUER_DARK,
                       stroke=CHEQUER_DARK if p.ink_saver else None, lw=0.2)
    p.centred_rect(length, width, stroke=INK, lw=0.3)


def gate(p: Painter, e: Any, ctx: ArtContext) -> None:
    length, width = ctx.size(e)
    p.replay(("gate body", length, width), 0.0, lambda: gate_body(p, length, width))  # the same for every order
    label = str(e.order)
    p.label(0.0, 0.0, label, 9.0 if len(label) < 3 else 6.5, GATE_POST, halo=None, turn=turn(e))


def gate_body(p: Painter, length: float, width: float) -> None:
    half = width / 2
    for y in (-width / 4, width / 4):
        arrow(p, length / 2 + 3.0, 24.0, 16.0, y, fill=white, stroke=GATE_POST, lw=0.3)
    p.centred_rect(length, width, fill=GATE_BLUE, stroke=INK, lw=0.25)
    if not p.ink_saver:
        step = max(length * 2.4, 12.0)
        y = -half + step / 2
        while y < half:
            p.rect(-length / 2, y, length, min(step / 3, half - y), fill=STRIPE, stroke=None)
            y += step
    r = max(length * 0.85, 5.0)
    for y in (-half, half):
        p.circle(0.0, y, r, fill=GATE_POST, stroke=INK, lw=0.25)
    p.circle(0.0, 0.0, 11.0, fill=white, stroke=GATE_POST, lw=1.6)


# --- pick-ups ----------------------------------------------------------------------------------------
def box_face(p: Painter, length: float, width: float, cx: float = 0.0, cy: float = 0.0,
             fill: Color = BOX_FRONT, mark: str = "?", turn_deg: float = 0.0) -> None:
    radius = min(length, width) * 0.18
    p.centred_rect(length, width, cx, cy, radius, fill=fill, stroke=BOX_RIM, lw=0.35)
    inset = length * 0.12
    p.centred_rect(length - 2 * inset, width - 2 * inset, cx, cy, radius * 0.6, stroke=white if not p.ink_saver
                   else BOX_RIM, lw=0.35)
    if mark:
        p.label(cx, cy, mark, min(length, width) * 0.5, white, halo=BOX_RIM, turn=turn_deg)


def item_box(p: Painter, e: Any, ctx: ArtContext) -> None:
    length, width = ctx.size(e)
    if getattr(e, "stack", 1) == 2:
        step = min(length, width) * 0.22
        box_face(p, length, width, step, -step, BOX_BACK, mark="")
    box_face(p, length, width, turn_deg=turn(e))


def coin_face(p: Painter, r: float, turn_deg: float = 0.0) -> None:
    p.circle(0.0, 0.0, r, fill=COIN_GOLD, stroke=COIN_RIM, lw=r * 0.1)
    p.circle(0.0, 0.0, r * 0.72, stroke=COIN_RIM, lw=r * 0.05)
    p.c.saveState()
    p.unturn(turn_deg)
    p.rect(-r * 0.13, -r * 0.45, r * 0.26, r * 0.9, r * 0.12, fill=COIN_LIGHT, stroke=COIN_RIM, lw=r * 0.06)
    p.c.restoreState()


def coin(p: Painter, e: Any, ctx: ArtContext) -> None:
    length, width = ctx.size(e)
    coin_face(p, min(length, width) / 2, turn(e))


# --- terrain -----------------------------------------------------------------------------------------
def pad(p: Painter, length: float, width: float, cx: float = 0.0) -> None:
    p.centred_rect(length, width, cx, 0.0, min(length, width) * 0.1, fill=PAD, stroke=PAD_RIM, lw=0.3)
    count = 2 if length < width * 1.2 else 3
    half = width * 0.32
    depth = min(length / (count + 0.6), half * 1.2)
    span = depth * count * 0.8
    for i in range(count):
        x = cx - span / 2 + depth / 2 + i * depth * 0.8
        chevron(p, x, half, depth, depth * 0.45, fill=CHEVRON, stroke=PAD_RIM, lw=0.2)


def boost_pad(p: Painter, e: Any, ctx: ArtContext) -> None:
    pad(p, *ctx.size(e))


def dash_panel(p: Painter, e: Any, ctx: ArtContext) -> None:
    total, width = ctx.size(e)
    length = total / e.pads
    gap = min(1.5, length * 0.04)
    for i in range(e.pads):
        pad(p, length - 2 * gap, width, -total / 2 + length * (i + 0.5))


def ramp(p: Painter, e: Any, ctx: ArtContext) -> None:
    length, width = ctx.size(e)
    left, top = -length / 2, -width / 2
    if e.hoop:
        cx, rx, ry = length / 2 + ctx.short_mm, 6.0, width * 0.45
        p.line(length / 2, 0.0, cx - rx, 0.0, HOOP, 0.8, dash=(1.5, 2.5))
        p.ellipse(cx, 0.0, rx, ry, stroke=HOOP, lw=4.0 if not p.ink_saver else 0.6)
        if p.ink_saver:
            p.ellipse(cx, 0.0, rx - 2, ry - 2, stroke=HOOP, lw=0.4)
    p.rect(left, top, length, width, fill=RAMP, stroke=INK, lw=0.3)
    for i in range(1, 6):
        x = left + length * i / 6
        p.line(x, top, x, -top, SLAT, 0.2)
    band = max(length * 0.12, 5.0)
    p.rect(left, top, band, width, fill=HAZARD_YELLOW, stroke=INK if p.ink_saver else None, lw=0.2)
    c = p.c
    c.saveState()
    clip = c.beginPath()
    clip.rect(left, top, band, width)
    c.clipPath(clip, stroke=0, fill=0)
    y = top - band
    while y < -top + band:
        p.poly([(left, y), (left + band, y - band * 0.8), (left + band, y - band * 0.2), (left, y + band * 0.6)],
               fill=INK, stroke=None if not p.ink_saver else INK, lw=0.15)
        y += band * 1.2
    c.restoreState()
    p.line(left, top, left, -top, INK, 0.6)
    p.line(-left, top, -left, -top, INK, 0.5)
    arrow_len = length * 0.55
    arrow(p, -arrow_len / 2 + band / 2, arrow_len, width * 0.34, fill=white, stroke=STONE_DARK, lw=0.25)


def warp_pipe(p: Painter, e: Any, ctx: ArtContext) -> None:
    length, width = ctx.size(e)
    pipe_face(p, min(length, width) / 2, ctx.pipe_labels.get(e.id, ""), turn(e))


def pipe_face(p: Painter, r: float, label: str, turn_deg: float = 0.0) -> None:
    p.circle(0.0, 0.0, r, fill=PIPE, stroke=PIPE_DARK, lw=0.4)
    p.circle(0.0, 0.0, r * 0.8, stroke=PIPE_DARK, lw=0.3)
    p.circle(0.0, 0.0, r * 0.64, fill=PIPE_HOLE, stroke=PIPE_DARK if p.ink_saver else None, lw=0.3)
    if label:
        p.label(0.0, 0.0, label, r * 0.5, white, halo=None, turn=turn_deg)


# --- hazards -----------------------------------------------------------------------------------------
def draw_reach(p: Painter, e: Any, tint: bool = False) -> None:
    """The reach ring of a Piranha Plant or Chain Chomp, centred on the element: its pale tint (drawn
    before the track surface, so it only shows off the track) or its dashed rim (drawn over it)."""
    reach = getattr(e, "range_mm", None) or getattr(e, "reach_mm", None)
    if reach:
        reach_ring(p, reach, PIRANHA if e.kind == "piranha_plant" else CHOMP, tint=tint, rim=not tint)


def reach_ring(p: Painter, radius: float, colour: Color, tint: bool = True, rim: bool = True) -> None:
    if tint and not p.ink_saver:
        p.circle(0.0, 0.0, radius, fill=lighter(colour, 0.9), stroke=None)
    if rim:
        p.circle(0.0, 0.0, radius, stroke=colour, lw=0.5, dash=(4, 3))


def draw_launcher_link(p: Painter, e: Any, ctx: ArtContext) -> None:
    """A dashed red line from a Bullet Bill plate to the warp pipe it fires from."""
    target = ctx.positions.get(e.launcher or "")
    if target is None:
        return
    dx, dy = target[0] - e.x_mm, target[1] - e.y_mm
    dist = math.hypot(dx, dy)
    stop = (ctx.ruleset.element_sizes.get("warp_pipe").length_mm / 2  # type: ignore[union-attr]
            if "warp_pipe" in ctx.ruleset.element_sizes else 20.0)
    if dist <= stop:
        return
    end = (e.x_mm + dx * (1 - stop / dist), e.y_mm + dy * (1 - stop / dist))
    p.line(e.x_mm, e.y_mm, *end, LINK, 1.2, dash=(4, 3), cap=0)
    p.circle(*end, 2.0, fill=LINK, stroke=LINK if p.ink_saver else None, lw=0.3)


def bullet_bill(p: Painter, e: Any, ctx: ArtContext) -> None:
    length, width = ctx.size(e)
    p.centred_rect(length, width, radius=min(length, width) * 0.12, fill=PLATE, stroke=INK, lw=0.3)
    inset, rivet = min(length, width) * 0.13, min(length, width) * 0.04
    for x in (-length / 2 + inset, length / 2 - inset):
        for y in (-width / 2 + inset, width / 2 - inset):
            p.circle(x, y, rivet, fill=INK, stroke=None if not p.ink_saver else INK, lw=0.15)
    blen, h = length * 0.6, width * 0.2
    back = -blen / 2 + length * 0.03
    p.rect(back - blen * 0.12, -h * 1.2, blen * 0.14, h * 2.4, h * 0.15, fill=HexColor("#4a4d55"), stroke=INK,
           lw=0.2)
    body = p.new_path()
    body.moveTo(back, -h)
    body.lineTo(back + blen * 0.5, -h)
    body.curveTo(back + blen * 0.92, -h, back + blen, -h * 0.35, back + blen, 0.0)
    body.curveTo(back + blen, h * 0.35, back + blen * 0.92, h, back + blen * 0.5, h)
    body.lineTo(back, h)
    body.close()
    p.path(body, fill=BULLET, stroke=INK, lw=0.2)
    for sign in (-1, 1):
        eye(p, length * 0.1, sign * h * 0.48, h * 0.32, h * 0.38, (h * 0.1, 0.0))


def thwomp_face(p: Painter, size: float, turn_deg: float = 0.0) -> None:
    """A bevelled stone block `size` mm square with an angry upright face."""
    h = size / 2
    bevel = size * 0.12
    p.rect(-h, -h, size, size, fill=STONE_DARK, stroke=INK, lw=0.4)
    i = h - bevel
    p.poly([(-h, -h), (h, -h), (i, -i), (-i, -i)], fill=STONE_LIGHT, stroke=None)
    p.poly([(-h, -h), (-i, -i), (-i, i), (-h, h)], fill=STONE_LIGHT, stroke=None)
    p.rect(-i, -i, 2 * i, 2 * i, fill=STONE, stroke=INK, lw=0.25)
    for sx in (-1, 1):
        for sy in (-1, 1):
            p.line(sx * h, sy * h, sx * i, sy * i, INK, 0.2)
    c = p.c
    c.saveState()
    p.unturn(turn_deg)
    s = size * 0.36
    for sign in (-1, 1):
        eye(p, sign * s * 0.42, -s * 0.12, s * 0.24, s * 0.3, (-sign * s * 0.05, s * 0.05))
        p.line(sign * s * 0.78, -s * 0.62, sign * s * 0.12, -s * 0.36, INK, s * 0.14)
    p.rect(-s * 0.5, s * 0.36, s, s * 0.34, fill=white, stroke=INK, lw=s * 0.06)
    for k in range(1, 4):
        x = -s * 0.5 + s * k / 4
        p.line(x, s * 0.36, x, s * 0.70, INK, s * 0.05)
    p.line(-s * 0.5, s * 0.53, s * 0.5, s * 0.53, INK, s * 0.05)
    c.restoreState()


def thwomp(p: Painter, e: Any, ctx: ArtContext) -> None:
    length, width = ctx.size(e)
    thwomp_face(p, min(length, width), turn(e))


def piranha_face(p: Painter, r: float) -> None:
    for sign in (-1, 1):
        leaf = p.new_path()
        leaf.moveTo(0.0, 0.0)
        leaf.curveTo(-r * 0.9, sign * r * 0.5, -r * 0.6, sign * r, -r * 0.1, sign * r)
        leaf.curveTo(r * 0.4, sign * r * 0.9, r * 0.5, sign * r * 0.4, 0.0, 0.0)
        p.path(leaf, fill=LEAF, stroke=HexColor("#1d6b2c"), lw=0.25)
    head = r * 0.8
    p.circle(0.0, 0.0, head, fill=PIRANHA, stroke=HexColor("#6a0f1b"), lw=0.3)
    for x, y, s in ((-0.3, -0.45, 0.2), (0.3, -0.45, 0.15), (-0.5, 0.15, 0.17), (0.0, 0.5, 0.19),
                    (0.5, 0.2, 0.16), (0.05, -0.02, 0.13)):
        p.circle(x * head, y * head, s * head, fill=white, stroke=None if not p.ink_saver else PIRANHA, lw=0.15)


def piranha_plant(p: Painter, e: Any, ctx: ArtContext) -> None:
    length, width = ctx.size(e)
    piranha_face(p, min(length, width) / 2)


def chomp_face(p: Painter, r: float, turn_deg: float = 0.0) -> None:
    c = p.c
    c.saveState()
    p.unturn(turn_deg)
    p.circle(0.0, 0.0, r, fill=CHOMP, stroke=HexColor("#000000"), lw=0.3)
    eye(p, -r * 0.05, -r * 0.38, r * 0.24, r * 0.24, (r * 0.06, 0.0))
    mouth = p.new_path()
    mouth.moveTo(-r * 0.15, r * 0.05)
    quad(mouth, -r * 0.15, r * 0.05, r * 0.5, r * 0.1, r * 0.92, -r * 0.2)
    quad(mouth, r * 0.92, -r * 0.2, r * 0.85, r * 0.55, r * 0.1, r * 0.6)
    quad(mouth, r * 0.1, r * 0.6, -r * 0.15, r * 0.35, -r * 0.15, r * 0.05)
    mouth.close()
    p.path(mouth, fill=HexColor("#b3202a"), stroke=None if not p.ink_saver else HexColor("#b3202a"))
    for k in range(4):
        x = -r * 0.1 + k * r * 0.22
        p.poly([(x, r * 0.08), (x + r * 0.2, r * 0.08 - r * 0.04 * k), (x + r * 0.1, r * 0.26)], fill=white,
               stroke=None if not p.ink_saver else INK, lw=0.12)
    c.restoreState()


def chain_chomp(p: Painter, e: Any, ctx: ArtContext) -> None:
    length, width = ctx.size(e)
    chomp_face(p, min(length, width) / 2, turn(e))


def walker_face(p: Painter, r: float) -> None:
    """A brown mushroom-ish walker (Goomba-like), upright in the current frame."""
    for sign in (-1, 1):
        p.ellipse(sign * r * 0.42, r * 0.78, r * 0.38, r * 0.2, fill=HexColor("#3a2414"), stroke=INK, lw=0.2)
    cap = p.new_path()
    cap.moveTo(-r * 0.95, r * 0.35)
    cap.curveTo(-r * 1.05, -r * 0.6, -r * 0.5, -r, 0.0, -r)
    cap.curveTo(r * 0.5, -r, r * 1.05, -r * 0.6, r * 0.95, r * 0.35)
    cap.curveTo(r * 0.6, r * 0.7, -r * 0.6, r * 0.7, -r * 0.95, r * 0.35)
    cap.close()
    p.path(cap, fill=GOOMBA, stroke=INK, lw=0.25)
    p.ellipse(0.0, r * 0.25, r * 0.55, r * 0.32, fill=GOOMBA_FACE, stroke=None if not p.ink_saver else GOOMBA)
    for sign in (-1, 1):
        eye(p, sign * r * 0.24, -r * 0.12, r * 0.16, r * 0.24, (-sign * r * 0.03, r * 0.04))
        p.line(sign * r * 0.5, -r * 0.5, sign * r * 0.08, -r * 0.34, INK, r * 0.1)
    p.line(-r * 0.2, r * 0.3, r * 0.2, r * 0.3, INK, r * 0.06)


def wandering_threat(p: Painter, e: Any, ctx: ArtContext) -> None:
    length, width = ctx.size(e)
    r = min(length, width) / 2
    c = p.c
    c.saveState()
    p.unturn(turn(e))
    walker_face(p, r)
    p.label(0.0, r + 9.5, e.name, 8.0)
    c.restoreState()


def scenery(p: Painter, e: Any, ctx: ArtContext) -> None:
    points = [(float(x), float(y)) for x, y in e.polygon]
    c = p.c
    if e.solid:
        p.poly(points, fill=SOLID, stroke=None)
        shape = p.new_path()
        shape.moveTo(*points[0])
        for pt_ in points[1:]:
            shape.lineTo(*pt_)
        shape.close()
        if not p.ink_saver:
            c.saveState()
            c.clipPath(shape, stroke=0, fill=0)
            xs, ys = [q[0] for q in points], [q[1] for q in points]
            x0, y0, w, h = min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
            k = 0.0
            while k <= w + h:
                p.line(x0 + k, y0, x0 + k - h, y0 + h, SOLID_HATCH, 0.3)
                k += 8.0
            c.restoreState()
        p.poly(points, stroke=HexColor("#241f1b"), lw=0.6)
        colour, halo = white, HexColor("#241f1b")
    else:
        p.poly(points, fill=DECOR, stroke=DECOR_EDGE, lw=0.5, dash=(3, 2))
        colour, halo = HexColor("#1f4d1b"), white
    if e.label:
        lx, ly = label_point(points)
        p.label(lx, ly, e.label, 8.0, colour, halo=halo, turn=turn(e))


ART: dict[str, Callable[[Painter, object, ArtContext], None]] = {
    "start_finish": start_finish, "gate": gate, "item_box": item_box, "coin": coin,
    "boost_pad": boost_pad, "dash_panel": dash_panel, "ramp": ramp, "warp_pipe": warp_pipe,
    "bullet_bill": bullet_bill, "thwomp": thwomp, "piranha_plant": piranha_plant,
    "chain_chomp": chain_chomp, "wandering_threat": wandering_threat, "scenery": scenery,
}
