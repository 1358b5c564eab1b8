"""The outlines Axles and Alloys II's own kinds are drawn from, shared by the canvas (`qt/items.py`) and the printed
track (`track_art.py`) so the two cannot drift: the counters' sword, shield and skull glyphs, a wreck's
battered car, a spikes template's points, a napalm template's flames and an entry point's arrow.

Everything is in millimetres in the element's own frame (centre at the origin, +x = travel, y down), except
the glyphs, which are drawn upright (scene axes) inside a disc of radius `r`. Pure: no Qt, no reportlab.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from designer.i18n import pgettext

Points = list[tuple[float, float]]


@dataclass(frozen=True)
class Part:
    """One filled piece of a drawing: a polygon (`points`) or a disc (`centre`, `radius`). `role` says how it
    is filled: "ink" (the glyph's dark colour) or "hole" (the colour under the glyph, cut back out)."""

    role: str
    points: tuple[tuple[float, float], ...] = ()
    centre: tuple[float, float] | None = None
    radius: float = 0.0


def _poly(role: str, points: Points) -> Part:
    return Part(role, tuple(points))


def _disc(role: str, x: float, y: float, radius: float) -> Part:
    return Part(role, centre=(x, y), radius=radius)


# --- counters ---------------------------------------------------------------------------------------
def sword(r: float) -> list[Part]:
    """A sword standing point up: blade, cross-guard, grip and pommel."""
    w = r * 0.13
    blade = [(-w, r * 0.30), (-w, -r * 0.55), (0.0, -r * 0.80), (w, -r * 0.55), (w, r * 0.30)]
    guard = [(-r * 0.42, r * 0.30), (r * 0.42, r * 0.30), (r * 0.42, r * 0.42), (-r * 0.42, r * 0.42)]
    grip = [(-w * 0.7, r * 0.42), (w * 0.7, r * 0.42), (w * 0.7, r * 0.66), (-w * 0.7, r * 0.66)]
    return [_poly("ink", blade), _poly("ink", guard), _poly("ink", grip), _disc("ink", 0.0, r * 0.72, r * 0.11)]


def shield(r: float) -> list[Part]:
    """A heater shield with a band across it."""
    top, bottom, half = -r * 0.62, r * 0.72, r * 0.52
    outline: Points = [(-half, top), (half, top), (half, r * 0.05)]
    steps = 8
    for i in range(1, steps):  # the right flank bulges round to the point, then the left back up
        t = i / steps
        a = t * math.pi / 2
        outline.append((half * math.cos(a), r * 0.05 + (bottom - r * 0.05) * math.sin(a) ** 1.5))
    outline.append((0.0, bottom))
    outline.extend((-x, y) for x, y in reversed(outline[3:-1]))
    outline.append((-half, r * 0.05))
    band = [(-half * 0.98, -r * 0.16), (half * 0.98, -r * 0.16), (half * 0.98, -r * 0.02), (-half * 0.98, -r * 0.02)]
    return [_poly("ink", outline), _poly("hole", band)]


def skull(r: float) -> list[Part]:
    """A skull: cranium, jaw, two eye sockets, a nose and the gaps between the teeth."""
    parts = [_disc("ink", 0.0, -r * 0.12, r * 0.52),
             _poly("ink", [(-r * 0.32, r * 0.18), (r * 0.32, r * 0.18), (r * 0.28, r * 0.66), (-r * 0.28, r * 0.66)]),
             _disc("hole", -r * 0.2, -r * 0.08, r * 0.15), _disc("hole", r * 0.2, -r * 0.08, r * 0.15),
             _poly("hole", [(0.0, r * 0.08), (r * 0.08, r * 0.24), (-r * 0.08, r * 0.24)])]
    for x in (-r * 0.14, 0.0, r * 0.14):
        parts.append(_poly("hole", [(x - r * 0.025, r * 0.44), (x + r * 0.025, r * 0.44),
                                    (x + r * 0.025, r * 0.66), (x - r * 0.025, r * 0.66)]))
    return parts


GLYPHS = {"sword": sword, "shield": shield, "deathshead": skull}


def glyph(variant: str, r: float) -> list[Part]:
    """The glyph of a counter variant inside a disc of radius `r` (a sword for an unknown one)."""
    return GLYPHS.get(variant, sword)(r)


# --- templates ---------------------------------------------------------------------------------------
def spikes(length: float, width: float) -> list[Points]:
    """Small four-pointed caltrops in staggered rows over a spikes template."""
    size = min(length, width) * 0.12
    out: list[Points] = []
    rows, cols = 3, 6
    for row in range(rows):
        y = -width / 2 + width * (row + 0.5) / rows
        staggered = row % 2 == 1  # the middle row sits between the others' points, one fewer
        for col in range(cols - 1 if staggered else cols):
            x = -length / 2 + length * (col + (1.0 if staggered else 0.5)) / cols
            star: Points = []
            for k in range(8):
                a = math.pi / 4 * k + math.pi / 8
                d = size if k % 2 == 0 else size * 0.3
                star.append((x + d * math.cos(a), y + d * math.sin(a)))
            out.append(star)
    return out


def flames(length: float, width: float) -> list[Points]:
    """Flame tongues licking along a napalm template (+x = travel: they trail towards -x)."""
    out: list[Points] = []
    count = 4
    for i in range(count):
        y = -width / 2 + width * (i + 0.5) / count
        h = width / count * 0.42
        x0 = length * (0.36 - 0.06 * (i % 2))
        tip = -length * (0.30 + 0.08 * ((i + 1) % 2))
        out.append([(x0, y), (x0 - length * 0.12, y - h), (tip * 0.5, y - h * 0.6), (tip, y),
                    (tip * 0.5, y + h * 0.6), (x0 - length * 0.12, y + h)])
    return out


def mines(length: float, width: float) -> list[tuple[float, float]]:
    """The centres of a mines template's mines: two staggered rows."""
    return [(-length / 2 + length * (i + 0.5) / 5, width * (0.22 if i % 2 else -0.22)) for i in range(5)]


def puffs(length: float, width: float) -> list[tuple[float, float, float]]:
    """(x, y, radius) of a smokescreen template's puffs of smoke."""
    r = width * 0.3
    step = (length - 2 * r) / 3
    return [(-length / 2 + r + step * i, width * (0.15 if i % 2 else -0.12), r) for i in range(4)]


# --- wrecks -----------------------------------------------------------------------------------------
def wreck_body(length: float, width: float) -> Points:
    """A car's outline, crumpled: dents along the sides and a caved-in front corner."""
    hl, hw = length / 2, width / 2
    return [(-hl, -hw * 0.78), (-hl * 0.55, -hw * 0.92), (-hl * 0.2, -hw * 0.70), (hl * 0.15, -hw * 0.95),
            (hl * 0.55, -hw * 0.88), (hl * 0.82, -hw * 0.55), (hl * 0.70, -hw * 0.18), (hl, hw * 0.05),
            (hl * 0.92, hw * 0.72), (hl * 0.45, hw * 0.95), (hl * 0.1, hw * 0.72), (-hl * 0.35, hw * 0.96),
            (-hl * 0.8, hw * 0.88), (-hl, hw * 0.6)]


def wreck_wheels(length: float, width: float) -> list[Points]:
    """Four wheels sticking out under the body, one knocked askew."""
    hl, hw = length / 2, width / 2
    wl, ww = length * 0.16, width * 0.16
    out: list[Points] = []
    for i, (cx, cy) in enumerate(((-hl * 0.6, -hw), (hl * 0.6, -hw), (-hl * 0.6, hw), (hl * 0.55, hw * 0.98))):
        a = math.radians(25.0 if i == 3 else 0.0)
        corners = [(-wl / 2, -ww / 2), (wl / 2, -ww / 2), (wl / 2, ww / 2), (-wl / 2, ww / 2)]
        out.append([(cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a))
                    for x, y in corners])
    return out


