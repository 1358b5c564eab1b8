"""A sixth game system from outside the repo, installed for real (issue #28): tests/plugins/fake_rally is built and
installed with pip (offline: `--no-index --no-deps --no-build-isolation`, setuptools from the base) into a
throw-away venv that sees Kartographer and PySide6 through a `.pth` line, and everything below runs in that venv's
Python — the registry finds Fake Rally through its entry point alone. Its CLI command, check, print section,
campaign mode and campaign action, its document type's schema, and in the GUI (offscreen) its Track-menu tool and
action (only for its own documents, undoable), its pace-notes editor, its league's campaign page and its icon.

The venv is made once per module (about 1 s); the whole module takes a few seconds.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
from pathlib import Path

import pytest

from tests.unit.fake_system import FAKE_CHECK, FAKE_ID, FAKE_SECTION, PLUGIN_SOURCE, track_data
from tests.unit.pdfscan import reader

REPO = Path(__file__).resolve().parents[2]
KARTOGRAPHER = "import sys; from designer.launch import main; sys.exit(main())"


class Venv:
    def __init__(self, folder: Path, python: Path) -> None:
        self.folder, self.python = folder, python
        self.env = {**os.environ, "TMPDIR": str(folder / "tmp"), "QT_QPA_PLATFORM": "offscreen",
                    "KARTOGRAPHER_RECOVERY_DIR": str(folder / "recovery"), "PYTHONPATH": ""}
        (folder / "tmp").mkdir(exist_ok=True)

    def run(self, *argv: str, code: str = KARTOGRAPHER, check: bool = True) -> subprocess.CompletedProcess:
        """`kartographer ARGV…` (or the Python `code`) in the venv, from a folder outside the repo."""
        done = subprocess.run([str(self.python), "-c", code, *argv], capture_output=True, text=True,
                              cwd=self.folder, env=self.env, timeout=120)
        if check:
            assert done.returncode == 0, done.stderr
        return done


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Venv:
    folder = tmp_path_factory.mktemp("plugin-venv")
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(folder / "venv")],
                   check=True, timeout=120)
    python = folder / "venv" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    # Kartographer's own venv (editable designer, PySide6): added as a site dir, so its .pth files work too.
    ours = [p for p in site.getsitepackages() if Path(p).is_dir()]
    lines = "".join(f"import site; site.addsitedir({p!r})\n" for p in ours)
    (Path(purelib) / "kartographer-dev.pth").write_text(lines, encoding="utf-8")
    source = folder / "src"  # a copy: the build writes build/ and *.egg-info next to the sources
    shutil.copytree(PLUGIN_SOURCE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-index", "--no-deps",
                           "--no-build-isolation", "--disable-pip-version-check", str(source)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return Venv(folder, python)


@pytest.fixture(scope="module")
def track(venv) -> Path:
    path = venv.folder / "beacon-loop.track.json"
    path.write_text(json.dumps(track_data(), indent=2), encoding="utf-8")
    return path


def test_it_is_installed_not_borrowed_from_the_tree(venv):
    where = venv.run(code="import fake_rally, designer; print(fake_rally.__file__); print(designer.__file__)")
    plugin, designer = where.stdout.split()
    assert Path(plugin).is_relative_to(venv.folder / "venv") and not Path(plugin).is_relative_to(REPO)
    assert Path(designer).is_relative_to(REPO)
    # and the project's own interpreter does not have it: only the entry point brings it
    done = subprocess.run([sys.executable, "-c", KARTOGRAPHER, "rules"], capture_output=True, text=True,
                          cwd=venv.folder, timeout=120)
    assert FAKE_ID not in done.stdout


def test_the_registry_lists_it(venv):
    lines = venv.run("rules").stdout.splitlines()
    assert [line.split()[0] for line in lines if line.strip()] == [
        "axles-alloys-2", FAKE_ID, "mk-board", "mk-downforce", "mk-gaslands", "pitchkart"]
    assert "Fake Rally" in venv.run("rules").stdout


def test_its_command_and_check_run(venv, track):
    assert venv.run("beacons", str(track)).stdout.strip() == "1 beacon"
    out = venv.run("validate", str(track)).stdout
    assert f"warning {FAKE_CHECK}: Beacon 'b1' glows only 30 mm [b1]" in out
    figures = json.loads(venv.run("validate", "--json", str(track)).stdout)["figures"]
    assert figures["beacons"] == {"beacons": 1, "dim": 1}


def test_its_print_section_exports(venv, track):
    out = venv.folder / "beacons.pdf"
    venv.run("export", str(track), "--what", FAKE_SECTION, "-o", str(out))
    pages = reader(out.read_bytes()).pages
    text = "".join(page.extract_text() for page in pages)
    assert len(pages) == 1
    assert "Beacon sheet" in text and "Fake Rally: 1 beacon" in text and "b1: glows 30 mm" in text


def test_it_speaks_german_from_its_own_catalogue(venv, track):
    """`--lang de`: the plug-in's messages come from the catalogue it ships (fake_rally/locale), the app's own
    words around them from the app's; LANGUAGE=fr picks French the same way."""
    assert venv.run("--lang", "de", "beacons", str(track)).stdout.strip() == "1 Leuchtfeuer"
    out = venv.run("--lang", "de", "validate", str(track)).stdout
    assert f"{FAKE_CHECK}: Leuchtfeuer „b1“ leuchtet nur 30 mm weit [b1]" in out
    assert "glows only" not in out
    listing = venv.run("--lang", "de", "rules").stdout
    names = dict(line.split(None, 1) for line in listing.splitlines() if line.strip())
    assert names[FAKE_ID] == "Schein-Rallye" and names["mk-board"] == "Mario Kart – Brettspiel"
    out_pdf = venv.folder / "beacons-de.pdf"
    venv.run("--lang", "de", "export", str(track), "--what", FAKE_SECTION, "-o", str(out_pdf))
    text = "".join(page.extract_text() for page in reader(out_pdf.read_bytes()).pages)
    assert "Leuchtfeuer-Blatt" in text and "Schein-Rallye: 1 Leuchtfeuer" in text and "b1: leuchtet 30 mm weit" in text
    french = Venv(venv.folder, venv.python)
    french.env = {**venv.env, "LANGUAGE": "fr", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}
    assert french.run("beacons", str(track)).stdout.strip() == "1 balise"
    assert "Faux Rallye" in french.run("rules").stdout


