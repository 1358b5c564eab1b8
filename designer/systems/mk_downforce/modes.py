"""The campaign modes Mario Kart for Downforce keeps, the one a new campaign gets, and who may race:
one kart per colour (the colours and the drivers standing in for each are the rule data's `downforce.karts`),
in the roster and in every race of a season (`designer.systems.mk_downforce.season`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from designer.campaign.errors import CampaignError
from designer.i18n import N_, _, pgettext
from designer.rules.texts import ruleset_name
from designer.systems.api import CampaignMode, ModeScoresheet
from designer.systems.mk_downforce.cli import SEASON_COMMANDS
from designer.systems.mk_downforce.season_upgrade import upgrade_3_to_4

if TYPE_CHECKING:  # the registry loads every system for any document: the campaign model only when a rule runs
    from designer.campaign.context import Context
    from designer.model.campaign import CampaignDocument


def one_kart_per_colour(doc: CampaignDocument, ctx: Context) -> None:
    """At most one player per kart colour, so no more players than colours (custom characters have no
    colour, but each still takes a kart)."""
    from designer.systems.mk_downforce.rule_data import downforce_rules, kart_colour_name

    rules = downforce_rules(ctx.ruleset)
    if rules is None:
        return
    colours = [k.colour for k in rules.karts]
    if len(doc.players) > len(colours):
        raise CampaignError(_("{players} players but {system} has {karts} karts, one per colour ({colours})").format(
            players=len(doc.players), system=ruleset_name(ctx.ruleset), karts=len(colours),
            colours=", ".join(kart_colour_name(ctx.ruleset, c) for c in colours)),
            "players")
    from designer.campaign.roster import character_label

    colour_of = {d: k.colour for k in rules.karts for d in k.drivers}  # character id → kart colour
    taken: dict[str, tuple[str, str]] = {}
    for i, player in enumerate(doc.players):
        colour = colour_of.get(player.character)
        if colour is None:
            continue
        shown = character_label(doc, ctx.ruleset, player.character)
        if colour in taken:
            other, character = taken[colour]
            message = _("{character} drives the {colour} kart, already {player}'s ({other}); there is one kart per "
                        "colour")
            raise CampaignError(message.format(character=shown, colour=kart_colour_name(ctx.ruleset, colour),
                                               player=other, other=character),
                _("roster row {n} ({name})").format(n=i + 1, name=player.name))
        taken[colour] = (player.name, shown)


def series_keeps_no_money(doc: CampaignDocument, ctx: Context) -> None:
    """A race series (places only) keeps none of a season's money fields: no cars, bets or prize table, no
    kart, prize or bets on a result; then the roster's rule."""
    from designer.campaign.modes import mode_title
    from designer.campaign.validate import race_location
    from designer.systems.mk_downforce.fields import DownforcePrizes, DownforceRace, DownforceResult

    mode = mode_title(doc.ruleset, doc.mode)
    for index, race in enumerate(doc.races):
        season = DownforceRace.of(race)
        if season.cars or season.bets:
            raise CampaignError(pgettext("campaign mode title", "a {mode} campaign keeps no cars or bets").format(
                mode=mode), race_location(index))
        for result in race.results:
            money = DownforceResult.of(result)
            if money.kart or money.prize or money.bets:
                player = doc.player(result.player)
                raise CampaignError(pgettext("campaign mode title", "a {mode} campaign keeps no prize money, bets or "
                                             "karts").format(mode=mode),
                                    f"{race_location(index)}, {player.name if player else result.player}")
    if DownforcePrizes.of(doc).prizes:
        raise CampaignError(pgettext("campaign mode title", "a {mode} campaign keeps no prize money").format(
            mode=mode), "prizes")
    one_kart_per_colour(doc, ctx)


def one_kart_per_colour_per_race(doc: CampaignDocument, ctx: Context) -> None:
    """The roster's rule, and each race's cars (`designer.systems.mk_downforce.season.check_cars`) and prize table."""
    from designer.systems.mk_downforce.fields import DownforcePrizes
    from designer.systems.mk_downforce.season import check_cars, colours

    one_kart_per_colour(doc, ctx)
    prizes = DownforcePrizes.of(doc).prizes
    if len(prizes) > len(colours(ctx.ruleset)):
        raise CampaignError(_("the prize table pays {n} places but a race has {cars} cars").format(
            n=len(prizes), cars=len(colours(ctx.ruleset))), "prizes")
    check_cars(doc, ctx.ruleset)


def season_sheet(c: Any, doc: CampaignDocument, ctx: Context, paper: str, source: str | Path | None) -> int:
    """The season's money sheet, filled (`season_print.py`, imported when printed: it needs reportlab)."""
    from designer.systems.mk_downforce.season_print import render_season_sheet

    return render_season_sheet(c, doc, ctx, paper, source)


def no_prize_rules(ruleset: Any) -> str | None:
    """Why a ruleset cannot fill the season's sheet: it has no prize money rules."""
    from designer.systems.mk_downforce.rule_data import downforce_rules

    if downforce_rules(ruleset) is None:
        return _("ruleset '{id}' has no Downforce prize money rules").format(id=ruleset.id)
    return None


MODES: tuple[CampaignMode, ...] = (
    CampaignMode("season", N_("Season (prize money)"), "races", money=True, check=one_kart_per_colour_per_race,
                 commands=SEASON_COMMANDS, scoresheet=ModeScoresheet(season_sheet, no_prize_rules),
                 upgrades={3: upgrade_3_to_4}, needs=("downforce", N_("Downforce prize money rules"))),
    CampaignMode("race_series", N_("Race series (places only)"), "races", check=series_keeps_no_money),
)
DEFAULT_MODE = "season"
