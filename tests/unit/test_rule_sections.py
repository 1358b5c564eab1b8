"""A system's own rule-data section (`System.rule_sections`): a tiny made-up system contributes a section with a
cross-check and texts, and the Ruleset model the rules loader builds from the registry in use accepts it, runs
its check, lists its texts — and refuses it where that system is not registered. The built-in rulesets load to
exactly what they did before their sections moved into their systems (tests/data/ruleset_dumps.json)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from designer.rules import RulesetError, list_rulesets, load_ruleset_file
from designer.rules.base import Positive, RuleModel, Text
from designer.rules.loader import RULESETS_DIR, ruleset_model
from designer.rules.texts import rule_messages
from designer.systems import registry
from designer.systems.api import RuleSection, System
from designer.systems.registry import GameSystemError, Registry, use

TOY = "toy-laps"
DATA = Path(__file__).resolve().parents[1] / "data"


class LapRules(RuleModel):
    laps: Positive
    karts_per_grid_row: Positive
    notes: Text | None = None


def _grid_fits(rules: LapRules, ruleset: Any) -> None:
    if ruleset.karts.max is not None and rules.karts_per_grid_row > ruleset.karts.max:
        raise ValueError(f"a grid row of {rules.karts_per_grid_row} karts is more than karts.max")


def _texts(data: Mapping[str, Any]) -> Iterator[tuple[str, object]]:
    yield "notes", data.get("notes")


def toy_system(path: Path, key: str = "laps") -> System:
    return System(id=TOY, name="Toy laps", ruleset_path=path,
                  rule_sections=(RuleSection(key, LapRules, _grid_fits, _texts),))


def write_ruleset(tmp_path: Path, **changes: Any) -> Path:
    """mk-gaslands' rule data (built-in kinds only) as the toy's, without the Gaslands section, plus `changes`."""
    data = json.loads((RULESETS_DIR / "mk-gaslands.json").read_text(encoding="utf-8"))
    del data["gaslands"]
    data.update(id=TOY, karts={"min": 2, "max": 6}, laps={"laps": 3, "karts_per_grid_row": 2,
                                                         "notes": "Three laps, two karts a row."})
    data.update(changes)
    path = tmp_path / f"{TOY}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture
def toy(tmp_path):
    path = write_ruleset(tmp_path)
    registry = Registry(builtins=(), entry_points=False)
    registry.register(toy_system(path))
    with use(registry):
        yield path


def test_its_section_loads_typed(toy):
    ruleset = load_ruleset_file(toy)
    laps = ruleset.section("laps", LapRules)
    assert laps is not None
    assert (laps.laps, laps.karts_per_grid_row) == (3, 2)
    assert ruleset.section("laps", RuleModel) is laps
    assert ruleset.section("pitchkart", LapRules) is None  # no such section here


def test_its_cross_check_refuses_in_one_line(toy, tmp_path):
    path = write_ruleset(tmp_path, laps={"laps": 3, "karts_per_grid_row": 8})
    with pytest.raises(RulesetError) as err:
        load_ruleset_file(path)
    message = str(err.value)
    assert "\n" not in message
    assert "a grid row of 8 karts is more than karts.max" in message
    assert message.startswith(str(path))


def test_its_own_model_refuses_a_bad_value(toy, tmp_path):
    with pytest.raises(RulesetError, match=r"laps\.laps"):
        load_ruleset_file(write_ruleset(tmp_path, laps={"laps": 0, "karts_per_grid_row": 2}))


def test_an_unknown_key_is_refused(toy, tmp_path):
    with pytest.raises(RulesetError, match="laps_extra"):
        load_ruleset_file(write_ruleset(tmp_path, laps_extra={"laps": 3}))
    with pytest.raises(RulesetError, match="pitchkart"):  # a built-in's section, but no built-in is registered
        load_ruleset_file(write_ruleset(tmp_path, pitchkart={}))


def test_the_same_file_is_refused_without_the_system(toy):
    with use(Registry(builtins=(), entry_points=False)), pytest.raises(RulesetError) as err:
        load_ruleset_file(toy)
    assert "laps" in str(err.value)
    assert "\n" not in str(err.value)
    assert load_ruleset_file(toy).section("laps", LapRules) is not None  # back in the toy's registry


def test_its_texts_join_the_catalogue(toy):
    data = json.loads(toy.read_text(encoding="utf-8"))
    messages = {ctx: english for ctx, english, _ in rule_messages(data)}
    assert messages[f"{TOY}|laps/notes"] == "Three laps, two karts a row."


def test_the_model_is_built_once_per_registry_and_again_after_a_registration(toy, tmp_path):
    first = ruleset_model()
    assert ruleset_model() is first
    assert set(first.model_fields) >= {"laps", "coins", "grand_prix"}
    other = tmp_path / "toy-other.json"
    registry.current().register(System(id="toy-other", name="Other", ruleset_path=other,
                                       rule_sections=(RuleSection("stops", LapRules),)))
    second = ruleset_model()
    assert second is not first
    assert {"laps", "stops"} <= set(second.model_fields)


def test_a_section_key_is_taken_once(tmp_path):
    registry = Registry(builtins=(), entry_points=False)
    registry.register(toy_system(tmp_path / "a.json"))
    twin = System(id="toy-twin", name="Twin", ruleset_path=tmp_path / "b.json",
                  rule_sections=(RuleSection("laps", LapRules),))
    with pytest.raises(GameSystemError, match="'laps' is already defined"):
        registry.register(twin)
    shared = Registry(builtins=(), entry_points=False)
    shared.register(toy_system(tmp_path / "a.json", key="coins"))  # a shared section's key
    with use(shared), pytest.raises(GameSystemError, match="'coins' is already defined"):
        ruleset_model()


def test_every_built_in_ruleset_loads_as_before():
    """The dumps were taken from the code before the sections moved (the JSON files are unchanged), when one
    model for all systems gave each ruleset the other systems' sections as None; now each system's model has
    its own sections only, so those Nones are no longer there."""
    before = json.loads((DATA / "ruleset_dumps.json").read_text(encoding="utf-8"))
    now = {r.id: r.model_dump(mode="json") for r in list_rulesets()}
    assert now.keys() == before.keys()
    sections = {s.key for s in registry.rule_sections()}
    for ruleset_id, dump in now.items():
        expected = {k: v for k, v in before[ruleset_id].items() if k not in sections or v is not None}
        assert dump == expected, ruleset_id
        assert len(sections & set(dump)) == 1, ruleset_id  # its own section, none of the others'


def test_another_registered_systems_section_is_taken_only_where_a_file_carries_it(tmp_path):
    data = json.loads((RULESETS_DIR / "mk-gaslands.json").read_text(encoding="utf-8"))
    data["pitchkart"] = json.loads((RULESETS_DIR / "pitchkart.json").read_text(encoding="utf-8"))["pitchkart"]
    path = tmp_path / "mk-gaslands.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    ruleset = load_ruleset_file(path)  # a registered system's section: allowed, as with one model for all
    assert ruleset.section("pitchkart", RuleModel) is not None
    data["pitchkart"]["inventory"] = "none"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RulesetError, match=r"pitchkart\.inventory") as err:  # and validated as that system's
        load_ruleset_file(path)
    assert "\n" not in str(err.value)


def test_each_system_has_its_own_model_built_once():
    gaslands, pitchkart = ruleset_model("mk-gaslands"), ruleset_model("pitchkart")
    assert ruleset_model("mk-gaslands") is gaslands and gaslands is not pitchkart
    assert "gaslands" in gaslands.model_fields and "pitchkart" not in gaslands.model_fields
    assert "pitchkart" in pitchkart.model_fields and "gaslands" not in pitchkart.model_fields
    both = ruleset_model("mk-gaslands", {"pitchkart": {}, "laps_extra": {}})
    assert {"gaslands", "pitchkart"} <= set(both.model_fields) and "laps_extra" not in both.model_fields
    assert ruleset_model("no-such-system") is ruleset_model()  # an unknown id: every registered section


def test_loading_one_ruleset_builds_only_its_own_section_models():
    """A process that loads mk-gaslands' rule data builds one ruleset model, with its own section only, and
    imports no other system's rule-data module (start-up cost, issue #33)."""
    code = ("import sys; import designer.rules.loader as loader; built = []; build = loader._build_model; "
            "loader._build_model = lambda s, taken=(): built.append([x.key for x in s]) or build(s, taken); "
            "loader.load_ruleset('mk-gaslands'); "
            "print(built, sorted(m for m in sys.modules if m.endswith('.rule_data')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[['gaslands']] ['designer.systems.mk_gaslands.rule_data']"


LAZY = RuleSection("laps", LapRules, _grid_fits, _texts)


def test_a_section_declared_by_source_is_imported_when_needed():
    assert RuleSection("laps", source=f"{__name__}:LAZY").resolved() is LAZY
    with pytest.raises(ValueError, match="'stops'"):  # the declaration there has another key
        RuleSection("stops", source=f"{__name__}:LAZY").resolved()
    with pytest.raises(ValueError, match="'laps'"):
        RuleSection("laps", source=f"{__name__}:LapRules").resolved()  # a model, not a section
