"""Authoring a board of spaces, as pure edits: laying spaces along the track, inserting and deleting one with
the rest renumbered, cycling a space's field, drawing a shortcut, and keeping shortcut arrows on their ends.

Every function returns what should change (a `BoardEdit`: ids to remove, new values of kept elements,
elements to add) so that the editor applies it as ONE undoable command. The pitch comes from the rule data
(`board.space_pitch_mm`); laps are numbered from 1 at the start space in the direction of travel.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from designer.i18n import _
from designer.model.edit import normalize_angle, placed, unique_id
from designer.model.track import TrackSurface
from designer.rules import Ruleset
from designer.systems.mk_board.elements import MAX_NUMBER, SHORTCUT, SPACE, Shortcut, Space, next_field

START = "start"


class BoardEdit(NamedTuple):
    """One board edit: remove `removed` (ids), replace `changed` (new values of kept elements), then append
    `added`."""

    removed: tuple[str, ...] = ()
    changed: tuple = ()
    added: tuple = ()

    def __bool__(self) -> bool:
        return bool(self.removed or self.changed or self.added)


def spaces_of(elements: Iterable) -> list[Space]:
    """The spaces among `elements`, in lap order (by number; ties keep the list order)."""
    return sorted((e for e in elements if e.kind == SPACE), key=lambda e: e.number)


def pitch_of(ruleset: Ruleset) -> float:
    """The distance from one space's centre to the next along the track (mm), from the rule data."""
    from designer.systems.mk_board.rule_data import board_rules

    board = board_rules(ruleset)
    if board is None:
        raise ValueError(_("The game system has no board rules"))
    return float(board.space_pitch_mm)


def slot_count(length_mm: float, pitch_mm: float, closed: bool) -> int:
    """How many spaces fit along a route of `length_mm` with centres at least `pitch_mm` apart."""
    whole = math.floor(length_mm / pitch_mm + 1e-9)
    return whole if closed else whole + 1


def min_pitch_of(ruleset: Ruleset) -> float:
    """The closest pitch the spaces may take where the line leaves no room for the full one (mm)."""
    from designer.systems.mk_board.rule_data import board_rules

    board = board_rules(ruleset)
    if board is None:
        raise ValueError(_("The game system has no board rules"))
    return float(min(board.space_min_pitch_mm, board.space_pitch_mm))


def lay_spaces(track: TrackSurface | None, elements: Sequence, ruleset: Ruleset) -> BoardEdit:
    """Spaces along the centerline, numbered from 1 at the start, no tile on another (`spacing.lay_out`: as
    many as the line's length over the rule data's pitch, one clearance between tiles all round, measured
    tile to tile, each tile turned to the line's local tangent).

    The start is the current `start` space (projected onto the track), else the track's first point. A space
    already near a new place (within half a step along the track and a step across it) stays there with its
    id and field, moved onto the line and renumbered; the others go, with the shortcuts that end on them.
    A new first space is the start when no space that stays is. Raises ValueError (one line) without a track.
    """
    from designer.geometry.route import route_of  # numpy and shapely: loaded by the first lay-out, not with
    from designer.geometry.track import track_defect  # the system (a card deck or a campaign never lays one)
    from designer.systems.mk_board.spacing import lay_out, poses

    if track is None:
        raise ValueError(_("Draw a track first: the spaces are laid along it"))
    if track_defect(track) is not None:
        raise ValueError(_("The track's centerline is not a usable track"))
    pitch = pitch_of(ruleset)
    route = route_of(track)
    length = route.length
    old = spaces_of(elements)
    start = next((s for s in old if s.field == START), None)
    origin = route.nearest((start.x_mm, start.y_mm))[0] if start is not None and route.closed else 0.0
    offsets = lay_out(route, _side(ruleset), pitch, min_pitch_of(ruleset), origin)
    if len(offsets) < 2:
        raise ValueError(_("The track is too short for two spaces {pitch} mm apart").format(pitch=f"{pitch:g}"))


    best: dict[int, tuple[float, Space]] = {}
    reach = max(pitch, track.width_mm / 2.0)
    for space in old:
        along, _foot, off = route.nearest((space.x_mm, space.y_mm))
        if off > reach:
            continue
        offset = route.wrap(along - origin) if route.closed else along
        slot, gap, step = _nearest_slot(offsets, offset, length, route.closed)
        if gap > step / 2.0 + 1e-6:
            continue
        if space is start:
            gap = -1.0  # the start keeps the first place whatever else is near it
        if slot not in best or gap < best[slot][0]:
            best[slot] = (gap, space)

    kept = {space.id for _gap, space in best.values()}
    has_start = any(space.field == START for _gap, space in best.values())
    taken = {e.id for e in elements}
    changed: list = []
    added: list = []
    for slot, (x, y, heading) in enumerate(poses(route, origin, offsets)):
        angle = normalize_angle(heading)
        if slot in best:
            space = best[slot][1]
            moved = placed(space, x, y, angle).model_copy(update={"number": slot + 1})  # placed() rounds
            if moved != space:
                changed.append(moved)
        else:
            new_id = unique_id(SPACE, taken)
            taken.add(new_id)
            field = START if slot == 0 and not has_start else "plain"
            added.append(Space(id=new_id, x_mm=x, y_mm=y, rotation_deg=angle, number=slot + 1, field=field))
    gone = [s.id for s in old if s.id not in kept]
    removed = gone + shortcuts_ending_on(elements, gone)
    where = {**{s.id: s for s in old}, **{s.id: s for s in changed}}
    changed += _replaced_shortcuts(elements, where, set(removed))
    return BoardEdit(tuple(removed), tuple(changed), tuple(added))


