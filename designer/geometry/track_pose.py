"""Where and which way an element dropped on the track lands: the along-track pose of the place tool.

Directional kinds (ramps, boost pads, dash panels, start/finish lines, gates) dropped on the track surface
face the direction of travel at the centerline point nearest the drop. Lines across the track (gates and
the start/finish) also move onto that centerline point and span the track's full width, as Place Gate (G)
puts them (`route.gate_across`); the others stay where they were dropped and only turn. Off the surface,
without a track, or for any other kind there is no pose: the element goes down as dropped (free placement).

Pure geometry, free of Qt: scene millimetres, y down, degrees clockwise from +x.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from designer.geometry.layout import surface_of
from designer.geometry.route import route_of
from designer.model.edit import normalize_angle
from designer.model.track import TrackDocument, TrackSurface

#: Kinds that have a front: on the track they face the direction of travel.
DIRECTIONAL_KINDS = frozenset({"ramp", "boost_pad", "dash_panel", "start_finish", "gate"})
#: Lines across the track: they snap onto the centerline and take the track's width.
ACROSS_KINDS = frozenset({"gate", "start_finish"})


class TrackPose(NamedTuple):
    x_mm: float
    y_mm: float
    rotation_deg: float
    width_mm: float | None   # the track's width for a line across it, else None (the element keeps its own)


def pose_on_track(track: TrackSurface | TrackDocument | None, kind: str, point: Sequence[float],
                  turn_deg: float = 0.0) -> TrackPose | None:
    """The pose of a `kind` dropped at `point`, or None when it is placed as dropped.

    `turn_deg` (the place tool's R / Shift+R) turns a ramp, pad or panel away from the direction of travel;
    a line across the track always faces along it.
    """
    if kind not in DIRECTIONAL_KINDS or track is None:
        return None
    try:
        surface = surface_of(track)
        route = route_of(surface)
        along, foot, dist = route.nearest((float(point[0]), float(point[1])))
        heading = route.angle(along)
    except (ValueError, IndexError):  # a document without a track, or a track too short to have a direction
        return None
    if dist > surface.width_mm / 2.0 + 1e-9:
        return None
    if kind in ACROSS_KINDS:
        return TrackPose(float(foot[0]), float(foot[1]), heading, surface.width_mm)
    return TrackPose(float(point[0]), float(point[1]), normalize_angle(heading + turn_deg), None)
