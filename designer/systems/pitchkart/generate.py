"""PitchKart's track generator (`SYSTEM.generator`), pure (no Qt): a whole track of sections from a seed.

The loop is one of every distinct closed loop the rule data's pieces can make (`loops.closed_loops`, ranked):
the option `rank` picks it (1 the best), or with rank 0 the seed picks among all of them that fit the table.
It is laid from a straight when it has one (section 1),
numbered along the lap, turned a quarter if that fits the table better, and centred on the table. On it: the
start/finish line far enough into section 1 that the starting grid fits behind it on that piece,
booster arrows on two or more different sections (the rules advise spreading them), "?" squares on others, and
when fewer karts race than `pitchkart.spare_coins_below_players` the spare starting coins of the empty grid
slots (`starting_coins_by_slot`) in a row along the middle of one or two sections
(`spare_coin_sections_max`), `spare_coin_spacing_min_mm` to `…_max_mm` apart. Every sticker has a section
(or a third of one) to itself, so none lies on another.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from designer.i18n import N_, _
from designer.model.track import Table, TrackDocument
from designer.systems.api import Generator, GeneratorOption
from designer.systems.pitchkart.loops import Loop, closed_loops

#: Room between the sections and the table's edge (mm).
MARGIN_MM = 20.0
#: The start/finish line lies this far into section 1 (mm), so it lies wholly on it.
START_INSET_MM = 20.0


def _rules(ruleset: Any) -> Any:
    from designer.systems.pitchkart.rule_data import pitchkart_rules

    rules = pitchkart_rules(ruleset)
    if rules is None:
        raise ValueError(_("The game system has no PitchKart piece set"))
    return rules


def _laid(loop: Loop, ruleset: Any, quarter_turns: int) -> list[Any]:
    from designer.systems.pitchkart.sections import Connector, lay_chain

    moves = list(loop.moves)
    kinds = {p.id: p.kind for p in _rules(ruleset).inventory.pieces}
    first = next((i for i, (piece, _f) in enumerate(moves) if kinds[piece] == "straight"), 0)
    moves = moves[first:] + moves[:first]
    return lay_chain(moves, Connector(0.0, 0.0, 90.0 * quarter_turns), _rules(ruleset).inventory)


def _bounds(sections: Sequence[Any], ruleset: Any) -> tuple[float, float, float, float]:
    from designer.systems.pitchkart.sections import drivable_surface

    return drivable_surface(sections, _rules(ruleset).inventory).bounds


def _fitted(loop: Loop, ruleset: Any, width_mm: float, height_mm: float) -> list[Any] | None:
    """The loop laid and centred on the table, the way round it fits best; None when it does not fit."""
    from designer.model.edit import placed

    best = None
    for quarter in (0, 1):
        sections = _laid(loop, ruleset, quarter)
        x0, y0, x1, y1 = _bounds(sections, ruleset)
        spare = min(width_mm - (x1 - x0), height_mm - (y1 - y0))
        if spare >= 2 * MARGIN_MM and (best is None or spare > best[0]):
            best = (spare, sections, (width_mm - x0 - x1) / 2.0, (height_mm - y0 - y1) / 2.0)
    if best is None:
        return None
    _spare, sections, dx, dy = best
    return [placed(s, s.x_mm + dx, s.y_mm + dy) for s in sections]


def _layouts(ruleset: Any, width_mm: float, height_mm: float) -> tuple[tuple[Any, ...] | None, ...]:
    """Every loop of the set, by rank, laid on this table (None for one that does not fit); the last few
    tables asked are kept, as laying a loop's outlines costs more than the rest of a track."""
    key = (_rules(ruleset).inventory.model_dump_json(), width_mm, height_mm)
    if key not in _LAID:
        if len(_LAID) >= 8:
            _LAID.pop(next(iter(_LAID)))
        fitted = (_fitted(lp, ruleset, width_mm, height_mm) for lp in closed_loops(ruleset).loops)
        _LAID[key] = tuple(None if f is None else tuple(f) for f in fitted)
    return _LAID[key]


_LAID: dict[tuple[str, float, float], tuple[tuple[Any, ...] | None, ...]] = {}


