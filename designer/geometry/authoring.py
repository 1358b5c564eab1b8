"""Authoring helpers behind the editor's placement tools: item-box lines, coin trails and clusters,
dash panels from a drag, warp-pipe pairing and the clean-up of links when elements are deleted.

Pure functions (no Qt): they compute new elements or positions; the tools wrap the results in commands.
Conventions: mm, y down, rotation clockwise from +x = direction of travel; "left"/"right" are as seen
by a kart driving in the direction of travel.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence

from shapely.geometry import LineString

from designer.geometry.footprint import direction
from designer.geometry.labels import PRIME, letters
from designer.geometry.units import with_decimal_sign
from designer.i18n import _, ngettext
from designer.model.edit import normalize_angle
from designer.model.elements import Element
from designer.rules import Ruleset
from designer.rules.defaults import new_element

Pt = tuple[float, float]

#: Gap between a gate's line and the near edge of its item boxes when no distance is given (mm).
BOX_GAP_MM = 15.0
#: Clearance between the outermost boxes and the gate's ends, on top of half a box (mm).
BOX_EDGE_MARGIN_MM = 10.0
#: Boxes in one line must be at least this far apart, centre to centre, beyond their width (mm).
BOX_MIN_GAP_MM = 2.0
MAX_DASH_PADS = 20


# --- item boxes ----------------------------------------------------------------------------------
def box_id_prefix(gate_id: str) -> str:
    """Item boxes belonging to a gate's line are called `<gate id>-box-<n>`, n from 1, left to right."""
    return f"{gate_id}-box"


def gate_box_ids(gate_id: str, elements: Iterable[Element], id_prefix: str | None = None) -> list[str]:
    """Ids of the item boxes already in this gate's line (by the naming convention)."""
    pattern = re.compile(re.escape(id_prefix or box_id_prefix(gate_id)) + r"-\d+")
    return [e.id for e in elements if e.kind == "item_box" and pattern.fullmatch(e.id)]


