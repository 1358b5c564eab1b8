"""The board game's generator (issue 32): 200 seeds validate with no error or warning, seeds differ, the
shares and the number of shortcuts are what was asked, and a table too small is refused in one line."""

from __future__ import annotations

from collections import Counter

import pytest

from designer.rules import load_ruleset
from designer.systems.mk_board.board import spaces_of
from designer.systems.mk_board.generate import min_corner_radius
from designer.systems.mk_board.rule_data import board_rules
from tests.unit.gen_helpers import generate, seeds_clean, settings_of

SYSTEM = "mk-board"


def test_200_seeds_validate_clean_and_differ():
    texts, per_track = seeds_clean(SYSTEM, range(200))
    assert len(texts) == 200
    assert per_track < 1.0


@pytest.mark.parametrize("shortcuts", [1, 3])
def test_shortcut_count_and_rules(shortcuts):
    ruleset = load_ruleset(SYSTEM)
    least = board_rules(ruleset).shortcut_min_saving
    texts, _ = seeds_clean(SYSTEM, range(20), settings_of(SYSTEM, shortcuts=shortcuts))
    assert len(texts) == 20
    for seed in range(20):
        doc = generate(SYSTEM, seed, settings_of(SYSTEM, shortcuts=shortcuts))
        spaces = {s.id: s for s in spaces_of(doc.elements)}
        arrows = [e for e in doc.elements if e.kind == "shortcut"]
        assert len(arrows) == shortcuts
        assert len({a.from_space for a in arrows}) == shortcuts
        for a in arrows:
            start, end = spaces[a.from_space], spaces[a.to_space]
            assert "start" not in (start.field, end.field)
            assert end.number - start.number - 1 >= least


def test_field_shares_are_dealt():
    settings = settings_of(SYSTEM, item=40, booster=10, mushroom=0, thwomp=20, shortcuts=1)
    doc = generate(SYSTEM, 3, settings)
    spaces = spaces_of(doc.elements)
    rest = len(spaces) - 1
    fields = Counter(s.field for s in spaces)
    assert spaces[0].field == "start" and fields["start"] == 1
    assert fields["item"] == round(rest * 0.4)
    assert fields["booster"] == round(rest * 0.1)
    assert fields["thwomp"] == round(rest * 0.2)
    assert fields["mushroom"] == 0
    assert len(spaces) >= board_rules(load_ruleset(SYSTEM)).min_lap_spaces


def test_same_seed_same_board():
    assert generate(SYSTEM, 11) == generate(SYSTEM, 11)


def test_refusals_are_one_line():
    with pytest.raises(ValueError, match="more than 100%"):
        generate(SYSTEM, 1, settings_of(SYSTEM, item=60, booster=50))
    small = 2 * min_corner_radius(load_ruleset(SYSTEM))
    with pytest.raises(ValueError, match="too small") as info:
        generate(SYSTEM, 1, table=(small, small))
    assert "\n" not in str(info.value)
