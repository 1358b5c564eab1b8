"""Running a game system's track generator (`System.generator`), for `kartographer generate` and File ▸ New ▸
Generate…: which systems have one, their settings filled from the rule data and range-checked, the table size
read from text ("6ftx4ft", "1800x1200", "180 × 120 cm"), and the call that makes the document. Pure (no Qt);
it never names a system: everything comes from the registry.

Every refusal is a `GenerateError` with a one-line reason in the user's language.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from designer.i18n import _, plain_decimal, read_plain_number
from designer.io.display import clip
from designer.model.track import TrackDocument
from designer.rules import load_ruleset
from designer.systems import registry
from designer.systems.api import Generator, GeneratorOption, System

#: The table sizes a document may have (mm; `designer.model.track.TableSize`).
TABLE_MIN_MM, TABLE_MAX_MM = 100.0, 10_000.0
#: The table when neither the caller nor the generator proposes one: 6 × 4 feet.
DEFAULT_TABLE_MM = (1828.8, 1219.2)
#: The largest seed (the dialog's spin box holds it too).
MAX_SEED = 2**31 - 1
#: Millimetres per unit a table size may be written in.
_UNIT_MM = {"mm": 1.0, "cm": 10.0, "m": 1000.0, "in": 25.4, '"': 25.4, "″": 25.4,
            "ft": 304.8, "'": 304.8, "′": 304.8}
_NUMBER = r"([0-9]+(?:[.,][0-9]+)?|[.,][0-9]+)"
_UNIT = r"(mm|cm|m|in|ft|[\"'″′])?"
_TABLE = re.compile(rf"\s*{_NUMBER}\s*{_UNIT}\s*[x×X*]\s*{_NUMBER}\s*{_UNIT}\s*")


class GenerateError(ValueError):
    """A request the generator cannot honour: one line, in the user's language."""


def generator_systems() -> tuple[System, ...]:
    """The game systems that have a track generator, in the registry's order."""
    return tuple(s for s in registry.systems() if s.generator is not None)


def generator_of(system_id: str) -> tuple[System, Generator]:
    """The system `system_id` and its generator; refused when it has none (or is unknown)."""
    system = registry.find(system_id)
    if system is None:
        raise GenerateError(_("'{id}' is not a game system (known: {ids})").format(
            id=clip(system_id), ids=", ".join(registry.ids())))
    if system.generator is None:
        offered = ", ".join(s.id for s in generator_systems()) or _("none")
        raise GenerateError(_("{system} has no track generator (systems that have one: {ids})").format(
            system=system.id, ids=offered))
    return system, system.generator


def default_table(generator: Generator, ruleset: Any) -> tuple[float, float]:
    return generator.table_mm(ruleset) if generator.table_mm is not None else DEFAULT_TABLE_MM


def default_settings(generator: Generator, ruleset: Any) -> dict[str, float | str]:
    """Every option at its default from the rule data."""
    return {o.name: o.default(ruleset) for o in generator.options}


def option_range(option: GeneratorOption) -> str:
    """ "2–8", or the choices' keys: how a refusal and the help name what an option takes."""
    if option.choices:
        return "|".join(option.choices)
    return (f"{plain_decimal(option.minimum, option.decimals, trim=True)}–"
            f"{plain_decimal(option.maximum, option.decimals, trim=True)}")


def check_value(option: GeneratorOption, value: Any) -> float | str:
    """`value` (a number, a choice's key, or text as typed) checked against `option`; refused on one line."""
    if option.choices:
        key = str(value).strip()
        if key not in option.choices:
            raise GenerateError(_("{name} must be one of {choices}, not '{text}'").format(
                name=option.name, choices=", ".join(option.choices), text=clip(key)))
        return key
    number = read_plain_number(value.replace(",", ".")) if isinstance(value, str) else float(value)
    whole = option.decimals == 0
    if math.isnan(number) or not option.minimum <= number <= option.maximum or (whole and number != int(number)):
        kind = _("a whole number") if whole else _("a number")
        raise GenerateError(_("{name} must be {kind} from {low} to {high}, not '{text}'").format(
            name=option.name, kind=kind, low=plain_decimal(option.minimum, option.decimals, trim=True),
            high=plain_decimal(option.maximum, option.decimals, trim=True), text=clip(str(value).strip())))
    return int(number) if whole else number


def fill_settings(generator: Generator, ruleset: Any, given: Mapping[str, Any]) -> dict[str, float | str]:
    """The defaults with `given` over them, each checked; an unknown name is refused with the known ones."""
    settings = default_settings(generator, ruleset)
    for name, value in given.items():
        option = generator.option(name)
        if option is None:
            raise GenerateError(_("the generator has no option '{name}' (its options: {known})").format(
                name=clip(name), known=_known(generator)))
        settings[name] = check_value(option, value)
    return settings


def parse_settings(generator: Generator, pairs: Sequence[str]) -> dict[str, str]:
    """`NAME=VALUE` pairs as typed (`--set`), by name; the values are checked by `fill_settings`."""
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or generator.option(name.strip()) is None:
            raise GenerateError(_("the generator has no option '{name}' (its options: {known})").format(
                name=clip(name.strip() if sep else pair), known=_known(generator)))
        out[name.strip()] = text
    return out


def _known(generator: Generator) -> str:
    return ", ".join(f"{o.name} ({option_range(o)})" for o in generator.options) or _("none")


def parse_table(text: str) -> tuple[float, float]:
    """A table size as typed: width × height, each with a unit (mm, cm, m, in or ", ft or ') or none; a
    side without one takes the other side's, and millimetres when neither has one ("6ftx4ft", "6x4ft",
    "1800x1200", "180 × 120 cm")."""
    match = _TABLE.fullmatch(text)
    if match is None:
        raise GenerateError(_("'{text}' is not a table size such as 6ftx4ft, 72x48in or 1800x1200 (mm)").format(
            text=clip(text)))
    width, width_unit, height, height_unit = match.groups()
    width_unit = width_unit or height_unit or "mm"
    height_unit = height_unit or width_unit
    size = (float(width.replace(",", ".")) * _UNIT_MM[width_unit],
            float(height.replace(",", ".")) * _UNIT_MM[height_unit])
    check_table(*size)
    return size


def check_table(width_mm: float, height_mm: float) -> None:
    for side in (width_mm, height_mm):
        if not TABLE_MIN_MM <= side <= TABLE_MAX_MM:
            raise GenerateError(_("a table side must be {low} to {high} mm, not {side} mm").format(
                low=f"{TABLE_MIN_MM:g}", high=f"{TABLE_MAX_MM:g}", side=plain_decimal(side, 0)))


def generate(system_id: str, table_mm: tuple[float, float] | None = None, seed: int = 0,
             settings: Mapping[str, Any] | None = None, units: str | None = None) -> TrackDocument:
    """The document `system_id`'s generator makes from `seed` on a table of `table_mm` (its own proposal
    when None) with `settings` over the defaults; `units`: the document's display units (its own else)."""
    system, generator = generator_of(system_id)
    if not 0 <= seed <= MAX_SEED:
        raise GenerateError(_("the seed must be a whole number from 0 to {high}").format(high=MAX_SEED))
    ruleset = load_ruleset(system.id)
    width, height = table_mm if table_mm is not None else default_table(generator, ruleset)
    check_table(width, height)
    filled = fill_settings(generator, ruleset, settings or {})
    try:
        document = generator.generate(ruleset, width, height, seed, filled)
    except ValueError as exc:
        raise GenerateError(str(exc)) from None
    if units is not None:
        document = document.model_copy(update={"display_units": units})
    return document
