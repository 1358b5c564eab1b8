"""Simple vector pictures of the items, our own shapes: shells, banana, mushrooms, star, lightning bolt,
fire flower, item boxes, ghost, feather, coin and a blank.

`draw_item(painter, name, cx, cy, size)` picks a picture from keywords in the card's name ("Triple Red
Shell" → three red shells) and draws it centred on (cx, cy) inside a square of `size` mm, y down.
"""

from __future__ import annotations

import math

from reportlab.lib.colors import Color, HexColor, white

from designer.export.element_art import COIN_GOLD, box_face, coin_face
from designer.export.painter import Painter, quad
from designer.export.pdf import INK, darker, lighter, star_points

SHELL_COLOURS = {"green": HexColor("#2fa84f"), "red": HexColor("#d7263d"), "blue": HexColor("#2f6fdf")}
GOLD = HexColor("#f2b705")
BANANA = HexColor("#ffd93b")
STAR = HexColor("#ffd21f")
BOLT = HexColor("#ffe14d")
PETAL = HexColor("#ff7a1a")
GHOST = HexColor("#f7f7fb")
FEATHER = HexColor("#fdfdfd")
STEM = HexColor("#f6e7c8")
MUSHROOM_CAP = HexColor("#e2332f")


def _eyes(p: Painter, cx: float, cy: float, s: float, gap: float = 0.45) -> None:
    for sign in (-1, 1):
        p.ellipse(cx + sign * s * gap / 2, cy, s * 0.09, s * 0.16, fill=INK, stroke=None)


def shell(p: Painter, cx: float, cy: float, r: float, colour: Color, wings: bool = False) -> None:
    """A shell seen from above: a white rim, a coloured dome and six plates round a centre one."""
    if wings:
        for sign in (-1, 1):
            w = p.new_path()
            w.moveTo(cx + sign * r * 0.6, cy - r * 0.1)
            w.curveTo(cx + sign * r * 1.5, cy - r * 0.9, cx + sign * r * 1.6, cy + r * 0.1,
                      cx + sign * r * 0.8, cy + r * 0.35)
            w.close()
            p.path(w, fill=white, stroke=INK, lw=r * 0.06)
    p.circle(cx, cy, r, fill=white, stroke=INK, lw=r * 0.07)
    p.circle(cx, cy, r * 0.8, fill=colour, stroke=darker(colour), lw=r * 0.05)
    plate = r * 0.22
    centre = [(cx + plate * math.cos(math.radians(60 * k)), cy + plate * math.sin(math.radians(60 * k)))
              for k in range(6)]
    p.poly(centre, fill=lighter(colour, 0.35), stroke=darker(colour), lw=r * 0.04)
    for k in range(6):
        a = math.radians(60 * k + 30)
        x0, y0 = cx + plate * 0.95 * math.cos(a), cy + plate * 0.95 * math.sin(a)
        p.line(x0, y0, cx + r * 0.8 * math.cos(a), cy + r * 0.8 * math.sin(a), darker(colour), r * 0.04)
    p.ellipse(cx - r * 0.35, cy - r * 0.42, r * 0.16, r * 0.09, fill=lighter(colour, 0.7), stroke=None)


def banana(p: Painter, cx: float, cy: float, s: float) -> None:
    b = p.new_path()
    b.moveTo(cx - s * 0.42, cy - s * 0.28)
    b.curveTo(cx - s * 0.5, cy + s * 0.25, cx + s * 0.1, cy + s * 0.5, cx + s * 0.45, cy + s * 0.12)
    b.curveTo(cx + s * 0.02, cy + s * 0.2, cx - s * 0.22, cy + s * 0.02, cx - s * 0.3, cy - s * 0.3)
    b.close()
    p.path(b, fill=BANANA, stroke=HexColor("#8a6d00"), lw=s * 0.025)
    p.poly([(cx - s * 0.42, cy - s * 0.28), (cx - s * 0.3, cy - s * 0.3), (cx - s * 0.33, cy - s * 0.4),
            (cx - s * 0.42, cy - s * 0.38)], fill=HexColor("#6b4a12"), stroke=None)
    _eyes(p, cx - s * 0.03, cy + s * 0.13, s * 0.5)


