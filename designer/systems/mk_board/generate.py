"""The board game's track generator (`SYSTEM.generator`), pure (no Qt): a whole board from a seed.

A board is a closed loop drawn as a rounded polygon inside the table: 4–6 corners around an ellipse, one or
more of them pushed in towards the middle (a bay the shortcuts cut across), every corner rounded with a radius
large enough that tiles turned to the direction of travel do not overlap (from the rule data's tile size and
pitch). The spaces are laid along it as Track ▸ Lay Spaces does (`board.lay_spaces`: the rule data's pitch,
evenly spread, space 1 the start); the fields are dealt out by the shares the user sets; then 1–3 shortcuts
join two spaces across open ground (the arrow crosses no other tile), each leaving a different space, none
touching the start, each leading forward and saving at least `board.shortcut_min_saving` spaces. A shape that
fails any of this is thrown away and the next one drawn from the same seeded generator, so the same seed and
settings always give the same board.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from itertools import pairwise
from typing import Any

from designer.i18n import N_, _
from designer.model.track import Table, TrackDocument, TrackSurface
from designer.systems.api import Generator, GeneratorOption
from designer.systems.mk_board.elements import Shortcut, Space

#: The fields the user sets a share of (option name → field), in the order the options are shown.
SHARES: tuple[tuple[str, str, str, float], ...] = (
    ("item", "item", N_("Item spaces (?)"), 20.0),
    ("booster", "booster", N_("Booster spaces"), 10.0),
    ("mushroom", "mushroom", N_("Mushroom spaces"), 8.0),
    ("thwomp", "thwomp", N_("Thwomp spaces"), 8.0),
)
#: Shapes drawn before giving up on a table, and of them those laid with spaces (the dearer step).
ATTEMPTS = 3000
LAID_ATTEMPTS = 60
#: After this many shapes without a board, the rest are rounded boxes (all a small table has room for).
BOXY_AFTER = 300
#: A shortcut's arrow is at most this many pitches long (longer ones cross half the board).
SHORTCUT_REACH_PITCHES = 12.0

Pt = tuple[float, float]


def _board_rules(ruleset: Any) -> Any:
    from designer.systems.mk_board.rule_data import board_rules

    rules = board_rules(ruleset)
    if rules is None:
        raise ValueError(_("The game system has no board rules"))
    return rules


def min_corner_radius(ruleset: Any) -> float:
    """The tightest radius (mm) along which tiles of the rule data's size, turned with the line and one pitch
    apart, still do not overlap: their inner corners close the gap between them as the line bends."""
    rules = _board_rules(ruleset)
    gap = rules.space_pitch_mm - rules.space_size_mm
    if gap <= 0:
        raise ValueError(_("The tiles are larger than the pitch between them: no board can be laid"))
    return 1.15 * (rules.space_size_mm / 2.0) * rules.space_pitch_mm / gap


def _rounded(corners: list[Pt], radius: float) -> list[Pt] | None:
    """The closed polygon `corners` with every corner rounded on a circle of `radius` (points every ~12 mm),
    or None when two roundings would not fit along an edge."""
    n = len(corners)
    arcs: list[list[Pt]] = []
    for i in range(n):
        p0, p1, p2 = corners[i - 1], corners[i], corners[(i + 1) % n]
        a = math.atan2(p1[1] - p0[1], p1[0] - p0[0])
        b = math.atan2(p2[1] - p1[1], p2[0] - p1[0])
        turn = (b - a + math.pi) % (2 * math.pi) - math.pi
        if abs(turn) < 1e-3:
            arcs.append([p1])
            continue
        cut = radius * math.tan(abs(turn) / 2.0)
        if cut > 0.5 * min(math.dist(p0, p1), math.dist(p1, p2)):
            return None
        start = (p1[0] - cut * math.cos(a), p1[1] - cut * math.sin(a))
        side = 1.0 if turn > 0 else -1.0
        centre = (start[0] - side * radius * math.sin(a), start[1] + side * radius * math.cos(a))
        steps = max(2, math.ceil(radius * abs(turn) / 12.0))
        first = math.atan2(start[1] - centre[1], start[0] - centre[0])
        arcs.append([(centre[0] + radius * math.cos(first + turn * k / steps),
                      centre[1] + radius * math.sin(first + turn * k / steps)) for k in range(steps + 1)])
    points = [p for arc in arcs for p in arc]
    # start in the middle of the longest straight, so the start space (which no shortcut may touch) stands
    # where no shortcut would go, and every bend has its shortcuts
    k = max(range(len(points)), key=lambda i: math.dist(points[i], points[(i + 1) % len(points)]))
    here, there = points[k], points[(k + 1) % len(points)]
    return [((here[0] + there[0]) / 2.0, (here[1] + there[1]) / 2.0), *points[k + 1:], *points[:k + 1]]


def _corners(rng: random.Random, width: float, height: float, margin: float, bays: int, boxy: bool = False
             ) -> list[Pt]:
    """3–5 corners spread round an ellipse filling the table, and `bays` more pushed in towards the middle;
    `boxy`: 4 corners near the table's corners (what still fits a small table)."""
    count = (4 if boxy else rng.randint(3, 5)) + bays
    cx, cy, rx, ry = width / 2.0, height / 2.0, width / 2.0 - margin, height / 2.0 - margin
    phase = math.pi / 4 + rng.uniform(-0.1, 0.1) if boxy else rng.uniform(0.0, 2 * math.pi)
    dented = set(rng.sample(range(count), bays))
    out = []
    for i in range(count):
        angle = phase + 2 * math.pi * (i + (0.0 if boxy else rng.uniform(-0.2, 0.2))) / count
        reach = rng.uniform(0.45, 0.7) if i in dented else (2.0 if boxy else rng.uniform(1.1, 1.4))
        x = min(max(cx + rx * reach * math.cos(angle), margin), width - margin)
        y = min(max(cy + ry * reach * math.sin(angle), margin), height - margin)
        out.append((x, y))
    return out


