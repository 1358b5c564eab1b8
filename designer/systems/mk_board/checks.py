"""The board game's own playability checks (registered here with `@check`, codes `board-…`; the codes its
documents get are `CHECKS` in the package, and the checks engine imports this module to run them).

A board is a closed loop of numbered `space`s (one of them the start/finish) and `shortcut` arrows between
them; the lap order is the `number` order. The board checks: exactly one start; numbers 1…N without a gap
or a duplicate; no two tiles overlapping (squares of the rule data's `board.space_size_mm`, turned to the
direction of travel); shortcuts whose ends are spaces, that lead forward, save at least
`board.shortcut_min_saving` spaces, never share a first space and never touch the start; no space off the
drawn line's surface (when the board has a line); and, for information, a lap shorter than
`board.min_lap_spaces` or than the Blue Shell's reach. A board without spaces yet gets none of them.

Of the shared checks only those about the track itself apply: the kinds with a footprint of their own
(gates, pickups) are not in this palette, and a shortcut's footprint is only where its arrow's middle lies,
so `elements-overlap` would pile it on the spaces it joins.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np
import shapely

from designer.geometry.checks.base import CheckContext, check, problem
from designer.geometry.checks.lengths import area_text
from designer.geometry.checks.pairs import bounded_pairs, more_pairs
from designer.geometry.checks.report import Problem, named, namer
from designer.i18n import _, ngettext
from designer.systems.mk_board.elements import SPACE, Shortcut, Space
from designer.systems.mk_board.rule_data import board_rules

#: Two tiles overlap when they share more than this (mm²): tiles laid edge to edge, or a rounding error
#: apart, only touch.
OVERLAP_AREA_MM2 = 1.0


@dataclass
class Board:
    """What the board checks of one run share: the spaces, the start and every space's place in the lap."""

    spaces: list[Space]
    starts: list[Space]
    by_id: dict[str, Space]
    places: dict[str, int] = field(default_factory=dict)   # {space id: spaces after the start, 0 … N-1}


def _board(ctx: CheckContext) -> Board | None:
    """The board of this run (None: no spaces, or rule data without a board), worked out once per run."""
    if "mk-board" in ctx.run_cache:
        return ctx.run_cache["mk-board"]
    spaces = ctx.of_class(Space)
    found = None
    if spaces and board_rules(ctx.ruleset) is not None:
        starts = [s for s in spaces if s.field == "start"]
        found = Board(spaces, starts, {s.id: s for s in spaces})
        first = starts[0].number if len(starts) == 1 else 1
        period = max(max(s.number for s in spaces), len(spaces))
        found.places = {s.id: (s.number - first) % period for s in spaces}
    ctx.run_cache["mk-board"] = found
    return found


def _quoted(ids: list[str]) -> str:
    return ", ".join(f"'{i}'" for i in ids)


@check("board-start-count", "error")
def board_start_count(ctx: CheckContext) -> list[Problem]:
    board = _board(ctx)
    if board is None or len(board.starts) == 1:
        return []
    if not board.starts:
        return [problem("board-start-count", _("The board has no start space: make one space the start/finish"))]
    ids = [s.id for s in board.starts]
    message = ngettext("{n} space is the start ({spaces}): a board has exactly one",
                       "{n} spaces are the start ({spaces}): a board has exactly one", len(ids))
    # by the numbers printed on them, as the player finds them on the board
    numbers = ", ".join(str(s.number) for s in sorted(board.starts, key=lambda s: (s.number, s.id)))
    return [problem("board-start-count", message.format(n=len(ids), spaces=numbers), ids)]


@check("board-numbering", "error")
def board_numbering(ctx: CheckContext) -> list[Problem]:
    """Each number given to more than one space, then the numbers missing from 1 to the highest."""
    board = _board(ctx)
    if board is None:
        return []
    by_number: defaultdict[int, list[str]] = defaultdict(list)
    for space in board.spaces:
        by_number[space.number].append(space.id)
    out = []
    for value, ids in sorted(by_number.items()):
        if len(ids) > 1:
            message = ngettext("{n} space is numbered {number}: {spaces}", "{n} spaces are numbered {number}: {spaces}",
                               len(ids))
            out.append(problem("board-numbering", message.format(n=len(ids), number=value, spaces=_quoted(ids)), ids))
    last = max(by_number)
    missing = [n for n in range(1, last + 1) if n not in by_number]
    if missing:
        shown = ", ".join(map(str, missing[:10])) + (" …" if len(missing) > 10 else "")
        message = ngettext("Space number {numbers} is missing: the spaces should run 1 to {last} without a gap",
                           "Space numbers {numbers} are missing: the spaces should run 1 to {last} without a gap",
                           len(missing))
        out.append(problem("board-numbering", message.format(numbers=shown, last=last)))
    return out