def mushroom(p: Painter, cx: float, cy: float, s: float, cap: Color = MUSHROOM_CAP,
             spots: Color = white) -> None:
    p.rect(cx - s * 0.2, cy - s * 0.02, s * 0.4, s * 0.36, s * 0.08, fill=STEM, stroke=INK, lw=s * 0.025)
    _eyes(p, cx, cy + s * 0.13, s * 0.55, 0.35)
    top = p.new_path()
    top.moveTo(cx - s * 0.46, cy + s * 0.04)
    top.curveTo(cx - s * 0.5, cy - s * 0.55, cx + s * 0.5, cy - s * 0.55, cx + s * 0.46, cy + s * 0.04)
    top.close()
    p.path(top, fill=cap, stroke=INK, lw=s * 0.025)
    p.circle(cx, cy - s * 0.22, s * 0.11, fill=spots, stroke=None)
    for sign in (-1, 1):
        p.ellipse(cx + sign * s * 0.31, cy - s * 0.1, s * 0.07, s * 0.1, fill=spots, stroke=None)


def star(p: Painter, cx: float, cy: float, s: float) -> None:
    p.poly(star_points(cx, cy + s * 0.03, s * 0.48, s * 0.22), fill=STAR, stroke=HexColor("#9a6b00"), lw=s * 0.03)
    _eyes(p, cx, cy + s * 0.02, s * 0.5, 0.32)


def bolt(p: Painter, cx: float, cy: float, s: float) -> None:
    pts = [(0.1, -0.5), (-0.28, 0.06), (-0.02, 0.06), (-0.14, 0.5), (0.3, -0.1), (0.04, -0.1), (0.2, -0.5)]
    p.poly([(cx + x * s, cy + y * s) for x, y in pts], fill=BOLT, stroke=HexColor("#7a5a00"), lw=s * 0.03)


def flower(p: Painter, cx: float, cy: float, s: float) -> None:
    p.line(cx, cy, cx, cy + s * 0.48, HexColor("#2f9e44"), s * 0.07)
    for sign in (-1, 1):
        leaf = p.new_path()
        leaf.moveTo(cx, cy + s * 0.38)
        quad(leaf, cx, cy + s * 0.38, cx + sign * s * 0.3, cy + s * 0.15, cx + sign * s * 0.34, cy + s * 0.36)
        quad(leaf, cx + sign * s * 0.34, cy + s * 0.36, cx + sign * s * 0.15, cy + s * 0.45, cx, cy + s * 0.38)
        p.path(leaf, fill=HexColor("#2f9e44"), stroke=HexColor("#1d6b2c"), lw=s * 0.02)
    head = cy - s * 0.12
    p.ellipse(cx, head, s * 0.36, s * 0.26, fill=PETAL, stroke=HexColor("#9c3a00"), lw=s * 0.03)
    p.ellipse(cx, head, s * 0.25, s * 0.17, fill=HexColor("#ffe066"), stroke=None)
    p.ellipse(cx, head, s * 0.15, s * 0.1, fill=white, stroke=None)
    _eyes(p, cx, head, s * 0.4, 0.3)


def ghost(p: Painter, cx: float, cy: float, s: float) -> None:
    g = p.new_path()
    g.moveTo(cx - s * 0.4, cy + s * 0.05)
    g.curveTo(cx - s * 0.4, cy - s * 0.55, cx + s * 0.4, cy - s * 0.55, cx + s * 0.4, cy + s * 0.05)
    g.curveTo(cx + s * 0.42, cy + s * 0.3, cx + s * 0.3, cy + s * 0.45, cx + s * 0.46, cy + s * 0.48)
    g.curveTo(cx + s * 0.1, cy + s * 0.5, cx - s * 0.3, cy + s * 0.4, cx - s * 0.4, cy + s * 0.05)
    g.close()
    p.path(g, fill=GHOST, stroke=INK, lw=s * 0.03)
    for sign in (-1, 1):
        p.ellipse(cx + sign * s * 0.12, cy - s * 0.12, s * 0.05, s * 0.1, fill=INK, stroke=None)
    mouth = p.new_path()
    mouth.moveTo(cx - s * 0.16, cy + s * 0.06)
    quad(mouth, cx - s * 0.16, cy + s * 0.06, cx, cy + s * 0.28, cx + s * 0.16, cy + s * 0.06)
    mouth.close()
    p.path(mouth, fill=HexColor("#b3202a"), stroke=INK, lw=s * 0.02)
    for sign in (-1, 1):
        p.ellipse(cx + sign * s * 0.3, cy + s * 0.1, s * 0.09, s * 0.06, fill=GHOST, stroke=INK, lw=s * 0.02)


