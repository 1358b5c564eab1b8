"""The registry of game systems: what it loads, what it refuses, and that a test can swap in its own."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from designer.systems import registry
from designer.systems.api import CampaignMode, Overlay, PrintSection, System
from designer.systems.registry import BUILTIN_SYSTEMS, GameSystemError, Registry


def _system(**changes) -> System:
    base = System(id="tiny", name="Tiny", ruleset_path=Path("tiny.json"),
                  modes=(CampaignMode("league", "League"),), default_mode="league")
    return replace(base, **changes)


def _section(name: str) -> PrintSection:
    return PrintSection(name, name.title(), lambda canvas, job: 0)


def test_the_built_ins_are_the_five_systems():
    assert registry.ids() == ("axles-alloys-2", "mk-board", "mk-downforce", "mk-gaslands", "pitchkart")
    assert len(BUILTIN_SYSTEMS) == 5
    assert registry.get("mk-gaslands").default_mode == "grand_prix"


def test_a_fresh_registry_with_discovery_blocked_holds_only_what_the_test_registers():
    fresh = Registry(builtins=(), entry_points=False)
    with registry.use(fresh):
        assert registry.ids() == ()
        registry.current().register(_system())
        assert registry.ids() == ("tiny",) and registry.find("mk-gaslands") is None
    assert "mk-gaslands" in registry.ids() and registry.find("tiny") is None


def test_an_unknown_id_is_one_line_naming_the_known_ones():
    with pytest.raises(GameSystemError, match=r"unknown game system 'nope' \(known: axles-alloys-2, mk-board"):
        registry.get("nope")


@pytest.mark.parametrize(("changes", "message"), [
    ({"default_mode": "cup"}, "default mode 'cup' is not one of its modes"),
    ({"modes": (CampaignMode("a", "A"), CampaignMode("a", "A again"))}, "lists a campaign mode twice"),
    ({"modes": (CampaignMode("a", "A", "laps"),), "default_mode": None}, "records 'laps'"),
    ({"modes": (CampaignMode("b", "B", "battle", points=True),), "default_mode": None}, "points only for races"),
    ({"prints": (_section("map"), _section("map"))}, "print sections must be unique"),
    ({"prints": (_section("all"),)}, "not 'all'"),
    ({"overlays": (Overlay("x", "X", lambda layout, rules: []),) * 2}, "lists an overlay twice"),
])
def test_a_malformed_system_is_refused(changes, message):
    fresh = Registry(builtins=(), entry_points=False)
    with pytest.raises(GameSystemError, match=message):
        fresh.register(_system(**changes))
    assert fresh.ids() == ()


def test_a_second_system_with_the_same_id_is_refused():
    fresh = Registry(builtins=(), entry_points=False)
    fresh.register(_system())
    with pytest.raises(GameSystemError, match="'tiny' is already registered"):
        fresh.register(_system(name="Other"))


def test_a_module_without_a_system_is_refused():
    with pytest.raises(GameSystemError, match=r"designer\.systems\.api has no SYSTEM"):
        Registry(builtins=(), entry_points=False).register_module("designer.systems.api")


def test_loading_the_built_ins_changes_the_kind_table_once():
    """Each change of the kind table rebuilds the document model; loading five systems used to do it five times."""
    from designer.model.elements import element_kinds, kinds_version

    with registry.use(Registry(builtins=(), entry_points=False)):
        before = kinds_version()
        with registry.use(Registry(builtins=BUILTIN_SYSTEMS, entry_points=False)) as fresh:
            fresh.load()
            assert kinds_version() - before == 1
            assert {"space", "track_section", "barrier"} <= set(element_kinds())


def test_a_question_about_one_built_in_registers_it_alone_and_the_rest_keep_their_order():
    """Start-up (issue #33): `get`/`find` of a built-in's id imports and registers that one; the next question
    about all of them loads the rest, in the order a full load gives (the flagship first, then the others)."""
    fresh = Registry(builtins=BUILTIN_SYSTEMS, entry_points=False)
    with registry.use(fresh):
        assert fresh.get("pitchkart").id == "pitchkart"
        assert tuple(fresh._systems) == ("pitchkart",)
        assert fresh.find("mk-board") is not None and tuple(fresh._systems) == ("pitchkart", "mk-board")
        assert fresh.default_id() == "mk-gaslands"  # asks for every system: the first built-in, as before
        assert [s.id for s in fresh.systems()] == sorted(fresh._systems)
        assert tuple(fresh._systems) == ("mk-gaslands", "mk-board", "pitchkart", "mk-downforce", "axles-alloys-2")


def test_a_file_with_another_systems_kind_or_an_unknown_id_loads_every_system():
    fresh = Registry(builtins=BUILTIN_SYSTEMS, entry_points=False)
    with registry.use(fresh):
        assert fresh.load_only("mk-gaslands", ["gate", "coin"]) and tuple(fresh._systems) == ("mk-gaslands",)
        assert fresh.load_only("mk-gaslands", ["gate", "space"])  # the board's kind in a Gaslands file
        assert len(fresh._systems) == 5
    fresh = Registry(builtins=BUILTIN_SYSTEMS, entry_points=False)
    with registry.use(fresh), pytest.raises(GameSystemError, match=r"unknown game system 'nope' \(known: axles"):
        fresh.get("nope")
    fresh = Registry(builtins=BUILTIN_SYSTEMS, entry_points=False)
    with registry.use(fresh):
        assert fresh.load_only("pitchkart", (), ["gaslands"]) and len(fresh._systems) == 5  # another's section
