"""Shared helpers of the per-system generator tests: generate seeds through a system's registered
`Generator` and check each document the way `kartographer validate` does."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from designer.geometry.checks import run_checks
from designer.io.track_io import dumps_track, track_from_json
from designer.rules import load_ruleset
from designer.systems import registry


def settings_of(system_id: str, **changes: Any) -> dict[str, Any]:
    ruleset = load_ruleset(system_id)
    generator = registry.get(system_id).generator
    assert generator is not None
    values = {o.name: o.default(ruleset) for o in generator.options}
    values.update(changes)
    return values


def generate(system_id: str, seed: int, settings: Mapping[str, Any] | None = None,
             table: tuple[float, float] | None = None) -> Any:
    ruleset = load_ruleset(system_id)
    generator = registry.get(system_id).generator
    assert generator is not None and generator.table_mm is not None
    width, height = table or generator.table_mm(ruleset)
    return generator.generate(ruleset, width, height, seed, settings or settings_of(system_id))


def seeds_clean(system_id: str, seeds: range, settings: Mapping[str, Any] | None = None) -> tuple[set[str], float]:
    """Generate every seed, assert 0 errors and 0 warnings and a byte-identical save → load → save; return the
    distinct saved texts and the seconds per track (generation alone)."""
    ruleset = load_ruleset(system_id)
    texts: set[str] = set()
    spent = 0.0
    for seed in seeds:
        started = time.perf_counter()
        document = generate(system_id, seed, settings)
        spent += time.perf_counter() - started
        problems = [p for p in run_checks(document, ruleset) if p.severity in ("error", "warning")]
        assert problems == [], (seed, problems[:3])
        text = dumps_track(document)
        assert dumps_track(track_from_json(text)) == text, seed
        texts.add(text)
    return texts, spent / len(seeds)