def wreck_cracks(length: float, width: float) -> list[Points]:
    """A smashed windscreen: a star of cracks ahead of the middle."""
    cx, cy = length * 0.18, -width * 0.05
    reach = width * 0.32
    return [[(cx, cy), (cx + reach * math.cos(a), cy + reach * math.sin(a))]
            for a in (math.radians(d) for d in (10, 80, 150, 215, 290))]


# --- entry points ------------------------------------------------------------------------------------
def arrow(length: float, width: float) -> Points:
    """An arrow pointing +x, as long and wide as the element."""
    hl, hw = length / 2, width / 2
    shaft = hw * 0.6
    neck = hl - length * 0.38
    return [(-hl, -shaft), (neck, -shaft), (neck, -hw), (hl, 0.0), (neck, hw), (neck, shaft), (-hl, shaft)]


def arrow_letter_at(length: float) -> tuple[float, float]:
    """Where the D or A sits on the arrow: on its shaft, behind the head."""
    return (-length * 0.12, 0.0)


def role_letter(role: str) -> str:
    """The one letter on an entry point's arrow: the initial of "Defender" or "Attacker", translated."""
    if role == "defender":
        return pgettext("initial of Defender, on an entry point", "D")
    return pgettext("initial of Attacker, on an entry point", "A")
