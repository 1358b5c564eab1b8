"""What the typed `CheckContext` accessors promise: the run's document and ruleset once `update` ran, the
track only for a document that has one, elements by their kind's class; and a racing line only round a
track."""

from __future__ import annotations

import pytest

from designer.geometry.checks import CheckContext, run_checks
from designer.geometry.figures import racing_line
from designer.model import TrackDocument
from designer.model.elements import Gate, StartFinish, WarpPipe
from designer.rules import load_ruleset

from .factories import minimal_track_data

GASLANDS = load_ruleset("mk-gaslands")


def test_document_and_ruleset_are_the_runs_once_update_ran():
    ctx = CheckContext()
    with pytest.raises(RuntimeError, match="update"):
        _ = ctx.document
    with pytest.raises(RuntimeError, match="update"):
        _ = ctx.ruleset
    document = TrackDocument.model_validate(minimal_track_data())
    run_checks(document, GASLANDS, ctx)
    assert ctx.document is document and ctx.ruleset is GASLANDS
    assert ctx.track.width_mm == 250
    assert ctx.route.closed and 2000.0 < ctx.route.length < 2200.0  # a 500 mm square, corners rounded


def test_an_arena_has_no_track_to_read():
    arena = TrackDocument.model_validate(minimal_track_data(track=None))
    ctx = CheckContext()
    problems = run_checks(arena, GASLANDS, ctx)  # the track checks are skipped, the rest run
    assert all(p.code not in {"gate-off-surface", "track-too-narrow"} for p in problems)
    for read in ("track", "route", "surface"):
        with pytest.raises(RuntimeError, match="needs_track"):
            getattr(ctx, read)
    with pytest.raises(ValueError, match="arena"):
        racing_line(arena, GASLANDS)


def test_of_class_gives_the_elements_of_that_kind_in_document_order():
    ctx = CheckContext()
    ctx.update(TrackDocument.model_validate(minimal_track_data()), GASLANDS)
    assert [(g.id, g.order) for g in ctx.of_class(Gate)] == [("g1", 1)]
    assert [s.width_mm for s in ctx.of_class(StartFinish)] == [250]
    assert [(p.id, p.pair) for p in ctx.of_class(WarpPipe)] == [("p1", "p2"), ("p2", "p1")]
