"""Element kinds from the game systems ([3/10]): a fake system registered in a fresh registry brings its own
kind (a pydantic class), its own check and its own rule data (a temporary ruleset file); a document holding
that kind loads, validates, saves byte-identically and reaches the checks, and `kartographer validate` shows
the system's check code. Outside the registry the kind is unknown again, and with only the built-in kinds the
track schema is byte-identical to the published one. The pure side never imports PySide6.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Literal

import pytest

from designer.cli import main
from designer.geometry.checks import CHECKS, CheckContext, run_checks
from designer.geometry.checks.base import SEVERITY_OF, check, problem
from designer.io.errors import DocumentError
from designer.io.schema import track_json_schema
from designer.io.track_io import dumps_track, track_from_json
from designer.model.base import Length
from designer.model.edit import validate_element
from designer.model.elements import ELEMENT_KINDS, ElementBase, element_kinds, kind_classes
from designer.paths import RULESETS_DIR, SCHEMA_DIR
from designer.rules import RulesetError, list_rulesets, load_ruleset, load_ruleset_file, ruleset_ids
from designer.systems import registry
from designer.systems.api import System
from designer.systems.registry import BUILTIN_SYSTEMS, GameSystemError, Registry

from .factories import minimal_track_data

FAKE_ID = "fake-rally"


class Beacon(ElementBase):
    """The fake system's own kind: a beacon with a glow radius."""

    kind: Literal["fake_beacon"] = "fake_beacon"
    glow_mm: Length = 30.0


def beacon_too_bright(ctx: CheckContext, beacon):
    """The fake system's own check (registered by the `fake` fixture only, so other tests see today's list)."""
    if beacon.glow_mm <= 100:
        return []
    return [problem("fake-beacon-too-bright", f"Beacon '{beacon.id}' glows {beacon.glow_mm:g} mm", (beacon.id,))]


def fake_ruleset(folder: Path) -> Path:
    """The board game's rule data as the fake system's, offering its beacon too."""
    data = json.loads((RULESETS_DIR / "mk-board.json").read_text(encoding="utf-8"))
    data.update(id=FAKE_ID, name="Fake Rally")
    data["element_kinds"].append("fake_beacon")
    data["element_sizes"]["fake_beacon"] = {"length_mm": 20.0, "width_mm": 20.0}
    path = folder / f"{FAKE_ID}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture
def fake(tmp_path):
    system = System(id=FAKE_ID, name="Fake Rally", ruleset_path=fake_ruleset(tmp_path),
                    checks=("elements-overlap", "fake-beacon-too-bright"), element_classes=(Beacon,))
    fresh = Registry(builtins=BUILTIN_SYSTEMS, entry_points=False)
    fresh.register(system)
    check("fake-beacon-too-bright", "warning", kinds=["fake_beacon"])(beacon_too_bright)
    try:
        with registry.use(fresh):
            yield system
    finally:
        CHECKS[:] = [c for c in CHECKS if c.code != "fake-beacon-too-bright"]
        SEVERITY_OF.pop("fake-beacon-too-bright")


def beacon_document(**beacon) -> dict:
    elements = [{"id": "sf", "kind": "start_finish", "x_mm": 450, "y_mm": 200, "rotation_deg": 0, "width_mm": 250},
                {"id": "b1", "kind": "fake_beacon", "x_mm": 450, "y_mm": 700, "rotation_deg": 0, "glow_mm": 40.0,
                 **beacon},
                {"id": "dp", "kind": "dash_panel", "x_mm": 500, "y_mm": 450, "rotation_deg": 0, "pads": 3}]
    return minimal_track_data(ruleset=FAKE_ID, elements=elements)


def test_a_document_with_the_fake_kind_loads_validates_and_saves_byte_identically(fake):
    text = json.dumps(beacon_document(), indent=2)
    document = track_from_json(text)
    beacon = document.element("b1")
    assert isinstance(beacon, Beacon) and beacon.glow_mm == 40.0
    saved = dumps_track(document)
    assert dumps_track(track_from_json(saved)) == saved
    assert json.loads(saved)["elements"][1] == {"id": "b1", "kind": "fake_beacon", "x_mm": 450.0, "y_mm": 700.0,
                                               "rotation_deg": 0.0, "glow_mm": 40.0}
    assert validate_element({"id": "b2", "kind": "fake_beacon", "x_mm": 1.0, "y_mm": 2.0}) == Beacon(
        id="b2", x_mm=1.0, y_mm=2.0)
    registry.load()  # the whole registry: a document's own system is all that loading it registers
    n = len(ELEMENT_KINDS)  # the built-in kinds first, then the systems' own: mk-board's, PitchKart's, the fake's
    assert element_kinds()[:n] == ELEMENT_KINDS
    assert set(element_kinds()[n:]) == {"space", "shortcut", "track_section", "barrier", "dropped_template", "wreck",
                                        "counter", "entry_point", "fake_beacon"}
    assert kind_classes()["fake_beacon"] is Beacon


def test_the_fake_kinds_errors_read_like_the_built_ins(fake):
    data = beacon_document(glow_mm="x")
    with pytest.raises(DocumentError) as info:
        track_from_json(json.dumps(data), "t.track.json")
    assert str(info.value) == "t.track.json: element 2 (Fake beacon): glow_mm: must be a number"


