"""A Grand Prix result stores only what the player typed: a place typed alone leaves the gates and coins not
entered (empty cells that count 0 points and say so), saved and loaded as such; typing a number in later
stores it, and emptying the cell makes it not entered again."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from designer.campaign.grand_prix import race_points
from designer.io.campaign_io import load_campaign
from designer.panes.campaign.races import COINS, GATES, PLACE, POINTS

from .test_campaign_window import type_into
from .test_refused_cells import type_row, win  # noqa: F401  (the window fixture)


def empty_cell(qtbot, table, item) -> None:
    """Open the cell's editor, delete what it holds, press Enter."""
    table.setCurrentItem(item)
    table.editItem(item)
    [editor] = [e for e in table.findChildren(QLineEdit) if not e.isHidden()]
    editor.selectAll()
    qtbot.keyClick(editor, Qt.Key.Key_Backspace)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: table.state() != table.State.EditingState)


@pytest.fixture
def gp(win):  # noqa: F811
    """The sample Grand Prix in the campaign window (its races 1 and 2 entered)."""
    return win


def test_a_place_typed_alone_stores_no_gates_or_coins_and_saves_so(qtbot, gp, tmp_path):
    window = gp
    page = window.race_page(2)
    assert page.clear_result("Alex")
    row = window.session.document.player_names().index("Alex")
    depth = window.session.undo_stack.count()

    type_row(qtbot, page.table, row, PLACE, ["2"])  # place 2, Enter: nothing typed in gates or coins

    stored = window.session.document.races[1].result("Alex")
    assert (stored.place, stored.gates, stored.coins) == (2, None, None)
    assert window.session.undo_stack.count() == depth + 1
    gp = window.session.context.ruleset.grand_prix
    assert race_points(stored, gp).total == gp.place_points_for(2)  # not entered counts 0
    assert page.cell("Alex", POINTS).text() == str(gp.place_points_for(2))
    for column in (GATES, COINS):
        cell = page.cell("Alex", column)
        assert cell.text() == ""
        assert "not entered" in cell.toolTip()
    assert "gates not entered" in page.cell("Alex", POINTS).toolTip()

    path = tmp_path / "saved.campaign.json"
    window.session.save(path)
    saved = next(r for r in json.loads(path.read_text(encoding="utf-8"))["races"][1]["results"]
                 if r["player"] == "Alex")
    assert saved == {"player": "Alex", "place": 2}  # nothing stored the player did not type
    assert load_campaign(path)[0] == window.session.document

    # Coins typed later are stored; the gates stay not entered; an emptied cell is not entered again.
    type_into(qtbot, page.table, page.cell("Alex", COINS), "4")
    assert window.session.document.races[1].result("Alex").coins == 4
    assert window.session.document.races[1].result("Alex").gates is None
    empty_cell(qtbot, page.table, page.cell("Alex", COINS))
    assert window.session.document.races[1].result("Alex").coins is None
    assert page.cell("Alex", COINS).text() == ""
