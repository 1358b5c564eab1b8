"""Race Day for a career campaign: the next game played at the table. The race file is kept next to the
campaign (`<campaign>-game-<n>.race.json`, n the game it will be): the first click starts it with the living
drivers (their weight class, career rerolls and vehicle files) in the chosen scenario; a later click continues
it. The Race Day window's File Result adds it as game n — one entry per driver — in one undoable edit, checked
like a game entered by hand. Shared: what the race reads and files is its system's (`System.race`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from designer.campaign.errors import CampaignError
from designer.i18n import _
from designer.io.errors import DocumentError
from designer.io.suffixes import CAMPAIGN_SUFFIX
from designer.systems import registry

if TYPE_CHECKING:
    from designer.panes.race_day import RaceDayWindow
    from designer.race.engine import Race
    from designer.systems.axles_alloys_2.qt.careers import CareersPage


def offers_race_day(ruleset_id: str) -> bool:
    """Whether the campaign's system runs career games on race day."""
    system = registry.find(ruleset_id)
    return system is not None and system.race_rules is not None and system.race_rules.game is not None


def game_file(campaign: Path, number: int) -> Path:
    stem = campaign.name[: -len(CAMPAIGN_SUFFIX)] if campaign.name.lower().endswith(CAMPAIGN_SUFFIX) else campaign.stem
    return campaign.parent / f"{stem}-game-{number}.race.json"


def run_game(page: CareersPage, scenario: str) -> RaceDayWindow | None:
    """Open (or start) the race day of the campaign's next game; a refusal goes to the page's message line."""
    from designer.panes.race_day import RaceDayWindow
    from designer.race.race_io import new_race, race_rules, save_race
    from designer.systems.axles_alloys_2.race_entrants import career_entrants

    session = page.session
    if session.path is None:
        page.show_message(_("Save the campaign first: its race day file is kept next to it."))
        return None
    doc, ctx = session.document, session.context
    number = len(doc.games) + 1
    path = game_file(Path(session.path), number)
    try:
        if not path.exists():
            rules, ruleset = race_rules(doc.ruleset, path)
            setup = rules.game_setup(ruleset, scenario) if rules.game_setup is not None else {}
            players = career_entrants(doc, ctx, session.path, ruleset, rules)
            race = new_race(doc.ruleset, players, None, doc.mode, None, None, path,
                            (Path(session.path).name, number), setup=setup)
            save_race(race, path)
        window: Any = None  # set below: the window the result is sent from

        def send(_placings: object) -> str | None:
            return file_game(page, window.race) if window is not None else None
        window = RaceDayWindow(path, file_result=send, result_tip=_(
            "Add this game to the campaign: who was destroyed, who died, kills, finishes and rerolls spent"))
    except (DocumentError, CampaignError) as exc:
        page.show_message(str(exc))
        return None
    window.show()
    page.race_window = window
    return window


def file_game(page: CareersPage, race: Race) -> str | None:
    """Add the race as the campaign's next game in one undoable edit; the refusal's reason, or None."""
    from designer.systems.axles_alloys_2.race_entrants import file_career_game as filed

    link = race.file.campaign
    count = len(page.session.document.games)
    if race.rules.game is None:
        return _("this race keeps no career games")
    if link is not None and link.race != count + 1:
        return _("the campaign has {n} games: this race files game {game}").format(n=count, game=link.race)
    scenario, outcomes = race.rules.game(race.ruleset, race.state)
    reason = page.session.apply(_("Game {n}: from race day").format(n=count + 1), filed, scenario, outcomes)
    page.refresh()
    return reason or None
