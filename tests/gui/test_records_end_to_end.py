"""Issue #30's two games played through, in the window and on the command line, then printed:

- a Mario Kart for Downforce season of three players owning six cars over three races, entered in the season
  window's cells and combo boxes, and again with `kartographer campaign result`: the two files hold the same
  season, File ▸ Print… and `campaign print` give the same sheet, and its money standings read back exactly;
- an Axles and Alloys II career of two players, four drivers and three games (one driver dies without his car
  destroyed), entered on the careers page's form, list and tick boxes, and again with
  `kartographer campaign driver …`: the same career, and the driver sheets read back each driver's games,
  status and rerolls.

`KARTOGRAPHER_GRAB=folder` saves the windows as PNGs and the PDFs beside them, to look at."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from designer.cli import main
from designer.io.campaign_io import load_campaign
from designer.panes.campaign import CampaignWindows
from designer.paths import TEMPLATES_DIR

from ..unit import pdfboxes, pdfscan
from ..unit.test_downforce_core import SEASON
from .test_campaign_preview import save_on
from .test_campaign_window import close_quietly
from .test_downforce_season_window import PLAYERS, add_race, enter_race

M = 1_000_000
CARS = {"Max": "axles-medium-turret", "Toecutter": "axles-heavy-dropper-van", "Furiosa": "axles-light-buggy"}


def cli(*argv: str | Path) -> None:
    assert main([str(a) for a in argv]) == 0, argv


def grab(widget, name: str) -> None:
    folder = os.environ.get("KARTOGRAPHER_GRAB")
    if folder:
        widget.resize(1200, 760)  # a laptop's screen, whatever the test's
        widget.grab().save(str(Path(folder) / name))


def keep(data: bytes, name: str) -> None:
    folder = os.environ.get("KARTOGRAPHER_GRAB")
    if folder:
        (Path(folder) / name).write_bytes(data)


def texts_of(data: bytes) -> list[str]:
    reader = pdfscan.reader(data)
    return [t for page in reader.pages for t in pdfscan.texts(page, reader, into_forms=True)]


def legible(data: bytes) -> None:
    for page in pdfboxes.pages(data):
        for run in page.runs:
            assert run.size_pt >= 5.0 - 1e-6 and "…" not in run.text, run


def print_from_window(qtbot, monkeypatch, window, out: Path) -> bytes:
    """File ▸ Print… as a user does it: the preview dialog on A4, Save PDF… to `out`."""
    save_on(qtbot, monkeypatch, "a4")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    window.print_action.trigger()
    qtbot.waitUntil(out.exists, timeout=15000)
    return out.read_bytes()


# --- Downforce -------------------------------------------------------------------------------------------------
def season_by_cli(path: Path) -> None:
    cli("campaign", "new", "--ruleset", "mk-downforce", "--name", "Season",
        "--player", *[f"{name}:{character}" for name, character in PLAYERS], "-o", path)
    for number, (cars, bets) in enumerate(SEASON, 1):
        for colour, place, owner, paid, coins in cars:
            argv = ["--race", str(number), "--car", colour, "--place", str(place), "--owner", owner]
            argv += [f"--paid=-{paid // M}M"] if paid else []
            argv += ["--coins", str(coins)] if coins is not None else []
            cli("campaign", "result", path, *argv)
        for player, amount in bets.items():
            cli("campaign", "result", path, "--race", str(number), "--player", player, "--bets", f"{amount // M}M")


def money_rows(texts: list[str]) -> dict[str, list[str]]:
    """Each player's row of the season sheet's money block: bets and money per race, the season's, the rank."""
    names = [f"{name} ({character})" for name, character in PLAYERS]
    starts = [texts.index(n) for n in names]
    ends = [*starts[1:], starts[-1] + 9]
    return {name.split(" ")[0]: texts[s + 1:e] for name, s, e in zip(names, starts, ends, strict=True)}


