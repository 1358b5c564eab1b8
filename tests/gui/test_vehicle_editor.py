"""The vehicle editor: a legal Medium car built through the widgets, over capacity shown and listed, undo gives
back exactly the car before, save and load round-trip, the close prompt, a broken file opens with its
problems, an unreadable one is refused on one line, Save As never writes over another open vehicle, Print…
writes the sheet, and `kartographer X.vehicle.json` / File ▸ Open Vehicle… open it."""

from __future__ import annotations

import io
import json
import shutil

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from designer.app import prompts
from designer.paths import TEMPLATES_DIR
from designer.systems.axles_alloys_2.qt.vehicle_editor import VehicleEditor
from designer.systems.axles_alloys_2.qt.vehicle_windows import VehicleWindows
from designer.systems.axles_alloys_2.vehicle_io import load_vehicle

Answer = QMessageBox.StandardButton


@pytest.fixture
def windows(qtbot):
    manager = VehicleWindows()
    yield manager
    for editor in list(manager.windows):
        editor.undo_stack.setClean()
        editor.close()


@pytest.fixture
def warnings(monkeypatch) -> list[tuple[str, str]]:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, title, text, *a: shown.append((title, text)))
    return shown


def add(qtbot, editor: VehicleEditor, component_id: str) -> None:
    table = editor.components
    table.add_combo.setCurrentIndex(table.add_combo.findData(component_id))
    qtbot.mouseClick(table.add_button, Qt.MouseButton.LeftButton)


def type_name(qtbot, editor: VehicleEditor, name: str) -> None:
    editor.form.name_edit.selectAll()
    qtbot.keyClicks(editor.form.name_edit, name)
    qtbot.keyClick(editor.form.name_edit, Qt.Key.Key_Return)


def build_medium(qtbot, editor: VehicleEditor) -> None:
    """Grinder: a Medium arena car, 2 + 1 + 1 = 4 of 4."""
    type_name(qtbot, editor, "Grinder")
    editor.form.class_combo.setCurrentIndex(editor.form.class_combo.findData("medium"))
    editor.form.class_combo.activated.emit(editor.form.class_combo.currentIndex())
    add(qtbot, editor, "medium-weapon")
    add(qtbot, editor, "mine-dropper")
    add(qtbot, editor, "ramplates")
    editor.components.facing_combo(0).setCurrentIndex(editor.components.facing_combo(0).findData("Left"))


def test_a_legal_medium_car_then_one_component_too_many(qtbot, windows):
    editor = windows.new_vehicle()
    qtbot.addWidget(editor)
    build_medium(qtbot, editor)
    doc = editor.document
    assert doc.name == "Grinder" and doc.weight_class == "medium"
    assert [(c.component, c.facing) for c in doc.components] == [("medium-weapon", "Left"), ("mine-dropper", "Rear"),
                                                                 ("ramplates", None)]
    bar = editor.summary.capacity_bar
    assert (bar.value(), bar.maximum(), bar.text()) == (4, 4, "4 of 4") and bar.property("over") is False
    assert editor.summary.problems() == [] and "legal build" in editor.summary.verdict.text()
    arena = [editor.summary.stat_cells[("deathmatch", s)].text() for s in ("MAX", "ACC", "DEC", "TURN")]
    race = [editor.summary.stat_cells[("race", s)].text() for s in ("MAX", "ACC", "DEC", "TURN")]
    assert arena == ["<b>22</b>", "<b>5</b>", "<b>5</b>", "<b>2</b>"] and race == ["25", "5", "5", "2"]

    legal = editor.document
    add(qtbot, editor, "nitro")
    assert (bar.value(), bar.text(), bar.property("over")) == (5, "5 of 4", True)
    assert editor.summary.problems() == ["components: the components take 5 capacity, and a Medium vehicle has 4"]
    assert "1 point over" in editor.summary.capacity_label.text()
    assert editor.isWindowModified() and editor.windowTitle().startswith("Grinder")

    editor.undo_action.trigger()
    assert editor.document == legal and editor.summary.problems() == [] and bar.value() == 4
    assert editor.components.table.rowCount() == 3
    editor.redo_action.trigger()
    assert len(editor.document.components) == 4


