"""Axles and Alloys II's generator (issue 32): race tracks (a loop, and a figure-8 with ramps at the crossover)
and deathmatch arenas validate with no error or warning, seeds differ, the width asked is the width between
the barriers, and impossible settings are refused in one line."""

from __future__ import annotations

import numpy as np
import pytest

from designer.geometry.checks import CheckContext
from designer.rules import load_ruleset
from designer.systems.axles_alloys_2.rule_data import axles_rules
from designer.systems.axles_alloys_2.track_width import track_widths
from tests.unit.gen_helpers import generate, seeds_clean, settings_of

SYSTEM = "axles-alloys-2"


def test_200_race_seeds_validate_clean_and_differ():
    texts, per_track = seeds_clean(SYSTEM, range(200))
    assert len(texts) == 200
    assert per_track < 1.0


def test_figure8_seeds_have_two_ramps_landing_on_track():
    # 40 seeds here: a figure-8 takes ~0.1 s to make and check, and 200 of them ~25 s
    settings = settings_of(SYSTEM, crossover="ramps", hazards="none")
    texts, _ = seeds_clean(SYSTEM, range(40), settings)
    assert len(texts) == 40
    doc = generate(SYSTEM, 5, settings)
    assert sum(e.kind == "ramp" for e in doc.elements) == 2
    assert sum(e.kind == "barrier" for e in doc.elements) >= 3   # the outer edge and both lobes' inner edges


def test_200_arena_seeds_validate_clean_and_differ():
    settings = settings_of(SYSTEM, layout="arena")
    texts, _ = seeds_clean(SYSTEM, range(200), settings)
    assert len(texts) == 200
    doc = generate(SYSTEM, 9, settings)
    assert doc.track is None
    assert sorted(e.variant for e in doc.elements if e.kind == "counter") == ["deathshead", "shield", "sword"]
    assert any(e.kind == "scenery" for e in doc.elements)


@pytest.mark.parametrize("width", [203.2, 254.0, 304.8])
def test_width_between_the_barriers_is_the_width_asked(width):
    ruleset = load_ruleset(SYSTEM)
    doc = generate(SYSTEM, 2, settings_of(SYSTEM, width=width, hazards="none"))
    ctx = CheckContext()
    ctx.update(doc, ruleset)
    widths = track_widths(ctx)
    assert widths.walled.all()
    assert widths.width_mm.min() == pytest.approx(width, abs=1.0)
    # a ray square to a tight bend meets the outer barrier a little late: most samples measure the width asked
    assert np.percentile(widths.width_mm, 90) == pytest.approx(width, abs=1.0)
    assert widths.width_mm.max() <= axles_rules(ruleset).race_track_width_max_mm + 1.0


def test_same_seed_same_document():
    assert generate(SYSTEM, 4) == generate(SYSTEM, 4)


def test_refusals_are_one_line():
    with pytest.raises(ValueError, match="too small") as info:
        generate(SYSTEM, 1, table=(500.0, 500.0))
    assert "\n" not in str(info.value)
    with pytest.raises(ValueError, match=r"203\.2 to 304\.8"):
        generate(SYSTEM, 1, settings_of(SYSTEM, width=400.0))
