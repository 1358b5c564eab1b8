"""Lengths, points and areas as problem messages, the Track Report and the prints write them: in the
document's display units. Pure Python: no Qt.

A millimetre document keeps the wording the checks always had (`number(mm, spec)` and " mm": "203.2 mm",
"(450, 200) mm"); a centimetre or inch document gets its own unit through `designer.geometry.units`
(`format_length`: "8 in", "20,32 cm" in German), with a precision that suits the unit rather than the
millimetre format spec: `.Nf` gets one decimal more, any other spec two decimals in cm and one in inches,
trailing zeros dropped.
"""

from __future__ import annotations

from designer.geometry.checks.report import number
from designer.geometry.units import UNITS, format_length, from_mm, plain_number

__all__ = ["area_text", "length_text", "number_in", "point_text"]


#: Decimals a length gets beyond those of its millimetre spec (as the Track Report writes lengths: 0.1 cm
#: is 1 mm, 0.1 in 2.54 mm).
_EXTRA_DECIMALS = {"cm": 1, "in": 1}
#: Decimals for any other spec ("g": the number as it is): to the millimetre, and to 0.1 in like the rest.
_PLAIN_DECIMALS = {"cm": 2, "in": 1}


def _decimals(spec: str, units: str) -> int:
    if spec.startswith(".") and spec.endswith("f") and spec[1:-1].isdigit():
        return int(spec[1:-1]) + _EXTRA_DECIMALS.get(units, 1)
    return _PLAIN_DECIMALS.get(units, 2)


def _in_mm(units: str) -> bool:
    return units == "mm" or units not in UNITS


def number_in(mm: float, units: str = "mm", spec: str = "g") -> str:
    """A length's number alone, in display units, for a sentence that names the unit once with `{unit}`
    ("lie {least} to {most} {unit} apart")."""
    if _in_mm(units):
        return number(mm, spec)
    return plain_number(from_mm(mm, units), _decimals(spec, units))


def length_text(mm: float, units: str = "mm", spec: str = "g") -> str:
    """A length with its unit: `203.2` → "203.2 mm" in a mm document, "8 in" in an inch one."""
    if _in_mm(units):
        return f"{number(mm, spec)} mm"
    return format_length(mm, units, _decimals(spec, units))


def point_text(x_mm: float, y_mm: float, units: str = "mm", spec: str = ".0f") -> str:
    """A table point: "(450, 200) mm", "(17.7, 7.9) in"."""
    if _in_mm(units):
        return f"({number(x_mm, spec)}, {number(y_mm, spec)}) mm"
    return f"({number_in(x_mm, units, spec)}, {number_in(y_mm, units, spec)}) {units}"


def area_text(mm2: float, units: str = "mm", spec: str = ".0f") -> str:
    """An area: "120 mm²", "0.19 in²"."""
    if _in_mm(units):
        return f"{number(mm2, spec)} mm²"
    scale = from_mm(1.0, units) ** 2
    return f"{plain_number(mm2 * scale, _decimals(spec, units) + 1)} {units}²"
