"""Every command: do → undo → redo, asserting the model each time (same ids, same list order)."""

from __future__ import annotations

import pytest

from designer.commands.document import ChangeProperties, SetTrack
from designer.document.document import Document
from designer.document.operations import (
    add_elements,
    change_elements,
    delete_elements,
    duplicate_elements,
    macro,
    move_elements,
    paste_elements,
    reorder_elements,
    rotate_elements,
)
from designer.io.clipboard import elements_from_json, elements_to_json
from designer.io.errors import DocumentError
from designer.model.edit import with_changes
from designer.model.track import Table, TrackSurface
from designer.rules import load_ruleset
from designer.rules.defaults import new_element


def check_undo_redo(document: Document, action) -> None:
    start = document.snapshot()
    action()
    done = document.snapshot()
    assert done != start
    document.undo_stack.undo()
    assert document.snapshot() == start
    document.undo_stack.redo()
    assert document.snapshot() == done


def ids(document: Document) -> list[str]:
    return [e.id for e in document.elements]


def test_add_and_undo(document):
    coin = new_element(load_ruleset("mk-gaslands"), "coin", "coin-9", 10, 20)
    check_undo_redo(document, lambda: add_elements(document, [coin]))
    assert ids(document)[-1] == "coin-9"


def test_delete_restores_exact_positions(document):
    before = ids(document)
    check_undo_redo(document, lambda: delete_elements(document, ["b1", "th", "sc"]))
    document.undo_stack.undo()
    assert ids(document) == before


def test_move_merges_into_one_step(document):
    start = document.snapshot()
    for _ in range(10):
        move_elements(document, ["c1", "bp"], 1.5, -2.0, merge_key="drag-1")
    assert document.undo_stack.count() == 1
    assert document.element("c1").x_mm == pytest.approx(315.0)
    assert document.element("bp").y_mm == pytest.approx(680.0)
    document.undo_stack.undo()
    assert document.snapshot() == start


def test_separate_drags_are_separate_steps(document):
    move_elements(document, ["c1"], 5, 0, merge_key="drag-1")
    move_elements(document, ["c1"], 5, 0, merge_key="drag-2")
    assert document.undo_stack.count() == 2


def test_drag_back_to_start_leaves_no_step(document):
    move_elements(document, ["c1"], 5, 0, merge_key="d")
    move_elements(document, ["c1"], -5, 0, merge_key="d")
    assert document.undo_stack.count() == 0


def test_rotate_single_and_group(document):
    check_undo_redo(document, lambda: rotate_elements(document, ["bp"], 15))
    assert document.element("bp").rotation_deg == pytest.approx(-165.0)
    rotate_elements(document, ["c1", "th"], 90)
    c1, th = document.element("c1"), document.element("th")
    assert (c1.x_mm, c1.y_mm) == pytest.approx((500.0, 250.0))  # turned about their common centre
    assert (th.x_mm, th.y_mm) == pytest.approx((250.0, 400.0))
    assert c1.rotation_deg == pytest.approx(90.0)


def test_field_edit_scrub_merges(document):
    plant = document.element("pp")
    for value in (80, 85, 90, 95):
        change_elements(document, [with_changes(plant, {"range_mm": value})], "Range", merge_key=("range_mm", ("pp",)))
    assert document.undo_stack.count() == 1
    assert document.element("pp").range_mm == 95
    document.undo_stack.undo()
    assert document.element("pp").range_mm == 75


def test_duplicate_gets_new_ids_and_offset(document):
    check_undo_redo(document, lambda: duplicate_elements(document, ["c1", "p1"]))
    c1_copy = document.elements[-2]
    assert c1_copy.id == "c1-1" and (c1_copy.x_mm, c1_copy.y_mm) == (310.0, 210.0)


def test_copy_paste_between_documents_keeps_links(document):
    other = Document(document.snapshot().model_copy(update={"elements": []}))
    text = elements_to_json([document.element("p1"), document.element("p2"), document.element("bb")])
    pasted = paste_elements(other, elements_from_json(text), at=(100.0, 100.0))
    assert pasted == ["p1", "p2", "bb"]
    assert other.element("p1").pair == "p2" and other.element("bb").launcher == "p1"
    # pasting again into the same document renames and re-links the copies
    again = paste_elements(other, elements_from_json(text), at=(300.0, 300.0))
    assert again == ["p1-1", "p2-1", "bb-1"]
    assert other.element("p1-1").pair == "p2-1" and other.element("bb-1").launcher == "p1-1"
    cx = sum(other.element(i).x_mm for i in again) / 3
    assert cx == pytest.approx(300.0, abs=0.01)  # positions are kept to 0.01 mm


@pytest.mark.parametrize("text", ["hello", '{"format": "kartographer-elements", "elements": [{"kind": "coin"}]}'])
def test_bad_clipboard_is_one_line_error(text):
    with pytest.raises(DocumentError) as info:
        elements_from_json(text)
    assert "\n" not in str(info.value) and str(info.value).startswith("clipboard")


def test_reorder_front_and_back(document):
    check_undo_redo(document, lambda: reorder_elements(document, ["sf", "g1"], to_front=True))
    assert ids(document)[-2:] == ["sf", "g1"]
    document.undo_stack.undo()
    reorder_elements(document, ["sc"], to_front=False)
    assert ids(document)[0] == "sc"


def test_properties_and_track(document):
    check_undo_redo(document, lambda: document.undo_stack.push(
        ChangeProperties(document, {"name": "Renamed", "table": Table(width_mm=1219.2, height_mm=1219.2)})))
    assert document.name == "Renamed"
    track = TrackSurface(centerline=[(0, 0), (100, 0), (100, 100)], closed=True, width_mm=150)
    check_undo_redo(document, lambda: document.undo_stack.push(SetTrack(document, track)))


def test_macro_is_one_step(document):
    start = document.snapshot()
    with macro(document, "Several"):
        move_elements(document, ["c1"], 5, 5)
        delete_elements(document, ["th"])
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.snapshot() == start


def test_signals_report_what_changed(document):
    seen = []
    document.elements_changed.connect(lambda i: seen.append(("changed", i)))
    document.elements_removed.connect(lambda i: seen.append(("removed", i)))
    document.elements_inserted.connect(lambda i: seen.append(("inserted", i)))
    move_elements(document, ["c1"], 1, 1)
    delete_elements(document, ["th"])
    document.undo_stack.undo()
    assert seen == [("changed", ["c1"]), ("removed", ["th"]), ("inserted", [(10, "th")])]


def test_moves_without_a_merge_key_stay_separate_steps(document):
    move_elements(document, ["c1"], 5, 0)
    move_elements(document, ["c1"], 5, 0)
    rotate_elements(document, ["c1"], 15)
    rotate_elements(document, ["c1"], 15)
    assert document.undo_stack.count() == 4