def test_a_downforce_season_of_six_cars_in_the_window_and_on_the_command_line(qtbot, tmp_path, monkeypatch, errors):
    gui_file, cli_file = tmp_path / "gui.campaign.json", tmp_path / "cli.campaign.json"
    cli("campaign", "new", "--ruleset", "mk-downforce", "--name", "Season",
        "--player", *[f"{name}:{character}" for name, character in PLAYERS], "-o", gui_file)
    window = CampaignWindows().open_path(gui_file)
    qtbot.addWidget(window)
    qtbot.waitExposed(window)
    for cars, bets in SEASON:
        enter_race(qtbot, add_race(window), cars, bets)
    assert not window.messages.isVisible(), window.messages.text()
    window.save_action.trigger()
    grab(window, "downforce-season-window.png")
    printed = print_from_window(qtbot, monkeypatch, window, tmp_path / "gui-season.pdf")
    close_quietly(window)

    season_by_cli(cli_file)
    gui, _ctx = load_campaign(gui_file)
    by_cli, _ctx = load_campaign(cli_file)
    assert gui == by_cli  # the window and the command line record the very same season
    cli("campaign", "print", cli_file, "-o", tmp_path / "cli-season.pdf")
    assert texts_of((tmp_path / "cli-season.pdf").read_bytes()) == texts_of(printed)

    texts = texts_of(printed)
    rows = money_rows(texts)
    # per race the bet winnings and the race's money, then the season's money and the rank
    # (Ana 15 + 7 + 5, Ben 8 + 7 + 13, Cy 13 + 8 + 6 million)
    assert rows == {
        "Ana": ["$3,000,000", "$15,000,000", "$0", "$7,000,000", "$2,000,000", "$5,000,000", "$27,000,000", "2"],
        "Ben": ["$0", "$8,000,000", "$6,000,000", "$7,000,000", "$0", "$13,000,000", "$28,000,000", "1"],
        "Cy": ["$9,000,000", "$13,000,000", "$0", "$8,000,000", "$3,000,000", "$6,000,000", "$27,000,000", "2"]}
    legible(printed)
    keep(printed, "downforce-season-en.pdf")

    cli("--lang", "de", "campaign", "print", cli_file, "-o", tmp_path / "de.pdf")
    german = (tmp_path / "de.pdf").read_bytes()
    assert money_rows(texts_of(german))["Ben"][-2:] == ["28.000.000 $", "1"]
    legible(german)
    keep(german, "downforce-season-de.pdf")


# --- Axles and Alloys II ---------------------------------------------------------------------------------------
#: (scenario, {driver: entry flags}) of the three games; Nux dies in game 1 with his car still rolling.
GAMES = (
    ("deathmatch", {"Max": {"kills": 1}, "Toecutter": {"destroyed": True}, "Nux": {"died": True}}),
    ("race", {"Max": {"finished": True, "won": True, "rerolls_used": 1}, "Furiosa": {"finished": True}}),
    ("deathmatch", {"Furiosa": {"destroyed": True}}),
)
DRIVERS = (("Max", "Ann", None), ("Toecutter", "Bob", None), ("Furiosa", "Bob", None), ("Nux", "Ann", "light"))


def career_by_cli(path: Path, folder: Path) -> None:
    cli("campaign", "new", "--ruleset", "axles-alloys-2", "--name", "Wasteland", "--player", "Ann", "Bob",
        "-o", path)
    for name, player, vehicle_class in DRIVERS:
        link = ["--vehicle-file", folder / f"{CARS[name]}.vehicle.json"] if name in CARS else []
        cli("campaign", "driver", "add", path, "--name", name, "--player", player,
            *(["--class", vehicle_class] if vehicle_class else []), *link)
    for number, (scenario, entries) in enumerate(GAMES, 1):
        for i, (driver, flags) in enumerate(entries.items()):
            which = ["--new", "--scenario", scenario] if i == 0 else ["--game", str(number)]
            argv = [f"--{flag.replace('_', '-')}" if value is True else f"--{flag.replace('_', '-')}={value}"
                    for flag, value in flags.items()]
            cli("campaign", "driver", "game", path, *which, "--driver", driver, *argv)


