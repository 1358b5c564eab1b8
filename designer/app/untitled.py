"""The blank document that File ▸ New and a start without files open: an empty Gaslands table, named
"Untitled" in the user's language."""

from __future__ import annotations

from designer.app.settings import Settings
from designer.i18n import _, format_number
from designer.model import MM_PER_UNIT, Table, TrackDocument
from designer.systems import registry

#: Decimals shown for lengths read out to the user (cursor position, table size), per display unit.
READOUT_DECIMALS = {"mm": 0, "cm": 1, "in": 2}


def untitled_document(name: str | None = None) -> TrackDocument:
    """A new, empty document ("Untitled" unless named): a 6′×4′ table for the default game system (the
    registry's first), in the preferred units."""
    return TrackDocument(
        name=_("Untitled") if name is None else name,
        ruleset=registry.default_id(),
        table=Table(width_mm=6 * 12 * MM_PER_UNIT["in"], height_mm=4 * 12 * MM_PER_UNIT["in"]),
        display_units=Settings().preferences().new_document_units,
    )


def format_readout(mm: float, units: str) -> str:
    value, decimals = mm / MM_PER_UNIT[units], READOUT_DECIMALS[units]
    return f"{value:.0f} {units}" if decimals == 0 else f"{format_number(value, decimals)} {units}"