def feather(p: Painter, cx: float, cy: float, s: float) -> None:
    f = p.new_path()
    f.moveTo(cx - s * 0.3, cy + s * 0.42)
    f.curveTo(cx - s * 0.4, cy - s * 0.1, cx + s * 0.05, cy - s * 0.5, cx + s * 0.35, cy - s * 0.45)
    f.curveTo(cx + s * 0.4, cy - s * 0.05, cx, cy + s * 0.3, cx - s * 0.3, cy + s * 0.42)
    f.close()
    p.path(f, fill=FEATHER, stroke=INK, lw=s * 0.03)
    p.line(cx - s * 0.36, cy + s * 0.5, cx + s * 0.3, cy - s * 0.4, INK, s * 0.03)
    for k in range(1, 5):
        t = k / 5
        x, y = cx - s * 0.3 + t * s * 0.6, cy + s * 0.42 - t * s * 0.82
        p.line(x, y, x + s * 0.12, y + s * 0.02, HexColor("#8a8f98"), s * 0.02)


def blank(p: Painter, cx: float, cy: float, s: float) -> None:
    p.circle(cx, cy, s * 0.38, stroke=HexColor("#9aa0a8"), lw=s * 0.03, dash=(s * 0.06, s * 0.05))


def _pictures(name: str) -> tuple[str, Color | None]:
    key = name.casefold()
    colour = next((c for word, c in SHELL_COLOURS.items() if word in key), None)
    for word, kind in (("shell", "shell"), ("banana", "banana"), ("mushroom", "mushroom"), ("star", "star"),
                       ("lightning", "bolt"), ("bolt", "bolt"), ("flower", "flower"), ("box", "box"),
                       ("boo", "ghost"), ("ghost", "ghost"), ("feather", "feather"), ("coin", "coin"),
                       ("blank", "blank")):
        if word in key:
            return kind, colour
    return "unknown", colour


def draw_item(p: Painter, name: str, cx: float, cy: float, size: float) -> None:
    """The picture for the item called `name`, centred on (cx, cy) within `size` mm."""
    kind, colour = _pictures(name)
    key = name.casefold()
    copies = 3 if "triple" in key else 1
    s = size if copies == 1 else size * 0.55
    spots = ([(cx, cy)] if copies == 1 else
             [(cx - size * 0.23, cy + size * 0.17), (cx + size * 0.23, cy + size * 0.17), (cx, cy - size * 0.2)])
    for x, y in spots:
        if kind == "shell":
            shell(p, x, y, s * 0.4, colour or SHELL_COLOURS["green"], wings="blue" in key)
        elif kind == "banana":
            banana(p, x, y, s)
        elif kind == "mushroom":
            gold = "gold" in key
            mushroom(p, x, y, s, GOLD if gold else MUSHROOM_CAP, lighter(GOLD, 0.6) if gold else white)
        elif kind == "star":
            star(p, x, y, s)
        elif kind == "bolt":
            bolt(p, x, y, s)
        elif kind == "flower":
            flower(p, x, y, s)
        elif kind == "box":
            fake = "fake" in key
            box_face(p, s * 0.75, s * 0.75, x, y, HexColor("#ff9aa8") if fake else HexColor("#8fd3ff"),
                     mark="¿" if fake else "?")
        elif kind == "ghost":
            ghost(p, x, y, s)
        elif kind == "feather":
            feather(p, x, y, s)
        elif kind == "coin":
            p.c.saveState()
            p.c.translate(x, y)
            coin_face(p, s * 0.38)
            p.c.restoreState()
        elif kind == "blank":
            blank(p, x, y, s)
        else:
            p.circle(x, y, s * 0.38, fill=COIN_GOLD, stroke=INK, lw=s * 0.03)
            p.label(x, y, "?", s * 0.4, white, halo=INK)
