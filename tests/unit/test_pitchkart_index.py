"""PitchKart's connector index and overlap tree (issue #33, no n²) give exactly what comparing every pair gave:
open connectors, the chain walked for numbering and for moving a chain, overlapping pairs, on seeded random
scatters with connectors just inside and just outside the tolerances, unknown pieces and duplicates; and the
checks with a context kept across runs report what a fresh run reports after a coin or a section moves."""

from __future__ import annotations

import math
import random

import pytest

from designer.geometry.checks import CheckContext, run_checks
from designer.model.track import Table, TrackDocument
from designer.rules import load_ruleset
from designer.rules.defaults import new_element
from designer.systems.pitchkart.chain import chain_after
from designer.systems.pitchkart.elements import TrackSection
from designer.systems.pitchkart.rule_data import pitchkart_rules
from designer.systems.pitchkart.sections import (
    SLIVER_MM,
    Connector,
    ConnectorIndex,
    OpenConnector,
    known_sections,
    lay_chain,
    meets,
    numbering,
    open_connectors,
    overlapping_pairs,
    section_end,
    section_outline,
    section_outlines,
    section_start,
    track_sections,
)

RULESET = load_ruleset("pitchkart")
INVENTORY = pitchkart_rules(RULESET).inventory


def pairwise_open(sections, inventory) -> list[OpenConnector]:
    """The reference: every connector against every other section's."""
    shaped = known_sections(sections, inventory)
    starts = [(s.id, section_start(s)) for s in shaped]
    ends = [(s.id, section_end(s, inventory)) for s in shaped]
    found = []
    for (sid, start), (_sid, end) in zip(starts, ends, strict=True):
        if not any(other != sid and meets(start, at, inventory) for other, at in ends):
            found.append(OpenConnector(sid, "start", start))
        if not any(other != sid and meets(end, at, inventory) for other, at in starts):
            found.append(OpenConnector(sid, "end", end))
    return found


def pairwise_overlaps(sections, inventory, least=1.0) -> list[tuple[str, str, float]]:
    shaped = [(s.id, section_outline(s, inventory)) for s in known_sections(sections, inventory)]
    found = []
    for i, (a_id, a) in enumerate(shaped):
        for b_id, b in shaped[i + 1:]:
            if a.buffer(-SLIVER_MM).intersects(b) and (area := a.intersection(b).area) > least:
                found.append((a_id, b_id, area))
    return found


def pairwise_chain(sections, first, inventory) -> list[str]:
    shaped = known_sections(track_sections(sections), inventory)
    seen, found, here = {first.id}, [], first
    while inventory.piece(here.piece) is not None:
        end = section_end(here, inventory)
        following = next((s for s in shaped if s.id not in seen and meets(end, section_start(s), inventory)), None)
        if following is None:
            break
        found.append(following.id)
        seen.add(following.id)
        here = following
    return found


def scatter(seed: int) -> list[TrackSection]:
    """Chains laid end to end, some joints nudged just inside or just outside the tolerances, a few sections
    laid twice (duplicates meet the same neighbours), one of an unknown piece, numbers shuffled."""
    rng = random.Random(seed)
    gap, turn = INVENTORY.connect_gap_max_mm, INVENTORY.connect_heading_max_deg
    out: list[TrackSection] = []
    for chain_no in range(6):
        layout = [(rng.choice(["straight", "curve-45"]), rng.random() < 0.3) for _ in range(rng.randint(3, 12))]
        laid = lay_chain(layout, Connector(rng.uniform(0, 3000), rng.uniform(0, 3000), rng.uniform(0, 360)),
                         INVENTORY, id_prefix=f"c{chain_no}-")
        for section in laid:
            nudge = rng.choice([0.0, 0.0, 0.98 * gap, 1.02 * gap])
            twist = rng.choice([0.0, 0.0, 0.98 * turn, 1.02 * turn])
            out.append(section.model_copy(update={"x_mm": section.x_mm + nudge * rng.choice([-1, 1]) * 0.7,
                                                  "y_mm": section.y_mm + nudge * 0.7,
                                                  "rotation_deg": section.rotation_deg + twist}))
    for section in rng.sample(out, 3):
        out.append(section.model_copy(update={"id": section.id + "-twin"}))
    out.append(out[4].model_copy(update={"id": "odd", "piece": "no-such-piece"}))
    numbers = list(range(1, len(out) + 1))
    rng.shuffle(numbers)
    return [s.model_copy(update={"number": n}) for s, n in zip(out, numbers, strict=True)]


