"""Gaslands' overlays are pure geometry its system declares: worked out from a plain `TrackDocument` (no Qt),
and only Gaslands declares them."""

from __future__ import annotations

from designer.model import TrackDocument
from designer.rules import load_ruleset
from designer.systems import registry
from designer.systems.mk_gaslands.overlays import OVERLAYS
from tests.gui.conftest import every_kind_data


def test_the_overlays_work_from_a_track_document():
    document = TrackDocument.model_validate(every_kind_data())
    ruleset = load_ruleset("mk-gaslands")
    marks = {overlay.name: overlay.shapes(document, ruleset) for overlay in OVERLAYS}
    assert {name: len(m) for name, m in marks.items()} == \
        {"ramps": 3, "boost": 2, "thwomps": 1, "bullet_bill": 1, "warp_links": 1}
    assert [m.role for m in marks["ramps"]] == ["medium", "long", "hoop"]
    assert all(m.area is not None and m.area.area > 0 for m in marks["boost"] + marks["thwomps"])
    (flight,) = marks["bullet_bill"]
    assert flight.line[0] == (80, 80) and len(flight.dots) >= 1 and flight.label
    (link,) = marks["warp_links"]
    assert link.line == ((80, 80), (1140, 840))


def test_a_plate_without_its_launcher_pipe_draws_no_flight():
    data = every_kind_data()
    data["elements"].append({"id": "bill2", "kind": "bullet_bill", "x_mm": 500, "y_mm": 265, "launcher": "nowhere"})
    document = TrackDocument.model_validate(data)
    ruleset = load_ruleset("mk-gaslands")
    bill = next(o for o in OVERLAYS if o.name == "bullet_bill")
    assert len(bill.shapes(document, ruleset)) == 1


def test_only_gaslands_declares_overlays():
    assert {s.id: len(s.overlays) for s in registry.systems()} == \
        {"axles-alloys-2": 0, "mk-board": 0, "mk-downforce": 0, "mk-gaslands": 5, "pitchkart": 0}
