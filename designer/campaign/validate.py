"""Consistency of a campaign with its ruleset and tracks: every refusal the editor, the CLI and the file
loader share, each raised as a one-line `CampaignError` naming the race, player or entry."""

from __future__ import annotations

from designer.campaign.battle import check_battles
from designer.campaign.careers import check_careers
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.campaign.grand_prix import STAT_LABELS, ledger, race_complete, races_complete
from designer.campaign.modes import keeps, missing_rules, mode_of, scored
from designer.campaign.roster import has_characters, require_character, require_player
from designer.model.campaign import CampaignDocument

#: The document's lists a campaign mode may keep (which ones it does keep depends on its record).
SECTIONS = ("races", "upgrades", "battles", "drivers", "games")


def check_campaign(doc: CampaignDocument, ctx: Context) -> None:
    """Raise CampaignError for the first inconsistency in the whole document."""
    check_mode(doc, ctx)
    for i, custom in enumerate(doc.custom_characters):
        if ctx.ruleset.character_by_id(custom.id) is not None:
            raise CampaignError(f"id '{custom.id}' of {custom.name} is a {ctx.ruleset.name} character's",
                                f"custom_characters[{i}]")
    for i, player in enumerate(doc.players):
        check_character(doc, ctx, player.character, f"players[{i}] ({player.name})")
    for index in range(len(doc.races)):
        check_race(doc, ctx, index)
    check_upgrades(doc, ctx)
    check_battles(doc, ctx)
    check_careers(doc, ctx)
    system_check = mode_of(doc).check
    if system_check is not None:
        system_check(doc, ctx)


def check_mode(doc: CampaignDocument, ctx: Context) -> None:
    """The mode is one the system offers, its rule data can run it, and only its lists are filled."""
    mode = mode_of(doc)
    missing = missing_rules(mode, ctx.ruleset)
    if missing:
        raise CampaignError(f"{ctx.ruleset.name} has no {missing}, so it cannot run a {doc.mode} campaign", "mode")
    for section in SECTIONS:
        if getattr(doc, section) and not keeps(mode, section):
            raise CampaignError(f"a {doc.mode} campaign has no {section}", section)


def check_character(doc: CampaignDocument, ctx: Context, character_id: str, location: str) -> None:
    if has_characters(doc, ctx.ruleset):
        require_character(doc, ctx.ruleset, character_id, location)


def race_location(index: int) -> str:
    return f"race {index + 1}"


def check_race(doc: CampaignDocument, ctx: Context, index: int) -> None:
    """Players known and once each, places 1…players without repeats, gates bounded by the track."""
    race = doc.races[index]
    where = race_location(index)
    if scored(doc):
        gp = ctx.grand_prix()
        if index >= gp.races:
            raise CampaignError(f"the Grand Prix has {gp.races} races", where)
        if index > 0 and race.results:
            check_previous_complete(doc, index)
    seen: set[str] = set()
    for name in race.grid:
        name = require_player(doc, name, f"{where} grid")
        if name.casefold() in seen:
            raise CampaignError(f"{name} is on the grid twice", f"{where} grid")
        seen.add(name.casefold())
    taken: dict[int, str] = {}
    seen.clear()
    for result in race.results:
        name = require_player(doc, result.player, where)
        if name.casefold() in seen:
            raise CampaignError(f"{name} has two results", where)
        seen.add(name.casefold())
        check_place(doc, result.place, f"{where}, {name}")
        if result.place in taken:
            raise CampaignError(f"place {result.place} is already {taken[result.place]}'s", f"{where}, {name}")
        taken[result.place] = name
        check_gates(ctx, index, result.gates, f"{where}, {name}")


def check_previous_complete(doc: CampaignDocument, index: int) -> None:
    """A Grand Prix race takes results only once every player has one in the race before it."""
    missing = _missing_results(doc, index - 1)
    if missing:
        raise CampaignError(f"race {index} is not finished yet{missing}", race_location(index))


def check_place(doc: CampaignDocument, place: int, where: str) -> None:
    if not 1 <= place <= len(doc.players):
        raise CampaignError(f"place {place} is outside 1…{len(doc.players)} ({len(doc.players)} players)", where)


def check_gates(ctx: Context, index: int, gates: int, where: str) -> None:
    if gates < 0:
        raise CampaignError(f"gates cannot be negative ({gates})", where)
    limit = ctx.track_limits.get(index)
    if limit is not None and gates > limit.max_gates:
        raise CampaignError(f"{gates} gates is more than the track has ({limit.gates} gates × {limit.laps} "
                            f"laps = {limit.max_gates})", where)


def check_coins(coins: int, where: str) -> None:
    if coins < 0:
        raise CampaignError(f"coins cannot be negative ({coins})", where)


def check_upgrades(doc: CampaignDocument, ctx: Context) -> None:
    """Each upgrade: a known player, between two finished races, under the cap and paid for."""
    if not doc.upgrades:
        return
    gp = ctx.grand_prix()
    done = races_complete(doc)
    for i, up in enumerate(doc.upgrades):
        where = f"upgrades[{i}]"
        require_player(doc, up.player, where)
        rule = gp.upgrade(up.stat)
        if rule is None:
            raise CampaignError(f"{ctx.ruleset.name} sells no {STAT_LABELS[up.stat]} upgrade", where)
        if up.after_race >= gp.races:
            raise CampaignError(f"the Grand Prix ends with race {gp.races}; upgrades are bought between races",
                                where)
        if up.after_race > done:
            missing = _missing_results(doc, up.after_race - 1)
            raise CampaignError(f"race {up.after_race} is not finished yet{missing}; upgrades are bought "
                                f"between races", where)
    for p in doc.players:
        player = doc.player(p.name)
        assert player is not None
        for stat in ("handling", "max_gear"):
            count = sum(1 for u in doc.upgrades if u.player.casefold() == p.name.casefold() and u.stat == stat)
            if not count:
                continue
            rule = gp.upgrade(stat)
            assert rule is not None
            stats = require_character(doc, ctx.ruleset, player.character, f"players ({p.name})")
            base = stats.base(stat)
            label = STAT_LABELS[stat]
            if base is None:
                raise CampaignError(f"{stats.name} has no {label} to upgrade", f"upgrades ({p.name})")
            if base + rule.step * count > rule.cap:
                raise CampaignError(f"{label} would be {base + rule.step * count}, above the cap of {rule.cap} "
                                    f"({stats.name} starts at {base})", f"upgrades ({p.name})")
        for line in ledger(doc, gp, p.name):
            if line.spent and line.total < 0:
                raise CampaignError(f"{p.name} has {line.total + line.spent} points after race {line.race} but "
                                    f"the upgrades cost {line.spent} ({gp.upgrade_cost} each)",
                                    f"upgrades ({p.name})")


def _missing_results(doc: CampaignDocument, index: int) -> str:
    if index >= len(doc.races):
        return " (no results)"
    race = doc.races[index]
    if race_complete(doc, race):
        return ""
    missing = [p.name for p in doc.players if race.result(p.name) is None]
    return f" (no result for {', '.join(missing)})"
