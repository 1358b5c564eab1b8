"""Generate (issue 32): the time one generated track takes, the checks run on it included (`make bench`).

Target: under a second a track for Gaslands on a 6'×4' table (10–20 ms of CPU measured); the assert guards only
the order of magnitude.
"""

from __future__ import annotations

import itertools

from designer.geometry.generate import generate

SEEDS = itertools.count()


def test_a_gaslands_circuit(benchmark):
    document = benchmark.pedantic(lambda: generate("mk-gaslands", seed=next(SEEDS)), rounds=20, iterations=1)
    assert document.track is not None
    assert benchmark.stats.stats.mean < 1.0


def test_a_gaslands_figure_8_with_many_hazards(benchmark):
    settings = {"shape": "figure-8", "hazards": "many", "coins": 30, "boosts": 6}
    document = benchmark.pedantic(lambda: generate("mk-gaslands", seed=next(SEEDS), settings=settings),
                                  rounds=20, iterations=1)
    assert document.track is not None
    assert benchmark.stats.stats.mean < 1.0
