"""Playability-check benchmarks ([4/6]): all checks on a 2,000-element 6'×4' table, and the re-check
after moving one element with a reused `CheckContext`.

Targets: all checks < 100 ms; the update after one move < 20 ms. Figures are printed by
pytest-benchmark; the asserts guard only the order of magnitude (a loaded CI machine must not turn a
benchmark into a flaky test).
"""

from __future__ import annotations

import itertools

from designer.geometry.checks import CheckContext, run_checks
from designer.rules import load_ruleset

GASLANDS = load_ruleset("mk-gaslands")


def test_all_checks(crowded, benchmark):
    problems = benchmark.pedantic(lambda: run_checks(crowded, GASLANDS), rounds=5, iterations=1)
    assert problems
    assert benchmark.stats.stats.median < 2.0


def test_all_checks_warm_context(crowded, benchmark):
    """Nothing changed since the last run (e.g. a selection change re-asks for the problems)."""
    context = CheckContext()
    run_checks(crowded, GASLANDS, context)
    benchmark.pedantic(lambda: run_checks(crowded, GASLANDS, context), rounds=10, iterations=1)
    assert benchmark.stats.stats.median < 1.0


def test_update_after_moving_one_element(crowded, benchmark):
    context = CheckContext()
    run_checks(crowded, GASLANDS, context)
    index = next(i for i, e in enumerate(crowded.elements) if e.kind == "thwomp")
    original = crowded.elements[index]
    steps = itertools.count(1)

    def moved_document():
        elements = list(crowded.elements)
        elements[index] = original.model_copy(update={"x_mm": original.x_mm + 5 * (next(steps) % 7)})
        return (crowded.model_copy(update={"elements": elements}),), {}

    result = benchmark.pedantic(lambda document: run_checks(document, GASLANDS, context),
                                setup=moved_document, rounds=20, iterations=1)
    assert result
    assert benchmark.stats.stats.median < 1.0