def test_every_edit_is_one_undo_step_back_to_the_exact_car(qtbot, windows):
    editor = windows.new_vehicle()
    qtbot.addWidget(editor)
    form = editor.form
    seen = [editor.document]
    steps = [
        lambda: type_name(qtbot, editor, "Spinner"),
        lambda: add(qtbot, editor, "light-weapon"),
        lambda: add(qtbot, editor, "turret"),
        lambda: qtbot.mouseClick(editor.components.turret_box(0), Qt.MouseButton.LeftButton),
        lambda: editor.form.adjust_spins["max"].setValue(2),
        lambda: (form.notes_edit.setPlainText("Spins both ways."), form.notes_edit.editing_finished.emit()),
        lambda: (editor.form.scenario_combo.setCurrentIndex(1), editor.form.scenario_combo.activated.emit(1)),
        lambda: (editor.components.select_row(1), qtbot.mouseClick(editor.components.up_button,
                                                                     Qt.MouseButton.LeftButton)),
    ]
    for step in steps:
        step()
        assert editor.document != seen[-1]
        seen.append(editor.document)
    assert editor.document.components[0].component == "turret" and editor.document.components[1].in_turret
    assert editor.document.scenario == "race" and editor.document.adjustments.max == 2
    assert editor.document.notes == "Spins both ways."
    assert editor.summary.stat_cells[("race", "MAX")].text() == "<b>27</b>"  # 25 + 2, the race line in bold
    assert editor.form.adjust_spins["max"].minimum() == -2 and editor.form.adjust_spins["max"].maximum() == 2
    for earlier in reversed(seen[:-1]):
        editor.undo_stack.undo()
        assert editor.document == earlier
    assert editor.form.name_edit.text() == "New vehicle" and editor.components.table.rowCount() == 0


def test_an_empty_name_is_refused_and_snaps_back(qtbot, windows):
    editor = windows.new_vehicle()
    qtbot.addWidget(editor)
    editor.form.name_edit.clear()
    editor.form.name_edit.editingFinished.emit()
    assert editor.document.name == "New vehicle" and editor.form.name_edit.text() == "New vehicle"
    assert editor.undo_stack.count() == 0 and "needs a name" in editor.statusBar().currentMessage()


def test_save_then_load_gives_the_same_car_and_a_clean_title(qtbot, windows, tmp_path, monkeypatch):
    editor = windows.new_vehicle()
    qtbot.addWidget(editor)
    build_medium(qtbot, editor)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "grinder"), ""))
    assert editor.save()
    path = tmp_path / "grinder.vehicle.json"
    assert load_vehicle(path) == editor.document and editor.path == path
    assert not editor.isWindowModified() and editor.windowTitle() == "grinder.vehicle.json[*] — Vehicle Editor"
    assert editor.statusBar().currentMessage() == "Saved grinder.vehicle.json"
    assert windows.find(path) is editor and windows.open_path(path) is editor  # the same window comes forward


def test_the_close_prompt(qtbot, windows, tmp_path, monkeypatch):
    path = tmp_path / "buggy.vehicle.json"
    shutil.copy(TEMPLATES_DIR / "axles-light-buggy.vehicle.json", path)
    before = path.read_bytes()
    editor = windows.open_path(path)
    qtbot.addWidget(editor)
    type_name(qtbot, editor, "Renamed")
    answers = iter([Answer.Cancel, Answer.Save])
    asked: list[str] = []
    monkeypatch.setattr(prompts, "ask_save_changes", lambda _p, name: asked.append(name) or next(answers))
    assert not editor.close() and editor.isVisible() and path.read_bytes() == before
    assert editor.close() and json.loads(path.read_text(encoding="utf-8"))["name"] == "Renamed"
    assert asked == ["buggy.vehicle.json", "buggy.vehicle.json"]

    again = windows.open_path(path)
    qtbot.addWidget(again)
    type_name(qtbot, again, "Thrown away")
    saved = path.read_bytes()
    monkeypatch.setattr(prompts, "ask_save_changes", lambda *_a: Answer.Discard)
    assert again.close() and path.read_bytes() == saved


def test_a_broken_build_opens_with_its_problems(qtbot, windows, tmp_path):
    data = json.loads((TEMPLATES_DIR / "axles-light-buggy.vehicle.json").read_text(encoding="utf-8"))
    data["scenario"] = "race"
    data["components"] = [{"component": "heavy-weapon", "facing": "Front"},
                          {"component": "oil-dropper", "facing": "Front"}]
    path = tmp_path / "broken.vehicle.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    editor = windows.open_path(path)
    qtbot.addWidget(editor)
    problems = editor.summary.problems()
    assert problems == ["component 1 (Heavy Weapon): the rules keep this off vehicles",
                        "component 2 (Oil Dropper): a dropper fires to the rear, not Front",
                        "component 2 (Oil Dropper): no dropped weapons in a race"]
    assert "breaks 3 rules" in editor.summary.verdict.text() and not editor.isWindowModified()


