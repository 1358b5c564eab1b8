"""Consistency of a campaign with its ruleset and tracks: every refusal the editor, the CLI and the file
loader share, each raised as a one-line `CampaignError` naming the race, player or entry."""

from __future__ import annotations

from designer.campaign.battle import check_battles
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.campaign.grand_prix import ledger, race_complete, races_complete, stat_label
from designer.campaign.modes import keeps, missing_rules, mode_of, mode_title, scored
from designer.campaign.places import item_name
from designer.campaign.roster import has_characters, require_character, require_player
from designer.i18n import _, ngettext, pgettext
from designer.io.validation import describe_location
from designer.model.campaign import CampaignDocument
from designer.model.record_fields import extended_records, fields_owner, kept_fields
from designer.rules.texts import ruleset_name
from designer.systems import registry

#: The document's lists a campaign mode may keep (which ones it does keep depends on its record).
SECTIONS = ("races", "upgrades", "battles", "drivers", "games")


def check_campaign(doc: CampaignDocument, ctx: Context) -> None:
    """Raise CampaignError for the first inconsistency in the whole document."""
    check_mode(doc, ctx)
    check_system_fields(doc, ctx)
    for i, custom in enumerate(doc.custom_characters):
        if ctx.ruleset.character_by_id(custom.id) is not None:
            raise CampaignError(_("id '{id}' of {name} is a {ruleset} character's").format(
                id=custom.id, name=custom.name, ruleset=ruleset_name(ctx.ruleset)),
                _("custom character {n}").format(n=i + 1))
    for i, player in enumerate(doc.players):
        check_character(doc, ctx, player.character, _("roster row {n} ({name})").format(n=i + 1, name=player.name))
    for index in range(len(doc.races)):
        check_race(doc, ctx, index)
    check_upgrades(doc, ctx)
    check_battles(doc, ctx)
    system_check = mode_of(doc).check
    if system_check is not None:  # first: its refusals name the system's own reason (Downforce's colours)
        system_check(doc, ctx)
    check_player_count(doc, ctx)


def check_mode(doc: CampaignDocument, ctx: Context) -> None:
    """The mode is one the system offers, its rule data can run it, and only its lists are filled."""
    mode = mode_of(doc)
    missing = missing_rules(mode, ctx.ruleset)
    if missing:
        raise CampaignError(pgettext("campaign mode title",
                                     "{ruleset} has no {missing}, so it cannot run a {mode} campaign").format(
            ruleset=ruleset_name(ctx.ruleset), missing=missing, mode=mode_title(doc.ruleset, doc.mode)), "mode")
    for section in SECTIONS:
        if getattr(doc, section) and not keeps(mode, section):
            raise CampaignError(pgettext("campaign mode title", "a {mode} campaign has no {section}").format(
                mode=mode_title(doc.ruleset, doc.mode), section=section), section)


def check_system_fields(doc: CampaignDocument, ctx: Context) -> None:
    """A record carries only the fields of the campaign's own game system (`System.campaign_fields`), e.g. no
    Downforce kart colour on a Grand Prix result."""
    data: object = None
    for where, record in extended_records(doc):
        for model, values in kept_fields(record).items():
            owner = fields_owner(model)
            if owner is None or owner == doc.ruleset:
                continue
            system = registry.find(owner)
            keys = list(values.model_dump(exclude_defaults=True)) or list(model.model_fields)
            data = doc.model_dump(mode="json") if data is None else data
            raise CampaignError(_("'{field}' belongs to {system} campaigns, not to a {ruleset} one").format(
                field=keys[0], system=system.display_name if system else owner,
                ruleset=ruleset_name(ctx.ruleset)), describe_location(where, data, item_name))


def check_player_count(doc: CampaignDocument, ctx: Context) -> None:
    """No more players than the rule data's `karts.max`; a race result needs at least `karts.min` of them
    (a roster may be entered one player at a time)."""
    low, high, count = ctx.ruleset.karts.min, ctx.ruleset.karts.max, len(doc.players)
    if high is not None and count > high:
        raise CampaignError(ngettext("{ruleset} is played by at most {n} player; this campaign has {count}",
                                     "{ruleset} is played by at most {n} players; this campaign has {count}",
                                     high).format(ruleset=ruleset_name(ctx.ruleset), n=high, count=count), "players")
    started = any(race.results for race in doc.races)
    if low is not None and count < low and started:
        raise CampaignError(ngettext("{ruleset} is played by at least {n} player; this campaign has {count}",
                                     "{ruleset} is played by at least {n} players; this campaign has {count}",
                                     low).format(ruleset=ruleset_name(ctx.ruleset), n=low, count=count), "players")


def check_character(doc: CampaignDocument, ctx: Context, character_id: str, location: str) -> None:
    if has_characters(doc, ctx.ruleset):
        require_character(doc, ctx.ruleset, character_id, location)


def race_location(index: int) -> str:
    """Where in a campaign race `index` (0-based) is, as a refusal names it: "race 2"."""
    return _("race {n}").format(n=index + 1)


def grid_location(index: int) -> str:
    """The starting grid of race `index` (0-based): "race 2 grid"."""
    return _("race {n} grid").format(n=index + 1)


