"""The Race Day window on a 1280×800 laptop, for every system's race and in every language: the window keeps that
size (its layout asks no more), every control lies inside it, no button or label is cut (each as wide and high as
its text needs) and every button is touch-sized. A wrong layout (a longer German title in a fixed grid, a standing
of many karts pushing the buttons off screen) fails here."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel, QLineEdit, QWidget

from designer.panes.race_day import TOUCH_HEIGHT, RaceDayWindow
from designer.race.document import Entrant
from designer.race.engine import parse_action
from designer.race.race_io import new_race, save_race

E = Entrant
LONG = ("Annabelle-Marie", "Bartholomew", "Cid", "Dee", "Esmeralda", "Fitzgerald", "Gwendolyn", "Hildegard")
#: system → players, setup, actions: a race under way, every kart holding something to show.
RACES = {
    "mk-gaslands": ([E(name=n) for n in LONG], {"laps": 3, "gate": 2, "thwomp": 2, "item_box": 3, "coin": 4},
                    [*(f"box {n} 2" for n in LONG), "coin Bartholomew 4", "gear Cid 3", "next", "gate Cid"]),
    "mk-board": ([E(name=n) for n in LONG[:4]], {"spaces": 20, "field_3": 1, "field_4": 2, "field_6": 3,
                                                 "field_8": 4, "shortcut_5": 12}, []),
    "mk-downforce": ([E(name="Annabelle-Marie", character="mario"), E(name="Bartholomew", character="toad")], {},
                     ["order yellow,red,green,orange,black,blue", "block red 1", "block blue 2"]),
    "pitchkart": ([E(name=n, character=c) for n, c in zip(LONG, ("mario", "toad", "bowser", "peach"), strict=False)],
                  {"laps": 3}, [f"box {n}" for n in LONG[:4]]),
    "axles-alloys-2": ([E(name=n, character=c) for n, c in (("Rex", "heavy"), ("Zed", "light"), ("Max", "medium"))],
                       {}, ["speed Rex 6", "turn", "damage Zed 5 Rex"]),
}


def race_file(system: str, folder: Path) -> Path:
    players, setup, actions = RACES[system]
    race = new_race(system, players, seed=7, setup=setup)
    for words in actions:
        race.act(parse_action(race.rules, words.split()))
    path = folder / f"{system}.race.json"
    save_race(race, path)
    return path


def cut(window: RaceDayWindow) -> list[str]:
    """What does not fit: a control outside the window, a text wider or taller than its control, a small button."""
    found = []
    frame = window.rect()
    for widget in window.findChildren(QWidget):
        if not widget.isVisible() or window.summary_area.viewport().isAncestorOf(widget):
            continue  # the standing scrolls inside its own area
        name = widget.text() if hasattr(widget, "text") else type(widget).__name__
        if not frame.contains(QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())):
            found.append(f"{name!r} lies outside the window")
        if isinstance(widget, QAbstractButton | QComboBox | QLineEdit):
            if widget.width() < widget.sizeHint().width():
                found.append(f"{name!r} is cut: {widget.width()} < {widget.sizeHint().width()} px")
            if widget.height() < TOUCH_HEIGHT:
                found.append(f"{name!r} is {widget.height()} px high, under {TOUCH_HEIGHT}")
        elif isinstance(widget, QLabel) and widget.text():
            needed = widget.heightForWidth(widget.width()) if widget.wordWrap() else widget.sizeHint().height()
            if widget.height() < needed or (not widget.wordWrap() and widget.width() < widget.sizeHint().width()):
                found.append(f"{name!r} is cut")
    return found


@pytest.mark.parametrize("language", ["en", "de", "es", "fr"])
@pytest.mark.parametrize("system", sorted(RACES))
def test_the_race_day_window_fits_a_1280_by_800_screen(qtbot, tmp_path, qt_language_reset, system, language):
    from designer.app.main import application, install_language

    install_language(application(), language)
    window = RaceDayWindow(race_file(system, tmp_path), file_result=lambda _placings: None)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.say("x " * 60)  # a long refusal on the message line wraps, it does not widen the window
    application().processEvents()
    hint = window.minimumSizeHint()
    assert hint.width() <= 1280 and hint.height() <= 800, (hint.width(), hint.height())
    assert (window.width(), window.height()) == (1280, 800)
    assert cut(window) == []
    assert window.summary_area.widget().height() >= window.summary.heightForWidth(window.summary.width())
