"""Start-up imports only what the first window shows and draws ([10/10] Speed): the print shop (reportlab,
QtPdf), the vehicle editor's panes, the campaign window, the track report and the file menu's dialogs load
when first used — and then work as before.

Each test starts a fresh interpreter (modules once imported stay imported), opens the main window the way
`kartographer` does (`start_gui`: `run_gui` without its event loop), and reports what `sys.modules` holds as JSON.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CAMPAIGN = REPO / "templates" / "mushroom-cup.campaign.json"

#: Modules the first window must not need.
DEFERRED = (
    "reportlab",
    "designer.export.pdf",
    "designer.app.print_dialog",
    "designer.app.pdf_preview",
    "designer.app.export_worker",
    "PySide6.QtPdf",
    "designer.systems.axles_alloys_2.qt.vehicle_components",
    "designer.systems.axles_alloys_2.qt.vehicle_form",
    "designer.systems.axles_alloys_2.qt.vehicle_summary",
    # the main window keeps a VehicleWindows; an editor loads with its first car
    "designer.systems.axles_alloys_2.qt.vehicle_editor",
    "designer.systems.axles_alloys_2.qt.vehicle_files",
    "designer.systems.axles_alloys_2.vehicle_io",
    "designer.systems.axles_alloys_2.vehicle",
    "designer.panes.campaign.window",
    "designer.panes.campaign.dialogs",
    "designer.app.report_dialog",
    "designer.app.new_dialog",
    "designer.app.generate_dialog",
    "designer.geometry.generate",
    "designer.app.image_export",
    "designer.io.campaign_io",  # the autosave's recovery store reads a campaign only when it keeps one
    "designer.model.campaign",
    # the starter is a Gaslands track: the other systems' rule-data models and the race document (issue #33)
    "designer.systems.mk_board.rule_data",
    "designer.systems.pitchkart.rule_data",
    "designer.systems.mk_downforce.rule_data",
    "designer.systems.axles_alloys_2.rule_data",
    "designer.race.document",
    # dialogs behind an action or a crash: Document Properties (and its table-size fields), crash recovery
    "designer.app.properties_dialog",
    "designer.app.table_size",
    "designer.app.recovery_dialog",
    # every system's race day (`System.race`): caching a system's Qt half hashed it, importing them all
    "designer.race.engine",
    "designer.systems.mk_gaslands.race",
    "designer.systems.axles_alloys_2.race",
    # the Undo History, a tab behind the Gates, is built when first shown (issue #33)
    "designer.panes.history",
    # the Finder's file-open events: a filter on the whole application only on macOS (issue #33)
    "designer.app.file_open",
)

START = textwrap.dedent("""
    import gc, json, sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from designer import collector
    from designer.app.main import start_gui

    collector.hold()  # as the kartographer command does before its imports (designer/launch.py)
    window = start_gui([])
    app = QApplication.instance()
    collector_before_paint = [gc.isenabled(), gc.get_freeze_count()]
    import designer
    from designer import logs
    version_before_paint = "__version__" in vars(designer)
    app.processEvents()
    report = {"items": len(window.scene.items()), "loaded": [m for m in DEFERRED if m in sys.modules],
              "version before the paint": version_before_paint, "collector before the paint": collector_before_paint}

    def modal_class(trigger):
        '''Trigger an action that opens a modal dialog; the dialog's class name (it is closed at once).'''
        seen = []

        def close():
            dialog = QApplication.activeModalWidget()
            seen.append(type(dialog).__name__ if dialog is not None else None)
            if dialog is not None:
                dialog.reject()
        QTimer.singleShot(0, close)
        trigger()
        return seen[0] if seen else None
