"""The maths of the editing tools, free of Qt: grid and angle snapping, rotation about a pivot, nudge steps,
drag thresholds and rubber-band modes.

Coordinates are scene millimetres (x right, y down); angles are degrees clockwise with 0 facing +x, so a
positive rotation turns a shape clockwise on screen, as the model's `rotation_deg` does.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Literal

from designer.model.edit import normalize_angle

MM_PER_INCH = 25.4

#: Grid lines drawn on the table, (minor, major) spacing in mm, per display unit.
GRID_SPACING_MM: dict[str, tuple[float, float]] = {
    "mm": (10.0, 100.0),
    "cm": (10.0, 100.0),
    "in": (MM_PER_INCH, 6 * MM_PER_INCH),
}
#: The snap step per display unit: 10 mm for metric tables, a quarter inch for imperial ones.
SNAP_SPACING_MM: dict[str, float] = {"mm": 10.0, "cm": 10.0, "in": MM_PER_INCH / 4}

ANGLE_STEP_DEG = 15.0
NUDGE_MM = 1.0
NUDGE_LARGE_MM = 10.0
#: Pointer travel (screen pixels) below which a press and release is a click, not a drag.
DRAG_THRESHOLD_PX = 4.0

Point = tuple[float, float]
Placement = tuple[float, float, float]  # x_mm, y_mm, rotation_deg

NUDGE_DIRECTIONS: dict[str, Point] = {"left": (-1.0, 0.0), "right": (1.0, 0.0), "up": (0.0, -1.0), "down": (0.0, 1.0)}


# --- grid -------------------------------------------------------------------------------------------
def grid_spacing(units: str) -> tuple[float, float]:
    """(minor, major) grid line spacing in mm for a document's display units (mm for unknown units)."""
    return GRID_SPACING_MM.get(units, GRID_SPACING_MM["mm"])


def snap_spacing(units: str) -> float:
    """The snapping step in mm for a document's display units."""
    return SNAP_SPACING_MM.get(units, SNAP_SPACING_MM["mm"])


def snap_value(value: float, spacing: float) -> float:
    """`value` rounded to the nearest multiple of `spacing` (halves round away from zero)."""
    if spacing <= 0:
        return value
    steps = math.floor(abs(value) / spacing + 0.5)
    snapped = math.copysign(steps * spacing, value)
    return 0.0 if snapped == 0 else snapped


def snap_point(point: Point, spacing: float | None) -> Point:
    """`point` on the nearest grid crossing; unchanged when `spacing` is None (snapping off)."""
    if spacing is None:
        return point
    return snap_value(point[0], spacing), snap_value(point[1], spacing)


def drag_delta(anchor: Point, press: Point, pointer: Point, spacing: float | None = None) -> Point:
    """How far a drag moves the selection.

    The pointer went from `press` to `pointer`; the dragged element's `anchor` (its position at the press)
    follows it, landing on the grid when `spacing` is given. Every other selected element moves by the
    same delta, so the selection keeps its shape.
    """
    target = (anchor[0] + pointer[0] - press[0], anchor[1] + pointer[1] - press[1])
    target = snap_point(target, spacing)
    return target[0] - anchor[0], target[1] - anchor[1]


def is_drag(press_px: Point, pointer_px: Point, threshold: float = DRAG_THRESHOLD_PX) -> bool:
    """True once the pointer has travelled at least `threshold` screen pixels from the press."""
    return math.hypot(pointer_px[0] - press_px[0], pointer_px[1] - press_px[1]) >= threshold


# --- angles and rotation ----------------------------------------------------------------------------
def snap_angle(degrees: float, step: float = ANGLE_STEP_DEG) -> float:
    """`degrees` rounded to the nearest multiple of `step`."""
    return snap_value(degrees, step)


def angle_to(pivot: Point, point: Point) -> float:
    """The direction from `pivot` to `point` in degrees clockwise from +x (y down)."""
    return math.degrees(math.atan2(point[1] - pivot[1], point[0] - pivot[0]))


def sweep(pivot: Point, start: Point, pointer: Point, step: float | None = ANGLE_STEP_DEG) -> float:
    """The angle a rotation drag has turned through, in (-180, 180], snapped to `step` unless None."""
    turned = normalize_angle(angle_to(pivot, pointer) - angle_to(pivot, start))
    return normalize_angle(snap_angle(turned, step)) if step else turned


def rotate_point(point: Point, pivot: Point, degrees: float) -> Point:
    """`point` turned `degrees` clockwise (on a y-down screen) about `pivot`."""
    cos, sin = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    rx, ry = point[0] - pivot[0], point[1] - pivot[1]
    return pivot[0] + rx * cos - ry * sin, pivot[1] + rx * sin + ry * cos


def rotate_placements(placements: Sequence[Placement], pivot: Point, degrees: float) -> list[Placement]:
    """Each placement turned about `pivot`: positions swing round it and headings turn by `degrees`."""
    result = []
    for x, y, rotation in placements:
        nx, ny = rotate_point((x, y), pivot, degrees)
        result.append((nx, ny, normalize_angle(rotation + degrees)))
    return result


def centroid(points: Iterable[Point]) -> Point:
    """The mean of `points`: the pivot a selection turns about (its own position for a single element).

    Unlike the centre of a bounding box it stays put as the selection turns, so repeated rotations never drift.
    """
    points = list(points)
    if not points:
        raise ValueError("no points")
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


# --- keyboard ---------------------------------------------------------------------------------------
def nudge_delta(direction: str, large: bool = False, steps_mm: tuple[float, float] = (NUDGE_MM, NUDGE_LARGE_MM)
                ) -> Point:
    """The move of one arrow-key press: the small step (1 mm), or the large one (10 mm) with Shift."""
    dx, dy = NUDGE_DIRECTIONS[direction]
    step = steps_mm[1] if large else steps_mm[0]
    return dx * step, dy * step


# --- rubber band ------------------------------------------------------------------------------------
BandMode = Literal["window", "crossing"]


def band_mode(press: Point, pointer: Point) -> BandMode:
    """CAD convention: dragging rightwards selects what lies wholly inside ("window"), leftwards also
    what the band merely touches ("crossing")."""
    return "window" if pointer[0] >= press[0] else "crossing"


def band_rect(press: Point, pointer: Point) -> tuple[float, float, float, float]:
    """The normalised (left, top, width, height) of the band between two corners."""
    left, top = min(press[0], pointer[0]), min(press[1], pointer[1])
    return left, top, abs(pointer[0] - press[0]), abs(pointer[1] - press[1])
