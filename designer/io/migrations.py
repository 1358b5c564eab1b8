"""Schema migrations: ordered dict → dict steps run before validation, one chain per file format.

To add schema version N+1 of a format: bump its current version, write `migrate_N_to_N1(data) -> data`,
register it in that format's chain, and add a golden file of version N to `tests/data/`. A step refuses
what it cannot upgrade by raising `MigrationError` (one line; `migrate` names the file).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from designer.i18n import N_, _
from designer.io.display import clip
from designer.io.errors import DocumentError

if TYPE_CHECKING:
    from designer.rules.systems import AxlesRules

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
    with no characters and no custom ones the player's text is kept as it is. Axles and Alloys drivers name
    their vehicle by weight class id (the name matched case-insensitively). Shapes validation will refuse are
    left alone."""
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
    if ruleset.axles is not None:
        _vehicle_ids(data, ruleset.axles, ruleset.name)
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

    data["players"] = _to_ids(players, "character", "players", lambda n: _("player {n}").format(n=n), character_id,
                              unknown)
    return data


def _vehicle_ids(data: dict[str, Any], axles: AxlesRules, system: str) -> None:
    """Replace each driver's weight class name by its id (in copies of the drivers)."""
    drivers = data.get("drivers")
    if not isinstance(drivers, list):
        return

    def vehicle_id(name: str) -> str | None:
        found = axles.weight_class(name)
        return found.id if found else None

    data["drivers"] = _to_ids(drivers, "vehicle", "drivers", lambda n: _("driver {n}").format(n=n), vehicle_id,
                              lambda who, name: _("{who} drives a {name} vehicle, which is no {ruleset} weight "
                                                  "class").format(who=who, name=repr(name), ruleset=system))


def _to_ids(items: list[Any], key: str, where: str, noun: Callable[[int], str], lookup: Callable[[str], str | None],
            refusal: Callable[[str, str], str]) -> list[Any]:
    """Copies of the dicts in `items` with their `key` text replaced by `lookup(text)` (an id); a text that
    names nothing is refused with `refusal(who, text)` at `where[i]`, `who` being the item's name or
    `noun(i + 1)` ("player 2"). Shapes validation refuses are left."""
    items = [dict(item) if isinstance(item, dict) else item for item in items]
    for i, item in enumerate(items):
        if not isinstance(item, dict) or not isinstance(item.get(key), str):
            continue
        found = lookup(item[key].strip())
        if found is None:
            who = item["name"] if isinstance(item.get("name"), str) else noun(i + 1)
            raise MigrationError(refusal(who, item[key]), f"{where}[{i}]")
        item[key] = found
    return items


def migrate_2_to_3(data: dict[str, Any]) -> dict[str, Any]:
    """Campaign 2 → 3 only adds optional fields (a race result's kart, prize and bets): nothing to change."""
    return data


def migrate_3_to_4(data: dict[str, Any]) -> dict[str, Any]:
    """Campaign 3 → 4: a campaign scored in money (a Downforce season) recorded one result per player; it now
    records each race's cars. Each result becomes its kart's car: the kart entered, else the colour of the
    player's character, else the first colour nobody raced in that race; its place, coins and owner are kept,
    and the prize entered by hand stays on the car so every player's money is unchanged. The cars nobody
    raced then take the places left, in the rule data's colour order (version 3 did not record their order),
    so the race counts as it did. Bet winnings become the race's `bets`. Other campaigns have nothing to
    change; shapes validation refuses are left alone."""
    from designer.campaign.errors import CampaignError
    from designer.campaign.modes import campaign_mode  # lazily: the campaign core reads files through here
    from designer.rules import RulesetError, load_ruleset

    # a file that names no game system is the default system's (a season's money is never implied)
    ruleset_id, mode = data.get("ruleset"), data.get("mode", "grand_prix")
    races = data.get("races")
    if not (isinstance(ruleset_id, str) and isinstance(mode, str) and isinstance(races, list)):
        return data
    try:
        ruleset = load_ruleset(ruleset_id)
        money = campaign_mode(ruleset_id, mode).money
    except (RulesetError, CampaignError):
        return data  # validation names what is wrong
    rules = ruleset.downforce
    if not money or rules is None:
        return data
    characters = {p.get("name", "").casefold(): p.get("character") for p in data.get("players", [])
                  if isinstance(p, dict) and isinstance(p.get("name"), str)}
    data["races"] = [_race_to_cars(race, rules, characters) if isinstance(race, dict) else race for race in races]
    return data


def _race_to_cars(race: dict[str, Any], rules: Any, characters: dict[str, Any]) -> dict[str, Any]:
    results = race.get("results")
    if not isinstance(results, list) or not all(isinstance(r, dict) for r in results):
        return race
    colours = [k.colour for k in rules.karts]
    chosen = [r.get("kart") or rules.colour_of(characters.get(str(r.get("player", "")).casefold()) or "")
              for r in results]
    free = iter(c for c in colours if c not in chosen)
    cars, bets = [], []
    for result, colour in zip(results, chosen, strict=True):
        car: dict[str, Any] = {"colour": colour or next(free, None), "place": result.get("place"),
                               "owner": result.get("player")}
        if result.get("coins") is not None:
            car["coins"] = result["coins"]
        car["prize"] = result.get("prize", 0)
        cars.append(car)
        if result.get("bets"):
            bets.append({"player": result.get("player"), "amount": result["bets"]})
    used = {c["colour"] for c in cars}
    open_places = (n for n in range(1, len(colours) + 1) if n not in {c["place"] for c in cars})
    for colour in (c for c in colours if c not in used):  # nobody's cars: in the places left, in colour order
        place = next(open_places, None)
        if place is not None:
            cars.append({"colour": colour, "place": place})
    race = {k: v for k, v in race.items() if k != "results"}
    return {**race, "results": [], "cars": cars, "bets": bets}


#: format name → (current schema version, {from_version: step to from_version + 1})
CHAINS: dict[str, tuple[int, dict[int, Migration]]] = {
    "kartographer-track": (1, {}),
    "kartographer-campaign": (4, {1: migrate_1_to_2, 2: migrate_2_to_3, 3: migrate_3_to_4}),
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