GUI_GERMAN = r"""
import json, sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
app = QApplication([])
from designer.app.settings import use_settings_folder
use_settings_folder(Path(sys.argv[1]) / "settings-de")
from designer.i18n import set_language
set_language("de")
from designer.app.print_dialog import PrintDialog
from designer.app.window import MainWindow
from designer.io.track_io import load_track
from designer.systems import registry

win = MainWindow(load_track(Path(sys.argv[2])), path=sys.argv[2])
actions = [win.menu_actions.qaction(k) for k in ("fake_rally.beacon_tool", "fake_rally.brighten")]
dialog = PrintDialog(win.current_editor().document.snapshot(), win, folder=Path(sys.argv[1]))
seen = {"track_menu": [a.text().replace("&", "") for a in win.menus["Track"].actions() if a in actions],
        "menu_title": win.menus["Track"].title().replace("&", ""),
        "section": dialog.section_boxes["beacons"].text(), "name": registry.get("fake-rally").display_name}
dialog.close()
win.close()
print(json.dumps(seen))
"""


def test_its_track_menu_and_print_section_speak_german(venv, track):
    seen = json.loads(venv.run(str(venv.folder), str(track), code=GUI_GERMAN).stdout.strip().splitlines()[-1])
    assert seen["track_menu"] == ["Leuchtfeuer-Werkzeug", "Leuchtfeuer aufhellen"]
    assert seen["menu_title"] != "Track"  # the app's own catalogue still answers first
    assert (seen["section"], seen["name"]) == ("Leuchtfeuer-Blatt", "Schein-Rallye")


def test_its_document_type_has_a_schema(venv):
    schema = json.loads(venv.run("schema", "pace-notes").stdout)
    assert schema["properties"]["format"]["const"] == "fake-rally-notes"


def test_its_document_type_becomes_a_desktop_file_type(venv):
    prefix = venv.folder / "share"
    venv.run("install-desktop", "--prefix", str(prefix))
    launcher = (prefix / "applications" / "kartographer.desktop").read_text(encoding="utf-8")
    assert "application/x-kartographer-vehicle+json;application/x-fake-rally-notes+json;" in launcher
    xml = (prefix / "mime" / "packages" / "kartographer.xml").read_text(encoding="utf-8")
    assert '<glob pattern="*.notes.json" weight="80"/>' in xml
    assert '<comment xml:lang="fr">Notes de copilote Faux Rallye</comment>' in xml


@pytest.fixture(scope="module")
def league(venv) -> Path:
    path = venv.folder / "league.campaign.json"
    venv.run("campaign", "new", "--ruleset", FAKE_ID, "--player", "Ana:Bowser", "--player", "Ben:Peach",
             "-o", str(path))
    return path


def test_its_campaign_mode_and_action(venv, league):
    assert json.loads(league.read_text(encoding="utf-8"))["mode"] == "league"
    assert venv.run("campaign", "roll-call", str(league)).stdout.strip() == "Ana, Ben"