def test_an_unreadable_file_is_refused_on_one_line(qtbot, windows, tmp_path, warnings):
    path = tmp_path / "bad.vehicle.json"
    path.write_text('{"format": "kartographer-vehicle", "name": ', encoding="utf-8")
    assert windows.open_path(path) is None and windows.windows == []
    [(title, text)] = warnings
    assert title == "Cannot Open Vehicle" and "\n" not in text and "bad.vehicle.json" in text


def test_save_as_never_writes_over_another_open_vehicle(qtbot, windows, tmp_path, monkeypatch, warnings):
    first = tmp_path / "buggy.vehicle.json"
    shutil.copy(TEMPLATES_DIR / "axles-light-buggy.vehicle.json", first)
    before = first.read_bytes()
    windows.open_path(first)
    other = windows.new_vehicle()
    qtbot.addWidget(other)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(first), ""))
    assert not other.save_as() and first.read_bytes() == before and other.isWindowModified()
    assert warnings and "open in another window" in warnings[0][1]


def test_print_writes_the_sheet_and_says_so(qtbot, windows, tmp_path, monkeypatch):
    editor = windows.new_vehicle()
    qtbot.addWidget(editor)
    build_medium(qtbot, editor)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "grinder"), ""))
    assert editor.print_sheet() == tmp_path / "grinder.pdf"
    reader = PdfReader(tmp_path / "grinder.pdf")
    text = reader.pages[0].extract_text()
    assert len(reader.pages) == 1 and "Grinder" in text and "Ramplates" in text
    assert editor.statusBar().currentMessage() == "Wrote grinder.pdf — 1 page"


def test_the_command_line_and_file_menu_open_vehicles(qtbot, tmp_path, monkeypatch):
    from designer.app.main import open_main_window

    path = tmp_path / "van.vehicle.json"
    shutil.copy(TEMPLATES_DIR / "axles-heavy-dropper-van.vehicle.json", path)
    window = open_main_window([str(path)])
    qtbot.addWidget(window)
    try:
        [editor] = window.document_windows["vehicle"].windows
        assert editor.path == path and editor.document == load_vehicle(path)
        assert all(e.document.path != path for e in window.editors())  # not opened as a track
        monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *a, **k: ([str(path)], ""))
        window.file_actions.document_actions["vehicle"][1].trigger()
        assert window.document_windows["vehicle"].windows == [editor]
        window.file_actions.document_actions["vehicle"][0].trigger()
        assert len(window.document_windows["vehicle"].windows) == 2
    finally:
        for e in window.document_windows["vehicle"].windows:
            e.undo_stack.setClean()
        for e in window.editors():
            e.document.undo_stack.setClean()
        window.close()


def test_a_dropped_vehicle_file_opens_in_the_vehicle_editor(qtbot, tmp_path, every_kind):
    from designer.app.window import MainWindow

    path = tmp_path / "buggy.vehicle.json"
    shutil.copy(TEMPLATES_DIR / "axles-light-buggy.vehicle.json", path)
    window = MainWindow(every_kind)
    qtbot.addWidget(window)
    try:
        tabs = len(window.editors())
        window.file_drop.open_files([path], [])  # what a drop of the file runs once it has returned
        assert [e.path for e in window.document_windows["vehicle"].windows] == [path] and len(window.editors()) == tabs
    finally:
        for e in window.editors():
            e.document.undo_stack.setClean()
        window.close()


def test_print_vehicle_sheet_previews_the_sheet_and_saves_what_it_shows(qtbot, windows, tmp_path, monkeypatch):
    """File ▸ Print Vehicle Sheet… opens the same preview dialog as the track's print: the very PDF, a paper
    choice that changes it, and Save PDF… writing exactly the previewed bytes."""
    editor = windows.new_vehicle()
    qtbot.addWidget(editor)
    build_medium(qtbot, editor)
    editor.print_action.trigger()
    dialog = editor.print_preview
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: not dialog.is_building() and dialog.page_count == 1, timeout=10000)
    a4 = PdfReader(io.BytesIO(dialog.pdf_bytes)).pages[0].mediabox
    dialog.paper_combo.setCurrentIndex(dialog.paper_combo.findData("letter"))
    dialog.refresh()
    letter = PdfReader(io.BytesIO(dialog.pdf_bytes)).pages[0].mediabox
    assert (round(float(a4.width)), round(float(letter.width))) == (595, 612)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "grinder"), ""))
    dialog.save_button.click()
    assert (tmp_path / "grinder.pdf").read_bytes() == dialog.pdf_bytes
    assert editor.statusBar().currentMessage() == "Wrote grinder.pdf — 1 page"
