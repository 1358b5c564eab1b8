"""Run This Race: a campaign race run on race day. The race file is kept next to the campaign
(`<campaign>-race-<n>.race.json`): the first click starts it from the race's grid (or roster), characters,
upgrades bought so far and track; a later click continues it. The Race Day window's File Result enters its
places, gates and coins as one undoable campaign edit, checked as results typed in by hand."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from designer.campaign import edit
from designer.i18n import _
from designer.io.campaign_io import relative_track
from designer.io.errors import DocumentError
from designer.io.suffixes import CAMPAIGN_SUFFIX
from designer.systems import registry

if TYPE_CHECKING:
    from designer.panes.campaign.races import RacePage
    from designer.panes.race_day import RaceDayWindow
    from designer.race.engine import Placing, Race


def offers_race_day(ruleset_id: str) -> bool:
    system = registry.find(ruleset_id)
    return system is not None and system.race_rules is not None


def race_file(campaign: Path, number: int) -> Path:
    stem = campaign.name[: -len(CAMPAIGN_SUFFIX)] if campaign.name.lower().endswith(CAMPAIGN_SUFFIX) else campaign.stem
    return campaign.parent / f"{stem}-race-{number}.race.json"


def run_race(page: RacePage | Any) -> RaceDayWindow | None:  # a race page: the shared one or a system's
    """Open (or start) the race day of `page`'s race; a refusal goes to the page's message line."""
    from designer.io.track_io import load_track
    from designer.panes.race_day import RaceDayWindow
    from designer.race.campaign import entrants
    from designer.race.race_io import new_race, save_race

    session, number = page.session, page.index + 1
    if session.path is None:
        page.messages.show_message(_("Save the campaign first: its race day file is kept next to it."))
        return None
    path = race_file(Path(session.path), number)
    try:
        if not path.exists():
            doc, ctx = session.document, session.context
            track_path = session.resolve_track(page.race().track)
            track = load_track(track_path) if track_path is not None and track_path.exists() else None
            stored = relative_track(path, track_path) if track is not None and track_path is not None else None
            race = new_race(doc.ruleset, entrants(doc, ctx, number), None, doc.mode, stored, track, path,
                            (relative_track(path, session.path), number))
            save_race(race, path)
        window = RaceDayWindow(path, file_result=lambda placings: file_result(page, placings, window.race))
    except DocumentError as exc:
        page.messages.show_message(str(exc))
        return None
    window.show()
    page.race_window = window
    return window


def file_result(page: RacePage | Any, placings: Sequence[Placing], race: Race | None = None) -> str | None:
    """Enter the race's result as one undoable edit (the system's own filing when its race has one); the refusal's
    reason, or None when it was entered."""
    number = page.index + 1
    title = _("Race {n}: results from race day").format(n=number)
    if race is not None and race.rules.file is not None:
        from designer.race.campaign import file_race

        reason = page.session.apply(title, file_race, number, race)
    else:
        rows = [(p.player, p.place, p.gates, p.coins) for p in placings]
        reason = page.session.apply(title, edit.enter_results, number, rows)
    page.refresh()
    return reason or None
