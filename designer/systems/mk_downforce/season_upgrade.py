"""How a Downforce season file of schema version 3 becomes version 4 (`CampaignMode.upgrades`, run by the shared
migration chain in `designer.io.migrations` before the file is validated): each race's per-player results become
the race's six cars."""

from __future__ import annotations

from typing import Any


def upgrade_3_to_4(data: dict[str, Any]) -> dict[str, Any]:
    """Season 3 → 4 (`CampaignMode.upgrades[3]`): a campaign scored in money recorded one result per player; it now
    records each race's cars. Each result becomes its kart's car: the kart entered, else the colour of the
    player's character, else the first colour nobody raced in that race; its place, coins and owner are kept,
    and the prize entered by hand stays on the car so every player's money is unchanged. The cars nobody
    raced then take the places left, in the rule data's colour order (version 3 did not record their order),
    so the race counts as it did. Bet winnings become the race's `bets`. Shapes validation refuses are left
    alone."""
    from designer.rules import RulesetError, load_ruleset
    from designer.systems.mk_downforce.rule_data import downforce_rules

    races = data.get("races")
    if not isinstance(races, list):
        return data
    try:
        rules = downforce_rules(load_ruleset(str(data.get("ruleset"))))
    except RulesetError:
        return data  # validation names what is wrong
    if rules is None:
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
