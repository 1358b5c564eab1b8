"""Super Mario PitchKart's own playability checks (registered here with `@check`, codes `pk-…`; the codes its
documents get are `CHECKS` in the package, and the checks engine imports this module to run them), with the
figures of the validate report.

In a PitchKart document the numbered `track_section`s are the track (its `track` is null): the drivable
surface is their union (`designer.systems.pitchkart.sections`). The section checks: every section names a
piece of the rule data's inventory; the loop closes (every connector meets another within
`pitchkart.inventory.connect_gap_max_mm` and `connect_heading_max_deg`), else each open end is named with
where it lies; no two sections overlap; numbers run 1…N without a gap or a duplicate and follow the chain;
for information, a track that needs more of a piece than one set holds. On the track: the booster arrows
(`boost_pad`) are spread over two or more sections (advice, so a note); the spare coins lie
`spare_coin_spacing_min_mm` to `spare_coin_spacing_max_mm` apart on at most `spare_coin_sections_max`
sections; coins, "?" squares,
booster arrows, gates and the start/finish stand on the sections. "At most 8 karts" is the universal
`too-many-karts`, from the rule data's `karts.max`. A document without sections gets none of them.

Of the shared checks only those that need no track ribbon apply: the gates' numbering, elements piled on
each other, elements in solid scenery. The ribbon's own (pickups and gates off its surface, its width, its
corners against a turn template, gates in its order, a start/finish on it) cannot apply to sections, and
`pk-off-track` stands for the first two.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import shapely
from shapely.geometry import Point, Polygon

from designer.geometry.checks.base import CheckContext, check, problem
from designer.geometry.checks.lengths import area_text, length_text, number_in
from designer.geometry.checks.report import Problem, namer, number
from designer.i18n import N_, _, ngettext
from designer.model.track import TrackDocument
from designer.rules import Ruleset
from designer.systems.pitchkart.elements import TrackSection
from designer.systems.pitchkart.rule_data import PieceInventory, piece_name, pitchkart_rules
from designer.systems.pitchkart.sections import (
    Connector,
    ConnectorIndex,
    OpenConnector,
    gap,
    known_sections,
    numbering,
    open_connectors,
    overlapping_pairs,
    runs_of,
    section_outlines,
    track_sections,
)

#: Two sections overlap when they share more than this (mm²): neighbours only touch.
OVERLAP_AREA_MM2 = 1.0
#: A booster arrow lies on a section when it covers more of it than this (mm²): touching an edge is not lying on it.
ON_SECTION_AREA_MM2 = 1.0
#: An element's centre may lie this far off the sections (mm) and still count as on the track (float noise).
ON_TRACK_TOLERANCE_MM = 0.5
#: The kinds that must stand on the sections (`pk-off-track`).
ON_TRACK_KINDS = ("coin", "item_box", "boost_pad", "gate", "start_finish")
#: The note beside the figures of the characters (translated when the figures are worked out).
CHARACTERS_NOTE = N_(
    "Top Speed is the most sections one flick crosses on a straight; Flicks needed is how many such flicks "
    "the longest straight takes. Traction is the flicks allowed when a disc stops in a curve. "
    "≈ marks our house values, where the rules give none."
)


@dataclass
class Track:
    """What the section checks share: the inventory, every section and those of a known piece, their
    outlines and connectors, and what is worked out from the sections alone (`derived`). A context reused
    across runs keeps it while the sections stay the same (moving a coin re-checks no section)."""

    inventory: PieceInventory
    sections: list[TrackSection]   # by number, then id
    shaped: list[TrackSection]   # those whose piece the inventory holds
    outlines: dict[str, Polygon]
    index: ConnectorIndex   # of `shaped`
    derived: dict[str, Any] = field(default_factory=dict)

    def derive(self, name: str, work: Callable[[], Any]) -> Any:
        if name not in self.derived:
            self.derived[name] = work()
        return self.derived[name]


def _same(a: list[TrackSection], b: list[TrackSection]) -> bool:
    return len(a) == len(b) and all(x is y or x == y for x, y in zip(a, b, strict=True))


def _track(ctx: CheckContext) -> Track | None:
    """The sections of this run (None: no sections, or rule data without an inventory), worked out once, or
    taken over from the last run when no section changed (only the outlines of changed sections are redrawn)."""
    if "pitchkart" in ctx.run_cache:
        return ctx.run_cache["pitchkart"]
    rules = pitchkart_rules(ctx.ruleset)
    sections = track_sections(ctx.elements)
    found = None
    if sections and rules is not None:
        before: Track | None = ctx.kept("pitchkart-track")
        if before is not None and before.inventory == rules.inventory and _same(before.sections, sections):
            found = before
        else:
            kept = {s.id: (s, before.outlines[s.id]) for s in before.shaped} if before is not None \
                and before.inventory == rules.inventory else {}
            shaped = known_sections(sections, rules.inventory)
            fresh = [s for s in shaped if (old := kept.get(s.id)) is None or old[0] != s]
            made = dict(zip((s.id for s in fresh), section_outlines(fresh, rules.inventory), strict=True))
            outlines = {s.id: made[s.id] if s.id in made else kept[s.id][1] for s in shaped}
            found = Track(rules.inventory, sections, shaped, outlines, ConnectorIndex(shaped, rules.inventory))
    ctx.run_cache["pitchkart"] = found
    ctx.keep("pitchkart-track", found)
    return found


def _quoted(ids: list[str]) -> str:
    return ", ".join(f"'{i}'" for i in ids)


# --- the sections ------------------------------------------------------------------------------------------
@check("pk-unknown-piece", "error")
def pk_unknown_piece(ctx: CheckContext) -> list[Problem]:
    track = _track(ctx)
    if track is None:
        return []
    known = {s.id for s in track.shaped}
    message = _("{section} names the piece '{piece}', which the set does not hold")
    name = namer(message, "section")
    return [problem("pk-unknown-piece", message.format(section=name(s), piece=s.piece), (s.id,))
            for s in track.sections if s.id not in known]


def _where(at: Connector, units: str) -> dict[str, str]:
    return {"x": number_in(at.x_mm, units, ".0f"), "y": number_in(at.y_mm, units, ".0f"), "unit": units}


@check("pk-loop-open", "error")
def pk_loop_open(ctx: CheckContext) -> list[Problem]:
    """Each open end, with the open start nearest it (the gap to close), then each open start left over."""
    track = _track(ctx)
    if track is None or not track.shaped:
        return []
    by_id = {s.id: s for s in track.shaped}
    found = track.derive("open", lambda: open_connectors(track.shaped, track.inventory, track.index))
    starts = [c for c in found if c.side == "start"]
    used: set[str] = set()
    out = []
    units = ctx.document.display_units
    after = _("The track is open after {section}, at x {x}, y {y} {unit}: its end is {gap} and {turn}° off the start "
              "of {other}")
    alone = _("The track is open after {section}, at x {x}, y {y} {unit}")
    before = _("The track is open before {section}, at x {x}, y {y} {unit}")
    for end in (c for c in found if c.side == "end"):
        section = by_id[end.section_id]
        nearest: OpenConnector | None = min(
            (s for s in starts if s.section_id != end.section_id and s.section_id not in used),
            key=lambda s: end.connector.distance_to(s.connector), default=None)
        at = end.connector
        if nearest is None:
            text = alone.format(section=namer(alone, "section")(section), **_where(at, units))
            out.append(problem("pk-loop-open", text, (section.id,), (at.x_mm, at.y_mm)))
            continue
        used.add(nearest.section_id)
        distance, turn = gap(at, nearest.connector)
        out.append(problem("pk-loop-open", after.format(
            section=namer(after, "section")(section), other=namer(after, "other")(by_id[nearest.section_id]),
            gap=length_text(distance, units, ".1f"), turn=number(turn, ".1f"), **_where(at, units)),
            (section.id, nearest.section_id), (at.x_mm, at.y_mm)))
    for start in starts:
        if start.section_id not in used:
            at = start.connector
            out.append(problem("pk-loop-open", before.format(
                section=namer(before, "section")(by_id[start.section_id]), **_where(at, units)),
                (start.section_id,), (at.x_mm, at.y_mm)))
    return out


@check("pk-section-overlap", "error")
def pk_section_overlap(ctx: CheckContext) -> list[Problem]:
    track = _track(ctx)
    if track is None or len(track.shaped) < 2:
        return []
    by_id = {s.id: s for s in track.shaped}
    message = _("{section} and {other} overlap by {area}")
    units = ctx.document.display_units
    name, other = namer(message, "section"), namer(message, "other")
    return [problem("pk-section-overlap", message.format(section=name(by_id[a]), other=other(by_id[b]),
                                                         area=area_text(area, units)), (a, b))
            for a, b, area in track.derive("overlaps", lambda: overlapping_pairs(
                track.shaped, track.inventory, OVERLAP_AREA_MM2, track.outlines))]


@check("pk-numbering", "error")
def pk_numbering(ctx: CheckContext) -> list[Problem]:
    """Each number given to more than one section, then the numbers missing from 1 to the highest."""
    track = _track(ctx)
    if track is None:
        return []
    by_number: defaultdict[int, list[str]] = defaultdict(list)
    for section in track.sections:
        by_number[section.number].append(section.id)
    out = []
    for value, ids in sorted(by_number.items()):
        if len(ids) > 1:
            message = ngettext("{n} section is numbered {number}: {sections}",
                               "{n} sections are numbered {number}: {sections}", len(ids))
            out.append(problem("pk-numbering", message.format(n=len(ids), number=value, sections=_quoted(ids)), ids))
    last = max(by_number)
    missing = [n for n in range(1, last + 1) if n not in by_number]
    if missing:
        shown = ", ".join(map(str, missing[:10])) + (" …" if len(missing) > 10 else "")
        message = ngettext(
            "Section number {numbers} is missing: the sections should run 1 to {last} without a gap",
            "Section numbers {numbers} are missing: the sections should run 1 to {last} without a gap",
            len(missing))
        out.append(problem("pk-numbering", message.format(numbers=shown, last=last)))
    return out


@check("pk-numbering-route", "warning")
def pk_numbering_route(ctx: CheckContext) -> list[Problem]:
    """Sections whose number is not their place along the chain from section 1 (when the numbers themselves
    run 1…N and every piece is known: `pk-numbering` and `pk-unknown-piece` report them otherwise)."""
    track = _track(ctx)
    if (track is None or len(track.shaped) != len(track.sections)
            or [s.number for s in track.sections] != list(range(1, len(track.sections) + 1))):
        return []
    # every piece known (above): the run's index is of exactly these sections, in this order
    along = track.derive("numbering", lambda: numbering(track.sections, track.inventory, index=track.index))
    # the section is named by its number ("Track section 3"): the sentence need not repeat it
    message = _("{section} is section {place} along the track from section 1")
    name = namer(message, "section")
    return [problem("pk-numbering-route", message.format(section=name(s), place=along[s.id]),
                    (s.id,))
            for s in track.sections if along[s.id] != s.number]


@check("pk-inventory-exceeded", "info")
def pk_inventory_exceeded(ctx: CheckContext) -> list[Problem]:
    track = _track(ctx)
    if track is None:
        return []
    used = Counter(s.piece for s in track.shaped)
    out = []
    for piece in track.inventory.pieces:
        missing = used[piece.id] - piece.count
        if missing > 0:
            message = ngettext(
                "The track uses {used} × {piece} but a set holds {count}: {n} more to make or borrow",
                "The track uses {used} × {piece} but a set holds {count}: {n} more to make or borrow", missing)
            ids = [s.id for s in track.shaped if s.piece == piece.id]
            out.append(problem("pk-inventory-exceeded", message.format(
                used=used[piece.id], piece=piece_name(ctx.ruleset, piece), count=piece.count, n=missing), ids))
    return out


# --- on the track --------------------------------------------------------------------------------------------
@check("pk-boost-span", "info")
def pk_boost_span(ctx: CheckContext) -> list[Problem]:
    """One note when every booster arrow lies on the same section: the rules advise (no more) spreading the
    arrows over two or more sections. An arrow across a joint lies on both; one on no section is pk-off-track's."""
    track = _track(ctx)
    if track is None:
        return []
    pads = ctx.of_kind("boost_pad")
    under: set[str] = set()
    for pad in pads:
        footprint = ctx.footprint(pad)
        under.update(sid for sid, outline in track.outlines.items()
                     if outline.intersects(footprint) and outline.intersection(footprint).area > ON_SECTION_AREA_MM2)
    if len(under) != 1:
        return []
    section = next(s for s in track.shaped if s.id in under)
    message = ngettext("{n} booster arrow lies on {section} alone: the rules advise spreading the arrows over 2 or "
                       "more sections",
                       "All {n} booster arrows lie on {section}: the rules advise spreading them over 2 or more "
                       "sections", len(pads))
    return [problem("pk-boost-span", message.format(section=namer(message, "section")(section), n=len(pads)),
                    tuple(p.id for p in pads))]