def enter_career_in_window(qtbot, monkeypatch, page, folder: Path) -> None:
    for name, player, vehicle_class in DRIVERS:
        page.name_edit.setText(name)
        page.player_combo.setCurrentIndex(page.player_combo.findText(player))
        page.vehicle_combo.setCurrentIndex(max(0, page.vehicle_combo.findData(vehicle_class)))
        qtbot.mouseClick(page.add_driver_button, Qt.MouseButton.LeftButton)
        if name in CARS:
            page.select_driver(name)
            monkeypatch.setattr(QFileDialog, "getOpenFileName",
                                lambda *a, n=name, **k: (str(folder / f"{CARS[n]}.vehicle.json"), ""))
            qtbot.mouseClick(page.choose_vehicle_button, Qt.MouseButton.LeftButton)
    for number, (scenario, entries) in enumerate(GAMES, 1):
        page.scenario_combo.setCurrentIndex(page.scenario_combo.findData(scenario))
        qtbot.mouseClick(page.new_game_button, Qt.MouseButton.LeftButton)
        page.games_list.setCurrentRow(number - 1)
        assert page.current_game() == number
        for driver, flags in entries.items():
            qtbot.mouseClick(page.entries.rows[driver]["played"], Qt.MouseButton.LeftButton)
            for flag, value in flags.items():
                widget = page.entries.rows[driver][flag]
                if value is True:
                    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
                else:
                    widget.setValue(value)
            assert not page.message.isVisible(), page.message.text()


def sheet_of(texts: list[str], driver: str, names: list[str]) -> list[str]:
    """The words of `driver`'s sheet: from the name to the next driver's."""
    start = texts.index(driver)
    later = [texts.index(n) for n in names if texts.index(n) > start]
    return texts[start:min(later, default=len(texts))]


def test_an_axles_career_of_four_drivers_in_the_window_and_on_the_command_line(qtbot, tmp_path, monkeypatch,
                                                                              errors):
    for car in CARS.values():
        shutil.copy(TEMPLATES_DIR / f"{car}.vehicle.json", tmp_path)
    gui_file, cli_file = tmp_path / "gui.campaign.json", tmp_path / "cli.campaign.json"
    cli("campaign", "new", "--ruleset", "axles-alloys-2", "--name", "Wasteland", "--player", "Ann", "Bob",
        "-o", gui_file)
    window = CampaignWindows().open_path(gui_file)
    qtbot.addWidget(window)
    qtbot.waitExposed(window)
    enter_career_in_window(qtbot, monkeypatch, window.page, tmp_path)
    window.save_action.trigger()
    grab(window, "axles-career-window.png")
    printed = print_from_window(qtbot, monkeypatch, window, tmp_path / "gui-career.pdf")
    close_quietly(window)

    career_by_cli(cli_file, tmp_path)
    gui, _ctx = load_campaign(gui_file)
    by_cli, _ctx = load_campaign(cli_file)
    assert gui == by_cli
    cli("campaign", "print", cli_file, "-o", tmp_path / "cli-career.pdf")
    assert texts_of((tmp_path / "cli-career.pdf").read_bytes()) == texts_of(printed)

    texts = texts_of(printed)
    names = [name for name, _player, _class in DRIVERS]
    nux = sheet_of(texts, "Nux", names)
    assert "died in game 1" in nux and "alive" not in nux
    furiosa = sheet_of(texts, "Furiosa", names)
    assert "alive" in furiosa  # she lost her car in game 3, not her life
    for driver in ("Max", "Toecutter", "Furiosa"):
        assert "alive" in sheet_of(texts, driver, names), driver
    assert sum("alive" in sheet_of(texts, n, names) for n in names) == 3
    max_sheet = sheet_of(texts, "Max", names)
    assert "+2 / −0" in max_sheet and "+2 / −1" in max_sheet  # deathmatch: survived + a kill; race: finished + won
    legible(printed)
    keep(printed, "axles-career-en.pdf")

    cli("--lang", "de", "campaign", "print", cli_file, "-o", tmp_path / "de.pdf")
    german = (tmp_path / "de.pdf").read_bytes()
    words = texts_of(german)
    assert sheet_of(words, "Nux", names).count("in Spiel 1 gestorben") == 1 and words.count("lebt") == 3
    legible(german)
    keep(german, "axles-career-de.pdf")

