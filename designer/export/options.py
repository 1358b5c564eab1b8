"""What the print shop is asked to print: the options every section shares (`ExportOptions`) and the
`PrintJob` a section's `render(canvas, job)` and `unavailable(job)` receive (see
`designer.systems.api.PrintSection`). Light: no reportlab, so system packages can name these types.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from designer.export.scoresheet import GrandPrixScores
    from designer.model.track import TrackDocument
    from designer.rules.schema import Ruleset


@dataclass(frozen=True)
class ExportOptions:
    """Options shared by every section. `margin_mm=None` lets each section use its own default
    (10 mm, but `paper.CARD_MARGIN_MM` for card sheets — measured to the outer bleed — so 3×3 poker or bridge
    cards fit on A4, with room for cut marks and calibration bars clear of the paper's blank edge)."""

    paper: str = "a4"
    margin_mm: float | None = None
    overlap_mm: float = 10.0
    orientation: str = "auto"
    ink_saver: bool = False
    keep_empty: bool = False
    card_size: str = "poker"
    reach_rings: bool = False
    #: (name, value) of the system's own print options (`designer.systems.api.PrintOption`) set for this print
    settings: tuple[tuple[str, float], ...] = ()
    #: the edge the printer turns card sheets over for their backs: "long" or "short"
    duplex: str = "long"

    def margin(self, default: float) -> float:
        return default if self.margin_mm is None else self.margin_mm


@dataclass(frozen=True)
class Seat:
    """One player of a campaign as a per-player sheet shows them: their name, and their character's id and
    name (a custom character's, or a player's own label, has no id in the rule data)."""

    player: str
    character_id: str
    character: str


@dataclass(frozen=True)
class PrintJob:
    """One document's print run: its rule data, the shared options and, from a campaign, its scores (a Grand Prix's
    `GrandPrixScores`, or what a mode's own score sheet reads, e.g. a season's `SeasonScores`) and its roster: a
    system's own per-player sheet (its `dashboards` section) prints one sheet per seat, filled with the player and
    their character, instead of one per kart."""

    document: TrackDocument
    ruleset: Ruleset
    options: ExportOptions = ExportOptions()
    scores: GrandPrixScores | Any = None
    seats: tuple[Seat, ...] = ()

    def setting(self, name: str) -> float:
        """The value of the system's print option `name`: as set for this print, else the rule data's."""
        for key, value in self.options.settings:
            if key == name:
                return value
        from designer.systems import registry

        option = registry.get(self.ruleset.id).print_option(name)
        if option is None:
            raise KeyError(name)
        return option.default(self.ruleset)