def _side(ruleset: Ruleset) -> float:
    from designer.systems.mk_board.rule_data import board_rules

    board = board_rules(ruleset)
    assert board is not None  # pitch_of() refused it first
    return float(board.space_size_mm)


def _nearest_slot(offsets: Sequence[float], offset: float, length: float, closed: bool) -> tuple[int, float, float]:
    """(slot, distance along the line to it, the step between it and its nearer neighbour) for `offset`."""
    count = len(offsets)
    at = bisect_left(offsets, offset)
    choices = [k % count if closed else k for k in (at - 1, at) if closed or 0 <= k < count]
    def gap(k: int) -> float:
        d = abs(offset - offsets[k])
        return min(d, length - d) if closed else d
    slot = min(choices, key=gap)
    steps = []
    for k in (slot - 1, slot + 1):
        if closed or 0 <= k < count:
            d = abs(offsets[k % count] - offsets[slot])
            steps.append(min(d, length - d) if closed else d)
    return slot, gap(slot), min(steps) if steps else length


def shortcuts_ending_on(elements: Iterable, space_ids: Iterable[str]) -> list[str]:
    """Ids of the shortcuts that start or end on one of `space_ids`, in list order."""
    ends = set(space_ids)
    return [e.id for e in elements if e.kind == SHORTCUT and (e.from_space in ends or e.to_space in ends)]


def shortcut_placement(shortcut: Shortcut, spaces: dict) -> Shortcut:
    """`shortcut` placed at the middle of its arrow and facing along it (unchanged when an end is missing)."""
    a, b = spaces.get(shortcut.from_space), spaces.get(shortcut.to_space)
    if a is None or b is None:
        return shortcut
    angle = math.degrees(math.atan2(b.y_mm - a.y_mm, b.x_mm - a.x_mm)) if (a.x_mm, a.y_mm) != (b.x_mm, b.y_mm) else 0.0
    return placed(shortcut, (a.x_mm + b.x_mm) / 2.0, (a.y_mm + b.y_mm) / 2.0, angle)


def _replaced_shortcuts(elements: Iterable, spaces: dict, removed: set[str]) -> list:
    out = []
    for e in elements:
        if e.kind == SHORTCUT and e.id not in removed:
            placed = shortcut_placement(e, spaces)
            if placed != e:
                out.append(placed)
    return out


def follow_moves(elements: Sequence, changed: Sequence) -> list:
    """The shortcuts that follow `changed` (new values of some of `elements`): each one ending on a changed
    space, or changed itself, placed at the middle of its arrow between its spaces' new places. Every such
    shortcut is returned, moved or not, so that the steps of one drag change the same elements and merge."""
    new = {e.id: e for e in changed}
    touched = {e.id for e in changed if e.kind == SPACE}
    where = {e.id: new.get(e.id, e) for e in elements if e.kind == SPACE}
    out = []
    for e in elements:
        if e.kind != SHORTCUT:
            continue
        current = new.get(e.id, e)
        if e.id in new or current.from_space in touched or current.to_space in touched:
            out.append(shortcut_placement(current, where))
    return out


def new_defaults(elements: Iterable, kind: str) -> dict:
    """What a space placed from the palette takes: the next free number (one more than the highest)."""
    if kind != SPACE:
        return {}
    highest = max((e.number for e in elements if e.kind == SPACE), default=0)
    return {"number": min(highest + 1, MAX_NUMBER)}


def delete_cascade(elements: Sequence, ids: Sequence[str]) -> tuple[list[str], list]:
    """What deleting `ids` also does: (the shortcuts ending on a deleted space, the kept spaces renumbered
    so the numbers close up: each drops by the number of deleted spaces numbered below it)."""
    deleted = set(ids)
    gone = [e for e in elements if e.kind == SPACE and e.id in deleted]
    if not gone:
        return [], []
    extra = [i for i in shortcuts_ending_on(elements, [s.id for s in gone]) if i not in deleted]
    numbers = sorted(s.number for s in gone)
    changed = []
    for e in elements:
        if e.kind == SPACE and e.id not in deleted:
            below = sum(1 for n in numbers if n < e.number)
            if below:
                changed.append(e.model_copy(update={"number": max(1, e.number - below)}))
    return extra, changed


