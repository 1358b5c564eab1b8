"""PDF export with reportlab: layout specs and draw functions writing to any file-like object. No Qt.

Writers take a binary file object or a path (written atomically) and return the number of pages:

* `write_track_pdf`      – the track at 1:1 on tiled pages, after an assembly map (`tiles.py`)
* `write_cards_pdf`      – the ruleset's item deck with mirrored backs (`cards.py`)
* `write_tokens_pdf`     – true-size tokens for what a track uses (`tokens.py`)
* `write_dashboards_pdf` – one dashboard per kart (`dashboards.py`)
* `write_scoresheet_pdf` – a Grand Prix score sheet, blank or filled (`scoresheet.py`)
* `export_pdf`           – the sections the track's game system offers, in one PDF (`bundle.py`, the print
  shop; the sections any system can offer are in `sections.py`, the options in `options.py`)

Layout maths lives in `paper.py` (and the `plan_*`/`pack_*`/`*_layout` functions); impossible layouts
raise `LayoutError` with a one-line message.

The names below are imported on first use, so that `designer.export.sections` and `.options` — which the
game systems name when the registry loads them — do not pull in reportlab.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from designer.export.bundle import export_pdf
    from designer.export.cards import CardOptions, write_cards_pdf
    from designer.export.dashboards import DashboardOptions, Kart, Upgrades, karts_for, write_dashboards_pdf
    from designer.export.options import ExportOptions, PrintJob
    from designer.export.paper import CARD_SIZES, CLI_PAPERS, PAPERS, LayoutError, card_grid, tile_grid
    from designer.export.scoresheet import (
        GrandPrixScores,
        PlayerResults,
        RaceResult,
        ScoreSheetOptions,
        write_scoresheet_pdf,
    )
    from designer.export.tiles import TrackPrintOptions, plan_tiles, write_track_pdf
    from designer.export.tokens import TokenOptions, write_tokens_pdf

_HOMES = {
    "bundle": ("export_pdf",),
    "cards": ("CardOptions", "write_cards_pdf"),
    "dashboards": ("DashboardOptions", "Kart", "Upgrades", "karts_for", "write_dashboards_pdf"),
    "options": ("ExportOptions", "PrintJob"),
    "paper": ("CARD_SIZES", "CLI_PAPERS", "PAPERS", "LayoutError", "card_grid", "tile_grid"),
    "scoresheet": ("GrandPrixScores", "PlayerResults", "RaceResult", "ScoreSheetOptions", "write_scoresheet_pdf"),
    "tiles": ("TrackPrintOptions", "plan_tiles", "write_track_pdf"),
    "tokens": ("TokenOptions", "write_tokens_pdf"),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "CARD_SIZES", "CLI_PAPERS", "PAPERS", "CardOptions", "DashboardOptions", "ExportOptions",
    "GrandPrixScores", "Kart", "LayoutError", "PlayerResults", "PrintJob", "RaceResult", "ScoreSheetOptions",
    "TokenOptions", "TrackPrintOptions", "Upgrades", "card_grid", "export_pdf", "karts_for", "plan_tiles",
    "tile_grid", "write_cards_pdf", "write_dashboards_pdf", "write_scoresheet_pdf", "write_tokens_pdf",
    "write_track_pdf",
]


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'designer.export' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"designer.export.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
