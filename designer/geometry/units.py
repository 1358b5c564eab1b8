"""Display units: conversion, spin-box formats, table presets and ruler tick spacing. Pure, no Qt.

Documents store millimetres; the user sees the document's `display_units` (mm, cm or in). Rulers pick
a major tick spacing from a fixed ladder — 1-2-5 steps for metric, binary fractions, inches, half and
whole feet for imperial — so the labels at the current zoom never crowd, and subdivide it into as many
minor ticks as still stay apart on screen.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from designer.i18n import decimal_sign, plain_decimal
from designer.model.track import MM_PER_UNIT

UNITS: tuple[str, ...] = ("mm", "cm", "in")
UNIT_NAMES = {"mm": "Millimetres", "cm": "Centimetres", "in": "Inches"}

#: (decimals, single step) of a length spin box, per display unit. 1/8 in is exact in 3 decimals.
SPIN_FORMATS: dict[str, tuple[int, float]] = {"mm": (1, 1.0), "cm": (2, 0.1), "in": (3, 0.125)}


def to_mm(value: float, units: str) -> float:
    return value * MM_PER_UNIT[units]


def from_mm(mm: float, units: str) -> float:
    return mm / MM_PER_UNIT[units]


def spin_decimals(units: str) -> int:
    return SPIN_FORMATS[units][0]


def spin_step(units: str) -> float:
    return SPIN_FORMATS[units][1]


def spin_range(low_mm: float, high_mm: float, units: str) -> tuple[float, float]:
    """Bounds in display units, rounded inwards to the spin box's decimals so they convert back inside."""
    scale = 10 ** spin_decimals(units)
    low = math.ceil(round(from_mm(low_mm, units) * scale, 6)) / scale
    high = math.floor(round(from_mm(high_mm, units) * scale, 6)) / scale
    return low, high


with_decimal_sign = decimal_sign


def plain_number(value: float, decimals: int) -> str:
    """`value` to at most `decimals` places, trailing zeros dropped, in the language's decimal sign:
    12.50 → "12.5" ("12,5" in German)."""
    return plain_decimal(value, decimals, trim=True)


def format_length(mm: float, units: str, decimals: int | None = None) -> str:
    """`1219.2` mm in inches → "48 in": trailing zeros dropped; the decimal sign follows the language
    ("30,5 cm" in German), the unit symbol stays."""
    decimals = spin_decimals(units) if decimals is None else decimals
    return f"{plain_number(from_mm(mm, units), decimals)} {units}"


def format_size(width_mm: float, height_mm: float, units: str) -> str:
    """A table size: "48 × 36 in"."""
    width = format_length(width_mm, units).rsplit(" ", 1)[0]
    return f"{width} × {format_length(height_mm, units)}"


# --- tables --------------------------------------------------------------------------------------
PRIME = "\u2032"


@dataclass(frozen=True)
class TablePreset:
    name: str
    width_mm: float
    height_mm: float


TABLE_PRESETS: tuple[TablePreset, ...] = (
    TablePreset(f"3{PRIME} × 3{PRIME}", 914.4, 914.4),
    TablePreset(f"4{PRIME} × 4{PRIME}", 1219.2, 1219.2),
    TablePreset(f"6{PRIME} × 4{PRIME}", 1828.8, 1219.2),
)


def matching_preset(width_mm: float, height_mm: float, tolerance_mm: float = 0.05) -> TablePreset | None:
    for preset in TABLE_PRESETS:
        if abs(preset.width_mm - width_mm) <= tolerance_mm and abs(preset.height_mm - height_mm) <= tolerance_mm:
            return preset
    return None


# --- ruler ticks ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class TickSpacing:
    """Major ticks every `major` display units, each split into `subdivisions` minor steps."""

    units: str
    major: float
    subdivisions: int

    @property
    def minor(self) -> float:
        return self.major / self.subdivisions

    @property
    def major_mm(self) -> float:
        return to_mm(self.major, self.units)

    @property
    def minor_mm(self) -> float:
        return to_mm(self.minor, self.units)


@dataclass(frozen=True)
class Tick:
    mm: float       # scene position
    value: float    # in display units
    major: bool
    half: bool      # the middle minor tick of a major step, drawn a little longer