@pytest.mark.parametrize("seed", range(8))
def test_the_index_finds_what_comparing_every_pair_found(seed):
    sections = scatter(seed)
    assert open_connectors(sections, INVENTORY) == pairwise_open(sections, INVENTORY)
    for first in known_sections(sections, INVENTORY)[::5]:
        assert [s.id for s in chain_after(sections, first, INVENTORY)] == pairwise_chain(sections, first, INVENTORY)


@pytest.mark.parametrize("seed", range(8))
def test_the_overlap_tree_finds_what_comparing_every_pair_found(seed):
    sections = scatter(seed)
    found, reference = overlapping_pairs(sections, INVENTORY), pairwise_overlaps(sections, INVENTORY)
    assert reference, "the scatter must hold overlaps (the twins at least)"
    assert [(a, b) for a, b, _ in found] == [(a, b) for a, b, _ in reference]
    assert [area for *_, area in found] == pytest.approx([area for *_, area in reference])


def test_numbering_walks_the_chain_through_the_index():
    laid = lay_chain(["straight", "curve-45", "straight", "curve-45"], Connector(500.0, 500.0, 0.0), INVENTORY)
    shuffled = [laid[2], laid[0], laid[3], laid[1]]
    renumbered = [s.model_copy(update={"number": n}) for n, s in enumerate(shuffled, 1)]
    assert numbering(renumbered, INVENTORY, "ts1") == {"ts1": 1, "ts2": 2, "ts3": 3, "ts4": 4}


@pytest.mark.parametrize("seed", range(4))
def test_numbering_through_a_given_index_is_numbering_through_its_own(seed):
    sections = [s for s in scatter(seed) if s.piece != "no-such-piece"]
    ordered = track_sections(sections)
    index = ConnectorIndex(ordered, INVENTORY)
    for first in ordered[::7]:
        assert numbering(sections, INVENTORY, first.id, index) == numbering(sections, INVENTORY, first.id)


def test_the_checks_index_the_connectors_once_a_run(monkeypatch):
    """pk-loop-open and pk-numbering-route share the run's connector index: numbering no longer builds its own
    (a 300-section track paid for two)."""
    from designer.systems.pitchkart import sections as module

    built = []

    class Counted(ConnectorIndex):
        def __init__(self, *args) -> None:
            built.append(1)
            super().__init__(*args)

    monkeypatch.setattr(module, "ConnectorIndex", Counted)
    monkeypatch.setattr("designer.systems.pitchkart.checks.ConnectorIndex", Counted)
    codes = {problem[0] for problem in run_checks(loop_document(), RULESET)}
    assert "pk-numbering-route" not in codes and "pk-loop-open" not in codes
    assert built == [1]


def loop_document(extra=()) -> TrackDocument:
    laid = lay_chain(["curve-45"] * 8, Connector(600.0, 800.0, 0.0), INVENTORY)
    coins = [new_element(RULESET, "coin", f"coin-{n}", 600.0 + 60 * n, 800.0, 0.0) for n in range(3)]
    return TrackDocument(name="Loop", ruleset="pitchkart", table=Table(width_mm=1400, height_mm=1200),
                         elements=[*laid, *coins, *extra])


def _moved(document: TrackDocument, element_id: str, dx: float) -> TrackDocument:
    elements = [e.model_copy(update={"x_mm": e.x_mm + dx}) if e.id == element_id else e for e in document.elements]
    return document.model_copy(update={"elements": elements})


def _codes(problems) -> list[tuple]:
    return [tuple(p) for p in problems]


