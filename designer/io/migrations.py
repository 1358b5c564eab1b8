"""Schema migrations: ordered dict → dict steps run before validation, one chain per file format.

To add schema version N+1 of a format: bump its current version, write `migrate_N_to_N1(data) -> data`,
register it in that format's chain, and add a golden file of version N to `tests/data/`. A step refuses
what it cannot upgrade by raising `MigrationError` (one line; `migrate` names the file).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from designer.campaign.places import item_name
from designer.i18n import N_, _
from designer.io.display import clip
from designer.io.errors import DocumentError

Migration = Callable[[dict[str, Any]], dict[str, Any]]


class MigrationError(ValueError):
    """A document an upgrade step cannot carry to the next version: a reason and the place in the file."""

    def __init__(self, reason: str, location: str = "") -> None:
        self.reason = reason
        self.location = location
        super().__init__(reason)


def migrate_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """Campaign 1 → 2: players name their character by id (a name is matched to the campaign's ruleset, then
    to its custom characters, case-insensitively) and custom characters get an id of their own. In a system
    with no characters and no custom ones the player's text is kept as it is. The campaign's system adds its own
    part (`System.campaign_upgrades[1]`, e.g. drivers naming their vehicle class by id). Shapes validation will
    refuse are left alone."""
    from designer.rules import RulesetError, load_ruleset  # the rules loader reads files through designer.io
    from designer.rules.base import slugify
    from designer.systems import registry

    ruleset_id = data.get("ruleset")
    if ruleset_id is None:
        ruleset_id = registry.default_id()
    if not isinstance(ruleset_id, str):
        return data
    try:
        ruleset = load_ruleset(ruleset_id)
    except RulesetError as exc:
        raise MigrationError(str(exc), "ruleset") from None
    system = registry.find(ruleset_id)
    upgrade = system.campaign_upgrades.get(1) if system is not None else None
    if upgrade is not None:
        data = upgrade(data)
    taken = {c.id for c in ruleset.characters}
    ids: dict[str, str] = {}  # custom character name (casefolded) → its new id
    customs = data.get("custom_characters")
    if isinstance(customs, list):
        upgraded: list[Any] = []
        for custom in customs:
            if isinstance(custom, dict) and isinstance(custom.get("name"), str):
                custom_id = slugify(custom["name"], taken)
                taken.add(custom_id)
                ids.setdefault(custom["name"].strip().casefold(), custom_id)
                custom = {"id": custom_id, **{k: v for k, v in custom.items() if k != "id"}}
            upgraded.append(custom)
        data["custom_characters"] = upgraded
    players = data.get("players")
    if not isinstance(players, list) or not (ruleset.characters or ids):
        return data

    from designer.rules.texts import ruleset_name  # the rule data's own texts, as where the ruleset is read

    def character_id(name: str) -> str | None:
        known = ruleset.character(name)
        return known.id if known else ids.get(name.casefold())

    def unknown(who: str, name: str) -> str:
        return _("{who} drives {name}, which is no {ruleset} character and no custom one").format(
            who=who, name=repr(name), ruleset=ruleset_name(ruleset))

    data["players"] = to_ids(players, "character", "players", lambda n: _("player {n}").format(n=n), character_id,
                              unknown)
    return data


def to_ids(items: list[Any], key: str, where: str, noun: Callable[[int], str], lookup: Callable[[str], str | None],
            refusal: Callable[[str, str], str]) -> list[Any]:
    """Copies of the dicts in `items` with their `key` text replaced by `lookup(text)` (an id); a text that
    names nothing is refused with `refusal(who, text)` at item i of the list `where` (as the player knows it:
    "roster row 3 (Casey)", `campaign.places`), `who` being the item's name or
    `noun(i + 1)` ("player 2"). Shapes validation refuses are left."""
    items = [dict(item) if isinstance(item, dict) else item for item in items]
    for i, item in enumerate(items):
        if not isinstance(item, dict) or not isinstance(item.get(key), str):
            continue
        found = lookup(item[key].strip())
        if found is None:
            who = item["name"] if isinstance(item.get("name"), str) else noun(i + 1)
            raise MigrationError(refusal(who, item[key]), item_name(where, i, item) or f"{where}[{i}]")
        item[key] = found
    return items


def migrate_2_to_3(data: dict[str, Any]) -> dict[str, Any]:
    """Campaign 2 → 3 only adds optional fields (systems' own, on a race result and a driver): nothing to change."""
    return data


def mode_step(version: int) -> Migration:
    """Campaign `version` → `version + 1`: what the campaign's game system has its mode do (`CampaignMode.upgrades`,
    e.g. Downforce's season 3 → 4); nothing for a mode without a step, or a file whose system or mode is unknown
    (validation names what is wrong)."""
    def step(data: dict[str, Any]) -> dict[str, Any]:
        from designer.systems import registry

        ruleset_id, mode_name = data.get("ruleset"), data.get("mode")
        system = registry.find(ruleset_id) if isinstance(ruleset_id, str) else None
        if system is None:
            return data
        mode = system.mode(mode_name) if isinstance(mode_name, str) else None
        upgrade = mode.upgrades.get(version) if mode is not None else None
        return upgrade(data) if upgrade is not None else data
    return step


#: format name → (current schema version, {from_version: step to from_version + 1})
CHAINS: dict[str, tuple[int, dict[int, Migration]]] = {
    "kartographer-track": (1, {}),
    "kartographer-campaign": (4, {1: migrate_1_to_2, 2: migrate_2_to_3, 3: mode_step(3)}),
    "kartographer-vehicle": (1, {}),
    "kartographer-race": (1, {}),
}


def migrate(data: Any, format_name: str, source: str) -> dict[str, Any]:
    """Check `format` and `schema_version`, then upgrade `data` step by step to the current version."""
    if not isinstance(data, dict):
        raise DocumentError(source, _("the top level must be a JSON object, not {type}").format(type=_json_type(data)))
    current, steps = CHAINS[format_name]
    found = data.get("format")
    if found != format_name:
        if found is None:
            raise DocumentError(source, _("not a {format} file (no 'format' field)").format(format=format_name),
                                "format")
        raise DocumentError(source, _("not a {format} file (format is {found})").format(
            format=format_name, found=clip(repr(found))), "format")
    version = data.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise DocumentError(source, _("must be a whole number"), "schema_version")
    if version > current:
        raise DocumentError(
            source,
            _("written by a newer Kartographer (schema_version {version}; this version reads up to {current})").format(
                version=clip(version), current=current),
            "schema_version",
        )
    if version < 1:
        raise DocumentError(source, _("must be at least 1, not {version}").format(version=clip(version)),
                            "schema_version")
    while version < current:
        try:
            data = steps[version](dict(data))
        except MigrationError as exc:
            raise DocumentError(source, exc.reason, exc.location) from None
        version += 1
        data["schema_version"] = version
    return data


def _json_type(value: Any) -> str:
    names = {list: N_("a list"), str: N_("a string"), int: N_("a number"), float: N_("a number"),
             bool: N_("a boolean")}
    return _(names[type(value)]) if type(value) in names else "null"
