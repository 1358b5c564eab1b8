"""kill -9 in mid-race: a Race Day window in another process clicks its buttons (saving after every action) and is
killed with SIGKILL; the race file it leaves is a whole race that a new window opens where it stopped — the same
state, the same log — and plays on."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from designer.panes.race_day import RaceDayWindow
from designer.race.document import Entrant
from designer.race.engine import replay
from designer.race.race_io import new_race, save_race

NAMES = ("Ann", "Ben", "Cid", "Dee")
SCRIPT = """
import itertools, sys
from designer.app.main import application
app = application()
from designer.panes.race_day import RaceDayWindow
window = RaceDayWindow(sys.argv[1])
window.show()
print("ready", flush=True)
for i in itertools.count():
    name = ("Ann", "Ben", "Cid", "Dee")[i % 4]
    for action, value in (("box", "2"), ("use", ""), ("coin", "3"), ("gate", ""), ("next", "")):
        if action != "next":
            window.kart.setCurrentIndex(window.kart.findData(name))
        window.value.setText(value)
        window.buttons[action].click()
        app.processEvents()
"""


def saved_actions(path: Path) -> int:
    try:
        return len(json.loads(path.read_text())["actions"])
    except (OSError, ValueError):
        return 0


def test_a_race_day_window_killed_mid_race_reopens_where_it_stopped(qtbot, tmp_path: Path):
    path = tmp_path / "heat.race.json"
    save_race(new_race("mk-gaslands", [Entrant(name=n) for n in NAMES], seed=9, setup={"laps": 3}), path)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    child = subprocess.Popen([sys.executable, "-c", SCRIPT, str(path)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        deadline = time.monotonic() + 60
        while saved_actions(path) < 25 and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        child.send_signal(signal.SIGKILL)
        assert child.wait() == -signal.SIGKILL
    assert not [p for p in tmp_path.iterdir() if p != path and p.name.endswith(".race.json")]
    window = RaceDayWindow(path)
    qtbot.addWidget(window)
    actions = len(window.race.file.actions)
    assert actions >= 25  # the window had saved every click up to the kill
    assert window.race.state == replay(window.race.file, window.race.rules, window.race.ruleset).state
    assert window.log.count() == len(window.race.log)
    window.kart.setCurrentIndex(window.kart.findData("Ann"))
    window.value.setText("1")
    window.buttons["hazard"].click()
    assert len(json.loads(path.read_text())["actions"]) == actions + 1  # and the race goes on