@check("pk-coin-spacing", "warning")
def pk_coin_spacing(ctx: CheckContext) -> list[Problem]:
    """Each coin whose nearest other coin is closer than the rule data's spacing, or further."""
    rules = pitchkart_rules(ctx.ruleset)
    coins = ctx.of_kind("coin")
    if _track(ctx) is None or rules is None or len(coins) < 2:
        return []
    least, most = rules.spare_coin_spacing_min_mm, rules.spare_coin_spacing_max_mm
    units = ctx.document.display_units
    close = _("{coin} is {distance} from {other}: spare coins lie {least} to {most} {unit} apart")
    far = _("{coin} is {distance} from the nearest coin, {other}: spare coins lie {least} to {most} {unit} apart")
    out = []
    for coin in coins:
        other = min((c for c in coins if c is not coin),
                    key=lambda c: (math.hypot(c.x_mm - coin.x_mm, c.y_mm - coin.y_mm), c.id))
        distance = math.hypot(other.x_mm - coin.x_mm, other.y_mm - coin.y_mm)
        if least <= distance <= most:
            continue
        message = close if distance < least else far
        out.append(problem("pk-coin-spacing", message.format(
            coin=namer(message, "coin")(coin), other=namer(message, "other")(other),
            distance=length_text(distance, units, ".1f"), least=number_in(least, units, ".0f"),
            most=number_in(most, units, ".0f"), unit=units), (coin.id, other.id)))
    return out


