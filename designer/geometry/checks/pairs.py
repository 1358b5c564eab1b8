"""Pairwise checks, bounded: a pile of n elements at one point makes n²/2 pairs (50 million for 10,000 spaces),
which no one reads and which once took gigabytes and minutes to list. `bounded_pairs` asks a tree query a
slice of the elements at a time and stops once more than `MAX_PAIRS` pairs are found; the check lists those
and `more_pairs` adds one problem saying the list was cut.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from designer.geometry.checks.report import Problem, problem
from designer.i18n import _

#: The most pairs a pairwise check lists; a real table has a handful.
MAX_PAIRS = 500
#: Elements asked at a time: bounds the candidate pairs held at once (a pile of 20,000 gives 5 million).
SLICE = 256

#: Candidate pairs tested at a time: the exact test stops soon after the limit, not after millions.
BATCH = 4096

PairQuery = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]]
PairTest = Callable[[np.ndarray, np.ndarray], np.ndarray]


def bounded_pairs(candidates: PairQuery, test: PairTest, rows: np.ndarray, limit: int = MAX_PAIRS
                  ) -> tuple[np.ndarray, np.ndarray, bool]:
    """The candidate pairs (`candidates(slice of rows)` → first, second arrays) that pass `test(first, second)`
    (a boolean mask), slice by slice and batch by batch, at most `limit` of them; the flag says some were left
    out."""
    firsts, seconds, found = [np.zeros(0, dtype=np.int64)], [np.zeros(0, dtype=np.int64)], 0
    for start in range(0, len(rows), SLICE):
        left, right = candidates(rows[start:start + SLICE])
        for at in range(0, len(left), BATCH):
            first, second = left[at:at + BATCH], right[at:at + BATCH]
            hit = test(first, second)
            firsts.append(first[hit])
            seconds.append(second[hit])
            found += int(np.count_nonzero(hit))
            if found > limit:
                return np.concatenate(firsts)[:limit], np.concatenate(seconds)[:limit], True
    return np.concatenate(firsts), np.concatenate(seconds), False


def more_pairs(code: str, limit: int = MAX_PAIRS) -> Problem:
    """The one problem that says `code` found more than `limit` pairs and lists only `limit`."""
    return problem(code, _("More than {count} pairs were found; only the first {count} are listed: move the pile "
                           "apart and check again").format(count=limit))