def _point(section: Any, ruleset: Any, along_mm: float) -> tuple[float, float, float]:
    """(x, y, heading) on the section's centre line `along_mm` from its start."""
    from designer.systems.pitchkart.sections import piece_end, section_piece, section_start

    piece = section_piece(section, _rules(ruleset).inventory)
    if piece.kind == "straight":
        part = piece.model_copy(update={"length_mm": along_mm})
    else:
        part = piece.model_copy(update={"angle_deg": math.degrees(along_mm / (piece.radius_mm or 1.0))})
    at = section_start(section) if along_mm <= 0 else piece_end(part, section_start(section), section.flipped)
    return at.x_mm, at.y_mm, at.heading_deg


def _length(section: Any, ruleset: Any) -> float:
    from designer.systems.pitchkart.sections import section_piece

    piece = section_piece(section, _rules(ruleset).inventory)
    if piece.kind == "straight":
        return float(piece.length_mm or 0.0)
    return float((piece.radius_mm or 0.0) * math.radians(piece.angle_deg or 0.0))


def _heading(degrees: float) -> float:
    from designer.model.edit import normalize_angle

    return round(normalize_angle(degrees), 2)


def spare_coins(ruleset: Any, karts: int) -> int:
    """The starting coins of the grid slots nobody takes, when fewer race than the rule data says."""
    rules = _rules(ruleset)
    if karts >= rules.spare_coins_below_players:
        return 0
    return sum(rules.starting_coins_by_slot[karts:])


