"""Hypothesis state machine over Document + commands (no widgets).

Random sequences of add, move, rotate, edit, delete, paste, reorder, undo and redo keep the model valid;
undoing everything gives the starting document; redoing everything gives the final one.
"""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from designer.document.document import Document
from designer.document.operations import (
    add_elements,
    change_elements,
    delete_elements,
    duplicate_elements,
    move_elements,
    paste_elements,
    reorder_elements,
    rotate_elements,
)
from designer.io.clipboard import elements_from_json, elements_to_json
from designer.io.track_io import dumps_track, track_from_data, track_from_json
from designer.model.edit import unique_id, with_changes
from designer.model.elements import ELEMENT_KINDS
from designer.rules import load_ruleset
from designer.rules.defaults import new_element
from tests.unit.factories import minimal_track_data

RULESET = load_ruleset("mk-gaslands")
delta = st.floats(-300, 300, allow_nan=False)


class UndoMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.document = Document(track_from_data(minimal_track_data()))
        self.start = self.document.snapshot()
        self.drag = 0

    def _pick(self, data, most: int = 3) -> list[str]:
        ids = [e.id for e in self.document.elements]
        return data.draw(st.lists(st.sampled_from(ids), min_size=1, max_size=most, unique=True))

    @rule(kind=st.sampled_from(ELEMENT_KINDS), x=st.floats(0, 900), y=st.floats(0, 900))
    def add(self, kind, x, y):
        element_id = unique_id(kind, self.document.ids())
        add_elements(self.document, [new_element(RULESET, kind, element_id, x, y)])

    @precondition(lambda self: len(self.document) > 0)
    @rule(data=st.data(), dx=delta, dy=delta, merge=st.booleans())
    def move(self, data, dx, dy, merge):
        self.drag += 0 if merge else 1
        move_elements(self.document, self._pick(data), dx, dy, merge_key=("drag", self.drag))

    @precondition(lambda self: len(self.document) > 0)
    @rule(data=st.data(), degrees=st.sampled_from([15, -15, 90, 45.5]))
    def rotate(self, data, degrees):
        rotate_elements(self.document, self._pick(data), degrees)

    @precondition(lambda self: len(self.document) > 0)
    @rule(data=st.data(), value=st.integers(1, 10))
    def edit(self, data, value):
        element = self.document.element(self._pick(data, 1)[0])
        field = {"gate": "order", "dash_panel": "pads", "item_box": "stack", "piranha_plant": "range_mm",
                 "chain_chomp": "reach_mm", "ramp": "hoop"}.get(element.kind)
        if field is None:
            return
        plain = value * 10 if field.endswith("_mm") else value
        new = {"stack": 1 + value % 2, "hoop": bool(value % 2)}.get(field, plain)
        change_elements(self.document, [with_changes(element, {field: new})], f"Edit {field}",
                        merge_key=(field, element.id))

    @precondition(lambda self: len(self.document) > 0)
    @rule(data=st.data())
    def delete(self, data):
        delete_elements(self.document, self._pick(data))

    @precondition(lambda self: len(self.document) > 0)
    @rule(data=st.data(), x=st.floats(0, 900), y=st.floats(0, 900))
    def copy_paste(self, data, x, y):
        picked = [self.document.element(i) for i in self._pick(data)]
        paste_elements(self.document, elements_from_json(elements_to_json(picked)), at=(x, y))

    @precondition(lambda self: len(self.document) > 0)
    @rule(data=st.data())
    def duplicate(self, data):
        duplicate_elements(self.document, self._pick(data))

    @precondition(lambda self: len(self.document) > 0)
    @rule(data=st.data(), front=st.booleans())
    def reorder(self, data, front):
        reorder_elements(self.document, self._pick(data), front)

    @rule()
    def undo(self):
        self.document.undo_stack.undo()

    @rule()
    def redo(self):
        self.document.undo_stack.redo()

    @invariant()
    def model_is_valid(self):
        snapshot = self.document.snapshot()
        assert track_from_json(dumps_track(snapshot)) == snapshot  # full validation of the current state
        assert len({e.id for e in snapshot.elements}) == len(snapshot.elements)

    def teardown(self):
        stack = self.document.undo_stack
        while stack.canRedo():
            stack.redo()
        final = self.document.snapshot()
        while stack.canUndo():
            stack.undo()
        assert self.document.snapshot() == self.start
        while stack.canRedo():
            stack.redo()
        assert self.document.snapshot() == final


UndoMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=25, deadline=None)
TestUndoMachine = UndoMachine.TestCase