def _under(track: Track, x_mm: float, y_mm: float) -> list[TrackSection]:
    """The sections whose outline holds the point (within the tolerance), in the track's order."""
    found = _tree(track).query(Point(x_mm, y_mm), predicate="dwithin", distance=ON_TRACK_TOLERANCE_MM)
    return [track.shaped[i] for i in sorted(found.tolist())]


@check("pk-coin-sections", "warning")
def pk_coin_sections(ctx: CheckContext) -> list[Problem]:
    track, rules = _track(ctx), pitchkart_rules(ctx.ruleset)
    if track is None or rules is None:
        return []
    holding: dict[str, TrackSection] = {}
    for coin in ctx.of_kind("coin"):
        for section in _under(track, coin.x_mm, coin.y_mm)[:1]:
            holding[section.id] = section
    most = rules.spare_coin_sections_max
    if len(holding) <= most:
        return []
    ordered = sorted(holding.values(), key=lambda s: (s.number, s.id))
    message = ngettext("Coins lie on {n} section ({numbers}): the spare coins go on at most {most}",
                       "Coins lie on {n} sections ({numbers}): the spare coins go on at most {most}", len(ordered))
    numbers = ", ".join(str(s.number) for s in ordered)
    return [problem("pk-coin-sections", message.format(n=len(ordered), numbers=numbers, most=most),
                    [s.id for s in ordered])]