def insert_space_after(elements: Sequence, space_id: str, track: TrackSurface | None = None,
                       ruleset: Ruleset | None = None) -> BoardEdit:
    """A new plain space between `space_id` (number k) and the next one in lap order, numbered k + 1; every
    later space moves up by one. After the last space it goes towards the first. Raises ValueError.

    With the rule data, the spaces make room for it: the whole run is laid again along the drawn line (or,
    on a board without one, along the line through the spaces' centres) with one more space, each keeping
    its id, field and place in the lap, so no tile comes to lie on another; when one more does not fit even
    at the rule data's closest pitch, nothing changes and the error says so. Without rule data, the new
    space goes half way between its neighbours."""
    from designer.systems.mk_board.rule_data import board_rules

    spaces = spaces_of(elements)
    here = next((s for s in spaces if s.id == space_id), None)
    if here is None:
        raise ValueError(_("Select a space to insert after"))
    later = [s for s in spaces if s.number > here.number]
    new_id = unique_id(SPACE, {e.id for e in elements})
    if ruleset is not None and board_rules(ruleset) is not None and len(spaces) >= 2:
        return _insert_making_room(elements, spaces, here, new_id, track, ruleset)
    after = later[0] if later else (spaces[0] if len(spaces) > 1 else None)
    if after is None or after is here:
        x, y = here.x_mm + 16.0 * math.cos(math.radians(here.rotation_deg)), here.y_mm
        angle = here.rotation_deg
    else:
        x, y = (here.x_mm + after.x_mm) / 2.0, (here.y_mm + after.y_mm) / 2.0
        angle = math.degrees(math.atan2(after.y_mm - here.y_mm, after.x_mm - here.x_mm))
    new = Space(id=new_id, x_mm=x, y_mm=y, rotation_deg=normalize_angle(angle), number=here.number + 1)
    changed = tuple(s.model_copy(update={"number": s.number + 1}) for s in later)
    return BoardEdit((), changed, (new,))


def _insert_making_room(elements: Sequence, spaces: list[Space], here: Space, new_id: str,
                        track: TrackSurface | None, ruleset: Ruleset) -> BoardEdit:
    from designer.geometry.route import route_of
    from designer.geometry.track import track_defect
    from designer.systems.mk_board.spacing import lay_out, poses

    if track is None or track_defect(track) is not None:
        centres = [(s.x_mm, s.y_mm) for s in spaces]
        track = TrackSurface(centerline=centres, closed=len(spaces) >= 3, width_mm=_side(ruleset))
        if track_defect(track) is not None:
            raise ValueError(_("There is no line to lay one more space along: draw the track first"))
    route = route_of(track)
    first = spaces[0]
    origin = route.nearest((first.x_mm, first.y_mm))[0] if route.closed else 0.0
    offsets = lay_out(route, _side(ruleset), pitch_of(ruleset), min_pitch_of(ruleset), origin, len(spaces) + 1)
    if not offsets:
        raise ValueError(_("There is no room for one more space along the track: lengthen it or delete a space"))
    at = spaces.index(here) + 1
    order: list[Space | None] = [*spaces[:at], None, *spaces[at:]]
    changed: list = []
    new: Space | None = None
    for space, (x, y, heading) in zip(order, poses(route, origin, offsets), strict=True):
        angle = normalize_angle(heading)
        if space is None:
            new = Space(id=new_id, x_mm=x, y_mm=y, rotation_deg=angle, number=here.number + 1)
            new = placed(new, x, y, angle)
            continue
        number = space.number + 1 if space.number > here.number else space.number
        moved = placed(space, x, y, angle).model_copy(update={"number": number})
        if moved != space:
            changed.append(moved)
    assert new is not None
    where = {**{s.id: s for s in spaces}, **{s.id: s for s in changed}}
    changed += _replaced_shortcuts(elements, where, set())
    return BoardEdit((), tuple(changed), (new,))


def cycled(spaces: Iterable) -> list:
    """The spaces with their field moved on one step (plain → item → … → start → plain)."""
    return [s.model_copy(update={"field": next_field(s.field)}) for s in spaces if s.kind == SPACE]


def new_shortcut(elements: Sequence, from_id: str, to_id: str) -> Shortcut:
    """A shortcut arrow from one space to another, placed between them. Raises ValueError (one line) when the
    ends are not two different spaces or the same arrow exists."""
    by_id = {e.id: e for e in elements}
    a, b = by_id.get(from_id), by_id.get(to_id)
    if a is None or b is None or a.kind != SPACE or b.kind != SPACE:
        raise ValueError(_("A shortcut runs from one space to another"))
    if from_id == to_id:
        raise ValueError(_("A shortcut needs two different spaces"))
    if any(e.kind == SHORTCUT and e.from_space == from_id and e.to_space == to_id for e in elements):
        raise ValueError(_("These two spaces already have this shortcut"))
    shortcut = Shortcut(id=unique_id(SHORTCUT, set(by_id)), x_mm=a.x_mm, y_mm=a.y_mm, from_space=from_id,
                        to_space=to_id)
    return shortcut_placement(shortcut, by_id)
