"""Every distinct closed loop a PitchKart set of pieces can make, counted and ranked; pure (no Qt).

A loop is a sequence of moves — a piece of the rule data's inventory, and for a curve which way it turns —
laid end to end from a start connector until the last end meets the first start within the inventory's
tolerances (`connect_gap_max_mm`, `connect_heading_max_deg`) having turned once round (360°), and no two of
its pieces overlap. Two sequences are the same loop when one is the other started at another section, driven
the other way round, or mirrored: the search keeps only loops that turn left overall (a right-turning loop is
the mirror of a left-turning one), and of each loop only its smallest spelling among its rotations and its
reversal (which, with left and right not swapped, is the mirror image driven the other way: the same pieces
on the table).

The search is a depth-first walk over the moves, bounded three ways: it never uses more of a piece than one
set holds; it gives up a branch whose remaining pieces could not turn it back to 360° or reach back to the
start (the straight-line reach of each piece, summed); and it stops, saying so, after `MAX_PIECES` pieces a
loop or `NODE_BUDGET` moves tried, so an edited inventory of hundreds of pieces cannot hang the program. The
bundled set (6 straights, 10 curves of 45°) is searched completely in well under a second, once per set
(cached).

Ranking (rank 1 best): more sections first, then more bends (runs of curves), then a longest straight run
closest to the fastest character's Top Speed (so the fastest disc has a straight worth its speed), then the
spelling, for a stable order.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from designer.systems.pitchkart.sections import Connector, piece_end, runs_of

if TYPE_CHECKING:
    from designer.systems.pitchkart.rule_data import PieceInventory

#: The longest loop looked for (pieces), and the most moves tried in one search.
MAX_PIECES = 24
NODE_BUDGET = 2_000_000

Move = tuple[str, bool]   # (piece id, flipped: a right-hand curve)


@dataclass(frozen=True)
class Loop:
    """One distinct closed loop: its moves in lap order (section 1 first) and what it is ranked by."""

    moves: tuple[Move, ...]
    bends: int
    longest_straight: int

    @property
    def sections(self) -> int:
        return len(self.moves)


@dataclass(frozen=True)
class Search:
    """The loops found, best first, and whether the search was cut short by its bounds."""

    loops: tuple[Loop, ...]
    complete: bool


def _canonical(moves: tuple[Move, ...]) -> tuple[Move, ...]:
    spellings = [moves, tuple(reversed(moves))]
    return min(s[i:] + s[:i] for s in spellings for i in range(len(s)))


def _overlaps(moves: tuple[Move, ...], inventory: PieceInventory) -> bool:
    from designer.systems.pitchkart.sections import lay_chain, overlapping_pairs

    sections = lay_chain(list(moves), Connector(0.0, 0.0, 0.0), inventory)
    return bool(overlapping_pairs(sections, inventory))


def _search(inventory: PieceInventory, budget: int = NODE_BUDGET) -> tuple[list[tuple[Move, ...]], bool]:
    moves: list[tuple[Move, float, float, float, float]] = []   # (move, dx, dy, turn, reach) from heading 0
    for piece in inventory.pieces:
        for flipped in ((False,) if piece.kind == "straight" else (False, True)):
            end = piece_end(piece, Connector(0.0, 0.0, 0.0), flipped)
            turn = (end.heading_deg + 180.0) % 360.0 - 180.0
            moves.append(((piece.id, flipped), end.x_mm, end.y_mm, turn, math.hypot(end.x_mm, end.y_mm)))
    counts = {p.id: p.count for p in inventory.pieces}
    gap, skew = inventory.connect_gap_max_mm, inventory.connect_heading_max_deg
    found: set[tuple[Move, ...]] = set()
    path: list[Move] = []
    nodes = 0
    complete = True

    def remaining() -> tuple[float, float]:
        reach = sum(r * counts[m[0]] for m, _x, _y, t, r in moves if not (t and m[1]))  # each piece once
        turning = sum(abs(t) * counts[m[0]] for m, _x, _y, t, _r in moves if t and not m[1])
        return reach, turning

    def walk(x: float, y: float, heading: float, turned: float) -> None:
        nonlocal nodes, complete
        if len(path) >= 3 and abs(turned + 360.0) < skew and math.hypot(x, y) < gap:
            loop = tuple(path)
            if _canonical(loop) == loop:
                found.add(loop)
            return
        if len(path) >= MAX_PIECES:
            complete = False
            return
        reach, turning = remaining()
        if math.hypot(x, y) > reach + gap or abs(turned + 360.0) > turning + skew:
            return
        cos, sin = math.cos(math.radians(heading)), math.sin(math.radians(heading))
        for move, dx, dy, turn, _reach in moves:
            if counts[move[0]] == 0:
                continue
            nodes += 1
            if nodes > budget:
                complete = False
                return
            counts[move[0]] -= 1
            path.append(move)
            walk(x + dx * cos - dy * sin, y + dx * sin + dy * cos, heading + turn, turned + turn)
            path.pop()
            counts[move[0]] += 1

    walk(0.0, 0.0, 0.0, 0.0)
    return sorted(found), complete


def _ranked(raw: list[tuple[Move, ...]], inventory: PieceInventory, top_speed: int) -> list[Loop]:
    kinds = {p.id: p.kind for p in inventory.pieces}
    loops = []
    for moves in raw:
        if _overlaps(moves, inventory):
            continue
        spelled: list[str] = [kinds[piece] for piece, _flipped in moves]
        straights = runs_of(spelled, "straight", True)
        loops.append(Loop(moves, len(runs_of(spelled, "curve", True)), max(straights, default=0)))
    return sorted(loops, key=lambda lp: (-lp.sections, -lp.bends, abs(lp.longest_straight - top_speed), lp.moves))


@lru_cache(maxsize=8)
def _cached(inventory_json: str, top_speed: int) -> Search:
    from designer.systems.pitchkart.rule_data import PieceInventory

    inventory = PieceInventory.model_validate_json(inventory_json)
    raw, complete = _search(inventory)
    return Search(tuple(_ranked(raw, inventory, top_speed)), complete)


def fastest_top_speed(ruleset: Any) -> int:
    return max((c.top_speed for c in ruleset.characters if c.top_speed), default=0)


def closed_loops(ruleset: Any) -> Search:
    """Every distinct closed loop of the rule data's inventory, ranked (see the module); cached per set."""
    from designer.systems.pitchkart.rule_data import pitchkart_rules

    rules = pitchkart_rules(ruleset)
    if rules is None:
        return Search((), True)
    return _cached(rules.inventory.model_dump_json(), fastest_top_speed(ruleset))
