"""The board game's part of the Track Report (`System.figures`, key "board"): the spaces of one lap, the turns
a lap takes at the die's mean roll, and each field's share of the spaces — with or without a drawn track."""

from __future__ import annotations

from collections import Counter
from typing import Any, get_args

from designer.i18n import N_, _, format_number
from designer.model.track import TrackDocument
from designer.rules import Ruleset
from designer.systems.mk_board.elements import SPACE, Space

#: The note beside a board's turns per lap.
TURNS_NOTE = N_(
    "Estimate: the spaces of one lap divided by the mean roll of the die ({mean}), ignoring boosters, "
    "mushrooms, Thwomps, shortcuts and coins."
)


def board_figures(document: TrackDocument, ruleset: Ruleset) -> dict[str, Any] | None:
    """{"spaces_per_lap", "mean_roll", "turns_per_lap", "turns_note", "field_counts", "field_shares"} of a
    board of spaces (lap order by `number`); None when the rule data has no board."""
    from designer.systems.mk_board.rule_data import board_rules

    board = board_rules(ruleset)
    if board is None:
        return None
    spaces = [e for e in document.elements if str(e.kind) == SPACE]
    fields: list[Any] = list(get_args(Space.model_fields["field"].annotation))
    counts = Counter(getattr(s, "field", None) for s in spaces)
    fields += sorted(f for f in counts if f not in fields)
    n = len(spaces)
    mean = (int(board.die.removeprefix("d")) + 1) / 2.0
    return {
        "spaces_per_lap": n,
        "mean_roll": mean,
        "turns_per_lap": round(n / mean, 1),
        "turns_note": _(TURNS_NOTE).format(mean=format_number(mean, 1)),
        "field_counts": {f: counts[f] for f in fields},
        "field_shares": {f: round(counts[f] / n, 3) if n else 0.0 for f in fields},
    }