def test_the_fake_kind_reaches_the_checks(fake):
    document = track_from_json(json.dumps(beacon_document(glow_mm=150.0, x_mm=2000.0)))
    problems = run_checks(document, load_ruleset(FAKE_ID))
    by_code = {p.code: p for p in problems}
    assert by_code["fake-beacon-too-bright"].message == "Beacon 'b1' glows 150 mm"
    assert by_code["element-off-table"].message == "Fake beacon 'b1' is entirely off the table"
    assert by_code["kind-not-in-ruleset"].ids == ("dp",)  # the fake ruleset offers no dash panel
    assert "box-line-count" not in by_code and "few-karts" not in by_code
    # a reused context re-checks only the beacon after it moved back onto the table
    context = CheckContext()
    run_checks(document, load_ruleset(FAKE_ID), context)
    moved = document.model_copy(update={"elements": [*document.elements[:1],
                                                     document.elements[1].model_copy(update={"x_mm": 450.0}),
                                                     *document.elements[2:]]})
    assert "element-off-table" not in {p.code for p in run_checks(moved, load_ruleset(FAKE_ID), context)}


def test_validate_shows_the_fake_systems_check(fake, tmp_path, capsys):
    path = tmp_path / "beacon.track.json"
    path.write_text(json.dumps(beacon_document(glow_mm=150.0)), encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert f"{path}: warning fake-beacon-too-bright: Beacon 'b1' glows 150 mm [b1]" in out
    assert f"{path}: error kind-not-in-ruleset: Fake Rally has no dash panel: 1 dash panel element to remove or " \
        "replace [dp]" in out


def test_the_rule_data_is_found_through_the_registry(fake):
    assert FAKE_ID in ruleset_ids() and "mk-gaslands" in ruleset_ids()
    ruleset = load_ruleset(FAKE_ID)
    assert ruleset.name == "Fake Rally" and ruleset.element_kinds[-1] == "fake_beacon"
    assert [r.id for r in list_rulesets()] == sorted([FAKE_ID, *(r for r in ruleset_ids() if r != FAKE_ID)])


def test_outside_the_fake_registry_its_kind_and_rules_are_unknown(tmp_path):
    with registry.use(Registry(builtins=BUILTIN_SYSTEMS, entry_points=False)) as fresh:
        fresh.register(System(id=FAKE_ID, name="Fake Rally", ruleset_path=fake_ruleset(tmp_path),
                              element_classes=(Beacon,)))
        assert track_from_json(json.dumps(beacon_document())).element("b1") is not None
    assert "fake_beacon" not in kind_classes()
    with pytest.raises(DocumentError, match=r"element 2: unknown kind 'fake_beacon'"):
        track_from_json(json.dumps(beacon_document()))
    with pytest.raises(RulesetError, match=f"unknown ruleset '{FAKE_ID}' \\(known: axles-alloys-2, mk-board"):
        load_ruleset(FAKE_ID)
    with pytest.raises(RulesetError, match=r"element_kinds\[3\]: unknown element kind 'fake_beacon'"):
        load_ruleset_file(tmp_path / f"{FAKE_ID}.json")


def test_the_track_schema_of_the_built_in_kinds_is_unchanged(fake):
    assert "fake_beacon" in json.dumps(track_json_schema())  # while the fake system is in use
    with registry.use(Registry(builtins=BUILTIN_SYSTEMS, entry_points=False)) as built_in:
        built_in.load()  # the built-in systems' own kinds (the board's spaces) are part of the format
        published = json.loads((SCHEMA_DIR / "track.schema.json").read_text(encoding="utf-8"))
        assert track_json_schema() == published


def test_the_registry_refuses_a_kind_defined_twice(tmp_path):
    class Coin(ElementBase):
        kind: Literal["coin"] = "coin"

    fresh = Registry(builtins=(), entry_points=False)
    with pytest.raises(GameSystemError, match="element kind 'coin' is already defined"):
        fresh.register(System(id="a", name="A", ruleset_path=tmp_path / "a.json", element_classes=(Coin,)))
    fresh.register(System(id="b", name="B", ruleset_path=tmp_path / "b.json", element_classes=(Beacon,)))
    with pytest.raises(GameSystemError, match="element kind 'fake_beacon' is already defined"):
        fresh.register(System(id="c", name="C", ruleset_path=tmp_path / "c.json", element_classes=(Beacon,)))


FAKE_MODULE = '''
"""A game system from outside the repository: its SYSTEM, kind and check, found by name."""
from pathlib import Path
from typing import Literal

from designer.geometry.checks.base import check, problem
from designer.model.elements import ElementBase
from designer.systems.api import System


class Beacon(ElementBase):
    kind: Literal["fake_beacon"] = "fake_beacon"
    glow_mm: float = 30.0


@check("fake-beacon-too-bright", "warning", kinds=["fake_beacon"])
def too_bright(ctx, beacon):
    return [problem("fake-beacon-too-bright", "too bright", (beacon.id,))] if beacon.glow_mm > 100 else []


SYSTEM = System(id="fake-rally", name="Fake Rally", ruleset_path=Path(__file__).with_name("fake-rally.json"),
                checks=("fake-beacon-too-bright",), element_classes=(Beacon,))
'''


def test_the_pure_side_never_imports_qt_with_a_fake_system(tmp_path):
    fake_ruleset(tmp_path)
    (tmp_path / "fake_rally_system.py").write_text(textwrap.dedent(FAKE_MODULE), encoding="utf-8")
    track = tmp_path / "beacon.track.json"
    track.write_text(json.dumps(beacon_document(glow_mm=150.0)), encoding="utf-8")
    code = textwrap.dedent(f"""
        import sys
        from designer.cli import main
        from designer.systems import registry
        from designer.systems.registry import BUILTIN_SYSTEMS, Registry
        sys.path.insert(0, {str(tmp_path)!r})
        with registry.use(Registry(builtins=(*BUILTIN_SYSTEMS, "fake_rally_system"), entry_points=False)):
            status = main(["validate", {str(track)!r}])
        print("exit", status, "PySide6" in sys.modules)
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    assert f"{track}: warning fake-beacon-too-bright: too bright [b1]" in lines
    assert lines[-1] == "exit 1 False"
