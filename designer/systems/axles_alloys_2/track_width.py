"""Axles and Alloys II's race width: the track must be `axles.race_track_width_min_mm` to
`race_track_width_max_mm` wide (8–12"), measured between the barriers where there are barriers, else across
the track's surface. Checks `axles-track-too-narrow` (error) and `axles-track-too-wide` (warning).

The width is sampled every `SAMPLE_STEP_MM` along the centerline: from each sample a ray goes out to either
side, square to the direction of travel, as far as the widest track allowed; the nearest barrier it meets on
each side bounds the track there. Only a barrier running roughly along the track counts (within
`PARALLEL_MAX_DEG` of the direction of travel), so at a figure-8's crossover the other road's barriers, which
run across, are not taken for this one's. A side without such a barrier within reach is bounded by the
surface's edge (half the surface width). Consecutive samples out of bounds make one stretch, reported once
with where it runs along the lap (measured from the start/finish line when there is one), its narrowest
(or widest) width and the barriers that bound it, in the document's units. Pure geometry: no Qt.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import LineString

from designer.geometry.checks.base import CheckContext, check, problem
from designer.geometry.checks.report import Problem
from designer.geometry.footprint import placed_on
from designer.geometry.units import format_length
from designer.i18n import _
from designer.model.elements import StartFinish
from designer.systems.axles_alloys_2.elements import Barrier
from designer.systems.axles_alloys_2.rule_data import axles_rules

#: Spacing of the samples along the centerline (mm): half an inch.
SAMPLE_STEP_MM = 12.7
#: A barrier counts as bounding the track when it runs within this angle of the direction of travel.
PARALLEL_MAX_DEG = 45.0
#: Room for rounding (mm): a barrier drawn along the surface's edge is a chain of chords.
WIDTH_TOLERANCE_MM = 1.0
#: How far along a barrier its direction is read either side of a hit (mm).
DIRECTION_SPAN_MM = 2.0


def barrier_line(barrier: Barrier) -> LineString:
    """The barrier on the table: its points rotated clockwise (y down) by its rotation, then moved to x/y."""
    points = [tuple(p) for p in barrier.points]
    if barrier.closed and points[0] != points[-1]:
        points.append(points[0])
    return placed_on(LineString(points), barrier)


@dataclass(frozen=True)
class Widths:
    """The track's width at each sample along the route."""

    distance_mm: np.ndarray   # along the route
    along_mm: np.ndarray      # along the lap from the start/finish line (the route's start without one)
    points: np.ndarray        # (n, 2) centerline points
    width_mm: np.ndarray
    walled: np.ndarray        # bool: a barrier bounds at least one side
    barriers: list[tuple[str, ...]]   # per sample: the ids of the barriers bounding it (left, right)


def sample_distances(length_mm: float, closed: bool) -> np.ndarray:
    count = max(8, math.ceil(length_mm / SAMPLE_STEP_MM))
    return np.arange(count) * (length_mm / count) if closed else np.linspace(0.0, length_mm, count + 1)


def track_widths(ctx: CheckContext) -> Widths:
    """The widths of this run, worked out once for both checks, and kept for the next run while the track,
    the barriers and the start line stay the same (an edit elsewhere measures nothing again)."""
    if "axles_widths" not in ctx.run_cache:
        key = (ctx.env_version, tuple(ctx.of_class(Barrier)), tuple(ctx.of_class(StartFinish)))
        before = ctx.kept("axles_widths")
        widths = before[1] if before is not None and before[0] == key else _measure(ctx)
        ctx.keep("axles_widths", (key, widths))
        ctx.run_cache["axles_widths"] = widths
    return ctx.run_cache["axles_widths"]


def _measure(ctx: CheckContext) -> Widths:
    route = ctx.route
    rules = axles_rules(ctx.ruleset)
    reach = rules.race_track_width_max_mm if rules is not None else 2.0 * ctx.track.width_mm
    d = sample_distances(route.length, route.closed)
    x = np.interp(d, route.cumulative, route.points[:, 0])
    y = np.interp(d, route.cumulative, route.points[:, 1])
    centre = np.stack([x, y], axis=1)
    theta = np.radians(route.angles(d))
    travel = np.stack([np.cos(theta), np.sin(theta)], axis=1)
    right = np.stack([-travel[:, 1], travel[:, 0]], axis=1)   # y down: the right of travel
    half = ctx.track.width_mm / 2.0
    barriers = [(b.id, barrier_line(b)) for b in ctx.of_class(Barrier)]
    sides = []
    for normal in (-right, right):
        gap, hit = _nearest_barrier(centre, travel, centre + normal * reach, barriers)
        sides.append((np.where(hit >= 0, gap, half), hit))
    width = sides[0][0] + sides[1][0]
    walled = (sides[0][1] >= 0) | (sides[1][1] >= 0)
    names = [tuple(barriers[k][0] for k in (left, right) if k >= 0)
             for left, right in zip(sides[0][1].tolist(), sides[1][1].tolist(), strict=True)]
    return Widths(d, _along_lap(ctx, d), centre, width, walled, names)


