"""PitchKart's last authoring behaviours through the real window: a dragged section moves alone unless Alt is
held (or Track ▸ Move Chain With Section is on), when the sections chained after it move and turn rigidly
with it in one undo step; deleting a section from a closed loop moves nothing and says where the loop is open;
the Track Report shows the board's and PitchKart's figures."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QLabel

from designer import i18n
from designer.app.report_dialog import TrackReportDialog, report_for
from designer.app.window import MainWindow
from designer.document.operations import delete_elements, rotate_elements
from designer.geometry.figures import track_figures
from designer.model.track import Table, TrackDocument
from designer.rules.loader import load_ruleset
from designer.systems.api import move_attached, set_move_attached
from designer.systems.mk_board.elements import Space
from designer.systems.pitchkart.chain import chain_after, chain_followers
from designer.systems.pitchkart.rule_data import pitchkart_rules
from designer.systems.pitchkart.sections import (
    Connector,
    closure_gap,
    joints,
    lay_chain,
    section_end,
    section_start,
    track_sections,
)

LEFT = Qt.MouseButton.LeftButton
NO_MOD = Qt.KeyboardModifier.NoModifier
ALT = Qt.KeyboardModifier.AltModifier
RULES = load_ruleset("pitchkart")
INVENTORY = pitchkart_rules(RULES).inventory
#: An open chain: two straights then two left-hand curves, from (200, 700) heading +x.
CHAIN = ["straight", "straight", "curve-45", "curve-45"]
#: A closed loop, clockwise: three straights each side, four right-hand curves at each end.
LOOP = [*["straight"] * 3, *[("curve-45", True)] * 4, *["straight"] * 3, *[("curve-45", True)] * 4]


def doc(elements=(), ruleset: str = "pitchkart") -> TrackDocument:
    return TrackDocument(name="PitchKart", ruleset=ruleset, table=Table(width_mm=1600, height_mm=1000),
                         track=None, elements=list(elements))


@pytest.fixture
def windows(qtbot, errors):
    opened: list[MainWindow] = []

    def make(document: TrackDocument) -> MainWindow:
        win = MainWindow(document)
        qtbot.addWidget(win)
        win.resize(1100, 900)
        win.show()
        qtbot.waitExposed(win)
        win.current_editor().view.fit_table()
        win.current_editor().view.setFocus()
        opened.append(win)
        return win

    yield make
    set_move_attached(False)
    for win in opened:
        for editor in win.editors():
            editor.document.undo_stack.setClean()
        win.close()


def px(window, x: float, y: float) -> QPoint:
    return window.current_editor().view.mapFromScene(QPointF(x, y))


def drag(qtbot, window, start, end, modifiers=NO_MOD, steps: int = 6) -> None:
    a, b = px(window, *start), px(window, *end)
    viewport = window.current_editor().view.viewport()
    qtbot.mouseMove(viewport, a + QPoint(5, 5))
    qtbot.mouseMove(viewport, a)
    qtbot.mousePress(viewport, LEFT, modifiers, a)
    for i in range(1, steps + 1):
        qtbot.mouseMove(viewport, a + (b - a) * (i / steps))
    qtbot.mouseRelease(viewport, LEFT, modifiers, b)


def placement(e) -> tuple[float, float, float]:
    return e.x_mm, e.y_mm, e.rotation_deg % 360


def chain() -> list:
    return lay_chain(CHAIN, Connector(200.0, 700.0, 0.0), INVENTORY)


# --- the pure seam --------------------------------------------------------------------------------------
def test_the_chain_after_a_section_follows_end_to_start_and_moves_rigidly():
    laid = chain()
    assert [s.id for s in chain_after(laid, laid[1], INVENTORY)] == ["ts3", "ts4"]
    assert chain_after(laid, laid[3], INVENTORY) == []
    loop = lay_chain(LOOP, Connector(400.0, 150.0, 0.0), INVENTORY)
    assert len(chain_after(loop, loop[4], INVENTORY)) == 13  # a closed loop: every other section
    # ts2 turned 90° about its start and shifted by (10, -20): ts3 and ts4 turn about ts2's start with it
    turned = laid[1].model_copy(update={"x_mm": 510.0, "y_mm": 680.0, "rotation_deg": 90.0})
    followers = chain_followers(laid, [turned], INVENTORY)
    assert [f.id for f in followers] == ["ts3", "ts4"]
    ts3 = followers[0]
    # ts3 started 300 mm ahead of ts2 (at 800, 700): now 300 mm "down" from ts2's new start
    assert placement(ts3) == pytest.approx((510.0, 980.0, 90.0))
    assert section_end(turned, INVENTORY).distance_to(section_start(ts3)) < 1e-9
    assert section_end(ts3, INVENTORY).distance_to(section_start(followers[1])) < 0.01  # stored to 0.01 mm


# --- dragging ---------------------------------------------------------------------------------------------
def test_a_dragged_section_moves_alone_and_with_alt_its_chain_comes_along(windows, qtbot):
    win = windows(doc(chain()))
    document = win.current_editor().document
    before = {e.id: placement(e) for e in document.elements}
    grab = (350.0 + 300.0, 700.0)  # the middle of ts2
    drag(qtbot, win, grab, (grab[0], grab[1] - 100.0))
    moved = {e.id: placement(e) for e in document.elements}
    assert moved["ts1"] == before["ts1"] and moved["ts3"] == before["ts3"] and moved["ts4"] == before["ts4"]
    dy = moved["ts2"][1] - before["ts2"][1]
    assert dy == pytest.approx(-100.0, abs=3.0) and moved["ts2"][0] == pytest.approx(before["ts2"][0], abs=3.0)
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert {e.id: placement(e) for e in document.elements} == before

    drag(qtbot, win, grab, (grab[0] + 40.0, grab[1] - 100.0), ALT)
    after = {e.id: placement(e) for e in document.elements}
    dx, dy = after["ts2"][0] - before["ts2"][0], after["ts2"][1] - before["ts2"][1]
    assert dy == pytest.approx(-100.0, abs=3.0) and dx == pytest.approx(40.0, abs=3.0)
    assert after["ts1"] == before["ts1"]
    for sid in ("ts3", "ts4"):  # the same shift, headings kept
        assert after[sid] == pytest.approx((before[sid][0] + dx, before[sid][1] + dy, before[sid][2]))
    assert document.undo_stack.count() == 1  # one step, the chain included
    sections = track_sections(document.elements)
    assert [j.joined for j in joints(sections, INVENTORY)[:3]] == [False, True, True]  # open only before ts2
    document.undo_stack.undo()
    assert {e.id: placement(e) for e in document.elements} == before


def test_move_chain_with_section_makes_nudges_and_turns_carry_the_chain(windows, qtbot):
    win = windows(doc(chain()))
    editor = win.current_editor()
    document = editor.document
    action = win.menu_actions.qaction("chain_moves")
    assert action.isEnabled() and action.isCheckable() and not action.isChecked()
    assert "Alt" in action.statusTip()
    before = {e.id: placement(e) for e in document.elements}
    action.trigger()
    assert action.isChecked() and move_attached()
    editor.tools.select(["ts2"])
    qtbot.keyClick(editor.view, Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)  # 10 mm down
    after = {e.id: placement(e) for e in document.elements}
    for sid in ("ts2", "ts3", "ts4"):
        assert after[sid] == pytest.approx((before[sid][0], before[sid][1] + 10.0, before[sid][2]))
    assert after["ts1"] == before["ts1"] and document.undo_stack.count() == 1
    rotate_elements(document, ["ts2"], -90.0)  # one section: about its own start
    turned = track_sections(document.elements)
    assert placement(turned[1])[2] == pytest.approx(270.0)
    assert placement(turned[2]) == pytest.approx((500.0, 410.0, 270.0))  # 300 mm "up" from ts2's start
    assert [j.joined for j in joints(turned, INVENTORY)[:3]] == [False, True, True]
    assert document.undo_stack.count() == 2
    action.trigger()
    assert not action.isChecked() and not move_attached()
    qtbot.keyClick(editor.view, Qt.Key.Key_Left)
    assert placement(document.element("ts3")) == pytest.approx(placement(turned[2]))  # alone again


# --- deleting -----------------------------------------------------------------------------------------------
def test_deleting_a_section_of_a_closed_loop_says_where_it_is_open_and_moves_nothing(windows):
    loop = lay_chain(LOOP, Connector(400.0, 150.0, 0.0), INVENTORY)
    win = windows(doc(loop))
    document = win.current_editor().document
    assert closure_gap(track_sections(document.elements), INVENTORY).joined
    before = list(document.elements)
    delete_elements(document, ["ts5"])  # the second curve of the right-hand end
    kept = track_sections(document.elements)
    assert len(kept) == 13 and kept == [e for e in before if e.id != "ts5"]  # nothing else moved or renumbered
    end4 = section_end(document.element("ts4"), INVENTORY)
    message = win.statusBar().currentMessage()
    assert message == (f"The loop is open now: section 4 ends at {end4.x_mm:.0f} mm, {end4.y_mm:.0f} mm, "
                       f"{end4.distance_to(section_start(document.element('ts6'))):.0f} mm short of section 6")
    assert "section 4 ends at 1512 mm, 238 mm, 230 mm short" in message  # 300 + 300 sin 45°; a 45° chord
    document.undo_stack.undo()
    assert list(document.elements) == before
    win.statusBar().clearMessage()
    delete_elements(document, ["ts2", "ts9"])
    assert win.statusBar().currentMessage().startswith("The loop is open now in 2 places, the first after section 1")


def test_deleting_from_an_open_chain_says_nothing(windows):
    win = windows(doc(chain()))
    win.statusBar().clearMessage()
    delete_elements(win.current_editor().document, ["ts4"])
    assert win.statusBar().currentMessage() == ""


# --- the track report ------------------------------------------------------------------------------------
def test_the_track_report_shows_pitchkarts_figures(windows):
    loop = lay_chain(LOOP, Connector(400.0, 150.0, 0.0), INVENTORY)
    win = windows(doc(loop))
    dialog = report_for(win.current_editor())
    assert dialog.values["sections_per_lap"] == "14 (the loop is closed)"
    assert dialog.values["pieces"] == "6 straight, 8 curved"
    assert dialog.values["longest_straight"] == "3 sections"
    assert dialog.values["bends"] == "2, the longest 4 sections"
    table = dialog.tables["characters"]
    rows = [tuple(table.item(r, c).text() for c in range(table.columnCount())) for r in range(table.rowCount())]
    by_name = {row[0]: row[1:] for row in rows}
    first = RULES.characters[0]
    assert len(rows) == len(RULES.characters)
    fast = next(c for c in RULES.characters if c.top_speed == 4)
    slow = next(c for c in RULES.characters if c.top_speed == 2 and c.traction == 3)
    assert by_name[fast.name][:2] == ("4", "1")  # 3 sections at 4 a flick: one flick
    assert by_name[slow.name] == ("2", "2", "3")  # … at 2 a flick: two
    assert by_name["Bowser"] == ("4", "1", "2 ≈")  # the source gives Bowser's Top Speed; Traction is ours
    assert by_name["Mario"] == ("3 ≈", "1 ≈", "2 ≈")  # all house values, and the flicks worked out from one
    assert first.name in by_name and "Top Speed" in dialog.values["characters_note"]
    assert dialog.findChild(object, "longest_straight").text() == "3 sections"
    assert "straight_flicks" not in dialog.values["characters_note"]  # a field name is no word of the note
    labels = [label.text() for label in dialog.findChildren(QLabel)]
    assert "This track is built of sections: their figures follow." in labels
    assert not any("arena" in text for text in labels)  # it has no ribbon, yet it is no arena


def test_the_track_report_shows_the_boards_figures_with_the_languages_decimal_sign(qtbot):
    board = load_ruleset("mk-board")
    fields = ["start", "plain", "plain", "item", "booster", "plain", "plain", "thwomp", "plain", "item"]
    spaces = [Space(id=f"s{n}", x_mm=100.0 + 40 * n, y_mm=300.0, number=n, field=f) for n, f in enumerate(fields, 1)]
    i18n.set_language("de")
    figures = track_figures(doc(spaces, "mk-board"), board)
    dialog = TrackReportDialog(figures, "mm", None, "Brett", ruleset=board)
    qtbot.addWidget(dialog)
    assert dialog.values["spaces_per_lap"] == "10"
    assert dialog.values["turns_per_lap"] == "2,9"  # 10 spaces / 3.5 a roll
    table = dialog.tables["fields"]
    shares = {table.item(r, 1).text(): table.item(r, 2).text() for r in range(table.rowCount())}
    assert table.rowCount() == 6 and shares["5"] == "50,0 %" and shares["2"] == "20,0 %"
    assert "3,5" in dialog.values["turns_note"]
    assert not hasattr(dialog, "characters")
