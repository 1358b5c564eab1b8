"""The campaign window of every system's every campaign mode, in English, German, Spanish and French, fits a
1280 × 800 px screen with room: it accepts 1,200 × 740 px when it opens and still does after races, prizes,
games or Wipe Outs are entered (tables scroll, nothing forces the window bigger), and no label, button or
tab text is cut at that size.

Measured before (minimum width): a Grand Prix 1,321 px in English, 1,416 px in German; a race series grew
by ~185 px with three races (the standings' race columns) and to 1,456 px in German with a long track file name
(a missing track's label); an Axles career with games 1,441 px (1,679 px in Spanish); a Downforce season at
least 896 px high. Now at most ~980 px wide and ~700 px high."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from designer import i18n
from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.modes import playable_modes
from designer.document.campaign import CampaignSession
from designer.model.campaign import GameEntry
from designer.panes.campaign import CampaignWindows
from designer.panes.campaign.window import CampaignWindow
from designer.rules import load_ruleset

from .layout_audit import clipped

ROOM = 1200  # a 1280 px screen less a window frame and some desktop around it
HIGH = 740  # an 800 px screen less the title bar, a panel and some room
SYSTEMS = ("mk-gaslands", "mk-board", "pitchkart", "mk-downforce", "axles-alloys-2")
LANGUAGES = ("en", "de", "es", "fr")
NAMES = ("Anastasia Longname", "Bernhard", "Cy", "Dorothea")
#: characters of four different kart colours (Downforce has one kart per colour)
DOWNFORCE = ("mario", "luigi", "donkey-kong", "toad")
COLOURS = ("red", "green", "orange", "black", "blue", "yellow")
M = 1_000_000


def cases() -> list[tuple[str, str]]:
    return [(ruleset, mode.name) for ruleset in SYSTEMS for mode in playable_modes(load_ruleset(ruleset))]


def new_session(ruleset: str, mode: str) -> CampaignSession:
    ctx = Context(load_ruleset(ruleset))
    characters = (DOWNFORCE if ruleset == "mk-downforce" else [c.id for c in ctx.ruleset.characters][:4]
                  or ("Interceptor", "War Rig", "Buggy", "Bike"))
    players = list(zip(NAMES, characters, strict=True))
    return CampaignSession(edit.new_campaign("A Long Campaign Name for Measuring", ctx, mode, players), None, ctx)


def play(session: CampaignSession, race: int) -> None:
    """Enter race (or game, or Wipe Out) `race` as a player would, with the longest money a season allows."""
    from designer.systems.axles_alloys_2 import career_edit
    from designer.systems.mk_downforce import season_edit

    doc, names = session.document, list(NAMES)
    edits = []
    if doc.mode == "season":
        edits = [(season_edit.set_car, race, colour, place, names[place % 3], 999 * M, 9)
                 for place, colour in enumerate(COLOURS, 1)]
        edits += [(season_edit.set_prizes, [999_999_999_999] * 6), (season_edit.set_bets, race, names[0], 999 * M)]
    elif doc.mode == "career":
        if race == 1:
            edits = [(career_edit.add_driver, f"{name} the Driver", name) for name in names]
        edits += [(career_edit.add_game, "deathmatch" if race % 2 else "race")]
        edits += [(career_edit.set_game_entry, race, GameEntry(driver=f"{name} the Driver", destroyed=i == 1,
                                                               kills=int(i == 0)))
                  for i, name in enumerate(names)]
    elif doc.mode == "balloon_battle":
        edits = [(edit.wipe_out, 0, names[race % 4], names[(race + 1) % 4])]
        if race == 4:  # the others lose every balloon left: Anastasia Longname wins, in the banner
            edits = [(edit.wipe_out, 0, name, names[0])
                     for name in names[1:] for _balloon in range(left(session, name))]
    else:
        edits = [(edit.set_result, race, name, place, None, 9) for place, name in enumerate(names, 1)]
        edits.append((edit.set_race_track, race, f"../tracks/a-very-long-named-rainbow-road-circuit-{race}.track.json"))
    for change, *args in edits:
        assert session.apply("enter", change, *args) is None


def left(session: CampaignSession, player: str) -> int:
    from designer.campaign.battle import battle_state

    return battle_state(session.document, session.context, 0).balloons[player]


def open_window(qtbot, session: CampaignSession) -> CampaignWindow:
    window = CampaignWindow(session, CampaignWindows())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def widths(qtbot, window: CampaignWindow) -> tuple[int, int]:
    """(the window's width after being asked for ROOM, its minimum width), every tab shown once."""
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
    window.tabs.setCurrentIndex(window.tabs.count() - 1)
    window.resize(ROOM, HIGH)
    qtbot.wait(20)  # the layout settles, replaced cell widgets are gone
    return window.width(), window.minimumSizeHint().width()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("ruleset", "mode"), cases())
def test_the_campaign_window_fits_a_laptop_screen_and_never_grows(qtbot, errors, ruleset, mode, language):
    i18n.set_language(language)
    session = new_session(ruleset, mode)
    play(session, 1)
    window = open_window(qtbot, session)
    first, least = widths(qtbot, window)
    for race in (2, 3, 4):
        play(session, race)
    later, grown = widths(qtbot, window)
    banner = window.page.banner if mode == "balloon_battle" else window.banner
    assert banner.isVisible() == (mode in ("grand_prix", "balloon_battle"))  # the winner's, at its longest
    print(f"{ruleset} {mode} {language}: minimum {least} → {grown} px")
    assert least <= ROOM and first == ROOM, f"opens at least {least} px wide"
    assert grown <= least and later == ROOM, f"grew from {least} to {grown} px"
    assert window.height() == HIGH, f"at least {window.minimumSizeHint().height()} px high"
    assert clipped(window) == []
    folder = os.environ.get("KARTOGRAPHER_GRAB")
    if folder:
        window.grab().save(str(Path(folder) / f"campaign-{ruleset}-{mode}-{language}.png"))
    session.undo_stack.setClean()
    window.close()
