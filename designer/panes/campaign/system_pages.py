"""What a game system's Qt half gives the campaign window for one of its campaign modes: `CAMPAIGN_PAGES`
{mode name: `ModePages`} — the page class of each race tab and the standings' own table, rule and chart
(Downforce's season: cars and money), or the one page of a mode kept without races (Axles' careers). A mode
without an entry gets the shared pages."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from designer.canvas.items import system_qt_half
from designer.systems import registry

if TYPE_CHECKING:
    from designer.model.campaign import CampaignDocument
    from designer.panes.campaign.standings import StandingsPanel
    from designer.rules import Ruleset


@dataclass(frozen=True)
class ModeStandings:
    """A mode's own standings: `rule(ruleset)` the tie rule in words under the table; `fill(panel)` fills the
    panel's table and chart; `counted(doc, ruleset)` which races count so far (one bool per race);
    `chart_title` the chart's heading (English, `N_`), `axis` the chart's `(axis, format)` or None. Every
    standings table scrolls sideways as races are added instead of widening the window."""

    rule: Callable[[Ruleset], str]
    fill: Callable[[StandingsPanel], None]
    counted: Callable[[CampaignDocument, Ruleset], Sequence[bool]]
    chart_title: str
    axis: tuple[str, Callable[[int], str]] | None = None


@dataclass(frozen=True)
class ModePages:
    """A mode's own pages in the campaign window: `race_page` the class of each race tab (the shared
    `races.RacePage`'s constructor and signals), `standings` its own standings; `page` the class of a page of
    its own (made with the `CampaignSession`), under `page_title` (English, `N_`): for a mode kept without
    races (`CampaignMode.record` "games") its one page, for a races mode a tab after the race tabs."""

    race_page: type | None = None
    standings: ModeStandings | None = None
    page: type | None = None
    page_title: str = ""


def mode_pages(doc: CampaignDocument) -> ModePages:
    """The campaign mode's own pages from its system's Qt half (`CAMPAIGN_PAGES`), or none."""
    system = registry.find(doc.ruleset)
    half = system_qt_half(system) if system is not None else None
    pages = getattr(half, "CAMPAIGN_PAGES", {}) if half is not None else {}
    own = pages.get(doc.mode)
    return own if isinstance(own, ModePages) else ModePages()