def _tree(track: Track) -> shapely.STRtree:
    """An STRtree of the outlines, in `track.shaped`'s order (kept with the track while the sections stay)."""
    return track.derive("tree", lambda: shapely.STRtree([track.outlines[s.id] for s in track.shaped]))


@check("pk-off-track", "warning")
def pk_off_track(ctx: CheckContext) -> list[Problem]:
    """Coins, "?" squares, booster arrows, gates and the start/finish whose centre is off every section: further
    than the tolerance from each outline, as from the drivable surface they make up (asked of an STRtree of
    the outlines instead of their union, which a long track pays for at every change of a section)."""
    track = _track(ctx)
    if track is None or not track.shaped:
        return []
    elements = ctx.of_kinds(ON_TRACK_KINDS)
    if not elements:
        return []
    points = [Point(e.x_mm, e.y_mm) for e in elements]
    on = set(_tree(track).query(points, predicate="dwithin", distance=ON_TRACK_TOLERANCE_MM)[0].tolist())
    message = _("{element} is not on the track sections")
    name = namer(message, "element")
    return [problem("pk-off-track", message.format(element=name(e)), (e.id,))
            for i, e in enumerate(elements) if i not in on]


# --- figures -------------------------------------------------------------------------------------------------
def pitchkart_figures(document: TrackDocument, ruleset: Ruleset) -> dict[str, Any] | None:
    """{"sections_per_lap", "closed", "straights", "curves", "longest_straight_sections", "bends",
    "longest_bend_sections", "characters": {id: {"top_speed", "straight_flicks", "traction"}}, "characters_note"}
    of a track of sections, in lap order; None when the rule data has no piece inventory."""
    rules = pitchkart_rules(ruleset)
    if rules is None:
        return None
    inventory = rules.inventory
    route = known_sections(track_sections(document.elements), inventory)
    kinds: list[str] = [p.kind for s in route if (p := inventory.piece(s.piece)) is not None]
    closed = bool(route) and not open_connectors(route, inventory)
    straights, bends = runs_of(kinds, "straight", closed), runs_of(kinds, "curve", closed)
    longest = max(straights, default=0)
    characters = {}
    for c in ruleset.characters:
        flicks = math.ceil(longest / c.top_speed) if c.top_speed and longest else None
        characters[c.id] = {"top_speed": c.top_speed, "straight_flicks": flicks, "traction": c.traction}
    return {
        "sections_per_lap": len(route),
        "closed": closed,
        "straights": kinds.count("straight"),
        "curves": kinds.count("curve"),
        "longest_straight_sections": longest,
        "bends": len(bends),
        "longest_bend_sections": max(bends, default=0),
        "characters": characters,
        "characters_note": _(CHARACTERS_NOTE),
    }