def _coins(sections: list[Any], ruleset: Any, count: int) -> list[Any]:
    from designer.rules.defaults import new_element

    rules = _rules(ruleset)
    if count == 0:
        return []
    spacing = (rules.spare_coin_spacing_min_mm + rules.spare_coin_spacing_max_mm) / 2.0
    groups = 1 if count < 4 else min(rules.spare_coin_sections_max, 2)
    sizes = [count // groups + (1 if k < count % groups else 0) for k in range(groups)]
    out: list[Any] = []
    for section, size in zip(sections, sizes, strict=False):
        length = _length(section, ruleset)
        # rows along the section's middle, side by side when one row would not fit (at most 3 across)
        columns = next((c for c in (1, 2, 3) if (math.ceil(size / c) - 1) * spacing <= length - 2 * spacing), 0)
        if not columns:
            raise ValueError(_("The spare coins do not fit on the track's sections"))
        rows = math.ceil(size / columns)
        for k in range(size):
            row, column = divmod(k, columns)
            x, y, heading = _point(section, ruleset, length / 2.0 + (row - (rows - 1) / 2.0) * spacing)
            side = (column - (columns - 1) / 2.0) * spacing
            left = math.radians(heading)
            x, y = x + side * math.sin(left), y - side * math.cos(left)
            out.append(new_element(ruleset, "coin", f"coin-{len(out) + 1}", round(x, 2), round(y, 2),
                                   _heading(heading)))
    return out


def _stickers(rng: random.Random, sections: list[Any], ruleset: Any, settings: Mapping[str, Any],
              karts: int) -> list[Any]:
    from designer.rules.defaults import new_element

    boosters, squares = int(settings["boosters"]), int(settings["item_squares"])
    coins = spare_coins(ruleset, karts)
    coin_sections = 0 if coins == 0 else (1 if coins < 4 else min(_rules(ruleset).spare_coin_sections_max, 2))
    others = sections[1:]
    if coin_sections > len(others) - 2:
        raise ValueError(_("The loop is too short for the spare coins and the booster arrows"))
    rng.shuffle(others)
    coin_on, free = others[:coin_sections], others[coin_sections:]
    slots = [(s, third) for s in free for third in (1, 2)]   # a third and two thirds along each free section
    rng.shuffle(slots)
    need = boosters + squares
    # the boosters first, each on a section of its own while there are enough, so they spread
    by_section: dict[str, list[tuple[Any, int]]] = {}
    for slot in slots:
        by_section.setdefault(slot[0].id, []).append(slot)
    firsts = [group[0] for group in by_section.values()]
    seconds = [group[1] for group in by_section.values()]
    ordered = firsts + seconds
    if need > len(ordered):
        raise ValueError(_("The loop has room for {n} stickers, fewer than the {wanted} asked").format(
            n=len(ordered), wanted=need))
    out = []
    for k, (section, third) in enumerate(ordered[:need]):
        x, y, heading = _point(section, ruleset, _length(section, ruleset) * third / 3.0)
        kind, name = ("boost_pad", f"booster-{k + 1}") if k < boosters else ("item_box", f"item-{k - boosters + 1}")
        out.append(new_element(ruleset, kind, name, round(x, 2), round(y, 2), _heading(heading)))
    start = sections[0]
    x, y, heading = _point(start, ruleset, start_inset(start, ruleset))
    line = new_element(ruleset, "start_finish", "start-finish", round(x, 2), round(y, 2), _heading(heading),
                       width_mm=_rules(ruleset).inventory.width_mm - 20.0)
    return [line, *out, *_coins(sorted(coin_on, key=lambda s: s.number), ruleset, coins)]


def start_inset(start: Any, ruleset: Any) -> float:
    """How far into section 1 the start/finish line lies: far enough that the starting grid fits behind it on
    section 1 (`piece_stickers.grid_depth_mm`), at least `START_INSET_MM`, and that far short of its end."""
    from designer.systems.pitchkart.piece_stickers import grid_depth_mm

    grid = grid_depth_mm(ruleset, _rules(ruleset).inventory.width_mm) + START_INSET_MM / 2
    return max(START_INSET_MM, min(grid, _length(start, ruleset) - START_INSET_MM))


def generate(ruleset: Any, width_mm: float, height_mm: float, seed: int, settings: Mapping[str, Any]) -> TrackDocument:
    """A PitchKart track (see the module). Raises ValueError with a one-line reason."""
    search = closed_loops(ruleset)
    if not search.loops:
        raise ValueError(_("The pieces of the set make no closed loop"))
    rank = int(settings["rank"])
    karts = int(settings["karts"])
    if rank > len(search.loops):
        raise ValueError(ngettext_loops(len(search.loops)))
    rng = random.Random(seed)
    layouts = _layouts(ruleset, width_mm, height_mm)
    if rank:
        found = layouts[rank - 1]
        if found is None:
            raise ValueError(_("Loop {rank} does not fit this table").format(rank=rank))
        sections = list(found)
    else:
        fitting = [f for f in layouts if f is not None]
        if not fitting:
            raise ValueError(_("None of the set's loops fits this table: try a larger table"))
        sections = list(rng.choice(fitting))
    return TrackDocument(name=_("Generated track (seed {seed})").format(seed=seed), ruleset=ruleset.id,
                         table=Table(width_mm=width_mm, height_mm=height_mm), karts=karts,
                         elements=[*sections, *_stickers(rng, sections, ruleset, settings, karts)])


def ngettext_loops(count: int) -> str:
    from designer.i18n import ngettext

    return ngettext("The set makes only {n} distinct loop", "The set makes only {n} distinct loops",
                    count).format(n=count)


def table_mm(ruleset: Any) -> tuple[float, float]:
    """A table every loop of the set fits on (each laid the way it fits best), in whole 10 cm."""
    key = _rules(ruleset).inventory.model_dump_json()
    if key not in _TABLES:
        _TABLES[key] = _table_mm(ruleset)
    return _TABLES[key]


_TABLES: dict[str, tuple[float, float]] = {}


def _table_mm(ruleset: Any) -> tuple[float, float]:
    width = height = 0.0
    for loop in closed_loops(ruleset).loops:
        sizes = []
        for quarter in (0, 1):
            x0, y0, x1, y1 = _bounds(_laid(loop, ruleset, quarter), ruleset)
            sizes.append((x1 - x0, y1 - y0))
        w, h = max(sizes, key=lambda s: s[0] - s[1])   # laid the long way across
        width, height = max(width, w), max(height, h)
    pad = 2 * MARGIN_MM + 10.0
    return (max(100.0, math.ceil((width + pad) / 100.0) * 100.0), max(100.0, math.ceil((height + pad) / 100.0) * 100.0))


OPTIONS: tuple[GeneratorOption, ...] = (
    GeneratorOption("rank", N_("Loop by rank (0: the seed picks)"), lambda _r: 0, 0, 9999),
    GeneratorOption("karts", N_("Karts racing"), lambda r: min(4, r.karts.max), 2, 8),
    GeneratorOption("boosters", N_("Booster arrows"), lambda _r: 3, 2, 12),
    GeneratorOption("item_squares", N_("\"?\" squares"), lambda _r: 3, 0, 12),
)

GENERATOR = Generator(generate=generate, options=OPTIONS, table_mm=table_mm)
