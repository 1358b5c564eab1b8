"""A campaign's print kit: the Grand Prix score sheet filled from the campaign, one kart dashboard per
player with the stats their upgrades bought (or the system's own per-player sheet, e.g. the board game's
player mat, filled with each player's name and character), and a race series' start-order sheet (the coins each starting
place takes, `designer.export.start_order`).

`write_campaign_pdf` is what both `kartographer campaign print` and the campaign window call. The score
sheet's ranks are the campaign's own (`designer.campaign.grand_prix.standings`, which applies TIE_RULE),
not the sheet's plain order by total, and the rule is printed under the scoring key. A mode with a score sheet
of its own (`CampaignMode.scoresheet`, e.g. a season's money sheet) prints that instead.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from designer.campaign.context import Context
from designer.campaign.grand_prix import TIE_RULE, counted_races, effective_stat, is_finished, ledger, standings
from designer.campaign.modes import records, scored
from designer.campaign.roster import character_label, character_stats, stat_keys
from designer.campaign.series import has_start_order_coins, starting_coins_by_place
from designer.export import pdf
from designer.export.dashboards import DashboardOptions, Kart, Upgrades, render_dashboards
from designer.export.options import ExportOptions, PrintJob, Seat
from designer.export.paper import LayoutError, get_paper
from designer.export.scoresheet import (
    GrandPrixScores,
    PlayerResults,
    RaceResult,
    ScoreSheetOptions,
    render_scoresheet,
)
from designer.export.start_order import StartOrder, StartPlayer, render_start_order
from designer.i18n import N_, _
from designer.io.campaign_io import resolve_track
from designer.io.display import clip
from designer.io.errors import DocumentError
from designer.io.track_io import load_track
from designer.model.campaign import CampaignDocument
from designer.rules.schema import Character
from designer.systems import registry
from designer.systems.api import CampaignMode, ModeScoresheet, PrintSection

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

CAMPAIGN_SECTIONS: tuple[str, ...] = ("scoresheet", "dashboards", "startorder")
TITLES = {"scoresheet": N_("Score sheet"), "dashboards": N_("Kart dashboards"), "startorder": N_("Start order")}
TRACK_SUFFIX = ".track.json"


def race_name(track: str | None, source: str | Path | None = None, campaign: str = "") -> str:
    """A race's label: the track document's name when the file can be read, else the file's stem.

    A leading campaign name is dropped ("Mushroom Cup 1 — Luigi Circuit" in the Mushroom Cup prints as
    "Luigi Circuit"): the sheet's title says it already and the column is narrow."""
    if not track:
        return ""
    name = Path(track).name
    name = name[: -len(TRACK_SUFFIX)] if name.endswith(TRACK_SUFFIX) else Path(name).stem
    found = resolve_track(source, track) if source is not None else None
    if found is not None:
        with contextlib.suppress(DocumentError):
            name = load_track(found).name
    if campaign:
        words = r"[\s_-]+".join(re.escape(w) for w in campaign.split())
        short = re.sub(rf"^{words}[\s_-]*\d*\s*[—–:·-]\s*", "", name, flags=re.IGNORECASE)
        name = short or name
    return name


def scores_from_campaign(doc: CampaignDocument, ctx: Context, *,
                         source: str | Path | None = None) -> GrandPrixScores:
    """The score sheet's data: every player's races (None where not run yet) and their campaign rank.

    `source` is the campaign file, so race names can come from the track documents themselves."""
    gp = ctx.grand_prix()
    ranks = {s.player: s.rank for s in standings(doc, ctx)}
    started = any(counted_races(doc))
    players = []
    for p in doc.players:
        races: list[RaceResult | None] = []
        for line in ledger(doc, gp, p.name)[: gp.races]:
            r = line.result
            races.append(None if r is None else RaceResult(r.place, r.gates, r.coins, line.spent, line.bought))
        shown = character_label(doc, ctx.ruleset, p.character)
        players.append(PlayerResults(p.name, shown, tuple(races), ranks[p.name] if started else None))
    names = tuple(race_name(race.track, source, doc.name) for race in doc.races[: gp.races])
    return GrandPrixScores(doc.name, tuple(players), names, gp.races, _(TIE_RULE), is_finished(doc, ctx),
                           counted_races(doc)[: gp.races])