""")


def _run(body: str, tmp_path: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    home = tmp_path / "home"
    env.update(QT_QPA_PLATFORM="offscreen", HOME=str(home), XDG_CONFIG_HOME=str(home / "config"),
               XDG_DATA_HOME=str(home / "data"), XDG_CACHE_HOME=str(home / "cache"), LANGUAGE="en", LC_ALL="C.UTF-8",
               KARTOGRAPHER_RECOVERY_DIR=str(tmp_path / "recovery"))
    code = f"DEFERRED = {DEFERRED!r}\n{START}\n{textwrap.dedent(body)}\nprint(json.dumps(report), flush=True)\n"
    # What is measured is printed: skip the interpreter's teardown of the windows and dialogs left open, which
    # PySide6 can crash on a loaded machine (exit -11 after the report), and is not what these tests are about.
    code += "import os\nos._exit(0)\n"
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_first_window_draws_the_starter_track_without_the_deferred_modules(tmp_path):
    report = _run("", tmp_path)
    assert report["items"] > 0  # the starter track is on the canvas
    assert report["loaded"] == []


def test_export_print_loads_the_print_dialog_when_chosen(tmp_path):
    report = _run("""
        report["dialog"] = modal_class(window.print_action.trigger)
        report["after"] = [m for m in ("designer.app.print_dialog", "reportlab") if m in sys.modules]
    """, tmp_path)
    assert report["loaded"] == []
    assert report["dialog"] == "PrintDialog"
    assert report["after"] == ["designer.app.print_dialog", "reportlab"]


def test_the_other_deferred_windows_and_dialogs_open_when_chosen(tmp_path):
    report = _run(f"""
        opened = {{}}
        window.file_actions.document_actions["vehicle"][0].trigger()
        opened["vehicle"] = [type(w).__name__ for w in window.document_windows["vehicle"].windows]
        window.checks.report_action.trigger()
        opened["report"] = type(window.track_report).__name__
        opened["new track"] = modal_class(window.file_actions.new_action.trigger)
        opened["generate"] = modal_class(window.file_actions.generate_action.trigger)
        opened["new campaign"] = modal_class(window.campaign_actions.new_action.trigger)
        opened["campaign"] = [type(w).__name__ for w in window.campaign_actions.open_paths([{str(CAMPAIGN)!r}])]
        opened["preferences"] = modal_class(window.preferences_action.trigger)
        opened["properties"] = modal_class(window.properties_action.trigger)
        report["opened"] = opened
        report["after"] = [m for m in DEFERRED if m in sys.modules]
    """, tmp_path)
    assert report["loaded"] == []
    assert report["opened"] == {"vehicle": ["VehicleEditor"], "report": "TrackReportDialog",
                                "new track": "NewDocumentDialog", "generate": "GenerateDialog",
                                "new campaign": "NewCampaignDialog",
                                "campaign": ["CampaignWindow"], "preferences": "PreferencesDialog",
                                "properties": "DocumentPropertiesDialog"}
    for module in ("designer.systems.axles_alloys_2.qt.vehicle_summary", "designer.app.report_dialog",
                   "designer.app.new_dialog", "designer.app.generate_dialog",
                   "designer.panes.campaign.dialogs", "designer.panes.campaign.window",
                   "designer.app.properties_dialog"):
        assert module in report["after"]


def test_the_scatter_report_names_the_systems_own_kinds():
    from designer.systems.axles_alloys_2.elements import TEMPLATE, WRECK
    from designer.systems.axles_alloys_2.qt.actions import WHAT
    from designer.systems.axles_alloys_2.scatter import RAMP

    assert set(WHAT) == {TEMPLATE, RAMP, WRECK}


@pytest.mark.parametrize("name", ["CampaignWindow", "CampaignWindows", "is_campaign_file"])
def test_the_campaign_package_still_names_its_window(name):
    import designer.panes.campaign as campaign

    assert getattr(campaign, name) is not None


def test_the_undo_history_built_when_first_shown_lists_the_steps_made_before(tmp_path):
    report = _run("""
        from designer.document.operations import delete_elements

        editor = window.current_editor()
        report["count"] = len(editor.document.elements)
        first, second = [e.id for e in editor.document.elements[:2]]
        delete_elements(editor.document, [first])
        delete_elements(editor.document, [second])
        editor.document.undo_stack.undo()
        report["before"] = "designer.panes.history" in sys.modules
        dock = window.panes.history_dock
        dock.raise_()
        app.processEvents()
        pane = dock.widget()
        report["pane"] = type(pane).__name__
        report["same"] = pane is window.panes.history
        report["rows"] = pane.row_texts()
        report["current"] = pane.view.currentIndex().row()
        pane.view.setCurrentIndex(pane.view.model().index(0, 0))  # a click on "<empty>": back to the start
        report["left"] = len(editor.document.elements)
        report["index"] = editor.document.undo_stack.index()
    """, tmp_path)
    assert report["loaded"] == [] and report["before"] is False
    assert report["pane"] == "HistoryPane" and report["same"] is True
    assert report["rows"][0] == "<empty>" and len(report["rows"]) == 3
    assert report["current"] == 1  # the second step is undone
    assert report["index"] == 0 and report["count"] == report["left"]


def test_the_log_start_line_waits_for_the_first_paint(tmp_path):
    report = _run("""
        for _ in range(3):
            app.processEvents()
        report["logged"] = "Kartographer started" in logs.log_path().read_text(encoding="utf-8")
    """, tmp_path)
    assert report["version before the paint"] is False  # read for the start line, once the window is painted
    assert report["logged"] is True


def test_the_cycle_collector_waits_for_the_first_paint_and_then_collects_a_closed_document(tmp_path):
    report = _run("""
        import weakref
        from PySide6.QtCore import QEvent
        for _ in range(3):
            app.processEvents()
        report["collector after the paint"] = [gc.isenabled(), gc.get_freeze_count()]
        first = weakref.ref(window.document)
        report["closed"] = window.close_editor(window.current_editor())
        for _ in range(3):
            app.processEvents()
            app.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
        gc.collect()
        report["first document collected"] = first() is None
    """, tmp_path)
    assert report["collector before the paint"] == [False, 0]
    assert report["collector after the paint"] == [True, 0]
    # Frozen out of the collector's passes, the document start-up opened would stay after its tab is closed.
    assert report["closed"] and report["first document collected"]


def test_the_other_game_systems_wait_for_the_first_paint_then_take_their_places_in_the_menus(tmp_path):
    """The starter is a Gaslands track: the other systems (their packages, their Track menu actions, Axles' cars
    in the File menu) load once the window is painted, and then sit where a window built with every system
    loaded has them (issue #33: about 0.13 G instructions of the start-up)."""
    # START has already run the first paint (processEvents); the report on the moment before it comes from a
    # second fresh start, below, stopped before its event loop.
    report = _run("""
        from designer.app.window import MainWindow
        from designer.systems import registry

        def menus(w):
            return {title: [(a.text(), a.isVisible()) for a in menu.actions() if a.text() or a.isSeparator()]
                    for title, menu in w.menus.items()}

        deadline = __import__("time").monotonic() + 20
        while len(registry.registered()) < 5 and __import__("time").monotonic() < deadline:
            app.processEvents()
        report["after"] = [s.id for s in registry.registered()]
        report["first"] = menus(window)
        other = MainWindow(window.document.snapshot())  # every system registered: all actions added at once
        for job in other.deferred:  # and its File menu's document types (they always wait for a need)
            job()
        report["built loaded"] = menus(other)
        file_texts = [a.text() for a in window.menus["File"].actions()]
        report["file"] = file_texts[file_texts.index("&Open…") + 1:file_texts.index("Race &Day…")]
    """, tmp_path)
    assert report["after"] == ["axles-alloys-2", "mk-board", "mk-downforce", "mk-gaslands", "pitchkart"]
    assert report["file"] == ["New &Vehicle", "Open V&ehicle…"]
    first, loaded = report["first"], report["built loaded"]
    assert first.keys() == loaded.keys()
    for title in first:  # what a Gaslands track shows, in order; each other system's actions there too, hidden
        assert [t for t, shown in first[title] if shown] == [t for t, shown in loaded[title] if shown], title
        assert sorted(first[title]) == sorted(loaded[title]), title


@pytest.mark.parametrize(("files", "systems", "packages"), [
    ([], ["mk-gaslands"], ["mk_gaslands"]),
    ([str(REPO / "templates" / "mushroom-cup-3-thwomp-ruins.track.json")], ["mk-gaslands"], ["mk_gaslands"]),
    # the flagship's package is imported before Qt whatever opens; only PitchKart's is registered
    ([str(REPO / "templates" / "pitchkart-stadium.track.json")], ["pitchkart"], ["mk_gaslands", "pitchkart"]),
], ids=["starter", "a track named", "a PitchKart track"])
def test_before_the_first_paint_only_the_documents_system_is_loaded(tmp_path, files, systems, packages):
    code = textwrap.dedent("""
        import json, sys
        from designer import cli, collector
        collector.hold()
        cli._load_before_qt()
        from designer.app.main import start_gui
        from designer.systems import registry

        window = start_gui(FILES)  # no event loop yet: the window is not painted
        file_texts = [a.text() for a in window.menus["File"].actions()]
        print(json.dumps({"registered": [s.id for s in registry.registered()],
                          "modules": sorted({m.split(".")[2] for m in sys.modules if m.startswith("designer.systems.")
                                             and m.count(".") >= 2 and m.split(".")[2] not in ("api", "registry")}),
                          "vehicle in the menu": "New &Vehicle" in file_texts,
                          "deferred": len(window.deferred)}), flush=True)
        window.menus["File"].aboutToShow.emit()  # a File menu opened before the paint: its entries come in
        print(json.dumps("New &Vehicle" in [a.text() for a in window.menus["File"].actions()]), flush=True)
        import os
        os._exit(0)
    """).replace("FILES", repr(files))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    home = tmp_path / "home"
    env.update(QT_QPA_PLATFORM="offscreen", HOME=str(home), XDG_CONFIG_HOME=str(home / "config"),
               XDG_DATA_HOME=str(home / "data"), LANGUAGE="en", LC_ALL="C.UTF-8",
               KARTOGRAPHER_RECOVERY_DIR=str(tmp_path / "recovery"))
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    before, opened = (json.loads(line) for line in done.stdout.strip().splitlines()[-2:])
    assert before == {"registered": systems, "modules": packages, "vehicle in the menu": False, "deferred": 2}
    assert opened is True