def _metric_ladder() -> list[tuple[float, tuple[int, ...]]]:
    ladder: list[tuple[float, tuple[int, ...]]] = []
    for exponent in range(-2, 7):
        for mantissa, subdivisions in ((1, (10, 5, 2)), (2, (4, 2)), (5, (5,))):
            ladder.append((mantissa * 10.0 ** exponent, subdivisions))
    return ladder


#: Inches: binary fractions up to one inch, then half a foot, a foot and multiples of feet.
_INCH_LADDER: list[tuple[float, tuple[int, ...]]] = [
    (1 / 16, (1,)),
    (1 / 8, (2,)),
    (1 / 4, (4, 2)),
    (1 / 2, (8, 4, 2)),
    (1.0, (16, 8, 4, 2)),
    (6.0, (12, 6, 2)),
    (12.0, (24, 12, 4, 2)),
    (24.0, (8, 4, 2)),
    (60.0, (10, 5)),
    (120.0, (10, 5)),
    (240.0, (20, 10, 4)),
    (600.0, (10, 5)),
    (1200.0, (10, 5)),
    (2400.0, (20, 10, 4)),
    (6000.0, (10, 5)),
]
_LADDERS = {"mm": _metric_ladder(), "cm": _metric_ladder(), "in": _INCH_LADDER}


def choose_ticks(units: str, pixels_per_unit: float, min_major_px: float, min_minor_px: float = 5.0) -> TickSpacing:
    """The finest major spacing at least `min_major_px` apart on screen, with the most minor ticks that
    stay `min_minor_px` apart (none when even two would crowd)."""
    ladder = _LADDERS[units]
    pixels_per_unit = max(pixels_per_unit, 1e-12)
    major, options = next(((m, o) for m, o in ladder if m * pixels_per_unit >= min_major_px), ladder[-1])
    subdivisions = next((n for n in options if major / n * pixels_per_unit >= min_minor_px), 1)
    return TickSpacing(units, major, subdivisions)


def ruler_ticks(start_mm: float, end_mm: float, spacing: TickSpacing, limit: int = 5000) -> list[Tick]:
    """Every minor and major tick between two scene positions, counted in whole minor steps (no drift)."""
    low, high = min(start_mm, end_mm), max(start_mm, end_mm)
    minor_mm = spacing.minor_mm
    first = math.ceil(low / minor_mm - 1e-9)
    last = math.floor(high / minor_mm + 1e-9)
    if last - first > limit:
        return []
    n_sub = spacing.subdivisions
    ticks = []
    for n in range(first, last + 1):
        value = n * spacing.minor
        ticks.append(Tick(mm=n * minor_mm, value=value, major=n % n_sub == 0,
                          half=n_sub % 2 == 0 and n % n_sub == n_sub // 2))
    return ticks


MINUS = "\u2212"
_VULGAR = {(1, 2): "½", (1, 4): "¼", (3, 4): "¾", (1, 8): "⅛", (3, 8): "⅜", (5, 8): "⅝", (7, 8): "⅞"}
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def _fraction(numerator: int, denominator: int) -> str:
    divisor = math.gcd(numerator, denominator)
    numerator, denominator = numerator // divisor, denominator // divisor
    glyph = _VULGAR.get((numerator, denominator))
    if glyph:
        return glyph
    return f"{numerator}".translate(_SUPERSCRIPT) + "\u2044" + f"{denominator}".translate(_SUBSCRIPT)


def tick_label(value: float, spacing: TickSpacing) -> str:
    """The label of a major tick: "25", "2.5", "10½" or "³⁄₁₆" (inches keep fractions)."""
    sign = MINUS if value < -1e-9 else ""
    magnitude = abs(value)
    if spacing.units == "in" and spacing.major < 1:
        sixteenths = round(magnitude * 16)
        whole, rest = divmod(sixteenths, 16)
        if rest == 0:
            return f"{sign}{whole}"
        return f"{sign}{whole if whole else ''}{_fraction(rest, 16)}"
    decimals = max(0, -math.floor(math.log10(spacing.major) + 1e-9))
    text = f"{magnitude:.{decimals}f}"
    return "0" if float(text) == 0 else sign + text
