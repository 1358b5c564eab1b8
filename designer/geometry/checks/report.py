"""What checks report: `Problem`, built one at a time (`problem`) or by the thousand (`problems`), and
the words messages name elements with (`label`, `labels` in bulk, `lowered`, `ordinal`).

A check's severity is fixed when it is registered (`designer.geometry.checks.base.check` fills
`SEVERITY_OF`), so checks build problems from their code alone. Pure Python: no Qt.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial
from itertools import repeat
from typing import Any, Literal, NamedTuple

import numpy as np

from designer.model.elements import ELEMENT_KINDS, Element, element_kinds, kinds_version

Severity = Literal["error", "warning", "info"]
SEVERITY_RANK = {"error": 0, "warning": 1, "info": 2}
#: {check code: severity}, filled as the checks are registered.
SEVERITY_OF: dict[str, Severity] = {}


class Problem(NamedTuple):
    """One finding of a check. A tuple underneath: a run may build thousands, and a tuple is the
    cheapest immutable object to build (`problems` builds many at once). It hashes and compares as the
    tuple of its fields."""

    code: str
    severity: Severity
    message: str
    ids: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"severity": self.severity, "code": self.code, "message": self.message, "ids": list(self.ids)}


_new_problem = partial(tuple.__new__, Problem)   # a Problem from one (code, severity, message, ids) tuple


def sort_key(problem: Problem) -> tuple:
    return SEVERITY_RANK[problem.severity], problem.code, problem.ids, problem.message


def _severity(code: str) -> Severity:
    severity = SEVERITY_OF.get(code)
    if severity is None:
        raise KeyError(f"unknown check code {code!r}")
    return severity


def problem(code: str, message: str, ids: Iterable[str] = ()) -> Problem:
    """A problem with the severity its code was registered with."""
    return _new_problem((code, _severity(code), message, tuple(ids)))


def problems(code: str, messages: Iterable[str], ids: Iterable[tuple[str, ...]]) -> list[Problem]:
    """`problem(code, message, ids)` for many (message, ids tuple) pairs at once."""
    return list(map(_new_problem, zip(repeat(code), repeat(_severity(code)), messages, ids)))


# --- naming elements -----------------------------------------------------------------------------
def kind_label(kind: str) -> str:
    return kind.replace("_", " ").capitalize()


#: How messages name the built-in kinds ("Warp pipe"); a game system's own kind is named from its code alike.
KIND_LABEL = {kind: kind_label(kind) for kind in ELEMENT_KINDS}
#: Kinds `label` names by something other than their id.
_OWN_NAMES = ("gate", "start_finish")


def label(element: Element) -> str:
    """How messages name an element: "Gate 3", "Warp pipe 'p1'", "Coin 'c4'"."""
    if element.kind == "gate":
        return f"Gate {element.order}"
    if element.kind == "start_finish":
        return "The start/finish line"
    return f"{KIND_LABEL.get(element.kind) or kind_label(element.kind)} '{element.id}'"


def lowered(text: str) -> str:
    """A label in the middle of a sentence: "Gate 3" → "gate 3" (ids keep their case)."""
    return text[:1].lower() + text[1:]


_STARTS: list[tuple[int, list[str], list[str], np.ndarray]] = []   # see _label_starts


def _label_starts() -> tuple[list[str], list[str], np.ndarray]:
    """By kind code: the start of `label` ("Coin '"), lowered, and whether the kind names itself (gate)."""
    version = kinds_version()
    if not _STARTS or _STARTS[0][0] != version:
        kinds = element_kinds()
        quoted = [kind_label(kind) + " '" for kind in kinds]
        _STARTS[:] = [(version, quoted, [lowered(start) for start in quoted],
                       np.array([kind in _OWN_NAMES for kind in kinds]))]
    return _STARTS[0][1:]


def labels(elements: Sequence[Element], ids: Sequence[str], codes: np.ndarray, rows: Sequence[int],
           lower: bool = False, suffix: str = "") -> list[str]:
    """`label(elements[i]) + suffix` (`lowered(label(...)) + suffix` if `lower`) for each i in `rows`,
    given every element's id and kind code (its place in the kind table): "<Kind> '<id>'" in bulk."""
    quoted, quoted_lowered, own_name = _label_starts()
    starts = quoted_lowered if lower else quoted
    kinds = codes[rows]
    out = list(map(str.__add__, map(starts.__getitem__, kinds.tolist()), map(ids.__getitem__, rows)))
    out = list(map(str.__add__, out, repeat("'" + suffix)))
    for k in np.flatnonzero(own_name[kinds]).tolist():
        text = label(elements[rows[k]])
        out[k] = (lowered(text) if lower else text) + suffix
    return out


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