def campaign_karts(doc: CampaignDocument, ctx: Context) -> list[Kart]:
    """One kart per player: their character (custom ones too) and the bonus their upgrades bought."""
    karts = []
    for i, p in enumerate(doc.players):
        stats = character_stats(doc, ctx.ruleset, p.character)
        character = ctx.ruleset.character_by_id(p.character)
        if character is None and stats is not None:
            character = Character(id=p.character, name=stats.name,
                                  **{key: stats.value(key) for key in stat_keys() if key in Character.model_fields})
        bonus = {}
        for stat in ("handling", "max_gear"):
            base = stats.base(stat) if stats else None
            now = effective_stat(doc, ctx, p.name, stat)
            bonus[stat] = (now - base) if base is not None and now is not None else 0
        karts.append(Kart(i + 1, character, Upgrades(**bonus), p.name))
    return karts


def start_order_from_campaign(doc: CampaignDocument, ctx: Context, *,
                              source: str | Path | None = None) -> StartOrder:
    """The start-order sheet's data: the players, the coins of places 1…(number of players), each race's
    label and the grid entered for it."""
    players = []
    for p in doc.players:
        known = ctx.ruleset.character_by_id(p.character)
        players.append(StartPlayer(p.name, character_label(doc, ctx.ruleset, p.character),
                                   known.colour if known else None))
    coins = starting_coins_by_place(ctx.ruleset, max(len(doc.players), 1))
    races = tuple((race_name(race.track, source, doc.name), tuple(race.grid)) for race in doc.races)
    return StartOrder(doc.name, tuple(players), tuple(coins), races)


def system_sheet(doc: CampaignDocument) -> PrintSection | None:
    """The system's own per-player sheet (e.g. the board game's player mat), or None where the system prints
    the shared kart dashboard, which the campaign fills with the stats upgrades bought (`campaign_karts`)."""
    from designer.export.sections import render_dashboards_section

    section = registry.get(doc.ruleset).section("dashboards")
    return section if section is not None and section.render is not render_dashboards_section else None


def roster_job(doc: CampaignDocument, ctx: Context, paper: str) -> PrintJob:
    """A print job of the system's blank document whose seats are the campaign's players, in roster order."""
    from designer.export.bundle import blank_document

    seats = tuple(Seat(p.name, p.character, character_label(doc, ctx.ruleset, p.character)) for p in doc.players)
    return PrintJob(blank_document(ctx.ruleset), ctx.ruleset, ExportOptions(paper=paper), seats=seats)


def mode_sheets_title(doc: CampaignDocument) -> str | None:
    """The title (English, `N_`) of the campaign mode's own per-player sheets (`CampaignMode.sheets_title`: a
    career's "Driver sheets"), or None when the mode prints the shared kart dashboards."""
    mode = registry.get(doc.ruleset).mode(doc.mode)
    return mode.sheets_title if mode is not None and mode.sheets is not None and mode.sheets_title else None


def has_player_sheets(doc: CampaignDocument) -> bool:
    """Whether the campaign's game system prints a sheet per player (Downforce's kit has kart cards instead)."""
    return registry.get(doc.ruleset).section("dashboards") is not None


def own_scoresheet(doc: CampaignDocument) -> ModeScoresheet | None:
    """The campaign mode's own score sheet (`CampaignMode.scoresheet`), or None: the Grand Prix sheet."""
    mode = _mode(doc)
    return mode.scoresheet if mode is not None else None


def _mode(doc: CampaignDocument) -> CampaignMode | None:
    return registry.get(doc.ruleset).mode(doc.mode)


def _can_fill_scoresheet(doc: CampaignDocument, ctx: Context) -> bool:
    own = own_scoresheet(doc)
    if own is not None:
        return own.unavailable(ctx.ruleset) is None
    return ctx.ruleset.grand_prix is not None


def _choices(doc: CampaignDocument, ctx: Context) -> list[str]:
    """The sections the campaign's rule data can give (what a refusal lists)."""
    can = {"scoresheet": _can_fill_scoresheet(doc, ctx),
           "dashboards": has_player_sheets(doc),
           "startorder": has_start_order_coins(ctx.ruleset)}
    return [s for s in CAMPAIGN_SECTIONS if can.get(s, True)]


def offered_sections(doc: CampaignDocument, ctx: Context) -> list[str]:
    """The sections this campaign can fill (what the print dialog offers): the score sheet only when scored
    on points, the start-order sheet only for a race record with coins by starting place."""
    offered = ["dashboards"] if has_player_sheets(doc) else []
    if (scored(doc) or own_scoresheet(doc) is not None) and _can_fill_scoresheet(doc, ctx):
        offered.insert(0, "scoresheet")
    if records(doc, "races") and not scored(doc) and has_start_order_coins(ctx.ruleset):
        offered.append("startorder")
    return offered


