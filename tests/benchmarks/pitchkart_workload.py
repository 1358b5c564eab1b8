"""The PitchKart speed workload: a closed loop of sections meandering over the table (rows of straights joined
by U-turns of four 45° curves, and a column back up to the start) with a few coins on its first row.

A closed loop of this set's pieces has an even number of sections, so the sizes timed are 76, 150 and 300
(the issue's 75 → 150 → 300): `SIZES` maps each to its (rows, straights a row)."""

from __future__ import annotations

from designer.model.track import Table, TrackDocument
from designer.rules import load_ruleset
from designer.rules.defaults import new_element
from designer.systems.pitchkart.rule_data import pitchkart_rules
from designer.systems.pitchkart.sections import Connector, lay_chain, section_end

#: sections: (rows, straights a row); a loop has rows × straights + 6 × rows sections.
SIZES = {76: (4, 13), 150: (6, 19), 300: (12, 19)}
X0, Y0 = 1300.0, 500.0


def _layout(rows: int, straights: int) -> list[tuple[str, bool]]:
    layout: list[tuple[str, bool]] = []
    for row in range(rows):
        layout += [("straight", False)] * (straights + (2 if row == rows - 1 else 0))
        if row < rows - 1:  # a U-turn down: right after a row to the right, left after one to the left
            layout += [("curve-45", row % 2 == 0)] * 4
    up = 2 * (rows - 2)  # the column back up, between two right-hand quarter turns
    # … two straights further left than the U-turns reach, so the column overlaps none of them
    return [*layout, *[("curve-45", True)] * 2, *[("straight", False)] * up, *[("curve-45", True)] * 2,
            *[("straight", False)] * 2]


def pitchkart_loop(sections: int, coins: int = 6) -> TrackDocument:
    """A closed loop of `sections` sections (a key of `SIZES`) with `coins` coins on its first row."""
    ruleset = load_ruleset("pitchkart")
    rules = pitchkart_rules(ruleset)
    assert rules is not None
    rows, straights = SIZES[sections]
    laid = lay_chain(_layout(rows, straights), Connector(X0, Y0, 0.0), rules.inventory)
    end = section_end(laid[-1], rules.inventory)
    assert len(laid) == sections and abs(end.x_mm - X0) < 0.5 and abs(end.y_mm - Y0) < 0.5, "the loop must close"
    spots = [new_element(ruleset, "coin", f"coin-{n}", X0 + 100.0 + 160.0 * n, Y0, 0.0) for n in range(coins)]
    table = Table(width_mm=X0 + 300.0 * straights + 800.0, height_mm=Y0 + 600.0 * rows + 400.0)
    return TrackDocument(name="PitchKart loop", ruleset="pitchkart", table=table, elements=[*laid, *spots])