def _deal_fields(rng: random.Random, spaces: list[Space], settings: Mapping[str, Any]) -> list[Space]:
    """Space 1 the start; the others get the fields by the shares (rounded to whole spaces), placed at random."""
    rest = len(spaces) - 1
    fields: list[str] = []
    for name, field, _title, _default in SHARES:
        fields += [field] * round(rest * float(settings[name]) / 100.0)
    fields = (fields + ["plain"] * rest)[:rest]
    rng.shuffle(fields)
    return [spaces[0].model_copy(update={"field": "start"}),
            *(s.model_copy(update={"field": f}) for s, f in zip(spaces[1:], fields, strict=True))]


def _shortcuts(rng: random.Random, spaces: list[Space], ruleset: Any, wanted: int) -> list[Shortcut] | None:
    """`wanted` shortcuts over open ground, the most distance saved first, or None when there are not enough."""
    import shapely

    from designer.systems.mk_board.board import shortcut_placement
    from designer.systems.mk_board.checks import tiles

    rules = _board_rules(ruleset)
    n = len(spaces)
    squares = tiles(spaces, rules.space_size_mm)
    tree = shapely.STRtree(squares)
    pitch = rules.space_pitch_mm
    least = rules.shortcut_min_saving + 1  # places along the lap from one end to the other
    # along the lap from one centre to the next: the spaces are a pitch apart on a straight, further on a bend
    along = [0.0]
    for a, b in pairwise(spaces):
        along.append(along[-1] + math.dist((a.x_mm, a.y_mm), (b.x_mm, b.y_mm)))
    candidates = []
    for i in range(1, n):
        for j in range(i + least, min(n, i + max(least, n // 3) + 1)):
            length = math.dist((spaces[i].x_mm, spaces[i].y_mm), (spaces[j].x_mm, spaces[j].y_mm))
            saved = along[j] - along[i] - length
            if length <= SHORTCUT_REACH_PITCHES * pitch and saved > 2 * pitch:
                candidates.append((saved + rng.uniform(0.0, pitch), i, j))
    candidates.sort(reverse=True)
    chosen: list[tuple[int, int, Any]] = []
    for _score, i, j in candidates:
        if any(abs(i - a) < 3 or abs(j - b) < 3 or abs(i - b) < 2 or abs(j - a) < 2 for a, b, _l in chosen):
            continue
        line = shapely.LineString([(spaces[i].x_mm, spaces[i].y_mm), (spaces[j].x_mm, spaces[j].y_mm)])
        if any(line.crosses(other) for _a, _b, other in chosen):
            continue
        hit = tree.query(line, predicate="intersects")
        if any(k not in (i, j) for k in hit.tolist()):
            continue
        chosen.append((i, j, line))
        if len(chosen) == wanted:
            break
    if len(chosen) < wanted:
        return None
    by_id = {s.id: s for s in spaces}
    return [shortcut_placement(Shortcut(id=f"shortcut-{k}", x_mm=0.0, y_mm=0.0, from_space=spaces[i].id,
                                        to_space=spaces[j].id), by_id)
            for k, (i, j, _line) in enumerate(sorted(chosen), 1)]


def _overlapping(spaces: list[Space], ruleset: Any) -> bool:
    import shapely

    from designer.systems.mk_board.checks import OVERLAP_AREA_MM2, tiles

    squares = tiles(spaces, _board_rules(ruleset).space_size_mm)
    left, right = shapely.STRtree(squares).query(squares, predicate="intersects")
    keep = left < right
    areas = shapely.area(shapely.intersection(squares[left[keep]], squares[right[keep]]))
    return bool((areas > OVERLAP_AREA_MM2).any())


def generate(ruleset: Any, width_mm: float, height_mm: float, seed: int, settings: Mapping[str, Any]) -> TrackDocument:
    """A board on a `width_mm` × `height_mm` table (see the module). Raises ValueError with a one-line reason."""
    from designer.systems.mk_board.board import lay_spaces

    rules = _board_rules(ruleset)
    total = sum(float(settings[name]) for name, *_rest in SHARES)
    if total > 100.0 + 1e-9:
        raise ValueError(_("The shares of the special spaces add up to {total}%, more than 100%").format(
            total=f"{total:g}"))
    wanted = int(settings["shortcuts"])
    radius = min_corner_radius(ruleset)
    width = max(ruleset.min_track_width_mm, rules.space_size_mm + 4.0)
    margin = rules.space_size_mm * 0.75 + 5.0
    if min(width_mm, height_mm) < 2 * (radius + margin):
        raise ValueError(_("The table is too small for a board: it needs at least {size} mm on its short side")
                         .format(size=f"{2 * (radius + margin):.0f}"))
    rng = random.Random(seed)
    laid_left = LAID_ATTEMPTS
    for attempt in range(ATTEMPTS):
        if laid_left == 0:
            break
        # no luck yet (a small table): a rounded box, the shortcuts across its middle
        boxy = attempt >= BOXY_AFTER or laid_left <= LAID_ATTEMPTS // 2
        bays = 0 if boxy else min(wanted, rng.randint(1, 2))
        points = _rounded(_corners(rng, width_mm, height_mm, margin + radius * 0.3, bays, boxy), radius)
        if points is None:
            continue
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        if min(xs) < margin or min(ys) < margin or max(xs) > width_mm - margin or max(ys) > height_mm - margin:
            continue
        track = TrackSurface(centerline=[(round(x, 1), round(y, 1)) for x, y in points[::2]], closed=True,
                             width_mm=width)
        laid_left -= 1
        try:
            laid = lay_spaces(track, [], ruleset)
        except ValueError:
            continue
        spaces = sorted(laid.added, key=lambda s: s.number)
        if len(spaces) < rules.min_lap_spaces or _overlapping(spaces, ruleset):
            continue
        if any(not (margin / 2 < s.x_mm < width_mm - margin / 2 and margin / 2 < s.y_mm < height_mm - margin / 2)
               for s in spaces):
            continue
        arrows = _shortcuts(rng, spaces, ruleset, wanted)
        if arrows is None:
            continue
        return TrackDocument(name=_("Generated board (seed {seed})").format(seed=seed), ruleset=ruleset.id,
                             table=Table(width_mm=width_mm, height_mm=height_mm), track=track,
                             elements=[*_deal_fields(rng, spaces, settings), *arrows])
    raise ValueError(_("No board with {n} shortcuts fits this table: try a larger table or fewer shortcuts").format(
        n=wanted))


def _share_default(value: float) -> Any:
    return lambda _ruleset: value


OPTIONS: tuple[GeneratorOption, ...] = (
    *(GeneratorOption(name, title, _share_default(default), 0.0, 100.0, 0, "%")
      for name, _field, title, default in SHARES),
    GeneratorOption("shortcuts", N_("Shortcuts"), lambda _ruleset: 2, 1, 3),
)

GENERATOR = Generator(generate=generate, options=OPTIONS, table_mm=lambda _ruleset: (841.0, 594.0))
