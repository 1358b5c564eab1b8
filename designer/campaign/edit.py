"""Pure campaign edits: each takes a document and returns a new, fully checked one, or raises a
`CampaignError` saying why the edit is refused. The editor wraps each in one undoable command; the CLI
saves the result. Nothing is changed in place (documents are immutable). A value outside the file
format's bounds (a 41-character name, 10 001 coins) is a refusal like any other, never a pydantic error."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from pydantic import ValidationError

from designer.campaign.battle import apply_wipe_out, battle_karts, battle_location, battle_state
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.campaign.grand_prix import STAT_LABELS, race_started, shop, shop_closed_reason, shop_window, stat_label
from designer.campaign.modes import campaign_mode, mode_title, records, scored
from designer.campaign.places import item_name
from designer.campaign.roster import require_character_id, require_player, stat_keys, system_stats
from designer.campaign.validate import (
    check_campaign,
    check_coins,
    check_gates,
    check_place,
    check_previous_complete,
    grid_location,
    race_location,
)
from designer.i18n import _, ngettext, pgettext
from designer.io.display import clip
from designer.io.validation import describe_validation_error
from designer.model.campaign import (
    MAX_RACES,
    Battle,
    CampaignDocument,
    CustomCharacter,
    Player,
    Race,
    RaceResult,
    Upgrade,
    WipeOut,
)
from designer.model.record_fields import field_value
from designer.rules.base import slugify
from designer.rules.texts import character_name, ruleset_name
from designer.systems import registry

M = TypeVar("M")


def rebuild(doc: CampaignDocument, ctx: Context, **changes: Any) -> CampaignDocument:
    """The document with `changes`, validated as a file would be and checked against the rules."""
    data = doc.model_dump(mode="json")
    for key, value in changes.items():
        data[key] = _plain(value)
    return _validated(data, ctx)


def _validated(data: dict[str, Any], ctx: Context) -> CampaignDocument:
    try:
        new = CampaignDocument.model_validate(data)
    except ValidationError as exc:
        location, reason = describe_validation_error(exc, data, item_name)
        raise CampaignError(reason, location) from None
    check_campaign(new, ctx)
    return new


def _make(model: type[M], where: str, **fields: Any) -> M:
    """One part of a document (a result, a driver…); a field out of bounds is refused, naming `where`."""
    try:
        return model(**fields)
    except ValidationError as exc:
        location, reason = describe_validation_error(exc, fields)
        raise CampaignError(reason, f"{where}: {location}" if location else where) from None


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    return value


def new_campaign(name: str, ctx: Context, mode: str, players: Sequence[tuple[str, str]] = (),
                 tracks: Sequence[str | None] = ()) -> CampaignDocument:
    """A fresh campaign of one of the ruleset's system's modes; races scored on points are all there up
    front (with the tracks given, in order), a race series grows race by race, a battle gets its arena."""
    races: list[dict[str, Any]] = []
    battles: list[dict[str, Any]] = []
    kind = campaign_mode(ctx.ruleset.id, mode)
    if kind.points:
        count = ctx.grand_prix().races
        if len(tracks) > count:
            raise CampaignError(ngettext("{tracks} tracks given but the Grand Prix has {n} races",
                                         "{tracks} tracks given but the Grand Prix has {n} races", count).format(
                tracks=len(tracks), n=count), "tracks")
        races = [{"track": tracks[i] if i < len(tracks) else None} for i in range(count)]
    elif kind.record == "races":
        races = [{"track": t} for t in tracks]
    elif kind.record == "battle":
        ctx.balloons()
        if len(tracks) > 1:
            raise CampaignError(_("a balloon battle is fought on one arena; give one track"), "tracks")
        battles = [{"track": t} for t in tracks] or [{}]
    elif tracks:
        raise CampaignError(pgettext("campaign mode title",
                                     "a {mode} campaign records its tracks per game, not up front").format(
            mode=mode_title(ctx.ruleset.id, mode)), "tracks")
    roster = []
    for i, (player, character) in enumerate(players):  # given by id or name, stored by id
        known = ctx.ruleset.find_character(character)
        if known is None and ctx.ruleset.characters:
            names = ", ".join(character_name(ctx.ruleset, c) for c in ctx.ruleset.characters)
            raise CampaignError(_("unknown character '{name}' (known: {known})").format(name=clip(character.strip()),
                                                                                      known=names),
                                _("roster row {n} ({name})").format(n=i + 1, name=player.strip()))
        roster.append({"name": player, "character": known.id if known else character})
    # validated as a whole, so a refusal names its place in the file ("players[2].name")
    return _validated({"name": name or "Campaign", "ruleset": ctx.ruleset.id, "mode": mode, "races": races,
                       "players": roster, "battles": battles}, ctx)


# --- roster ----------------------------------------------------------------------------------------
def add_player(doc: CampaignDocument, ctx: Context, name: str, character: str) -> CampaignDocument:
    """Add a player driving `character` (an id or a name; the id is stored)."""
    existing = doc.player(name)
    if existing is not None:
        raise CampaignError(_("there is already a player called {name}").format(name=existing.name),
                            "players")
    character = require_character_id(doc, ctx.ruleset, character, f"players ({name})")
    # a battle of "every player" that has started keeps the karts it started with
    battles = [b.model_copy(update={"karts": doc.player_names()}) if b.wipe_outs and not b.karts else b
               for b in doc.battles]
    player = _make(Player, "players", name=name, character=character)
    return rebuild(doc, ctx, players=[*doc.players, player], battles=battles)


def remove_player(doc: CampaignDocument, ctx: Context, name: str) -> CampaignDocument:
    name = require_player(doc, name, "players")
    key = name.casefold()
    if any(r.result(name) for r in doc.races) or any(u.player.casefold() == key for u in doc.upgrades) \
            or any(b.wipe_outs and key in (k.casefold() for k in battle_karts(doc, b)) for b in doc.battles) \
            or any(d.player.casefold() == key for d in doc.drivers):
        raise CampaignError(_("{name} already has results; remove those first").format(name=name), "players")
    races = [r.model_copy(update={"grid": [g for g in r.grid if g.casefold() != key]}) for r in doc.races]
    battles = [b.model_copy(update={"karts": [k for k in b.karts if k.casefold() != key]}) for b in doc.battles]
    return rebuild(doc, ctx, players=[p for p in doc.players if p.name != name], races=races, battles=battles)


def set_character(doc: CampaignDocument, ctx: Context, name: str, character: str) -> CampaignDocument:
    """Change what a player drives (`character`: an id or a name; the id is stored)."""
    name = require_player(doc, name, "players")
    character = require_character_id(doc, ctx.ruleset, character, f"players ({name})")
    players = [p.model_copy(update={"character": character}) if p.name == name else p for p in doc.players]
    return rebuild(doc, ctx, players=players)


def rename_player(doc: CampaignDocument, ctx: Context, old: str, new: str) -> CampaignDocument:
    """Rename everywhere the player is named (results, grids, upgrades, battles, drivers)."""
    old = require_player(doc, old, "players")
    new = new.strip()
    other = doc.player(new)
    if other is not None and other.name != old:
        raise CampaignError(_("there is already a player called {name}").format(name=other.name), "players")
    data = doc.model_dump(mode="json")
    def swap(n):
        return (new if isinstance(n, str) and n.casefold() == old.casefold() else n)
    for p in data["players"]:
        p["name"] = swap(p["name"])
    for race in data["races"]:
        race["grid"] = [swap(g) for g in race["grid"]]
        for r in race["results"]:
            r["player"] = swap(r["player"])
    for u in data["upgrades"]:
        u["player"] = swap(u["player"])
    for b in data["battles"]:
        b["karts"] = [swap(k) for k in b["karts"]]
        for w in b["wipe_outs"]:
            w["player"], w["by"] = swap(w["player"]), swap(w["by"])
    for d in data["drivers"]:
        d["player"] = swap(d["player"])
    return rebuild(doc, ctx, **{k: data[k] for k in ("players", "races", "upgrades", "battles", "drivers")})


def set_custom_character(doc: CampaignDocument, ctx: Context, character: CustomCharacter) -> CampaignDocument:
    """Add a custom character, or replace the one with the same name (which keeps its id). A new one's id is
    made from its name when the one given is taken by a ruleset character or another custom one."""
    if ctx.ruleset.character(character.name) is not None:
        raise CampaignError(_("{name} is already a {ruleset} character").format(name=character.name,
                                                                              ruleset=ruleset_name(ctx.ruleset)),
                            "custom_characters")
    carried = {stat.key for stat in system_stats(ctx.ruleset)}
    foreign = [key for key in stat_keys() if field_value(character, key) is not None and key not in carried]
    if foreign:
        titles = [s.display_title for sid in registry.ids() for s in registry.get(sid).character_stats
                  if s.key == foreign[0]]
        raise CampaignError(_("{ruleset} characters have no {stat}").format(
            ruleset=ruleset_name(ctx.ruleset), stat=titles[0] if titles else foreign[0]), "custom_characters")
    key = character.name.casefold()
    others = [c for c in doc.custom_characters if c.name.casefold() != key]
    index = next((i for i, c in enumerate(doc.custom_characters) if c.name.casefold() == key), len(others))
    same = doc.custom_character(character.name)
    taken = {c.id for c in ctx.ruleset.characters} | {c.id for c in others}
    if same is not None:
        character = character.model_copy(update={"id": same.id})
    elif character.id in taken:
        character = character.model_copy(update={"id": slugify(character.name, taken)})
    return rebuild(doc, ctx, custom_characters=[*others[:index], character, *others[index:]])


def remove_custom_character(doc: CampaignDocument, ctx: Context, name: str) -> CampaignDocument:
    custom = doc.custom_character(name)
    users = [p.name for p in doc.players if custom is not None and p.character == custom.id]
    if users and custom is not None:
        raise CampaignError(ngettext("{players} still drives {character}", "{players} still drive {character}",
                                     len(users)).format(players=", ".join(users), character=custom.name),
                            "custom_characters")
    return rebuild(doc, ctx, custom_characters=[c for c in doc.custom_characters
                                                if c.name.casefold() != name.casefold()])


# --- races -----------------------------------------------------------------------------------------
def _race_index(doc: CampaignDocument, ctx: Context, race: int) -> int:
    """`race` is 1-based; a race series grows by one race when asked for the next."""
    if not records(doc, "races"):
        raise CampaignError(pgettext("campaign mode title", "a {mode} campaign has no races").format(
            mode=mode_title(doc.ruleset, doc.mode)), "races")
    limit = ctx.grand_prix().races if scored(doc) else min(len(doc.races) + 1, MAX_RACES)
    if not 1 <= race <= limit:
        raise CampaignError(_("there is no race {n} (races 1…{last})").format(n=race, last=limit), "races")
    return race - 1


def _races_with(doc: CampaignDocument, index: int, race: Race) -> list[Race]:
    races = list(doc.races) + [Race() for _n in range(index + 1 - len(doc.races))]
    races[index] = race
    return races


def set_race_track(doc: CampaignDocument, ctx: Context, race: int, track: str | None) -> CampaignDocument:
    index = _race_index(doc, ctx, race)
    current = doc.races[index] if index < len(doc.races) else Race()
    return rebuild(doc, ctx, races=_races_with(doc, index, current.model_copy(update={"track": track or None})))


def set_grid(doc: CampaignDocument, ctx: Context, race: int, grid: Sequence[str]) -> CampaignDocument:
    index = _race_index(doc, ctx, race)
    names = [require_player(doc, g, grid_location(index)) for g in grid]
    current = doc.races[index] if index < len(doc.races) else Race()
    return rebuild(doc, ctx, races=_races_with(doc, index, current.model_copy(update={"grid": names})))


def set_result(doc: CampaignDocument, ctx: Context, race: int, player: str, place: int, gates: int | None = None,
               coins: int | None = None) -> CampaignDocument:
    """Enter or replace one player's result in race `race` (1-based). `gates` and `coins` are None when not
    entered (nothing is stored the player did not give). A mode scored in money records cars instead (its
    system's own `result` command), and refuses this."""
    index = _race_index(doc, ctx, race)
    name = require_player(doc, player, race_location(index))
    where = f"{race_location(index)}, {name}"
    check_place(doc, place, where)
    check_gates(ctx, index, gates, where)
    check_coins(coins, where)
    current = doc.races[index] if index < len(doc.races) else Race()
    holder = next((r.player for r in current.results
                   if r.place == place and r.player.casefold() != name.casefold()), None)
    if holder is not None:
        raise CampaignError(_("place {place} is already {player}'s").format(place=place, player=holder), where)
    if scored(doc) and index > 0:
        check_previous_complete(doc, index)
    results = [r for r in current.results if r.player.casefold() != name.casefold()]
    mine = current.result(name)
    at = current.results.index(mine) if mine else len(results)
    results.insert(at, _make(RaceResult, where, player=name, place=place, gates=gates, coins=coins))
    return rebuild(doc, ctx, races=_races_with(doc, index, current.model_copy(update={"results": results})))


def enter_results(doc: CampaignDocument, ctx: Context, race: int,
                  results: Sequence[tuple[str, int, int | None, int | None]]) -> CampaignDocument:
    """Replace race `race`'s results (1-based) with `results` — (player, place, gates, coins) each, e.g. a race
    run on race day — in one edit, every result checked as `set_result` checks one typed in by hand."""
    index = _race_index(doc, ctx, race)
    current = doc.races[index] if index < len(doc.races) else Race()
    start = doc.model_copy(update={"races": _races_with(doc, index, current.model_copy(update={"results": []}))})
    for player, place, gates, coins in results:
        start = set_result(start, ctx, race, player, place, gates, coins)
    return rebuild(start, ctx)


def clear_result(doc: CampaignDocument, ctx: Context, race: int, player: str) -> CampaignDocument:
    index = _race_index(doc, ctx, race)
    name = require_player(doc, player, race_location(index))
    current = doc.races[index] if index < len(doc.races) else Race()
    if current.result(name) is None:
        raise CampaignError(_("{name} has no result to clear").format(name=name), race_location(index))
    if scored(doc) and index + 1 < len(doc.races) and race_started(doc.races[index + 1]):
        raise CampaignError(_("race {n} already has results; clear those first").format(n=index + 2),
                            race_location(index))
    results = [r for r in current.results if r.player.casefold() != name.casefold()]
    return rebuild(doc, ctx, races=_races_with(doc, index, current.model_copy(update={"results": results})))


# --- upgrades --------------------------------------------------------------------------------------
def buy_upgrade(doc: CampaignDocument, ctx: Context, player: str, stat: str,
                after_race: int | None = None) -> CampaignDocument:
    """Spend the upgrade cost on +1 `stat`, between race `after_race` and the next (default: now)."""
    gp = ctx.grand_prix()
    name = require_player(doc, player, "upgrades")
    if stat not in STAT_LABELS or gp.upgrade(stat) is None:
        raise CampaignError(_("unknown upgrade '{stat}' (use handling or max_gear)").format(stat=stat), "upgrades")
    window = shop_window(doc, ctx)
    when = after_race if after_race is not None else window
    if when is None:
        raise CampaignError(shop_closed_reason(doc, ctx), "upgrades")
    if when < 1:
        raise CampaignError(_("there is no race {n} (upgrades are bought after races 1…{last})").format(
            n=when, last=gp.races - 1), "upgrades")
    if when >= gp.races:
        raise CampaignError(_("the Grand Prix ends with race {n}; nothing can be bought after it").format(
            n=gp.races), "upgrades")
    if when < len(doc.races) and race_started(doc.races[when]):
        raise CampaignError(_("race {n} has already started; upgrades are bought before it").format(n=when + 1),
                            "upgrades")
    offer = next(o for o in shop(doc, ctx, when) if o.player == name and o.stat == stat)
    if not offer.allowed:
        raise CampaignError(_("{name} cannot buy {stat}: {reason}").format(name=name, stat=stat_label(stat),
                                                                          reason=offer.reason), "upgrades")
    return rebuild(doc, ctx, upgrades=[*doc.upgrades, Upgrade(player=name, after_race=when, stat=stat)])


def remove_upgrade(doc: CampaignDocument, ctx: Context, index: int) -> CampaignDocument:
    if not 0 <= index < len(doc.upgrades):
        raise CampaignError(_("there is no upgrade {n}").format(n=index + 1), "upgrades")
    return rebuild(doc, ctx, upgrades=[u for i, u in enumerate(doc.upgrades) if i != index])


# --- balloon battles -------------------------------------------------------------------------------
def _battle(doc: CampaignDocument, index: int) -> Battle:
    if not 0 <= index < len(doc.battles):
        raise CampaignError(_("there is no battle {n}").format(n=index + 1), "battles")
    return doc.battles[index]


def add_battle(doc: CampaignDocument, ctx: Context, track: str | None = None,
               karts: Sequence[str] = ()) -> CampaignDocument:
    if not records(doc, "battle"):
        raise CampaignError(pgettext("campaign mode title", "a {mode} campaign has no battles").format(
            mode=mode_title(doc.ruleset, doc.mode)), "battles")
    names = [require_player(doc, k, "battles") for k in karts]
    return rebuild(doc, ctx, battles=[*doc.battles, _make(Battle, "battles", track=track, karts=names)])


def set_battle(doc: CampaignDocument, ctx: Context, index: int, track: str | None,
               karts: Sequence[str]) -> CampaignDocument:
    battle = _battle(doc, index)
    if battle.wipe_outs and [k.casefold() for k in karts] != [k.casefold() for k in battle.karts]:
        raise CampaignError(_("the battle has started; its karts cannot change"), battle_location(index))
    names = [require_player(doc, k, battle_location(index)) for k in karts]
    battles = list(doc.battles)
    battles[index] = battle.model_copy(update={"track": track or None, "karts": names})
    return rebuild(doc, ctx, battles=battles)


def wipe_out(doc: CampaignDocument, ctx: Context, index: int, player: str,
             by: str | None = None) -> CampaignDocument:
    """Log one Wipe Out: `player` loses a balloon (`by` optionally names who popped it)."""
    battle = _battle(doc, index)
    state = battle_state(doc, ctx, index)
    where = battle_location(index)
    apply_wipe_out(state, player, by, where)
    name = require_player(doc, player, where)
    hitter = require_player(doc, by, where) if by else None
    if hitter == name:  # a kart that loses a balloon by itself (off the edge, its own banana) was popped by nobody
        raise CampaignError(_("{kart} cannot pop its own balloon; log the Wipe Out without who popped it").format(
            kart=name), where)
    battles = list(doc.battles)
    battles[index] = battle.model_copy(update={"wipe_outs": [*battle.wipe_outs, WipeOut(player=name, by=hitter)]})
    return rebuild(doc, ctx, battles=battles)
