"""PitchKart authoring through the real window: the section tool lays pieces end to end at the open connector
nearest the pointer (8 curves close the loop exactly), each placement one undo step that undo takes back
exactly, F flips a curve, P picks the next piece, Renumber Sections Along Route; the canvas items of sections
(real outline, open connectors); the actions offered only where the ruleset has track sections."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from designer.app.window import MainWindow
from designer.model.track import Table, TrackDocument
from designer.rules.loader import load_ruleset
from designer.systems.pitchkart.qt.items import TrackSectionItem
from designer.systems.pitchkart.qt.section_tool import SectionTool
from designer.systems.pitchkart.rule_data import pitchkart_rules
from designer.systems.pitchkart.sections import (
    Connector,
    closure_gap,
    lay_chain,
    open_connectors,
    section_end,
    track_sections,
)

LEFT = Qt.MouseButton.LeftButton
NO_MOD = Qt.KeyboardModifier.NoModifier
INVENTORY = pitchkart_rules(load_ruleset("pitchkart")).inventory
#: A left-hand curve laid from here heading +x turns about (600, 500): the 8-curve circle spans 300…900 × 200…800.
FIRST = (600.0, 800.0)


def pitchkart_doc(elements=(), ruleset: str = "pitchkart") -> TrackDocument:
    return TrackDocument(name="PitchKart", ruleset=ruleset, table=Table(width_mm=1200, height_mm=1000),
                         track=None, elements=list(elements))


def show_window(qtbot, win: MainWindow) -> MainWindow:
    win.resize(1100, 900)
    win.show()
    qtbot.waitExposed(win)
    win.current_editor().view.fit_table()
    win.current_editor().view.setFocus()
    return win


@pytest.fixture
def windows(qtbot, errors, new_window):
    return lambda document: show_window(qtbot, new_window(document))


def px(window, x: float, y: float) -> QPoint:
    return window.current_editor().view.mapFromScene(QPointF(x, y))


def click(qtbot, window, x: float, y: float) -> None:
    viewport = window.current_editor().view.viewport()
    at = px(window, x, y)
    qtbot.mouseMove(viewport, at + QPoint(3, 3))
    qtbot.mouseMove(viewport, at)
    qtbot.mouseClick(viewport, LEFT, NO_MOD, at)


def sections(document) -> list:
    return track_sections(document.elements)


def arm(window, piece_id: str) -> SectionTool:
    tool = window.menu_actions.controller("section_tool").choose_piece(piece_id)
    assert isinstance(tool, SectionTool) and tool.piece_id == piece_id
    return tool


def test_eight_curves_laid_with_the_tool_close_the_loop(windows, qtbot):
    win = windows(pitchkart_doc())
    document = win.current_editor().document
    arm(win, "curve-45")
    click(qtbot, win, *FIRST)  # the empty table: the piece lies at the pointer, heading +x
    placed = sections(document)
    assert len(placed) == 1 and math.dist((placed[0].x_mm, placed[0].y_mm), FIRST) < 3.0  # a pixel or two away
    start = Connector(placed[0].x_mm, placed[0].y_mm, 0.0)
    for _n in range(7):
        end = section_end(sections(document)[-1], INVENTORY)
        click(qtbot, win, end.x_mm + 4.0, end.y_mm - 3.0)  # a little off: the ghost snaps on exactly
    laid = sections(document)
    assert [s.number for s in laid] == list(range(1, 9))
    expected = lay_chain(["curve-45"] * 8, start, INVENTORY)
    for got, want in zip(laid, expected, strict=True):
        assert math.isclose(got.x_mm, want.x_mm, abs_tol=1e-9) and math.isclose(got.y_mm, want.y_mm, abs_tol=1e-9)
        assert math.isclose(got.rotation_deg % 360, want.rotation_deg % 360, abs_tol=1e-9)
    closure = closure_gap(laid, INVENTORY)
    assert closure is not None and closure.joined
    assert closure.gap_mm < 0.01 and closure.heading_deg < 0.01  # placements are stored to 0.01 mm and 0.01°
    assert open_connectors(laid, INVENTORY) == []
    assert document.undo_stack.count() == 8  # one step per piece
    scene = win.current_editor().scene
    items = [scene.item_for(s.id) for s in laid]
    assert all(isinstance(item, TrackSectionItem) for item in items)
    assert all(item.open_connectors() == (False, False) for item in items)


def test_undo_of_one_placement_restores_the_document_exactly(windows, qtbot):
    # ts1 → ts2 chained, but numbered 1 and 5: laying the third piece renumbers ts2 in the same step.
    chained = lay_chain(["straight", "curve-45"], Connector(300.0, 700.0, 0.0), INVENTORY)
    chained[1] = chained[1].model_copy(update={"number": 5})
    win = windows(pitchkart_doc(chained))
    document = win.current_editor().document
    before = list(document.elements)
    arm(win, "straight")
    end = section_end(chained[1], INVENTORY)
    click(qtbot, win, end.x_mm, end.y_mm)
    after = sections(document)
    assert [(s.id, s.number) for s in after] == [("ts1", 1), ("ts2", 2), ("track_section-1", 3)]
    new = document.element("track_section-1")
    assert (new.x_mm, new.y_mm, new.rotation_deg % 360) == pytest.approx((end.x_mm, end.y_mm, end.heading_deg),
                                                                          abs=0.005)
    assert document.undo_stack.count() == 1
    laid = list(document.elements)
    document.undo_stack.undo()
    assert list(document.elements) == before
    document.undo_stack.redo()
    assert list(document.elements) == laid


def test_f_flips_the_piece_into_its_mirror_image(windows, qtbot):
    win = windows(pitchkart_doc())
    document = win.current_editor().document
    view = win.current_editor().view
    tool = arm(win, "curve-45")
    s45, c45 = math.sin(math.pi / 4), math.cos(math.pi / 4)
    viewport = view.viewport()
    qtbot.mouseMove(viewport, px(win, 600.0, 500.0))
    ghost = tool.ghost.element
    x0, y0 = ghost.x_mm, ghost.y_mm
    # A 45° left curve about (x, y - 300): ahead 300 sin 45°, up 300 (1 - cos 45°), heading 315°.
    a = section_end(ghost, INVENTORY)
    assert (a.x_mm - x0, a.y_mm - y0, a.heading_deg) == pytest.approx((300 * s45, -300 * (1 - c45), 315.0))
    qtbot.keyClick(view, Qt.Key.Key_F)
    assert tool.flipped and tool.ghost.element.flipped
    # … flipped, its mirror image about the heading line: down instead of up, heading 45°.
    b = section_end(tool.ghost.element, INVENTORY)
    assert (b.x_mm - x0, b.y_mm - y0, b.heading_deg) == pytest.approx((300 * s45, 300 * (1 - c45), 45.0))
    click(qtbot, win, 600.0, 500.0)
    first = sections(document)[0]
    assert first.flipped
    e = section_end(first, INVENTORY)
    assert (e.x_mm - first.x_mm, e.y_mm - first.y_mm, e.heading_deg) == pytest.approx(
        (300 * s45, 300 * (1 - c45), 45.0))
    qtbot.keyClick(view, Qt.Key.Key_F)
    assert not tool.flipped
    # Unflipped, laid before the first's start (the pointer is there): a left curve ending on it, heading 0°.
    click(qtbot, win, first.x_mm, first.y_mm)
    before = next(s for s in sections(document) if s.id != first.id)
    assert not before.flipped
    end = section_end(before, INVENTORY)
    assert (end.x_mm, end.y_mm, end.heading_deg) == pytest.approx((first.x_mm, first.y_mm, 0.0), abs=0.01)
    assert (first.x_mm - before.x_mm, first.y_mm - before.y_mm, before.rotation_deg % 360) == pytest.approx(
        (300 * s45, 300 * (1 - c45), 45.0), abs=0.01)  # it came down from above, heading 45°
    assert before.number == 2 and first.number == 1


def test_p_picks_the_next_piece_and_the_menu_lists_the_set(windows, qtbot):
    win = windows(pitchkart_doc())
    assert [a.data() for a in win.menu_actions.choice_actions("section_piece")] == ["straight", "curve-45"]
    assert [a.text() for a in win.menu_actions.choice_actions("section_piece")] == ["Straight", "Curve 45°"]
    tool = arm(win, "straight")
    qtbot.keyClick(win.current_editor().view, Qt.Key.Key_P)
    assert tool.piece_id == "curve-45"
    qtbot.keyClick(win.current_editor().view, Qt.Key.Key_P)
    assert tool.piece_id == "straight"
    qtbot.keyClick(win.current_editor().view, Qt.Key.Key_Escape)
    assert not isinstance(win.current_editor().tools.active, SectionTool)


def test_renumber_sections_along_route_from_the_selected_one(windows):
    laid = lay_chain(["straight", "curve-45", "curve-45", "straight"], Connector(300.0, 700.0, 0.0), INVENTORY)
    scrambled = [s.model_copy(update={"number": n}) for s, n in zip(laid, (4, 1, 3, 2), strict=True)]
    win = windows(pitchkart_doc(scrambled))
    editor = win.current_editor()
    document = editor.document
    controller = win.menu_actions.controller("section_tool")
    assert win.menu_actions.qaction("renumber_sections").isEnabled()
    editor.select_ids(["ts1"])
    win.menu_actions.qaction("renumber_sections").trigger()
    assert [(s.id, s.number) for s in sections(document)] == [("ts1", 1), ("ts2", 2), ("ts3", 3), ("ts4", 4)]
    assert document.undo_stack.count() == 1
    assert not controller.renumber_sections()  # already right: nothing pushed
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert [document.element(f"ts{i}").number for i in range(1, 5)] == [4, 1, 3, 2]


def test_items_draw_the_real_outline_and_highlight_open_connectors(windows, qtbot, tmp_path):
    laid = lay_chain(["straight", "curve-45"], Connector(300.0, 500.0, 0.0), INVENTORY)
    win = windows(pitchkart_doc(laid))
    scene = win.current_editor().scene
    straight, curve = scene.item_for("ts1"), scene.item_for("ts2")
    assert isinstance(straight, TrackSectionItem) and isinstance(curve, TrackSectionItem)
    box = straight.shape().boundingRect()
    assert (box.width(), box.height()) == pytest.approx((300.0, 170.0))
    arc = curve.shape().boundingRect()  # 45° of a ring 215…385 mm about the centre
    assert (arc.width(), arc.height()) == pytest.approx((385 * math.sin(math.pi / 4), 385 - 215 * math.cos(
        math.pi / 4)), abs=0.1)
    assert straight.shape().contains(QPointF(150.0, 80.0)) and not straight.shape().contains(QPointF(150.0, 90.0))
    assert straight.open_connectors() == (True, False) and curve.open_connectors() == (False, True)
    win.current_editor().view.grab().save(str(tmp_path / "sections.png"))
    assert (tmp_path / "sections.png").stat().st_size > 0


def test_actions_are_offered_only_where_the_ruleset_has_track_sections(windows):
    win = windows(pitchkart_doc(ruleset="mk-gaslands"))
    controller = win.menu_actions.controller("section_tool")
    assert not win.menu_actions.qaction("section_tool").isEnabled()
    assert not win.menu_actions.qaction("renumber_sections").isEnabled()
    assert controller.section_tool() is None and win.menu_actions.choice_actions("section_piece") == []
    win2 = windows(pitchkart_doc())
    assert win2.menu_actions.qaction("section_tool").isEnabled()
    assert win2.menu_actions.qaction("renumber_sections").isEnabled()


def test_rings_follow_moves_through_the_shared_connectors_and_a_coin_move_rebuilds_nothing(windows, qtbot):
    from designer.document.operations import move_elements
    from designer.rules.defaults import new_element
    from designer.systems.pitchkart.qt.items import connectors

    laid = lay_chain(["straight", "curve-45", "straight"], Connector(300.0, 500.0, 0.0), INVENTORY)
    coin = new_element(load_ruleset("pitchkart"), "coin", "coin-1", 450.0, 500.0, 0.0)
    win = windows(pitchkart_doc([*laid, coin]))
    scene, document = win.current_editor().scene, win.current_editor().document
    first, middle, last = (scene.item_for(f"ts{i}") for i in (1, 2, 3))
    assert (first.open_connectors(), middle.open_connectors(), last.open_connectors()) == (
        (True, False), (False, False), (False, True))
    shared = connectors(document)
    index = shared._index
    move_elements(document, ["coin-1"], 20.0, 0.0)
    assert shared._index is index and index is not None  # nothing about the sections changed
    move_elements(document, ["ts2"], 0.0, 50.0)  # the middle section leaves a gap on both sides
    assert (first.open_connectors(), middle.open_connectors(), last.open_connectors()) == (
        (True, True), (True, True), (True, True))
    document.undo_stack.undo()
    assert (first.open_connectors(), middle.open_connectors(), last.open_connectors()) == (
        (True, False), (False, False), (False, True))


def test_items_made_by_the_scene_use_its_rules_and_follow_the_document_through_one_connection(
        windows, qtbot, monkeypatch):
    """The scene hands its rules to the items it makes (the built-in set is never looked up again per item); the
    shared connectors refresh the section items only after a change that touched a section, and an item taken
    off the scene is no longer refreshed."""
    from designer.document.operations import move_elements
    from designer.rules.defaults import new_element
    from designer.systems.pitchkart.qt import items

    looked_up = []
    monkeypatch.setattr(items, "fallback_inventory", lambda: looked_up.append(1))
    laid = lay_chain(["straight", "curve-45", "straight"], Connector(300.0, 500.0, 0.0), INVENTORY)
    coin = new_element(load_ruleset("pitchkart"), "coin", "coin-1", 450.0, 500.0, 0.0)
    win = windows(pitchkart_doc([*laid, coin]))
    scene, document = win.current_editor().scene, win.current_editor().document
    first, middle, last = (scene.item_for(f"ts{i}") for i in (1, 2, 3))
    assert looked_up == [] and first.inventory() is scene.ruleset.pitchkart.inventory
    refreshed = []
    for item in (first, middle, last):
        monkeypatch.setattr(item, "_refresh", lambda item=item, was=item._refresh: (refreshed.append(item), was()))
    move_elements(document, ["coin-1"], 20.0, 0.0)
    assert refreshed == []  # a coin moved: no section can have opened or closed
    move_elements(document, ["ts3"], 0.0, 50.0)
    assert set(refreshed) == {first, middle, last} and middle.open_connectors() == (False, True)
    scene.removeItem(first)
    refreshed.clear()
    document.undo_stack.undo()
    assert first not in refreshed and middle in refreshed and middle.open_connectors() == (False, False)


def test_an_item_added_to_the_scene_by_a_tool_follows_its_document_until_taken_off(windows, qtbot):
    """A tool's ghost joins the scene through `addItem` and leaves through `removeItem`: the scene tells the item
    both (ElementItem.scene_changed), so the ghost shows the neighbours it would meet and is forgotten after."""
    from designer.canvas.items import create_element_item
    from designer.systems.pitchkart.qt.items import connectors

    laid = lay_chain(["straight", "curve-45", "straight"], Connector(300.0, 500.0, 0.0), INVENTORY)
    win = windows(pitchkart_doc(laid[:2]))
    scene, document = win.current_editor().scene, win.current_editor().document
    ghost = create_element_item(laid[2], scene.metrics_for("track_section"))
    assert ghost.open_connectors() == (True, True)
    scene.addItem(ghost)
    assert ghost.open_connectors() == (False, True) and ghost in connectors(document)._items
    ghost.scene().removeItem(ghost)
    assert ghost not in connectors(document)._items


def test_element_items_leave_qt_item_changes_to_qt():
    """No element item overrides QGraphicsItem.itemChange: PySide would call Python for each of about ten changes
    (flags, position, scene) as every such item is made — 18 % of what opening a long PitchKart track costs a
    section. An item that follows its scene overrides ElementItem.scene_changed instead."""
    from PySide6.QtWidgets import QGraphicsItem

    from designer.canvas import items
    from designer.systems import registry

    classes = {cls for cls in vars(items).values() if isinstance(cls, type) and issubclass(cls, items.ElementItem)}
    for system in registry.systems():
        classes.update(items.system_item_classes(system).values())
    assert len(classes) > 20
    assert [cls.__name__ for cls in classes if cls.itemChange is not QGraphicsItem.itemChange] == []
