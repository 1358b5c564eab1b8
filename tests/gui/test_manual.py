"""Help ▸ Manual: the player's manual shipped as HTML in four languages, opened by F1 in the app's language,
and at a check code's paragraph by the Problems dock's Help on This Problem. Every page links only to pages,
anchors and images that exist, and every check code has its paragraph in every language."""

from __future__ import annotations

import importlib
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from PySide6.QtWidgets import QApplication

from designer import i18n
from designer.app import help_menu
from designer.app.help_menu import ManualWindow
from designer.app.window import MainWindow
from designer.geometry.checks import Problem, base
from designer.panes.problems import ProblemsPane
from designer.systems.registry import systems

LANGUAGES = ("en", "de", "es", "fr")
#: Words the manual's contents page holds in its language (its first heading), so a test sees the language.
TITLES = {"en": "player's manual", "de": "Spielerhandbuch", "es": "manual del jugador", "fr": "manuel du joueur"}


class Page(HTMLParser):
    """The anchors, links and images of one manual page."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.anchors: set[str] = set()
        self.links: list[str] = []
        self.images: list[str] = []
        self.feed(path.read_text(encoding="utf-8"))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "a" and values.get("name"):
            self.anchors.add(values["name"] or "")
        if tag == "a" and values.get("href"):
            self.links.append(values["href"] or "")
        if tag == "img":
            self.images.append(values.get("src") or "")


def pages(language: str) -> dict[str, Page]:
    return {p.name: Page(p) for p in sorted((help_menu.MANUAL_DIR / language).glob("*.html"))}


def every_check_code() -> set[str]:
    """The code of every check any game system runs (their check modules imported, as a check run does)."""
    for system in systems():
        for module in system.check_modules:
            importlib.import_module(module)
    return {c.code for c in base.CHECKS if c.fn.__module__.startswith("designer.")}  # not a test system's


@pytest.mark.parametrize("language", LANGUAGES)
def test_f1_opens_the_manual_in_the_apps_language(language, qtbot, errors):
    i18n.set_language(language)
    window = MainWindow()
    qtbot.addWidget(window)
    window.manual_action.trigger()
    manual = window.findChild(ManualWindow)
    assert manual is not None and manual.isVisible() and not manual.isModal()
    source = Path(manual.browser.source().toLocalFile())
    assert source == help_menu.MANUAL_DIR / language / "index.html"
    assert TITLES[language] in manual.browser.document().firstBlock().text()
    assert manual.windowTitle() == i18n._("Kartographer Manual")
    # A chapter link stays in the window, and Back and Contents find the way home.
    manual.browser.setSource(manual.browser.source().resolved("print.html"))
    assert Path(manual.browser.source().toLocalFile()).name == "print.html" and manual.back_button.isEnabled()
    manual.contents_button.click()
    assert Path(manual.browser.source().toLocalFile()).name == "index.html"
    help_menu.show_manual(window)
    assert window.findChildren(ManualWindow) == [manual]  # raised again, not a second window
    manual.close()
    window.close()


def test_a_language_without_a_manual_falls_back_to_english(monkeypatch, tmp_path):
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "index.html").write_text("<h1>x</h1>", encoding="utf-8")
    (tmp_path / "de").mkdir()  # a folder without its pages does not count
    monkeypatch.setattr(help_menu, "MANUAL_DIR", tmp_path)
    assert help_menu.manual_folder("de") == tmp_path / "en"
    assert help_menu.manual_folder("fr") == tmp_path / "en"
    assert help_menu.manual_url("pk-loop-open", "de").toLocalFile() == str(tmp_path / "en" / "checks.html")
    assert help_menu.manual_url("pk-loop-open", "de").fragment() == "pk-loop-open"


def test_without_the_manual_the_window_says_so(window: MainWindow, monkeypatch, tmp_path):
    monkeypatch.setattr(help_menu, "MANUAL_DIR", tmp_path)
    manual = ManualWindow(window)
    assert manual.browser.toPlainText() == "The manual is not part of this installation."
    manual.deleteLater()
    QApplication.processEvents()


def test_help_on_a_problem_opens_the_manual_at_its_code(window: MainWindow, qtbot):
    pane: ProblemsPane = window.checks.pane
    code = "pipe-unpaired"
    pane.set_problems([Problem("track-too-narrow", "error", "narrow"), Problem(code, "warning", "lonely pipe")])
    row = next(i for i, p in enumerate(pane.rows()) if p.code == code)
    assert not pane.help_action.isEnabled()  # no row chosen yet
    assert "Help on This Problem" in pane.model.index(row, 1).data(3)  # the code's tool tip points the way
    pane.tree.setCurrentIndex(pane.row_index(row))
    assert pane.help_action.isEnabled() and pane.help_action in pane.tree.actions()  # in the row's context menu
    with qtbot.waitSignal(pane.help_requested) as asked:
        pane.help_action.trigger()
    assert asked.args == [code]
    manual = window.findChild(ManualWindow)
    assert manual is not None and manual.isVisible()
    url = manual.browser.source()
    assert Path(url.toLocalFile()) == help_menu.MANUAL_DIR / "en" / help_menu.CHECKS_PAGE and url.fragment() == code
    assert manual.browser.verticalScrollBar().value() > 0  # scrolled down to the paragraph
    shown = manual.browser.cursorForPosition(manual.browser.viewport().rect().topLeft()).block().text()
    assert code in shown or "pipe" in shown.casefold()
    manual.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_check_code_has_its_paragraph(language):
    anchors = pages(language)[help_menu.CHECKS_PAGE].anchors
    codes = every_check_code()
    assert len(codes) > 50
    assert sorted(codes - anchors) == []
    for system in systems():
        assert set(system.checks) <= anchors, system.id


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_link_and_image_of_the_manual_resolves(language):
    found = pages(language)
    assert set(found) == set(pages("en")), "every language has every chapter"
    folder = help_menu.MANUAL_DIR / language
    internal = 0
    for name, page in found.items():
        for href in page.links:
            parts = urlsplit(href)
            if parts.scheme:
                assert parts.scheme == "https", (name, href)
                continue
            target = parts.path or name
            assert target in found, (name, href)
            assert not parts.fragment or parts.fragment in found[target].anchors, (name, href)
            internal += 1
        for src in page.images:
            assert (folder / src).is_file() and (folder / src).stat().st_size < 60_000, (name, src)
    assert internal > 30
    assert {"editor.png", "new.png", "print.png"} <= {Path(s).name for p in found.values() for s in p.images}


class KeyCells(HTMLParser):
    """The first cell of every row of the shortcuts chapter's table."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.cells: list[str] = []
        self._column = -1
        self.feed(path.read_text(encoding="utf-8"))

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag == "tr":
            self._column = -1
        elif tag == "td":
            self._column += 1
            if self._column == 0:
                self.cells.append("")

    def handle_data(self, data: str) -> None:
        if self._column == 0 and self.cells:
            self.cells[-1] += data


def test_the_shortcuts_chapter_names_keys_the_app_has(window: MainWindow):
    """Every key the English chapter lists is bound to one of the window's actions, except the canvas' own keys
    (Delete, Esc, Enter and the PitchKart section tool's P and F) and the arrow keys' row."""
    bound = {key for _title, rows in help_menu.shortcut_groups(window) for _text, keys in rows for key in keys}
    canvas_keys = {"Delete", "Esc", "Enter", "P", "F"}
    cells = KeyCells(help_menu.MANUAL_DIR / "en" / "keys.html").cells
    listed = [key for cell in cells if not cell.startswith("Arrow") for key in cell.split(", ")]
    assert len(listed) > 25
    assert sorted(set(listed) - bound - canvas_keys) == []
    for language in ("de", "es", "fr"):
        assert len(KeyCells(help_menu.MANUAL_DIR / language / "keys.html").cells) == len(cells)
