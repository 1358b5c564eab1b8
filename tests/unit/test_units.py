"""Display-unit maths: conversion, spin-box bounds, table presets, ruler tick spacing and labels."""

from __future__ import annotations

import math

import pytest

from designer.geometry.units import (
    TABLE_PRESETS,
    TickSpacing,
    choose_ticks,
    format_length,
    format_size,
    from_mm,
    matching_preset,
    ruler_ticks,
    spin_range,
    tick_label,
    to_mm,
)


@pytest.mark.parametrize(("units", "value", "mm"), [("mm", 12.5, 12.5), ("cm", 2.5, 25.0), ("in", 10, 254.0)])
def test_conversion_round_trips(units, value, mm):
    assert to_mm(value, units) == pytest.approx(mm)
    assert from_mm(mm, units) == pytest.approx(value)


def test_spin_range_rounds_inwards_so_bounds_convert_back_inside():
    low, high = spin_range(-100_000, 100_000, "in")
    assert (low, high) == (-3937.007, 3937.007)
    assert to_mm(high, "in") <= 100_000
    assert spin_range(100, 10_000, "cm") == (10.0, 1000.0)


def test_format_length_drops_trailing_zeros():
    assert format_length(1219.2, "in") == "48 in"
    assert format_length(914.4, "cm") == "91.44 cm"
    assert format_length(250, "mm") == "250 mm"
    assert format_size(1219.2, 914.4, "in") == "48 × 36 in"


def test_presets_are_the_usual_tables():
    assert [(p.width_mm, p.height_mm) for p in TABLE_PRESETS] == [(914.4, 914.4), (1219.2, 1219.2), (1828.8, 1219.2)]
    assert matching_preset(1219.2, 1219.2).name == "4′ × 4′"
    assert matching_preset(1219.2, 914.4) is None


@pytest.mark.parametrize("units", ["mm", "cm", "in"])
@pytest.mark.parametrize("pixels_per_unit", [0.01, 0.3, 1.0, 3.7, 10.0, 96.0, 500.0, 5000.0])
def test_chosen_spacing_keeps_labels_and_minor_ticks_apart(units, pixels_per_unit):
    spacing = choose_ticks(units, pixels_per_unit, min_major_px=50, min_minor_px=5)
    if spacing.major * pixels_per_unit < 50:  # only at the top of the ladder
        assert pixels_per_unit == 0.01
        return
    assert spacing.major * pixels_per_unit >= 50
    if spacing.subdivisions > 1:
        assert spacing.minor * pixels_per_unit >= 5


def test_spacing_is_the_finest_that_fits():
    assert choose_ticks("mm", 3.78, 50).major == 20       # 10 mm would be 38 px
    assert choose_ticks("cm", 37.8, 50).major == 2
    assert choose_ticks("mm", 151.0, 50).major == 0.5     # 4000 % zoom
    assert choose_ticks("in", 96.0, 50).major == 1        # 1:1 on a 96 dpi screen
    assert choose_ticks("in", 96.0, 50).subdivisions == 16
    assert choose_ticks("in", 20.0, 50).major == 6
    assert choose_ticks("in", 4.0, 50).major == 24
    assert choose_ticks("in", 300.0, 50).major == 1 / 4


def test_metric_uses_1_2_5_and_inches_the_imperial_ladder():
    metric = {choose_ticks("mm", ppu, 40).major for ppu in [x / 100 for x in range(1, 20000, 7)]}
    for major in metric:
        mantissa = major / 10 ** math.floor(math.log10(major) + 1e-9)
        assert round(mantissa, 6) in (1, 2, 5)
    inches = {choose_ticks("in", ppu, 40).major for ppu in [x / 10 for x in range(1, 20000, 3)]}
    assert {1 / 16, 1 / 8, 1 / 4, 1 / 2, 1, 6, 12} <= inches


def test_ruler_ticks_land_on_whole_multiples_without_drift():
    spacing = TickSpacing("in", 1.0, 4)
    ticks = ruler_ticks(-10.0, 300.0, spacing)
    majors = [t for t in ticks if t.major]
    assert [t.value for t in majors] == list(range(0, 12))
    assert majors[10].mm == pytest.approx(254.0)
    assert ticks[0].value == -0.25 and not ticks[0].major
    halves = [t.value for t in ticks if t.half]
    assert halves[:2] == [0.5, 1.5]


def test_ruler_ticks_refuse_absurd_counts():
    assert ruler_ticks(0, 1e9, TickSpacing("mm", 1, 10)) == []


def test_tick_labels():
    assert tick_label(10, TickSpacing("in", 1, 16)) == "10"
    assert tick_label(10.5, TickSpacing("in", 0.5, 8)) == "10½"
    assert tick_label(0.75, TickSpacing("in", 0.25, 4)) == "¾"
    assert tick_label(3 / 16, TickSpacing("in", 1 / 16, 1)) == "³⁄₁₆"
    assert tick_label(-2, TickSpacing("in", 0.5, 2)) == "−2"
    assert tick_label(-2.5, TickSpacing("cm", 0.5, 5)) == "−2.5"
    assert tick_label(0.05, TickSpacing("mm", 0.05, 5)) == "0.05"
    assert tick_label(200, TickSpacing("mm", 100, 10)) == "200"
    assert tick_label(-0.0, TickSpacing("mm", 100, 10)) == "0"
