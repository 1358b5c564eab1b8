"""Elements piled on each other: the pairwise check `elements-overlap`.

Candidate pairs come from STRtrees of footprints (one per group of kinds that are compared at all);
each element's footprint is a box or a disc, so the exact test is a vectorised separating-axis test on
numbers (no shapely per pair), and the problems' messages are put together in bulk. A reused
`CheckContext` keeps the pairs found: after an edit only pairs with a changed element are looked for.
"""

from __future__ import annotations

import math
from bisect import bisect_left

import numpy as np
import shapely

from designer.geometry.checks.base import CheckContext, check
from designer.geometry.checks.bulk import SCENERY_CODE, kind_table
from designer.geometry.checks.pairs import PairQuery, bounded_pairs, more_pairs
from designer.geometry.checks.report import Problem, fill, labels, opens, problems
from designer.i18n import _
from designer.model.elements import ELEMENT_KINDS, kind_classes

#: Two elements overlap when their footprints, shrunk by this much all round (mm), still meet.
OVERLAP_DEPTH_MM = 1.0
#: Lines across the track: other elements (a line of boxes, coins) may lie across them.
LINE_KINDS = frozenset({"gate", "start_finish"})
#: Pairs of kinds that belong together on the table (a piranha plant grows out of a warp pipe).
FRIENDLY_PAIRS = frozenset({frozenset({"warp_pipe", "piranha_plant"})})


def _never_compared(kind: str) -> bool:
    """Scenery and the kinds that make up the surface itself."""
    cls = kind_classes().get(kind)
    return kind == "scenery" or (cls is not None and cls.SURFACE)


def _ignored_kinds(a: str, b: str) -> bool:
    if _never_compared(a) or _never_compared(b):
        return True
    lines = (a in LINE_KINDS) + (b in LINE_KINDS)
    if lines == 1:
        return True  # boxes, coins … laid across a gate line are normal
    return frozenset({a, b}) in FRIENDLY_PAIRS


def _ignored_matrix(kinds: tuple[str, ...]) -> np.ndarray:
    n = len(kinds)
    out = np.zeros((n, n), dtype=bool)
    for i, a in enumerate(kinds):
        for j, b in enumerate(kinds):
            out[i, j] = _ignored_kinds(a, b)
    return out


def _groups(kinds: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
    return (np.array([kind in LINE_KINDS for kind in kinds]),
            np.array([kind not in LINE_KINDS and not _never_compared(kind) for kind in kinds]))


#: By kind code (of the built-in kinds): pairs never compared, and the groups of kinds that may be compared
#: with each other (lines; all else but scenery). `_tables` gives them for the current kind table.
IGNORED = _ignored_matrix(ELEMENT_KINDS)
GROUPS = _groups(ELEMENT_KINDS)
_TABLES: dict[int, tuple[np.ndarray, tuple[np.ndarray, np.ndarray]]] = {}


def _tables() -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray]]:
    """(IGNORED, GROUPS) for the current kind table, built once per version of it."""
    table = kind_table()
    hit = _TABLES.get(table.version)
    if hit is None:
        _TABLES.clear()
        hit = _TABLES[table.version] = (_ignored_matrix(table.kinds), _groups(table.kinds))
    return hit


def shape_params(codes: np.ndarray, rows: np.ndarray, inset_mm: float = OVERLAP_DEPTH_MM) -> np.ndarray:
    """The box or disc footprints of elements (their `kind_codes` and `placements` rows), shrunk by
    `inset_mm` all round, one row per element (zeros for scenery, never compared):
    x, y, cos, sin, half length, half width, radius or 0, then for boxes -sin and the half length and
    half width times cos² + sin² (what the separating-axis test measures along the box's own axes)."""
    disc = kind_table().round[codes]
    half = np.maximum(rows[:, 3:] / 2.0 - inset_mm, 0.01)
    theta = list(map(math.radians, rows[:, 2].tolist()))
    cos = np.where(disc, 1.0, list(map(math.cos, theta)))
    sin = np.where(disc, 0.0, list(map(math.sin, theta)))
    out = np.zeros((10, len(codes)))
    out[0], out[1], out[2], out[3] = rows[:, 0], rows[:, 1], cos, sin
    out[4], out[5] = np.where(disc, 0.0, half[:, 0]), np.where(disc, 0.0, half[:, 1])
    out[6] = np.where(disc, half[:, 0], 0.0)
    norm = cos * cos + sin * sin
    out[7], out[8], out[9] = -sin, out[4] * norm, out[5] * norm
    out[:, codes == SCENERY_CODE] = 0.0
    return out.T