def check_race(doc: CampaignDocument, ctx: Context, index: int) -> None:
    """Players known and once each, places 1…players without repeats, gates bounded by the track."""
    race = doc.races[index]
    where = race_location(index)
    if scored(doc):
        gp = ctx.grand_prix()
        if index >= gp.races:
            raise CampaignError(ngettext("the Grand Prix has {n} races", "the Grand Prix has {n} races",
                                         gp.races).format(n=gp.races), where)
        if index > 0 and race.results:
            check_previous_complete(doc, index)
    seen: set[str] = set()
    for name in race.grid:
        name = require_player(doc, name, grid_location(index))
        if name.casefold() in seen:
            raise CampaignError(_("{name} is on the grid twice").format(name=name), grid_location(index))
        seen.add(name.casefold())
    taken: dict[int, str] = {}
    seen.clear()
    for result in race.results:
        name = require_player(doc, result.player, where)
        if name.casefold() in seen:
            raise CampaignError(_("{name} has two results").format(name=name), where)
        seen.add(name.casefold())
        check_place(doc, result.place, f"{where}, {name}")
        if result.place in taken:
            raise CampaignError(_("place {place} is already {player}'s").format(place=result.place,
                                                                                 player=taken[result.place]),
                                f"{where}, {name}")
        taken[result.place] = name
        check_gates(ctx, index, result.gates, f"{where}, {name}")


def check_previous_complete(doc: CampaignDocument, index: int) -> None:
    """A Grand Prix race takes results only once every player has one in the race before it."""
    missing = _missing_results(doc, index - 1)
    if missing:
        raise CampaignError(_("race {n} is not finished yet{missing}").format(n=index, missing=missing),
                            race_location(index))


def check_place(doc: CampaignDocument, place: int, where: str) -> None:
    if not 1 <= place <= len(doc.players):
        count = len(doc.players)
        raise CampaignError(ngettext("place {place} is outside 1…{n} ({n} players)",
                                     "place {place} is outside 1…{n} ({n} players)", count).format(
                                place=place, n=count), where)


def check_gates(ctx: Context, index: int, gates: int | None, where: str) -> None:
    if gates is None:  # not entered
        return
    if gates < 0:
        raise CampaignError(_("gates cannot be negative ({gates})").format(gates=gates), where)
    limit = ctx.track_limits.get(index)
    if limit is not None and gates > limit.max_gates:
        raise CampaignError(_("{gates} gates is more than the track has ({track_gates} gates × {laps} laps = "
                              "{most})").format(gates=gates, track_gates=limit.gates, laps=limit.laps,
                                                most=limit.max_gates), where)


def check_coins(coins: int | None, where: str) -> None:
    if coins is None:  # not entered
        return
    if coins < 0:
        raise CampaignError(_("coins cannot be negative ({coins})").format(coins=coins), where)


def check_upgrades(doc: CampaignDocument, ctx: Context) -> None:
    """Each upgrade: a known player, between two finished races, under the cap and paid for."""
    if not doc.upgrades:
        return
    gp = ctx.grand_prix()
    done = races_complete(doc)
    for i, up in enumerate(doc.upgrades):
        where = _("upgrade {n}").format(n=i + 1)
        require_player(doc, up.player, where)
        rule = gp.upgrade(up.stat)
        if rule is None:
            raise CampaignError(_("{ruleset} sells no {stat} upgrade").format(ruleset=ruleset_name(ctx.ruleset),
                                                                              stat=stat_label(up.stat)), where)
        if up.after_race >= gp.races:
            raise CampaignError(_("the Grand Prix ends with race {n}; upgrades are bought between races").format(
                n=gp.races), where)
        if up.after_race > done:
            missing = _missing_results(doc, up.after_race - 1)
            raise CampaignError(_("race {n} is not finished yet{missing}; upgrades are bought between races").format(
                n=up.after_race, missing=missing), where)
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
            label = stat_label(stat)
            if base is None:
                raise CampaignError(_("{character} has no {stat} to upgrade").format(character=stats.name, stat=label),
                                    f"upgrades ({p.name})")
            if base + rule.step * count > rule.cap:
                raise CampaignError(_("{stat} would be {value}, above the cap of {cap} ({character} starts at "
                                      "{base})").format(stat=label, value=base + rule.step * count, cap=rule.cap,
                                                        character=stats.name, base=base), f"upgrades ({p.name})")
        for line in ledger(doc, gp, p.name):
            if line.spent and line.total < 0:
                raise CampaignError(_("{player} has {points} points after race {race} but the upgrades cost "
                                      "{spent} ({cost} each)").format(player=p.name, points=line.total + line.spent,
                                                                      race=line.race, spent=line.spent,
                                                                      cost=gp.upgrade_cost), f"upgrades ({p.name})")


def _missing_results(doc: CampaignDocument, index: int) -> str:
    if index >= len(doc.races):
        return " " + _("(no results)")
    race = doc.races[index]
    if race_complete(doc, race):
        return ""
    missing = [p.name for p in doc.players if race.result(p.name) is None]
    return " " + _("(no result for {players})").format(players=", ".join(missing))
