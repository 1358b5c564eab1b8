"""PDF export with reportlab: layout specs and draw functions writing to any file-like object. No Qt.

Writers take a binary file object or a path (written atomically) and return the number of pages:

* `write_track_pdf`      – the track at 1:1 on tiled pages, after an assembly map (`tiles.py`)
* `write_cards_pdf`      – the ruleset's item deck with mirrored backs (`cards.py`)
* `write_tokens_pdf`     – true-size tokens for what a track uses (`tokens.py`)
* `write_dashboards_pdf` – one dashboard per kart (`dashboards.py`)
* `write_scoresheet_pdf` – a Grand Prix score sheet, blank or filled (`scoresheet.py`)
* `export_pdf`           – any of the above for a track, in one PDF (`bundle.py`)

Layout maths lives in `paper.py` (and the `plan_*`/`pack_*`/`*_layout` functions); impossible layouts
raise `LayoutError` with a one-line message.
"""

from designer.export.bundle import SECTIONS, ExportOptions, export_pdf
from designer.export.cards import CardOptions, write_cards_pdf
from designer.export.dashboards import DashboardOptions, Kart, Upgrades, karts_for, write_dashboards_pdf
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

__all__ = [
    "CARD_SIZES", "CLI_PAPERS", "PAPERS", "SECTIONS", "CardOptions", "DashboardOptions", "ExportOptions",
    "GrandPrixScores", "Kart", "LayoutError", "PlayerResults", "RaceResult", "ScoreSheetOptions", "TokenOptions",
    "TrackPrintOptions", "Upgrades", "card_grid", "export_pdf", "karts_for", "plan_tiles", "tile_grid",
    "write_cards_pdf", "write_dashboards_pdf", "write_scoresheet_pdf", "write_tokens_pdf", "write_track_pdf",
]
