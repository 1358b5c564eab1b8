"""Axles and Alloys II careers: named drivers earn rerolls after each game (Deathmatch: survived, destroyed
a vehicle; Race: finished still rolling, won), spend them in later games, and may die (on the roll after
their vehicle is destroyed, or with the vehicle still whole: the Driver component lost, radiation, a
Deathshead) — then the player starts a new driver. A driver's vehicle is stored as a weight class's stable
id; the record shows its name, and what a user types (an id or a name) is resolved to the id here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.campaign.modes import mode_title, records
from designer.campaign.roster import require_player
from designer.i18n import _, ngettext, pgettext
from designer.io.display import clip
from designer.model.campaign import CampaignDocument, Game, GameEntry
from designer.rules.texts import ruleset_name
from designer.systems.axles_alloys_2.driver_fields import DriverVehicle
from designer.systems.axles_alloys_2.rule_data import AxlesRules, axles_rules, reroll_event, weight_class_name
from designer.systems.axles_alloys_2.vehicle import VehicleDocument

#: the award events of the rule data, matched to what an entry records
EVENT_TESTS = {
    "deathmatch": (("survive", lambda e: not e.destroyed and not e.died), ("destroy", lambda e: e.kills > 0)),
    "race": (("finish", lambda e: e.finished), ("win", lambda e: e.won)),
}


@dataclass
class DriverRecord:
    name: str
    player: str
    vehicle: str | None  # the weight class's name, as shown
    games: int = 0
    kills: int = 0
    wins: int = 0
    earned: int = 0
    used: int = 0
    died_in: int | None = None  # 1-based game number
    awards: list[str] = field(default_factory=list)
    vehicle_id: str | None = None  # the weight class's id, as stored

    @property
    def rerolls(self) -> int:
        return self.earned - self.used

    @property
    def alive(self) -> bool:
        return self.died_in is None


def career_rules(ctx: Context) -> AxlesRules:
    rules = axles_rules(ctx.ruleset)
    if rules is None:
        raise CampaignError(_("{ruleset} has no driver careers").format(ruleset=ruleset_name(ctx.ruleset)), "ruleset")
    return rules


def resolve_vehicle(ctx: Context, text: str | None, location: str = "") -> str | None:
    """The id of the weight class a user means by `text` (an id, or a name in English or in the current language;
    case-insensitive); None for no vehicle; refused when no weight class matches."""
    if text is None or not text.strip():
        return None
    rules = career_rules(ctx)
    key = text.strip().casefold()
    found = rules.find_weight_class(text) or next(
        (w for w in rules.weight_classes if weight_class_name(ctx.ruleset, w).casefold() == key), None)
    if found is None:
        known = ", ".join(weight_class_name(ctx.ruleset, w) for w in rules.weight_classes)
        raise CampaignError(_("unknown vehicle '{name}' (known: {known})").format(name=text.strip(), known=known),
                            location)
    return found.id


def vehicle_name(rules: AxlesRules, vehicle_id: str, location: str = "", ruleset_id: str = "") -> str:
    """The name shown for a stored weight class id (in the current language when the ruleset's id is given);
    refused when the rule data has no such id."""
    found = rules.weight_class_by_id(vehicle_id)
    if found is None:
        known = ", ".join(w.id for w in rules.weight_classes)
        raise CampaignError(_("unknown weight class id '{id}' (known: {known})").format(id=vehicle_id, known=known),
                            location)
    return weight_class_name(ruleset_id, found) if ruleset_id else found.name


def require_careers(doc: CampaignDocument) -> None:
    """Refuse a campaign whose mode keeps no driver careers."""
    if not records(doc, "games"):
        raise CampaignError(pgettext("campaign mode title", "a {mode} campaign has no drivers").format(
            mode=mode_title(doc.ruleset, doc.mode)), "drivers")


def find_driver(doc: CampaignDocument, name: str, location: str = "drivers") -> int:
    """The index of the driver called `name` (case-insensitive); refused, naming the known ones, when none is."""
    key = name.strip().casefold()
    found = next((i for i, d in enumerate(doc.drivers) if d.name.casefold() == key), None)
    if found is None:
        if not doc.drivers:
            raise CampaignError(_("unknown driver '{name}' (the campaign has no drivers yet)").format(
                name=clip(name.strip())), location)
        known = ", ".join(d.name for d in doc.drivers)
        raise CampaignError(_("unknown driver '{name}' (known: {known})").format(name=clip(name.strip()), known=known),
                            location)
    return found


def check_vehicle_class(ctx: Context, driver: str, class_id: str | None, vehicle: VehicleDocument | str,
                        file_name: str, location: str = "") -> None:
    """Refuse a vehicle file whose weight class is not the driver's (`class_id`; None: any class will do) or,
    given the whole document rather than its class id, one of another ruleset. `file_name` names the file."""
    rules = career_rules(ctx)
    if isinstance(vehicle, VehicleDocument) and vehicle.ruleset != ctx.ruleset.id:
        raise CampaignError(_("{file} is a {vehicle} car; the campaign plays {campaign}").format(
            file=file_name, vehicle=vehicle.ruleset, campaign=ctx.ruleset.id), location)
    vehicle_class = vehicle.weight_class if isinstance(vehicle, VehicleDocument) else vehicle
    theirs = vehicle_name(rules, vehicle_class, location or file_name, ctx.ruleset.id)
    if class_id is not None and class_id != vehicle_class:
        mine = vehicle_name(rules, class_id, location, ctx.ruleset.id)
        raise CampaignError(_("{driver} drives a {mine} car, but {file} is a {theirs} one").format(
            driver=driver, mine=mine, file=file_name, theirs=theirs), location)


def game_location(index: int) -> str:
    """Where in a campaign game `index` (0-based) is, as a refusal names it: "game 2"."""
    return _("game {n}").format(n=index + 1)


def rerolls_earned(entry: GameEntry, scenario: str, rules: AxlesRules) -> list[tuple[str, int]]:
    """The awards an entry earns: (event name from the rule data, rerolls)."""
    tests = EVENT_TESTS[scenario]
    out: list[tuple[str, int]] = []
    for award in rules.career_rerolls:
        if award.scenario != scenario:
            continue
        event = award.event.casefold()
        test = next((t for word, t in tests if word in event), None)
        if test is not None and test(entry):
            out.append((award.event, award.rerolls))
    return out


def careers(doc: CampaignDocument, ctx: Context) -> list[DriverRecord]:
    """Replay every game; refuses the first entry that cannot have happened."""
    if not doc.drivers and not doc.games:
        return []
    rules = career_rules(ctx)
    records: dict[str, DriverRecord] = {}
    for i, driver in enumerate(doc.drivers):
        where = _("driver {n} ({name})").format(n=i + 1, name=driver.name)
        player = require_player(doc, driver.player, where)
        vehicle = DriverVehicle.of(driver).vehicle
        name = vehicle_name(rules, vehicle, where, ctx.ruleset.id) if vehicle is not None else None
        records[driver.name.casefold()] = DriverRecord(driver.name, player, name, vehicle_id=vehicle)
    for g, game in enumerate(doc.games):
        _play(records, game, g, rules, ctx.ruleset.id)
    return list(records.values())


def _play(records: dict[str, DriverRecord], game: Game, g: int, rules: AxlesRules, ruleset_id: str) -> None:
    where = game_location(g)
    seen: set[str] = set()
    winners = 0
    for entry in game.entries:
        record = records.get(entry.driver.casefold())
        if record is None:
            raise CampaignError(_("'{name}' is not a driver in this campaign").format(name=clip(entry.driver)), where)
        if record.name in seen:
            raise CampaignError(_("{name} has two entries").format(name=record.name), where)
        seen.add(record.name)
        if not record.alive:
            raise CampaignError(_("{name} died in game {n}").format(name=record.name, n=record.died_in), where)
        if game.scenario == "deathmatch" and (entry.finished or entry.won):
            raise CampaignError(_("a deathmatch has no finish line; record survival and kills"),
                                f"{where}, {record.name}")
        winners += entry.won
        if winners > 1:
            raise CampaignError(_("a race has one winner"), f"{where}, {record.name}")
        if entry.rerolls_used > record.rerolls:
            raise CampaignError(ngettext("{name} has {n} rerolls, not {used}", "{name} has {n} rerolls, not {used}",
                                         record.rerolls).format(name=record.name, n=record.rerolls,
                                                                used=entry.rerolls_used), f"{where}, {record.name}")
        record.used += entry.rerolls_used
        record.games += 1
        record.kills += entry.kills
        record.wins += entry.won
        for event, rerolls in rerolls_earned(entry, game.scenario, rules):
            record.earned += rerolls
            shown = reroll_event(ruleset_id, event)
            record.awards.append(_("game {n}: {event} +{rerolls}").format(n=g + 1, event=shown, rerolls=rerolls))
        if entry.died:
            record.died_in = g + 1



def check_careers(doc: CampaignDocument, ctx: Context) -> None:
    careers(doc, ctx)


def campaign_notices(doc: CampaignDocument, ctx: Context, source: str | Path | None = None) -> list[str]:
    """Everything a career's record reports without refusing (see `kill_notices`), then the linked cars that
    break a build rule (`career_cars.car_notices`); empty for a campaign that keeps no games. The career
    mode's `CampaignMode.notices`."""
    if not records(doc, "games"):
        return []
    from designer.systems.axles_alloys_2.career_cars import car_notices

    return kill_notices(doc) + car_notices(doc, ctx, source)


def kill_notices(doc: CampaignDocument) -> list[str]:
    """What the games' kills cannot be: nobody destroys more vehicles than were recorded destroyed in the game
    besides their own, nor do all the drivers together. Reported rather than refused — a game's results are
    entered one driver at a time, and the killer often comes before the cars he destroyed — so these are the
    lines `campaign driver` and the campaign window show until the record adds up."""
    out = []
    for g, game in enumerate(doc.games):
        where = game_location(g)
        destroyed = sum(1 for e in game.entries if e.destroyed)
        for entry in game.entries:
            others = destroyed - (1 if entry.destroyed else 0)
            if entry.kills > others:
                out.append(f"{where}: " + _("{name} has {kills}, but {others} recorded destroyed in this game").format(
                    name=entry.driver, kills=ngettext("{n} kill", "{n} kills", entry.kills).format(n=entry.kills),
                    others=ngettext("{n} other vehicle is", "{n} other vehicles are", others).format(n=others)))
        kills = sum(e.kills for e in game.entries)
        if kills > destroyed and not any(entry.kills > destroyed - entry.destroyed for entry in game.entries):
            out.append(f"{where}: " + _("the drivers have {kills} in all, but {vehicles} recorded destroyed in "
                                        "this game").format(
                kills=ngettext("{n} kill", "{n} kills", kills).format(n=kills),
                vehicles=ngettext("{n} vehicle is", "{n} vehicles are", destroyed).format(n=destroyed)))
    return out


def death_faces(ctx: Context) -> list[int]:
    """The d6 faces on which a driver in a destroyed vehicle dies."""
    return list(career_rules(ctx).driver_dies_on)


def faces_text(faces: Sequence[int]) -> str:
    """[4, 5, 6] → "4–6"; [2, 6] → "2 or 6"."""
    faces = sorted(set(faces))
    if not faces:
        return _("no roll")
    if len(faces) > 2 and faces == list(range(faces[0], faces[-1] + 1)):
        return f"{faces[0]}–{faces[-1]}"
    if len(faces) == 1:
        return str(faces[0])
    return _("{faces} or {last}").format(faces=", ".join(map(str, faces[:-1])), last=faces[-1])
