"""Elements piled on each other: the pairwise check `elements-overlap`.

Candidate pairs come from the STRtree of footprints; each element's footprint is a box or a disc, so
the exact test is a vectorised separating-axis test on numbers (no shapely per pair). A reused
`CheckContext` keeps the pairs found: after an edit only pairs with a changed element are looked for.
"""

from __future__ import annotations

import math
from bisect import bisect_left

import numpy as np

from designer.geometry.checks.base import CheckContext, Problem, check, label, lowered
from designer.geometry.footprint import ROUND_KINDS, local_sizes
from designer.model.elements import ELEMENT_KINDS

#: Two elements overlap when their footprints, shrunk by this much all round (mm), still meet.
OVERLAP_DEPTH_MM = 1.0
#: Lines across the track: other elements (a line of boxes, coins) may lie across them.
LINE_KINDS = frozenset({"gate", "start_finish"})
#: Pairs of kinds that belong together on the table (a piranha plant grows out of a warp pipe).
FRIENDLY_PAIRS = frozenset({frozenset({"warp_pipe", "piranha_plant"})})


def _ignored_kinds(a: str, b: str) -> bool:
    if a == "scenery" or b == "scenery":
        return True
    lines = (a in LINE_KINDS) + (b in LINE_KINDS)
    if lines == 1:
        return True  # boxes, coins … laid across a gate line are normal
    return frozenset({a, b}) in FRIENDLY_PAIRS


def _ignored_matrix() -> np.ndarray:
    n = len(ELEMENT_KINDS)
    out = np.zeros((n, n), dtype=bool)
    for i, a in enumerate(ELEMENT_KINDS):
        for j, b in enumerate(ELEMENT_KINDS):
            out[i, j] = _ignored_kinds(a, b)
    return out


IGNORED = _ignored_matrix()


def shape_params(elements, ruleset, inset_mm: float = OVERLAP_DEPTH_MM) -> np.ndarray:
    """One row per element: (x, y, cos, sin, half length, half width, radius or 0) of its box or disc
    footprint, shrunk by `inset_mm` all round (zeros for scenery, which is never compared)."""
    n = len(elements)
    kinds = [e.kind for e in elements]
    disc = np.array([kind in ROUND_KINDS for kind in kinds], dtype=bool)
    scenery = np.array([kind == "scenery" for kind in kinds], dtype=bool)
    half = np.maximum(np.asarray(local_sizes(elements, ruleset), dtype=float).reshape(n, 2) / 2.0 - inset_mm, 0.01)
    theta = [math.radians(e.rotation_deg) for e in elements]
    rows = np.zeros((n, 7))
    rows[:, 0] = [e.x_mm for e in elements]
    rows[:, 1] = [e.y_mm for e in elements]
    rows[:, 2] = np.where(disc, 1.0, [math.cos(t) for t in theta])
    rows[:, 3] = np.where(disc, 0.0, [math.sin(t) for t in theta])
    rows[:, 4:6] = np.where(disc[:, None], 0.0, half)
    rows[:, 6] = np.where(disc, half[:, 0], 0.0)
    rows[scenery] = 0.0
    return rows