def _nearest_barrier(centre: np.ndarray, travel: np.ndarray, ends: np.ndarray,
                     barriers: list[tuple[str, LineString]]) -> tuple[np.ndarray, np.ndarray]:
    """(distance, index into `barriers`, -1 for none) of the nearest barrier along each ray running along
    the track."""
    count = len(centre)
    gap, hit = np.full(count, np.inf), np.full(count, -1)
    if not barriers or not count:
        return gap, hit
    rays = shapely.linestrings(np.stack([centre, ends], axis=1))
    cos_max = math.cos(math.radians(PARALLEL_MAX_DEG))
    for k, (_id, line) in enumerate(barriers):
        crossing = shapely.intersection(rays, line)
        points, rows = shapely.get_coordinates(crossing, return_index=True)
        if not len(rows):
            continue
        at = shapely.line_locate_point(line, shapely.points(points))
        before = shapely.get_coordinates(shapely.line_interpolate_point(line, np.maximum(at - DIRECTION_SPAN_MM, 0)))
        after = shapely.get_coordinates(shapely.line_interpolate_point(line, at + DIRECTION_SPAN_MM))
        direction = after - before
        size = np.hypot(direction[:, 0], direction[:, 1])
        along = np.abs(np.einsum("ij,ij->i", direction, travel[rows])) >= cos_max * np.maximum(size, 1e-9)
        distance = np.hypot(points[:, 0] - centre[rows, 0], points[:, 1] - centre[rows, 1])
        for row, value in zip(rows[along].tolist(), distance[along].tolist(), strict=True):
            if value < gap[row]:
                gap[row], hit[row] = value, k
    return gap, hit


def _along_lap(ctx: CheckContext, d: np.ndarray) -> np.ndarray:
    route = ctx.route
    start = next(iter(ctx.of_class(StartFinish)), None)
    if start is None or not route.closed:
        return d
    return np.mod(d - ctx.projection(start, heading=True).distance_mm, route.length)


def stretches(bad: np.ndarray, closed: bool) -> list[np.ndarray]:
    """The runs of consecutive True samples, as arrays of sample indices (on a closed route a run may
    wrap past the last sample to the first)."""
    count = len(bad)
    if not bad.any():
        return []
    if bad.all():
        return [np.arange(count)]
    offset = int(np.flatnonzero(~bad)[0]) if closed else 0   # start after a good sample: no run is split
    order = (np.arange(count) + offset) % count
    runs, current = [], []
    for index in order.tolist():
        if bad[index]:
            current.append(index)
        elif current:
            runs.append(np.array(current))
            current = []
    if current:
        runs.append(np.array(current))
    return runs


def _ids_in_order(ctx: CheckContext, names: list[tuple[str, ...]]) -> tuple[str, ...]:
    found = {name for group in names for name in group}
    return tuple(sorted(found, key=ctx.index.__getitem__))


def _report(ctx: CheckContext, code: str, widths: Widths, bad: np.ndarray, narrow: bool) -> list[Problem]:
    units = ctx.document.display_units
    rules = axles_rules(ctx.ruleset)
    if rules is None:
        return []
    bound = rules.race_track_width_min_mm if narrow else rules.race_track_width_max_mm
    out = []
    order = np.argsort(widths.along_mm, kind="stable")   # from the start line: a whole lap reads from 0
    for run in (order[r] for r in stretches(bad[order], ctx.route.closed)):
        worst = int(run[np.argmin(widths.width_mm[run])] if narrow else run[np.argmax(widths.width_mm[run])])
        walled = bool(widths.walled[run].any())
        if narrow:
            message = _("Between the barriers, from {start} to {end} along the lap, the track is too narrow: it "
                        "needs at least {minimum}, here {width}")
        elif walled:
            message = _("Between the barriers, from {start} to {end} along the lap, the track is too wide: it "
                        "needs at most {maximum}, here {width}")
        else:
            message = _("From {start} to {end} along the lap, the track is too wide: it needs at most {maximum}, "
                        "here {width}")
        text = message.format(start=format_length(float(widths.along_mm[run[0]]), units, 0),
                              end=format_length(float(widths.along_mm[run[-1]]), units, 0),
                              minimum=format_length(bound, units, 1), maximum=format_length(bound, units, 1),
                              width=format_length(float(widths.width_mm[worst]), units, 1))
        ids = _ids_in_order(ctx, [widths.barriers[i] for i in run.tolist()])
        out.append(problem(code, text, ids, tuple(widths.points[worst].tolist())))
    return out


@check("axles-track-too-narrow", "error", needs_track=True)
def axles_track_too_narrow(ctx: CheckContext) -> list[Problem]:
    """Stretches between barriers narrower than the minimum (a surface too narrow all along is
    `track-too-narrow`'s)."""
    rules = axles_rules(ctx.ruleset)
    if rules is None or not ctx.of_class(Barrier):
        return []
    widths = track_widths(ctx)
    bad = widths.walled & (widths.width_mm < rules.race_track_width_min_mm - WIDTH_TOLERANCE_MM)
    return _report(ctx, "axles-track-too-narrow", widths, bad, narrow=True)


@check("axles-track-too-wide", "warning", needs_track=True)
def axles_track_too_wide(ctx: CheckContext) -> list[Problem]:
    rules = axles_rules(ctx.ruleset)
    if rules is None:
        return []
    if not ctx.of_class(Barrier) and ctx.track.width_mm <= rules.race_track_width_max_mm + WIDTH_TOLERANCE_MM:
        return []   # the surface alone, within bounds: nothing to sample
    widths = track_widths(ctx)
    bad = widths.width_mm > rules.race_track_width_max_mm + WIDTH_TOLERANCE_MM
    return _report(ctx, "axles-track-too-wide", widths, bad, narrow=False)