GUI = r"""
import json, sys
from pathlib import Path
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication([])
from designer.app.settings import use_settings_folder
folder = Path(sys.argv[1])
use_settings_folder(folder / "settings")
from designer.app.document_windows import open_documents
from designer.app.window import MainWindow
from designer.io.track_io import load_track
from designer.model import TrackDocument
from designer.panes.palette import kind_icon

seen = {}
win = MainWindow(load_track(Path(sys.argv[2])), path=sys.argv[2])
win.show()
tool, brighten = (win.menu_actions.qaction(k) for k in ("fake_rally.beacon_tool", "fake_rally.brighten"))
seen["in_track_menu"] = [a.text().replace("&", "") for a in win.menus["Track"].actions() if a in (tool, brighten)]
seen["fake_tab"] = [tool.isVisible() and tool.isEnabled(), brighten.isVisible() and brighten.isEnabled()]
gaslands = TrackDocument.model_validate({**json.loads(Path(sys.argv[2]).read_text()), "ruleset": "mk-gaslands",
                                        "elements": []})
win.add_editor(gaslands)
win.tabs.setCurrentIndex(1)
seen["other_tab"] = [tool.isVisible() or tool.isEnabled(), brighten.isVisible() or brighten.isEnabled()]
win.tabs.setCurrentIndex(0)
seen["back"] = [tool.isEnabled(), brighten.isEnabled()]

document = win.current_editor().document
glow = lambda: [e.glow_mm for e in document.elements if e.kind == "fake_beacon"]
brighten.trigger()
seen["brightened"] = glow()
document.undo_stack.undo()
seen["undone"] = glow()
document.undo_stack.redo()
seen["redone"] = glow()

tool.trigger()
editor = win.current_editor()
seen["tool"] = type(editor.tools.active).__name__
viewport = editor.view.viewport()
QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                 editor.view.mapFromScene(QPointF(400.0, 450.0)))
seen["lit"] = [(e.id, round(e.x_mm), round(e.y_mm), e.glow_mm) for e in document.elements if e.id.startswith("beacon")]
document.undo_stack.undo()
seen["unlit"] = [e.id for e in document.elements if e.id.startswith("beacon")]

notes = folder / "stage-1.notes.json"
notes.write_text(json.dumps({"format": "fake-rally-notes", "schema_version": 1, "stage": "Col de Turini",
                             "calls": ["left 4", "right 2 over crest"]}))
win.menus["File"].aboutToShow.emit()  # what opening it does: the systems' document types come in, if not yet
seen["file_menu"] = [a.text().replace("&", "") for a in win.menus["File"].actions() if "Pace" in a.text()]
seen["not_opened"] = open_documents(win, [str(notes)])
editors = win.document_windows["pace-notes"].editors
seen["notes"] = [editors[0].stage.text(), editors[0].calls.toPlainText()]
editors[0].calls.setPlainText("left 4\nright 2 over crest\nkeep in")
editors[0].save()
seen["saved"] = json.loads(notes.read_text())["calls"]
win.file_actions.document_actions["pace-notes"][0].trigger()
seen["new_notes"] = [e.path for e in editors].count(None)
win.document_windows["pace-notes"].close_all()

campaign = win.campaign_windows.open_path(Path(sys.argv[3]), win)
tabs = campaign.tabs
seen["campaign_tabs"] = [tabs.tabText(i) for i in range(tabs.count())]
seen["league_page"] = campaign.page.findChild(QLabel, "leagueRollCall").text()

image = kind_icon("fake_beacon").pixmap(32, 32).toImage()
pixel = image.pixelColor(image.width() // 2, image.height() // 8)
seen["icon"] = [pixel.red(), pixel.green(), pixel.blue()]
for e in win.editors():
    e.document.undo_stack.setClean()
campaign.session.undo_stack.setClean()
campaign.close()
win.close()
print(json.dumps(seen))
"""


def test_the_gui_takes_its_tool_action_document_page_and_icon(venv, track, league):
    done = venv.run(str(venv.folder), str(track), str(league), code=GUI)
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["in_track_menu"] == ["Beacon Tool", "Brighten Beacons"]
    assert seen["fake_tab"] == [True, True]
    assert seen["other_tab"] == [False, False]  # a Gaslands tab: neither shown nor enabled
    assert seen["back"] == [True, True]
    assert (seen["brightened"], seen["undone"], seen["redone"]) == ([50.0], [30.0], [50.0])
    assert seen["tool"] == "BeaconTool"
    assert seen["lit"] == [["beacon-1", 400, 450, 50.0]]
    assert seen["unlit"] == []
    assert seen["file_menu"] == ["New Pace Notes", "Open Pace Notes…"]
    assert seen["not_opened"] == []
    assert seen["notes"] == ["Col de Turini", "left 4\nright 2 over crest"]
    assert seen["saved"] == ["left 4", "right 2 over crest", "keep in"]
    assert seen["new_notes"] == 1
    assert seen["campaign_tabs"][0] == "Roster" and seen["campaign_tabs"][-1] == "League"
    assert seen["league_page"] == "League roll call: Ana, Ben"
    assert seen["icon"] == [255, 220, 0]  # the package's own SVG, not the generic tile


def test_no_shared_file_names_it():
    """`git grep -n -i fake.rally -- designer` finds nothing: the plug-in touches no file of the shared tree."""
    import re

    named = re.compile(r"fake.rally", re.IGNORECASE)
    hits = [str(path.relative_to(REPO)) for path in (REPO / "designer").rglob("*")
            if path.is_file() and path.suffix in {".py", ".md", ".json", ".toml", ".txt", ".po", ".pot", ".svg"}
            and named.search(path.read_text(encoding="utf-8", errors="replace"))]
    assert hits == []
