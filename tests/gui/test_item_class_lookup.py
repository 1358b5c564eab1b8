"""Making a scene's items (issue #33, PitchKart open slope): the item class of a system's kind is looked up once
per kind while the same systems are registered, and a PitchKart section is drawn with the same corners as the
piece's shapely outline, made without shapely."""

from __future__ import annotations

import dataclasses

import pytest

import designer.canvas.items as items
from designer.rules import load_ruleset
from designer.rules.defaults import new_element
from designer.systems import registry
from designer.systems.pitchkart.rule_data import pitchkart_rules
from designer.systems.pitchkart.sections import Connector, piece_outline
from designer.systems.registry import Registry, use

RULESET = load_ruleset("pitchkart")
INVENTORY = pitchkart_rules(RULESET).inventory
PIECE = INVENTORY.pieces[0].id


def test_a_systems_item_class_is_looked_up_once_per_kind(monkeypatch):
    asked: list[str] = []
    defining = items.defining_system
    monkeypatch.setattr(items, "_SYSTEM_CLASSES", {}, raising=False)
    monkeypatch.setattr(items, "defining_system", lambda kind: asked.append(kind) or defining(kind))
    made = [items.create_element_item(new_element(RULESET, "track_section", f"ts{n}", 10.0 * n, 0.0, 0.0, piece=PIECE))
            for n in range(40)]
    assert asked == ["track_section"] and len({type(item) for item in made}) == 1
    assert type(made[0]).__module__.startswith("designer.systems.pitchkart.qt")
    section = new_element(RULESET, "track_section", "ts-again", 0.0, 0.0, 0.0, piece=PIECE)
    fresh = Registry(builtins=(), entry_points=False)
    fresh.register(dataclasses.replace(registry.get("pitchkart")))
    with use(fresh):  # another system record registered: asked again, and the same class found
        again = items.create_element_item(section)
    assert asked == ["track_section", "track_section"] and type(again) is type(made[0])


@pytest.mark.parametrize("flipped", [False, True])
def test_a_section_is_drawn_with_its_pieces_outline(flipped):
    for piece in INVENTORY.pieces:
        section = new_element(RULESET, "track_section", "ts", 0.0, 0.0, 0.0, piece=piece.id, flipped=flipped)
        item = items.create_element_item(section)
        outline = piece_outline(piece, Connector(0.0, 0.0, 0.0), INVENTORY.width_mm, flipped)
        assert item.local_outline() == list(outline.exterior.coords)[:-1]