def max_boxes_across(gate_width_mm: float, ruleset: Ruleset, margin_mm: float = BOX_EDGE_MARGIN_MM) -> int:
    """How many item boxes fit side by side across a gate of this width (0 if not even one)."""
    box_width = _box_size(ruleset)[1]
    usable = gate_width_mm - box_width - 2.0 * margin_mm
    if usable < 0:
        return 0
    return 1 + int(usable // (box_width + BOX_MIN_GAP_MM) + 1e-9)


def _box_size(ruleset: Ruleset) -> tuple[float, float]:
    size = ruleset.element_size("item_box")
    return (size.length_mm, size.width_mm) if size else (30.0, 30.0)


def fill_item_boxes(gate: Element, karts: int, ruleset: Ruleset, existing_elements: Iterable[Element] = (),
                    id_prefix: str | None = None, after_mm: float | None = None,
                    margin_mm: float = BOX_EDGE_MARGIN_MM) -> tuple[list[Element], list[str]]:
    """A line of `karts` item boxes for a gate, and the ids of the gate's old line to remove first.

    The boxes sit `after_mm` past the gate in the direction of travel (default: one box length plus
    15 mm, centre to centre), face the gate's rotation and spread evenly across it: the outermost ones
    half a box plus `margin_mm` inside the gate's ends, numbered 1..n from the left of travel. One box
    is double stacked: index `karts // 2` (0-based), the middle one for an odd count and the one just
    right of the middle for an even count (boxes 3 of 4, 2 of 3, 2 of 2). A single box is centred.
    Ids follow `<gate id>-box-<n>` (or `<id_prefix>-<n>`), which is how a re-run finds the old line.
    Raises ValueError when the boxes do not fit across the gate, or a new id is taken by something else.
    """
    if gate.kind != "gate":
        raise ValueError(f"item boxes are filled along a gate, not a {gate.kind}")
    if karts < 1:
        raise ValueError(_("at least one item box is needed"))
    box_length, box_width = _box_size(ruleset)
    if karts > max_boxes_across(gate.width_mm, ruleset, margin_mm):
        raise ValueError(ngettext("{n} item box of {box} mm does not fit across a {gate} mm gate",
                                  "{n} item boxes of {box} mm do not fit across a {gate} mm gate", karts).format(
            n=karts, box=with_decimal_sign(f"{box_width:g}"), gate=with_decimal_sign(f"{gate.width_mm:g}")))
    existing = list(existing_elements)
    prefix = id_prefix or box_id_prefix(gate.id)
    removed = gate_box_ids(gate.id, existing, prefix)
    ids = [f"{prefix}-{n}" for n in range(1, karts + 1)]
    clash = sorted({e.id for e in existing} & set(ids) - set(removed))
    if clash:
        raise ValueError(_("cannot name the new item boxes: {ids} already used by other elements").format(
            ids=", ".join(clash)))

    after = box_length + BOX_GAP_MM if after_mm is None else after_mm
    span = gate.width_mm - box_width - 2.0 * margin_mm
    dx, dy = direction(gate.rotation_deg)
    right = (-dy, dx)
    cx, cy = gate.x_mm + dx * after, gate.y_mm + dy * after
    rotation = normalize_angle(gate.rotation_deg)
    boxes = []
    for i, box_id in enumerate(ids):
        across = 0.0 if karts == 1 else -span / 2.0 + span * i / (karts - 1)
        boxes.append(new_element(ruleset, "item_box", box_id, cx + right[0] * across, cy + right[1] * across,
                                 rotation, stack=2 if i == karts // 2 else 1))
    return boxes, removed


# --- coins ---------------------------------------------------------------------------------------
def _dedupe(points: Sequence[Sequence[float]]) -> list[Pt]:
    out: list[Pt] = []
    for x, y in points:
        if not out or math.dist(out[-1], (x, y)) > 1e-9:
            out.append((float(x), float(y)))
    return out


def coin_trail(path_points: Sequence[Sequence[float]], spacing: float = 50.0,
               start_offset: float = 0.0) -> list[Pt]:
    """Coins every `spacing` mm along a dragged polyline, the first `start_offset` mm from its start.

    The end of the path gets a coin only when it falls on the spacing. A click without a drag (one
    distinct point) gives one coin there.
    """
    if spacing <= 0:
        raise ValueError(_("coin spacing must be positive"))
    points = _dedupe(path_points)
    if not points:
        return []
    if len(points) == 1:
        return [points[0]] if start_offset <= 1e-9 else []
    line = LineString(points)
    length = line.length
    out: list[Pt] = []
    distance = max(0.0, start_offset)
    while distance <= length + 1e-6:
        p = line.interpolate(min(distance, length))
        out.append((p.x, p.y))
        distance += spacing
    return out


def _hex_ring(centre: Pt, ring: int, spacing: float) -> list[Pt]:
    """The 6·ring points of a hexagonal lattice at `ring` steps from the centre, walking round from +x."""
    out: list[Pt] = []
    for side in range(6):
        corner = math.radians(60.0 * side)
        step = math.radians(60.0 * side + 120.0)
        cx = centre[0] + ring * spacing * math.cos(corner)
        cy = centre[1] + ring * spacing * math.sin(corner)
        for k in range(ring):
            out.append((cx + k * spacing * math.cos(step), cy + k * spacing * math.sin(step)))
    return out


def coin_cluster(centre: Sequence[float], count: int, spacing: float = 30.0) -> list[Pt]:
    """A neat cluster of `count` coins `spacing` mm apart (neighbour to neighbour).

    1: the centre; 2–6: a regular polygon round the centre (the first coin straight up); 7 and more: a
    hexagonal patch — the centre, full rings of 6, 12, 18 … and any remainder spread evenly round the
    next ring (7, 19, 37 … make perfect hexagons).
    """
    if count <= 0:
        return []
    if spacing <= 0:
        raise ValueError(_("coin spacing must be positive"))
    c = (float(centre[0]), float(centre[1]))
    if count == 1:
        return [c]
    if count <= 6:
        radius = spacing / (2.0 * math.sin(math.pi / count))
        return [(c[0] + radius * math.cos(a), c[1] + radius * math.sin(a))
                for a in (math.radians(-90.0 + 360.0 * i / count) for i in range(count))]
    out = [c]
    ring = 1
    while len(out) < count:
        points = _hex_ring(c, ring, spacing)
        left = count - len(out)
        if left >= len(points):
            out.extend(points)
        else:
            out.extend(points[(i * len(points)) // left] for i in range(left))
        ring += 1
    return out


# --- dash panels ---------------------------------------------------------------------------------
def dash_panel_from_drag(start: Sequence[float], end: Sequence[float], pad_length: float,
                         default_rotation: float = 0.0) -> tuple[float, float, float, int]:
    """(x, y, rotation, pads) of a dash panel laid by dragging from `start` towards `end`.

    The panel begins at `start` and points along the drag; it holds the drag length in pads rounded to
    the nearest whole pad (at least 1, at most 20), so its centre is half the panel's length from `start`.
    A click without a drag gives one pad facing `default_rotation` (e.g. the track's direction there).
    """
    if pad_length <= 0:
        raise ValueError(_("pad length must be positive"))
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    rotation = normalize_angle(math.degrees(math.atan2(dy, dx))) if length > 1e-9 else normalize_angle(default_rotation)
    pads = max(1, min(MAX_DASH_PADS, math.floor(length / pad_length + 0.5)))
    ux, uy = direction(rotation)
    half = pads * pad_length / 2.0
    return start[0] + ux * half, start[1] + uy * half, rotation, pads


# --- warp pipes and Bullet Bill links ------------------------------------------------------------
def pair_label(index: int) -> str:
    """Label of the `index`-th pipe in pairing order: A, A′, B, B′, … Z′, AA, AA′, …"""
    if index < 0:
        raise ValueError("index must not be negative")
    pair, second = divmod(index, 2)
    return letters(pair) + (PRIME if second else "")


def pipe_labels(pipes_in_list_order: Iterable[Element]) -> dict[str, str | None]:
    """{pipe id: label}: each pair gets the next letter in list order, its first pipe unprimed.

    Pipes without a partner in the list (or whose partner does not point back) get None.
    """
    pipes = [p for p in pipes_in_list_order if p.kind == "warp_pipe"]
    by_id = {p.id: p for p in pipes}
    labels: dict[str, str | None] = {}
    pairs = 0
    for pipe in pipes:
        if pipe.id in labels:
            continue
        partner = by_id.get(pipe.pair) if pipe.pair else None
        if partner is None or partner.pair != pipe.id or partner.id == pipe.id:
            labels[pipe.id] = None
            continue
        labels[pipe.id] = pair_label(2 * pairs)
        labels[partner.id] = pair_label(2 * pairs + 1)
        pairs += 1
    return labels


def auto_pair(new_pipe_id: str, pipes_in_list_order: Iterable[Element]) -> str | None:
    """The partner for a newly placed pipe: the most recent (last in list order) unpaired pipe, or None.

    A pipe counts as unpaired when its `pair` is None or names a pipe that no longer exists. The new
    pipe may or may not be in the list already. The caller sets `pair` on both pipes.
    """
    pipes = [p for p in pipes_in_list_order if p.kind == "warp_pipe" and p.id != new_pipe_id]
    ids = {p.id for p in pipes} | {new_pipe_id}
    for pipe in reversed(pipes):
        if pipe.pair is None or pipe.pair not in ids:
            return pipe.id
    return None


def link_pipes(elements: Iterable[Element], pipe_id: str, partner_id: str | None) -> list[Element]:
    """The changed pipes when `pipe_id` is paired with `partner_id` both ways (None: unpaired).

    Any other pipe that pointed at either of the two loses its link, so pairs stay mutual.
    """
    pipes = {e.id: e for e in elements if e.kind == "warp_pipe"}
    wanted: dict[str, str | None] = {pipe_id: partner_id}
    if partner_id in pipes:
        wanted[partner_id] = pipe_id
    linked = {pipe_id, partner_id}
    for other in pipes.values():
        if other.id not in wanted and other.pair in linked:
            wanted[other.id] = None
    return [pipes[i].model_copy(update={"pair": v}) for i, v in wanted.items() if i in pipes and pipes[i].pair != v]


def unpair_on_delete(elements: Iterable[Element], deleted_ids: Iterable[str]) -> list[Element]:
    """Copies of the surviving elements whose links pointed at a deleted element, with the link cleared.

    Warp pipes lose their `pair`; Bullet Bill plates lose their `launcher`.
    """
    deleted = set(deleted_ids)
    changed: list[Element] = []
    for element in elements:
        if element.id in deleted:
            continue
        if element.kind == "warp_pipe" and element.pair in deleted:
            changed.append(element.model_copy(update={"pair": None}))
        elif element.kind == "bullet_bill" and element.launcher in deleted:
            changed.append(element.model_copy(update={"launcher": None}))
    return changed
