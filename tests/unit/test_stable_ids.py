"""Stable ids of the named things in the rule data: present, slug-shaped, unique, in every ruleset; lookups."""

from __future__ import annotations

import json
import re

import pytest
from pydantic import ValidationError

from designer.paths import RULESETS_DIR
from designer.rules import list_rulesets, load_ruleset
from designer.rules.base import slugify
from designer.rules.loader import validate_ruleset
from designer.rules.schema import Ruleset
from designer.systems.mk_downforce.rule_data import downforce_rules

SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
RULESETS = list_rulesets()


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_characters_and_cards_have_unique_slug_ids(ruleset: Ruleset) -> None:
    for things in (ruleset.characters, ruleset.deck):
        ids = [t.id for t in things]
        assert all(SLUG.match(i) for i in ids), ids
        assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("path", sorted(RULESETS_DIR.glob("*.json")), ids=lambda p: p.name)
def test_every_rule_file_writes_its_ids(path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    for key in ("characters", "deck"):
        assert all(isinstance(entry.get("id"), str) for entry in data.get(key, [])), (path.name, key)


def test_ids_derive_from_the_english_names() -> None:
    gaslands = load_ruleset("mk-gaslands")
    assert [c.id for c in gaslands.characters][:3] == ["mario", "luigi", "princess-peach"]
    assert gaslands.deck[0].id == "green-shell"
    assert downforce_rules(load_ruleset("mk-downforce")).karts[0].drivers == ["mario", "peach"]


def test_lookups_by_id() -> None:
    gaslands = load_ruleset("mk-gaslands")
    assert gaslands.character_by_id("princess-peach").name == "Princess Peach"
    assert gaslands.character_by_id("Princess Peach") is None  # ids are exact
    assert gaslands.card_by_id("triple-red-shell").name == "Triple Red Shell"
    assert gaslands.card_by_id("bowser") is None
    assert gaslands.find_character("PRINCESS-PEACH").id == "princess-peach"
    assert gaslands.find_character(" princess peach ").id == "princess-peach"
    assert gaslands.find_character("Bowser") is None
    assert gaslands.character("princess peach").id == "princess-peach"  # name lookups still work


def _gaslands_data() -> dict:
    return json.loads((RULESETS_DIR / "mk-gaslands.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("key", "change", "message"), [
    ("characters", {"id": "Mario"}, "String should match pattern"),
    ("characters", {"id": "luigi"}, "duplicate character id 'luigi'"),
    ("deck", {"id": "red-shell"}, "duplicate card id 'red-shell'"),
    ("deck", {"id": "green shell"}, "String should match pattern"),
])
def test_bad_ids_are_refused(key: str, change: dict, message: str) -> None:
    data = _gaslands_data()
    data[key][0].update(change)
    with pytest.raises(ValidationError, match=message):
        validate_ruleset(data)


def test_a_missing_id_is_refused() -> None:
    data = _gaslands_data()
    del data["characters"][0]["id"]
    with pytest.raises(ValidationError, match="Field required"):
        validate_ruleset(data)


def test_downforce_drivers_must_be_character_ids() -> None:
    data = json.loads((RULESETS_DIR / "mk-downforce.json").read_text(encoding="utf-8"))
    data["downforce"]["karts"][0]["drivers"] = ["wario"]
    with pytest.raises(ValidationError, match="names unknown character id 'wario'"):
        validate_ruleset(data)


def test_slugify() -> None:
    assert slugify("Princess Peach") == "princess-peach"
    assert slugify("  Dry  Bones! ") == "dry-bones"
    assert slugify("Émile") == "emile"
    assert slugify("小明") == "custom"
    assert slugify("Mario", taken={"mario", "mario-2"}) == "mario-3"
    assert all(SLUG.match(slugify(s)) for s in ("a" * 100, "--x--", "<i>Kart</i>"))