def campaign_sections(doc: CampaignDocument, ctx: Context, sections: Sequence[str] | str) -> list[str]:
    """The sections to print in canonical order; refuses unknown ones and those the campaign cannot fill."""
    wanted = [s.strip().lower() for s in sections.split(",")] if isinstance(sections, str) else \
        [s.strip().lower() for s in sections]
    choices = ", ".join(_choices(doc, ctx))
    unknown = [s for s in wanted if s not in CAMPAIGN_SECTIONS]
    if unknown:
        raise LayoutError(_("unknown section '{name}' (choose {choices})").format(name=clip(unknown[0]),
                                                                                  choices=choices))
    if not wanted and not choices:
        raise LayoutError(_("'{name}' has nothing to print").format(name=doc.name))
    if not wanted:
        raise LayoutError(_("nothing to print (choose {choices})").format(choices=choices))
    if "startorder" in wanted and not has_start_order_coins(ctx.ruleset):
        raise LayoutError(_("cannot print {section}: {reason}").format(
            section="startorder", reason=_("ruleset '{id}' gives no coins by starting place").format(
                id=ctx.ruleset.id)))
    if not doc.players:
        raise LayoutError(_("'{name}' has no players to print").format(name=doc.name))
    if "dashboards" in wanted and not has_player_sheets(doc):
        raise LayoutError(_("cannot print {section}: {reason}").format(
            section="dashboards", reason=_("{system} prints no sheet per player (choose {choices})").format(
                system=doc.ruleset, choices=choices)))
    own = own_scoresheet(doc)
    if "scoresheet" in wanted and own is not None:
        reason = own.unavailable(ctx.ruleset)
        if reason is not None:
            raise LayoutError(_("cannot print {section}: {reason}").format(section="scoresheet", reason=reason))
    elif "scoresheet" in wanted:
        if not scored(doc):
            raise LayoutError(_("cannot print scoresheet: a {mode} campaign has no Grand Prix score sheet").format(
                mode=doc.mode.replace("_", " ")))
        if ctx.ruleset.grand_prix is None:
            raise LayoutError(_("cannot print {section}: {reason}").format(
                section="scoresheet", reason=_("ruleset '{id}' has no Grand Prix scoring").format(id=ctx.ruleset.id)))
    return [s for s in CAMPAIGN_SECTIONS if s in wanted]


def write_campaign_pdf(out: pdf.Output, doc: CampaignDocument, ctx: Context,
                       sections: Sequence[str] | str = ("scoresheet", "dashboards"), paper: str = "a4", *,
                       source: str | Path | None = None) -> int:
    """Write the chosen sections as one PDF (a bookmark each); returns the page count.

    `out` is a binary file object or a path (written atomically); `source` is the campaign file, used
    only to name the races after their track documents."""
    get_paper(paper)
    chosen = campaign_sections(doc, ctx, sections)

    def render(c: Canvas, section: str) -> int:
        scoresheet = own_scoresheet(doc)
        if section == "scoresheet" and scoresheet is not None:
            return scoresheet.render(c, doc, ctx, paper, source)
        if section == "scoresheet":
            scores = scores_from_campaign(doc, ctx, source=source)
            return render_scoresheet(c, ctx.ruleset, scores, ScoreSheetOptions(paper, 10.0, len(doc.players)))
        if section == "startorder":
            return render_start_order(c, ctx.ruleset, start_order_from_campaign(doc, ctx, source=source), paper)
        if mode is not None and mode.sheets is not None:  # the mode's own sheets (a career's driver sheets)
            return mode.sheets(c, doc, ctx, paper, source)
        own = system_sheet(doc)
        if own is not None:
            return own.render(c, roster_job(doc, ctx, paper))
        return render_dashboards(c, ctx.ruleset, campaign_karts(doc, ctx), DashboardOptions(paper, 10.0, 2))

    mode = _mode(doc)
    # "Vehicle sheets", "Player mats", "Driver sheets" …
    titles = {**TITLES, "dashboards": mode_sheets_title(doc) or registry.get(doc.ruleset).dashboard}
    return pdf.write_sections(out, doc.name, N_("campaign"), chosen, titles, render)