def tiles(spaces: list[Space], side_mm: float) -> np.ndarray:
    """Each space's tile: a square of `side_mm` about its centre, turned by its `rotation_deg`."""
    half = side_mm / 2.0
    corners = np.array([[-half, -half], [half, -half], [half, half], [-half, half], [-half, -half]])
    angles = np.radians([s.rotation_deg for s in spaces])
    cos, sin = np.cos(angles)[:, None], np.sin(angles)[:, None]
    x = np.array([s.x_mm for s in spaces])[:, None] + corners[:, 0] * cos - corners[:, 1] * sin
    y = np.array([s.y_mm for s in spaces])[:, None] + corners[:, 0] * sin + corners[:, 1] * cos
    return shapely.polygons(np.stack([x, y], axis=-1))


@check("board-space-overlap", "error")
def board_space_overlap(ctx: CheckContext) -> list[Problem]:
    board = _board(ctx)
    if board is None or len(board.spaces) < 2:
        return []
    rules = board_rules(ctx.ruleset)
    assert rules is not None  # _board() is None without them
    squares = tiles(board.spaces, rules.space_size_mm)
    tree = shapely.STRtree(squares)

    def candidates(asking: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        left, right = tree.query(squares[asking], predicate="intersects")
        left = asking[left]
        keep = left < right
        return left[keep], right[keep]

    def overlap(left: np.ndarray, right: np.ndarray) -> np.ndarray:
        return shapely.area(shapely.intersection(squares[left], squares[right])) > OVERLAP_AREA_MM2

    first, second, cut = bounded_pairs(candidates, overlap, np.arange(len(squares)))
    areas = shapely.area(shapely.intersection(squares[first], squares[second]))
    message = _("The tiles of {space} and {other} overlap by {area}")
    units = ctx.document.display_units
    name, other = namer(message, "space"), namer(message, "other")
    out = []
    for i, j, area in sorted(zip(first.tolist(), second.tolist(), areas.tolist(), strict=True)):
        a, b = board.spaces[i], board.spaces[j]
        out.append(problem("board-space-overlap",
                           message.format(space=name(a), other=other(b), area=area_text(area, units)),
                           (a.id, b.id)))
    return [*out, more_pairs("board-space-overlap")] if cut else out


def _ends(board: Board, shortcut: Shortcut) -> tuple[Space, Space] | None:
    """The shortcut's two spaces, when both are spaces of the board and not the same one."""
    start, end = board.by_id.get(shortcut.from_space), board.by_id.get(shortcut.to_space)
    return (start, end) if start is not None and end is not None and start is not end else None


@check("board-shortcut-end", "error")
def board_shortcut_end(ctx: CheckContext) -> list[Problem]:
    board = _board(ctx)
    out = []
    for shortcut in ctx.of_class(Shortcut):
        if board is not None and _ends(board, shortcut) is not None:
            continue
        if shortcut.from_space == shortcut.to_space:
            message = _("{shortcut} starts and ends at the same place")
            out.append(problem("board-shortcut-end", message.format(shortcut=named(message, "shortcut", shortcut)),
                               (shortcut.id,)))
            continue
        for end_id, gone, wrong in (
                (shortcut.from_space, _("{shortcut} starts at '{end}', which is not on the board"),
                 _("{shortcut} starts at {other}, which is not a space")),
                (shortcut.to_space, _("{shortcut} ends at '{end}', which is not on the board"),
                 _("{shortcut} ends at {other}, which is not a space"))):
            target = ctx.by_id.get(end_id)
            if target is None:
                out.append(problem("board-shortcut-end", gone.format(shortcut=named(gone, "shortcut", shortcut),
                                                                     end=end_id), (shortcut.id,)))
            elif target.kind != SPACE:
                out.append(problem("board-shortcut-end", wrong.format(shortcut=named(wrong, "shortcut", shortcut),
                                                                      other=named(wrong, "other", target)),
                                   (shortcut.id, target.id)))
    return out


def _joined(ctx: CheckContext) -> list[tuple[Shortcut, Space, Space]]:
    """The shortcuts whose ends are two spaces of the board, with those spaces."""
    board = _board(ctx)
    if board is None:
        return []
    out = []
    for shortcut in ctx.of_class(Shortcut):
        ends = _ends(board, shortcut)
        if ends is not None:
            out.append((shortcut, *ends))
    return out


def _along(ctx: CheckContext) -> list[tuple[Shortcut, Space, Space]]:
    """The joined shortcuts measured along the lap: those touching the start are an error of their own."""
    return [(s, a, b) for s, a, b in _joined(ctx) if a.field != "start" and b.field != "start"]


@check("board-shortcut-backward", "error")
def board_shortcut_backward(ctx: CheckContext) -> list[Problem]:
    board = _board(ctx)
    if board is None:
        return []
    message = _("{shortcut} does not lead forward along the lap: from space {start} back to space {end}")
    name = namer(message, "shortcut")
    return [problem("board-shortcut-backward", message.format(shortcut=name(s), start=a.number, end=b.number),
                    (s.id, a.id, b.id))
            for s, a, b in _along(ctx) if board.places[b.id] <= board.places[a.id]]


def saving(board: Board, start: Space, end: Space) -> int:
    """The spaces a shortcut saves: the pips along the lap from `start` to `end`, less the one it costs."""
    return board.places[end.id] - board.places[start.id] - 1


@check("board-shortcut-short", "warning")
def board_shortcut_short(ctx: CheckContext) -> list[Problem]:
    board = _board(ctx)
    if board is None:
        return []
    rules = board_rules(ctx.ruleset)
    assert rules is not None  # _board() is None without them
    least = rules.shortcut_min_saving
    out = []
    for s, a, b in _along(ctx):
        saved = saving(board, a, b)
        if 0 <= saved < least:  # a backward one (saved < 0) is an error of its own
            message = ngettext(
                "{shortcut} saves only {n} space (from space {start} to {end}); a shortcut should save at least "
                "{least}",
                "{shortcut} saves only {n} spaces (from space {start} to {end}); a shortcut should save at least "
                "{least}", saved)
            out.append(problem("board-shortcut-short", message.format(
                shortcut=named(message, "shortcut", s), n=saved, start=a.number, end=b.number, least=least),
                (s.id, a.id, b.id)))
    return out


@check("board-shortcut-shared", "warning")
def board_shortcut_shared(ctx: CheckContext) -> list[Problem]:
    by_start: defaultdict[str, list[Shortcut]] = defaultdict(list)
    starts: dict[str, Space] = {}
    for s, a, _b in _joined(ctx):
        by_start[a.id].append(s)
        starts[a.id] = a
    out = []
    for space_id, shortcuts in by_start.items():
        if len(shortcuts) > 1:
            ids = [s.id for s in shortcuts]
            message = ngettext("{n} shortcut leaves space {number} ({shortcuts}): one space, one shortcut at most",
                               "{n} shortcuts leave space {number} ({shortcuts}): one space, one shortcut at most",
                               len(ids))
            out.append(problem("board-shortcut-shared", message.format(
                n=len(ids), number=starts[space_id].number, shortcuts=_quoted(ids)), (*ids, space_id)))
    return out


@check("board-shortcut-start", "error")
def board_shortcut_start(ctx: CheckContext) -> list[Problem]:
    leaves = _("{shortcut} leaves from the start space: a pawn would skip the finish line")
    lands = _("{shortcut} leads onto the start space: a pawn would skip the finish line")
    out = []
    for s, a, b in _joined(ctx):
        for space, message in ((a, leaves), (b, lands)):
            if space.field == "start":
                out.append(problem("board-shortcut-start", message.format(shortcut=named(message, "shortcut", s)),
                                   (s.id, space.id)))
    return out


@check("board-space-off-line", "warning", needs_track=True)
def board_space_off_line(ctx: CheckContext) -> list[Problem]:
    """Spaces whose centre lies off the drawn line's surface: the board was laid along that line, so a space
    off it was left behind when the line moved, or dragged away by mistake (a board without a line: none)."""
    board = _board(ctx)
    if board is None:
        return []
    centres = shapely.points([(s.x_mm, s.y_mm) for s in board.spaces])
    off = ~shapely.covers(ctx.surface, centres)
    message = _("{space} lies off the drawn line of the board")
    name = namer(message, "space")
    return [problem("board-space-off-line", message.format(space=name(s)), (s.id,))
            for s, is_off in zip(board.spaces, off.tolist(), strict=True) if is_off]


@check("board-lap-short", "info")
def board_lap_short(ctx: CheckContext) -> list[Problem]:
    board = _board(ctx)
    least = found.min_lap_spaces if (found := board_rules(ctx.ruleset)) is not None else 0
    if board is None or len(board.spaces) >= least:
        return []
    n = len(board.spaces)
    message = ngettext("The lap has only {n} space, fewer than {least}: a race is over in a few rolls",
                       "The lap has only {n} spaces, fewer than {least}: a race is over in a few rolls", n)
    return [problem("board-lap-short", message.format(n=n, least=least))]


@check("board-lap-within-blue-shell", "info")
def board_lap_within_blue_shell(ctx: CheckContext) -> list[Problem]:
    board = _board(ctx)
    reach = found.blue_shell_reach_spaces if (found := board_rules(ctx.ruleset)) is not None else 0
    if board is None or len(board.spaces) >= reach:
        return []
    n = len(board.spaces)
    message = ngettext(
        "The lap has {n} space, fewer than the Blue Shell's reach of {reach}: it always reaches the leader",
        "The lap has {n} spaces, fewer than the Blue Shell's reach of {reach}: it always reaches the leader", n)
    return [problem("board-lap-within-blue-shell", message.format(n=n, reach=reach))]

