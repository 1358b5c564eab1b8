"""The Qt side of game systems: the palette offers the current document's system's kinds (names from one shared
table, a generic icon for a kind without one), the New dialog lists starters per system, and a fake system
from outside the repo (tests/unit/fake_system.py) shows its kind in the palette, places it, draws it and
switches to it — with no edit to the palette, the canvas or the dialogs."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from designer.app import new_dialog
from designer.app.properties_dialog import DocumentPropertiesDialog
from designer.commands.document import ChangeProperties
from designer.export import draw_track
from designer.io.track_io import dumps_track
from designer.model import TrackDocument, kind_names
from designer.panes.inspector_fields import field_specs
from designer.panes.palette import kind_icon
from designer.rules import list_rulesets
from tests.unit.fake_system import FAKE_ID, FAKE_KIND, FAKE_KINDS, FAKE_NAME, FakeBeacon, fake_registry, track_data

LEFT = Qt.MouseButton.LeftButton
NO_MOD = Qt.KeyboardModifier.NoModifier
BUILT_IN = ("mk-gaslands", "mk-board", "pitchkart", "mk-downforce", "axles-alloys-2")


def palette_rows(window) -> list[tuple[str, str]]:
    palette = window.edit_controller.palette
    return [(palette.list.item(r).data(Qt.ItemDataRole.UserRole), palette.list.item(r).text())
            for r in range(palette.list.count())]


# --- built-in systems ------------------------------------------------------------------------------
@pytest.mark.parametrize("system_id", BUILT_IN)
def test_the_palette_offers_exactly_the_systems_kinds_in_order(window, system_id):
    document = window.document
    document.undo_stack.push(ChangeProperties(document, {"ruleset": system_id}))
    kinds = list(document.ruleset.element_kinds)
    assert palette_rows(window) == [(k, kind_names.kind_name(k)) for k in kinds]


def test_names_are_kept_once():
    assert draw_track.kind_name is kind_names.kind_name  # the print names kinds as the palette does
    assert kind_names.kind_name("bullet_bill") == "Bullet Bill plate"
    assert kind_names.kind_name("fake_beacon") == "Fake beacon"
    assert kind_names.count_kinds(["coin", "dash_panel", "coin", "boost_pad", "coin", "boost_pad"],
                                  ["coin", "boost_pad", "dash_panel"]) == "3 coins, 2 boost pads, 1 dash panel"
    assert kind_names.count_kinds(["item_box", "scenery", "piranha_plant"]) == \
        "1 item box, 1 scenery polygon, 1 Piranha Plant"


def test_a_kind_without_an_icon_file_gets_a_generic_icon(qtbot):
    icon = kind_icon("no_such_kind_anywhere")
    assert not icon.isNull()
    image = icon.pixmap(28, 28).toImage()
    assert image.pixelColor(image.width() // 2, 3).alpha() > 0  # the tile is drawn, not an empty icon


# --- the New dialog: starters per system ---------------------------------------------------------
def test_the_new_dialog_lists_starters_per_system(qtbot, tmp_path, every_kind):
    (tmp_path / "a-gaslands.track.json").write_text(dumps_track(every_kind), encoding="utf-8")
    board = every_kind.model_copy(update={"name": "Board Loop", "ruleset": "mk-board", "elements": []})
    (tmp_path / "b-board.track.json").write_text(dumps_track(board), encoding="utf-8")
    dialog = new_dialog.NewDocumentDialog(folder=tmp_path)
    qtbot.addWidget(dialog)
    assert dialog.system_combo.currentData() == "mk-gaslands"
    assert [c.title for c in dialog.choices] == ["Blank table", "Every Kind"]
    assert [dialog.system_combo.itemData(i) for i in range(dialog.system_combo.count())] == \
        [r.id for r in list_rulesets()]
    board_row = dialog.system_combo.findData("mk-board")
    assert dialog.system_combo.itemText(board_row) == "Mario Kart Board Game (1 starter track)"

    dialog.system_combo.setCurrentIndex(board_row)
    assert [c.title for c in dialog.choices] == ["Blank table", "Board Loop"]
    assert dialog.list.count() == 2 and dialog.current_choice().title == "Blank table"  # selected at first
    assert dialog.chosen_document().ruleset == "mk-board"  # the blank table takes the chosen system

    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("mk-downforce"))
    assert [c.title for c in dialog.choices] == ["Blank table"]
    assert "blank table only" in dialog.system_combo.currentText()
    assert dialog.chosen_document().ruleset == "mk-downforce"


def test_the_bundled_starters_are_gaslands_board_game_pitchkart_and_axles_ones(qtbot):
    dialog = new_dialog.NewDocumentDialog(system_id="pitchkart")
    qtbot.addWidget(dialog)
    assert dialog.system_combo.currentData() == "pitchkart"
    assert [c.title for c in dialog.choices] == ["Blank table", "PitchKart — Kidney Bend", "PitchKart — Stadium"]
    gaslands = new_dialog.starter_choices(system_id="mk-gaslands")[0]
    board = new_dialog.starter_choices(system_id="mk-board")[0]
    pitchkart = new_dialog.starter_choices(system_id="pitchkart")[0]
    axles = new_dialog.starter_choices(system_id="axles-alloys-2")[0]
    assert len(board) == 3 and len(pitchkart) == 3  # the blank table and two starters each
    assert [c.title for c in axles] == ["Blank table", "Axles Deathmatch Arena", "Axles Figure-8", "Axles Tri-Oval"]
    assert len(gaslands) + len(board) + len(pitchkart) + len(axles) - 3 == len(new_dialog.starter_choices()[0])
    assert len(gaslands) >= 6


# --- a fake system from outside ------------------------------------------------------------------
@pytest.fixture
def fake(tmp_path):
    with fake_registry(tmp_path) as registry:
        yield registry


@pytest.fixture
def fake_window(qtbot, fake, errors):
    from designer.app.window import MainWindow

    win = MainWindow(TrackDocument.model_validate(track_data()))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.current_editor().view.setFocus()
    yield win
    for editor in win.editors():
        editor.document.undo_stack.setClean()
    win.close()


def test_a_fake_systems_kind_shows_in_the_palette_and_places(qtbot, fake_window):
    win = fake_window
    assert palette_rows(win) == [(k, kind_names.kind_name(k)) for k in FAKE_KINDS]
    palette = win.edit_controller.palette
    item = palette.item_for(FAKE_KIND)
    assert item.text() == "Fake beacon" and not item.icon().isNull()

    scene_item = win.current_editor().scene.items_by_id["b1"]
    assert type(scene_item).__name__ == "BeaconItem" and scene_item.kind == FAKE_KIND  # its Qt half's art

    document = win.document
    before = document.ids()
    palette.list.scrollToItem(item)
    qtbot.mouseClick(palette.list.viewport(), LEFT, NO_MOD, palette.list.visualItemRect(item).center())
    assert win.current_editor().tools.placing_kind() == FAKE_KIND
    point = win.view.mapFromScene(QPointF(400.0, 450.0))
    viewport = win.view.viewport()
    qtbot.mouseMove(viewport, point + QPoint(5, 5))
    qtbot.mouseMove(viewport, point)
    qtbot.mouseClick(viewport, LEFT, NO_MOD, point)
    (new_id,) = document.ids() - before
    placed = document.element(new_id)
    assert isinstance(placed, FakeBeacon) and placed.glow_mm == 40.0
    assert abs(placed.x_mm - 400.0) <= 1.0 and abs(placed.y_mm - 450.0) <= 1.0
    assert win.current_editor().selected_ids() == [new_id]
    assert [s.name for s in field_specs(FAKE_KIND)] == ["glow_mm"]  # the inspector edits its own field


def test_switching_a_gaslands_track_to_the_fake_system(qtbot, fake, fake_window, every_kind):
    editor = fake_window.add_editor(every_kind)
    document = editor.document
    before = document.elements
    dialog = DocumentPropertiesDialog(document, fake_window)
    qtbot.addWidget(dialog)
    index = dialog.ruleset_combo.findData(FAKE_ID)
    assert dialog.ruleset_combo.itemText(index) == FAKE_NAME
    dialog.ruleset_combo.setCurrentIndex(index)
    assert dialog.remove_check.text() == (
        "Remove what it does not offer: 2 item boxes, 1 coin, 1 boost pad, 1 dash panel, 1 ramp, 2 warp pipes, "
        "1 Bullet Bill plate, 1 thwomp, 1 Piranha Plant, 1 Chain Chomp, 1 wandering threat")
    dialog.remove_check.setChecked(True)
    dialog.accept()
    assert document.prop("ruleset") == FAKE_ID
    assert {e.kind for e in document.elements} == {"start_finish", "gate", "scenery"}
    assert palette_rows(fake_window) == [(k, kind_names.kind_name(k)) for k in FAKE_KINDS]
    document.undo_stack.undo()
    assert document.elements == before and document.prop("ruleset") == "mk-gaslands"


def test_every_systems_own_kinds_take_their_icons_from_its_package(qapp):
    """A system's `icons_dir` holds one icon per kind it defines (none for another system's kind), and the palette
    shows it rather than the generic tile."""
    from designer.model.elements import kind_of_class
    from designer.panes.palette import generic_icon
    from designer.systems import registry

    with_icons = [s for s in registry.systems() if s.icons_dir is not None]
    assert {s.id for s in with_icons} >= {"mk-board", "axles-alloys-2"}
    for system in with_icons:
        own = {kind_of_class(cls) for cls in system.element_classes}
        files = {p.stem for p in system.icons_dir.glob("*.svg")}
        assert files and files <= own, system.id
        for kind in files:
            image = kind_icon(kind).pixmap(28, 28).toImage()
            assert not image.isNull() and image != generic_icon(kind_names.kind_name(kind)).pixmap(28, 28).toImage()