def convex_overlap(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Do the boxes/discs in rows `a` and `b` (see `shape_params`) overlap? Vectorised, exact for true
    discs: separating axes for two boxes, the box's nearest point for a box and a disc. Symmetric to
    the last bit: swapping `a` and `b` gives the same answer."""
    dx, dy = b[:, 0] - a[:, 0], b[:, 1] - a[:, 1]
    ra, rb = a[:, 6], b[:, 6]
    disc_a, disc_b = ra > 0, rb > 0
    out = np.zeros(len(a), dtype=bool)
    both = disc_a & disc_b
    out[both] = np.hypot(dx[both], dy[both]) < ra[both] + rb[both]
    boxes = ~disc_a & ~disc_b
    if boxes.any():
        A, B, x, y = a[boxes], b[boxes], dx[boxes], dy[boxes]
        separated = np.zeros(len(A), dtype=bool)
        for ux, uy in ((A[:, 2], A[:, 3]), (-A[:, 3], A[:, 2]), (B[:, 2], B[:, 3]), (-B[:, 3], B[:, 2])):
            reach_a = A[:, 4] * np.abs(A[:, 2] * ux + A[:, 3] * uy) + A[:, 5] * np.abs(-A[:, 3] * ux + A[:, 2] * uy)
            reach_b = B[:, 4] * np.abs(B[:, 2] * ux + B[:, 3] * uy) + B[:, 5] * np.abs(-B[:, 3] * ux + B[:, 2] * uy)
            separated |= np.abs(x * ux + y * uy) >= reach_a + reach_b
        out[boxes] = ~separated
    mixed = disc_a ^ disc_b
    if mixed.any():
        box = np.where(disc_a[mixed, None], b[mixed], a[mixed])
        disc = np.where(disc_a[mixed, None], a[mixed], b[mixed])
        px, py = disc[:, 0] - box[:, 0], disc[:, 1] - box[:, 1]
        lx = px * box[:, 2] + py * box[:, 3]
        ly = -px * box[:, 3] + py * box[:, 2]
        cx = np.clip(lx, -box[:, 4], box[:, 4])
        cy = np.clip(ly, -box[:, 5], box[:, 5])
        out[mixed] = np.hypot(lx - cx, ly - cy) < disc[:, 6]
    return out


def _overlaps(ctx: CheckContext, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Overlapping pairs with at least one element among `rows`: (first, second) element indices,
    first < second, each pair once.

    Two footprints overlap when they still meet after each is shrunk by OVERLAP_DEPTH_MM all round,
    so footprints that merely touch do not count.
    """
    if not len(rows):
        return np.zeros(0, dtype=int), np.zeros(0, dtype=int)
    left, right = ctx.tree.query(ctx.geoms[rows])
    left = rows[left]
    among = np.zeros(len(ctx.elements), dtype=bool)
    among[rows] = True
    keep = (left < right) | ~among[right]  # a pair within `rows` is found from both ends: keep one
    left, right = left[keep], right[keep]
    kinds = ctx.kind_codes
    ok = ~IGNORED[kinds[left], kinds[right]]
    left, right = left[ok], right[ok]
    params = ctx.element_params("overlap-shapes", lambda elements: shape_params(elements, ctx.ruleset))
    hit = convex_overlap(params[left], params[right])
    return np.minimum(left[hit], right[hit]), np.maximum(left[hit], right[hit])


def _overlap_problems(ctx: CheckContext, first: np.ndarray, second: np.ndarray) -> list[Problem]:
    """The problems of overlapping pairs (first, second element index), sorted by their ids."""
    elements, ids, n = ctx.elements, ctx.ids, len(ctx.elements)
    if len(first) * 8 > n:  # many pairs: sort by each id's rank among all ids, in numpy
        rank = np.empty(n, dtype=np.int64)
        rank[sorted(range(n), key=ids.__getitem__)] = np.arange(n)
        order = np.argsort(rank[first] * n + rank[second])
    else:
        order = np.array(sorted(range(len(first)), key=lambda k: (ids[first[k]], ids[second[k]])), dtype=int)
    first, second = first[order].tolist(), second[order].tolist()
    named = {i: label(elements[i]) for i in {*first, *second}}
    named_later = {j: lowered(named[j]) for j in set(second)}
    return [Problem("elements-overlap", "warning", f"{named[i]} and {named_later[j]} overlap", (ids[i], ids[j]))
            for i, j in zip(first, second)]


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
def elements_overlap(ctx: CheckContext):
    """Pairs of elements that overlap, by their ids. After an edit only the changed elements are looked
    up again, unless elements came, went or changed places in the document's order (which decides
    which of a pair is named first)."""
    before = ctx.kept("overlaps")
    changed = ctx.changed_ids
    if before is None or changed is None or ctx.ids_reordered:
        rows = np.array([i for i, e in enumerate(ctx.elements) if e.kind != "scenery"], dtype=int)
        before = OverlapList(_overlap_problems(ctx, *_overlaps(ctx, rows)))
    elif changed:
        rows = np.array([ctx.index[i] for i in changed if ctx.by_id[i].kind != "scenery"], dtype=int)
        before.replace(changed, _overlap_problems(ctx, *_overlaps(ctx, rows)))
    ctx.keep("overlaps", before)
    return list(before.problems)