def convex_overlap(params: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Do the boxes/discs of elements `a` and `b` (indices into `params`: `shape_params` transposed, a
    column per element) overlap? Vectorised, exact for true discs: separating axes for two boxes, the
    box's nearest point for a box and a disc. Symmetric to the last bit: swapping `a` and `b` gives the
    same answer."""
    radius = params[6]
    disc_a, disc_b = radius[a] > 0, radius[b] > 0
    out = np.zeros(len(a), dtype=bool)
    both = np.flatnonzero(disc_a & disc_b)
    if len(both):
        i, j = a[both], b[both]
        x, y = params[0], params[1]
        out[both] = np.hypot(x[j] - x[i], y[j] - y[i]) < radius[i] + radius[j]
    boxes = np.flatnonzero(~disc_a & ~disc_b)
    if len(boxes):
        out[boxes] = ~_boxes_apart(params[:, a[boxes]], params[:, b[boxes]])
    mixed = np.flatnonzero(disc_a ^ disc_b)
    if len(mixed):
        box = np.where(disc_a[mixed], b[mixed], a[mixed])
        disc = np.where(disc_a[mixed], a[mixed], b[mixed])
        x, y, c, s, hl, hw = params[:6, box]
        px, py = params[0, disc] - x, params[1, disc] - y
        lx = px * c + py * s
        ly = -px * s + py * c
        out[mixed] = np.hypot(lx - np.clip(lx, -hl, hl), ly - np.clip(ly, -hw, hw)) < radius[disc]
    return out


def _boxes_apart(A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """Is there a separating axis between the boxes in columns `A` and `B` (`shape_params`)?

    The axes are each box's length and width directions. Along an axis a box reaches
    half length·|its direction·axis| + half width·|its normal·axis|; along its own axes the dot
    products are cos² + sin² and exactly 0, across the other box's axes they are ±C and ±S below
    (the same two products, added in an order that rounds the same), so this is the general four-axis
    test to the last bit with far less arithmetic.
    """
    x, y = B[0] - A[0], B[1] - A[1]
    ca, sa, la, wa, minus_sa, la_n, wa_n = A[2], A[3], A[4], A[5], A[7], A[8], A[9]
    cb, sb, lb, wb, minus_sb, lb_n, wb_n = B[2], B[3], B[4], B[5], B[7], B[8], B[9]
    C = np.abs(ca * cb + sa * sb)
    S = np.abs(sa * cb - ca * sb)
    apart = np.abs(x * ca + y * sa) >= la_n + (lb * C + wb * S)
    apart |= np.abs(x * minus_sa + y * ca) >= wa_n + (lb * S + wb * C)
    apart |= np.abs(x * cb + y * sb) >= (la * C + wa * S) + lb_n
    apart |= np.abs(x * minus_sb + y * cb) >= (la * S + wa * C) + wb_n
    return apart


def _overlaps(ctx: CheckContext, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, bool]:
    """Overlapping pairs with at least one element among `rows`: (first, second) element indices,
    first < second, each pair once — at most `MAX_PAIRS` of them, and whether some were left out.

    Two footprints overlap when they still meet after each is shrunk by OVERLAP_DEPTH_MM all round,
    so footprints that merely touch do not count.
    """
    params = ctx.element_params("overlap-shapes", lambda at: shape_params(ctx.kind_codes[at], ctx.placements[at]))
    first, second, cut = bounded_pairs(_candidates(ctx, rows), lambda a, b: convex_overlap(params.T, a, b), rows)
    return np.minimum(first, second), np.maximum(first, second), cut


def _candidates(ctx: CheckContext, rows: np.ndarray) -> PairQuery:
    """A query for the pairs of elements, one among the rows asked (a slice of `rows`), whose footprints'
    envelopes meet and whose kinds are compared at all, each pair once over all the slices of `rows`.

    A few rows are looked up in the context's STRtree. Many are looked up group by group, each group
    in a tree of its own: kinds of different groups are never compared (IGNORED), and with the long
    gate lines on their own far fewer envelopes meet.
    """
    codes, geoms = ctx.kind_codes, ctx.geoms
    ignored, groups = _tables()
    among = np.zeros(len(codes), dtype=bool)
    among[rows] = True
    trees = None
    if len(rows) * 8 >= len(codes):
        trees = [(group, members, shapely.STRtree(geoms[members]))
                 for group in groups for members in (np.flatnonzero(group[codes]),)]

    def query(asking: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if trees is None:
            left, right = ctx.tree.query(geoms[asking])
            found = [(asking[left], right)]
        else:
            found = []
            for group, members, tree in trees:
                ask = asking[group[codes[asking]]]
                left, right = tree.query(geoms[ask])
                found.append((ask[left], members[right]))
        left, right = np.concatenate([pair[0] for pair in found]), np.concatenate([pair[1] for pair in found])
        keep = (left < right) | ~among[right]  # a pair within `rows` is found from both ends: keep one
        left, right = left[keep], right[keep]
        keep = ~ignored[codes[left], codes[right]]
        return left[keep], right[keep]

    return query


def _overlap_problems(ctx: CheckContext, first: np.ndarray, second: np.ndarray) -> list[Problem]:
    """The problems of overlapping pairs (first, second element index), sorted by their ids."""
    elements, ids, n = ctx.elements, ctx.ids, len(ctx.elements)
    if len(first) * 8 > n:  # many pairs: sort by each id's rank among all ids, in numpy
        rank = np.empty(n, dtype=np.int64)
        rank[sorted(range(n), key=ids.__getitem__)] = np.arange(n)
        order = np.argsort(rank[first] * n + rank[second])
    else:
        order = np.array(sorted(range(len(first)), key=lambda k: (ids[first[k]], ids[second[k]])), dtype=int)
    first, second = first[order], second[order]
    # "<first's label> and <second's, in mid-sentence> overlap": each element named once, then the pairs
    template = _("{first} and {second} overlap")
    heads, tails = [""] * n, [""] * n
    for names, at, name in ((heads, first, "first"), (tails, second, "second")):
        middle = not opens(template, name)
        used = np.zeros(n, dtype=bool)
        used[at] = True
        rows = np.flatnonzero(used).tolist()
        for i, text in zip(rows, labels(elements, ids, ctx.kind_codes, rows, middle), strict=True):
            names[i] = text
    first, second = first.tolist(), second.tolist()
    messages = fill(template, first=map(heads.__getitem__, first),
                    second=map(tails.__getitem__, second))
    return problems("elements-overlap", messages,
                    zip(map(ids.__getitem__, first), map(ids.__getitem__, second), strict=True))


class OverlapList:
    """The overlap problems of a document, sorted by their ids, updated pair by pair after an edit."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        self._keys: list[tuple[str, ...]] = []   # the problems' ids (built on the first edit)
        self._of: dict[str, set[tuple[str, ...]]] | None = None   # each element's pairs (likewise)

    def replace(self, changed: set[str], found: list[Problem]) -> None:
        """Drop every pair with a changed element, then add `found` (the changed elements' pairs now)."""
        if self._of is None:
            self._keys, self._of = [p.ids for p in self.problems], {}
            for key in self._keys:
                self._of.setdefault(key[0], set()).add(key)
                self._of.setdefault(key[1], set()).add(key)
        gone = set().union(*(self._of.pop(element_id, ()) for element_id in changed))
        for key in gone:
            i = bisect_left(self._keys, key)
            del self._keys[i], self.problems[i]
            for element_id in key:
                self._of.get(element_id, set()).discard(key)
        for p in found:
            i = bisect_left(self._keys, p.ids)
            self._keys.insert(i, p.ids)
            self.problems.insert(i, p)
            for element_id in p.ids:
                self._of.setdefault(element_id, set()).add(p.ids)


@check("elements-overlap", "warning")
def elements_overlap(ctx: CheckContext) -> list[Problem]:
    """Pairs of elements that overlap, by their ids. After an edit only the changed elements are looked
    up again, unless elements came, went or changed places in the document's order (which decides
    which of a pair is named first), or the list was cut at `MAX_PAIRS` (then it is looked for anew)."""
    before = ctx.kept("overlaps")
    changed = ctx.changed_ids
    anew = before is None or changed is None or ctx.ids_reordered
    if not anew and changed:
        rows = np.array([ctx.index[i] for i in changed if ctx.by_id[i].kind != "scenery"], dtype=int)
        first, second, cut = _overlaps(ctx, rows)
        if not cut:
            before.replace(changed, _overlap_problems(ctx, first, second))
        anew = cut
    if anew:
        first, second, cut = _overlaps(ctx, np.flatnonzero(ctx.kind_codes != SCENERY_CODE))
        before = OverlapList(_overlap_problems(ctx, first, second))
        if cut:  # an incomplete list cannot be updated pair by pair
            ctx.keep("overlaps", None)
            return [*before.problems, more_pairs("elements-overlap")]
    ctx.keep("overlaps", before)
    return list(before.problems)