def test_checks_with_a_kept_context_report_what_a_fresh_run_reports():
    context = CheckContext()
    document = loop_document()
    assert _codes(run_checks(document, RULESET, context)) == _codes(run_checks(document, RULESET))
    steps = [("coin-0", 2000.0), ("coin-0", -2000.0), ("ts3", 40.0), ("coin-1", 5.0), ("ts3", -40.0)]
    codes = []
    for element_id, dx in steps:
        document = _moved(document, element_id, dx)
        kept = _codes(run_checks(document, RULESET, context))
        assert kept == _codes(run_checks(document, RULESET)), (element_id, dx)
        codes.append({problem[0] for problem in kept})
    assert "pk-off-track" in codes[0] and "pk-off-track" not in codes[1]  # the coin off the loop and back
    assert "pk-loop-open" in codes[2] and "pk-loop-open" not in codes[4]  # a section out of the loop and back


def test_off_track_asks_the_outlines_what_the_united_surface_answered():
    """pk-off-track (a tree of the outlines) flags exactly the coins the drivable surface (their union) leaves
    more than the tolerance away, coins scattered over a loop and at its edges (just in and just out)."""
    from shapely.geometry import Point

    from designer.systems.pitchkart.checks import ON_TRACK_TOLERANCE_MM
    from designer.systems.pitchkart.sections import drivable_surface

    rng = random.Random(5)
    laid = lay_chain(["curve-45"] * 8, Connector(600.0, 800.0, 0.0), INVENTORY)
    spots = [(rng.uniform(100, 1100), rng.uniform(100, 1100)) for _ in range(150)]
    half = INVENTORY.width_mm / 2  # the loop's edges lie 300 ± 85 mm about (600, 500)
    for radius in (300 + half - 0.3, 300 + half + 0.3, 300 + half + 0.7, 300 - half + 0.3, 300 - half - 0.7):
        spots += [(600 + radius * math.cos(a), 500 + radius * math.sin(a)) for a in (0.3, 1.9, 4.0)]
    coins = [new_element(RULESET, "coin", f"c{n}", x, y, 0.0) for n, (x, y) in enumerate(spots)]
    document = TrackDocument(name="Loop", ruleset="pitchkart", table=Table(width_mm=1400, height_mm=1200),
                             elements=[*laid, *coins])
    flagged = {p.ids[0] for p in run_checks(document, RULESET) if p.code == "pk-off-track"}
    surface = drivable_surface(laid, INVENTORY)
    expected = {c.id for c in coins if not surface.covers(Point(c.x_mm, c.y_mm))
                and surface.distance(Point(c.x_mm, c.y_mm)) > ON_TRACK_TOLERANCE_MM}
    assert flagged == expected and 10 < len(expected) < len(coins) - 10


@pytest.mark.parametrize("seed", range(4))
def test_outlines_made_in_one_call_are_those_made_one_by_one(seed):
    """`section_outlines` (one shapely call for a whole track) gives every corner `section_outline` gives."""
    sections = known_sections(scatter(seed), INVENTORY)
    made = section_outlines(sections, INVENTORY)
    assert len(made) == len(sections)
    for section, outline in zip(sections, made, strict=True):
        one = section_outline(section, INVENTORY)
        assert list(outline.exterior.coords) == list(one.exterior.coords) and outline.is_valid
    assert section_outlines([], INVENTORY) == []


def test_a_piece_is_looked_up_in_the_inventory_asked():
    first = INVENTORY.pieces[0]
    assert INVENTORY.piece(first.id) is first and INVENTORY.piece("no-such-piece") is None
    renamed = first.model_copy(update={"name": "Renamed"})
    other = INVENTORY.model_copy(update={"pieces": [renamed, *INVENTORY.pieces[1:]]})
    assert other.piece(first.id) is renamed and INVENTORY.piece(first.id) is first
    fewer = INVENTORY.model_copy(update={"pieces": INVENTORY.pieces[1:]})
    assert fewer.piece(first.id) is None
