"""Snapping maths of PitchKart's track sections, pure (no Qt): where a piece ends, its outline, chains of
pieces, the open connectors a new piece can snap to, whether the loop closes, the drivable surface, and
numbering along the chain.

Table millimetres, x right, y down; headings are degrees clockwise with 0 facing +x, as for every element.
A connector is the middle of a section's end edge and the heading a disc crosses it with. A section's
element holds its START connector (`x_mm`, `y_mm`, `rotation_deg`); its END connector follows exactly from
its piece: a straight moves `length_mm` ahead, a curve turns `angle_deg` about a centre `radius_mm` to its
left (to its right when `flipped`). Every size and tolerance comes from the rule data
(`pitchkart_rules(ruleset).inventory`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from designer.i18n import _
from designer.systems.pitchkart.elements import TRACK_SECTION, TrackSection

if TYPE_CHECKING:  # shapely is imported by the outlines themselves: snapping and numbering need none
    from shapely.geometry import Polygon
    from shapely.geometry.base import BaseGeometry

    from designer.systems.pitchkart.rule_data import PieceInventory, TrackPiece

#: A curve's edges are drawn as chords at most this many degrees apart (0.06 mm off a 385 mm radius).
ARC_STEP_DEG = 2.0
#: The drivable surface is joined on this grid (mm), so joints that meet to float noise leave no sliver.
UNION_GRID_MM = 1e-6
#: Placements are stored to 0.01 mm, so neighbours that should only touch may overlap by a sliver that thin;
#: an overlap counts only where it reaches deeper than this.
SLIVER_MM = 0.02

Side = Literal["start", "end"]


@dataclass(frozen=True)
class Connector:
    """The middle of a section's end edge and the heading of travel across it (degrees, [0, 360))."""

    x_mm: float
    y_mm: float
    heading_deg: float

    def __post_init__(self) -> None:
        object.__setattr__(self, "heading_deg", normalised(self.heading_deg))

    def distance_to(self, other: Connector) -> float:
        return math.hypot(other.x_mm - self.x_mm, other.y_mm - self.y_mm)


@dataclass(frozen=True)
class Joint:
    """Where one section of the route should meet the next: the gap between the end of `from_id` and the
    start of `to_id` (the last joint of a route is the loop's closure, back to its first section)."""

    from_id: str
    to_id: str
    gap_mm: float
    heading_deg: float  # the turn between the two headings, 0 ≤ … ≤ 180
    at: Connector  # the end connector of `from_id`: where the track is open if it does not meet
    joined: bool


@dataclass(frozen=True)
class OpenConnector:
    """A connector no other section meets: a new piece can snap on here (after an `end`, before a `start`)."""

    section_id: str
    side: Side
    connector: Connector


class UnknownPiece(ValueError):
    """A section names a piece the rule data's inventory does not hold."""


def normalised(heading_deg: float) -> float:
    """A heading in [0, 360)."""
    value = heading_deg % 360.0
    return 0.0 if value >= 360.0 or value == 0.0 else value


def heading_difference(a_deg: float, b_deg: float) -> float:
    """The smaller angle between two headings, 0 … 180."""
    d = (a_deg - b_deg) % 360.0
    return min(d, 360.0 - d)


def _ahead(heading_deg: float) -> tuple[float, float]:
    r = math.radians(heading_deg)
    return math.cos(r), math.sin(r)


def _left(heading_deg: float) -> tuple[float, float]:
    """The unit vector to the left of travel (on screen, with y down)."""
    r = math.radians(heading_deg)
    return math.sin(r), -math.cos(r)


def _length(piece: TrackPiece) -> float:
    return piece.length_mm or 0.0  # the rule data's validator gives every straight a length


def _radius(piece: TrackPiece) -> float:
    return piece.radius_mm or 0.0  # … and every curve a radius and an angle


def _turn(piece: TrackPiece, flipped: bool) -> float:
    """The change of heading over the piece: a left turn lowers the heading (clockwise degrees)."""
    angle = (piece.angle_deg or 0.0) if piece.kind == "curve" else 0.0
    return angle if flipped else -angle


def _centre(piece: TrackPiece, at: Connector, flipped: bool) -> tuple[float, float]:
    """The centre of a curve, from either of its connectors."""
    side = -1.0 if flipped else 1.0
    lx, ly = _left(at.heading_deg)
    return at.x_mm + side * _radius(piece) * lx, at.y_mm + side * _radius(piece) * ly


def piece_end(piece: TrackPiece, start: Connector, flipped: bool = False) -> Connector:
    """The END connector of `piece` laid from `start` (a right-hand curve when `flipped`)."""
    if piece.kind == "straight":
        ax, ay = _ahead(start.heading_deg)
        return Connector(start.x_mm + _length(piece) * ax, start.y_mm + _length(piece) * ay, start.heading_deg)
    side = -1.0 if flipped else 1.0
    cx, cy = _centre(piece, start, flipped)
    heading = start.heading_deg + _turn(piece, flipped)
    lx, ly = _left(heading)
    return Connector(cx - side * _radius(piece) * lx, cy - side * _radius(piece) * ly, heading)


def piece_start(piece: TrackPiece, end: Connector, flipped: bool = False) -> Connector:
    """Where `piece` must start to end exactly at `end` (to snap a piece on before a section)."""
    if piece.kind == "straight":
        ax, ay = _ahead(end.heading_deg)
        return Connector(end.x_mm - _length(piece) * ax, end.y_mm - _length(piece) * ay, end.heading_deg)
    side = -1.0 if flipped else 1.0
    cx, cy = _centre(piece, end, flipped)
    heading = end.heading_deg - _turn(piece, flipped)
    lx, ly = _left(heading)
    return Connector(cx - side * _radius(piece) * lx, cy - side * _radius(piece) * ly, heading)


def _edge(at: Connector, offset_mm: float) -> tuple[float, float]:
    lx, ly = _left(at.heading_deg)
    return at.x_mm + offset_mm * lx, at.y_mm + offset_mm * ly


def piece_outline(piece: TrackPiece, start: Connector, width_mm: float, flipped: bool = False) -> Polygon:
    """The piece's outline on the table: a rectangle, or an annulus sector `width_mm` wide about its centre line.
    The two end edges are computed from the connectors alone, so neighbours share them exactly."""
    from shapely.geometry import Polygon

    return Polygon(outline_points(piece, start, width_mm, flipped))


def outline_points(piece: TrackPiece, start: Connector, width_mm: float, flipped: bool = False
                   ) -> list[tuple[float, float]]:
    """The corners of `piece_outline`, the ring left open (no shapely: what the editor draws a section with)."""
    end = piece_end(piece, start, flipped)
    half = width_mm / 2.0
    if piece.kind == "straight":
        return [_edge(start, half), _edge(end, half), _edge(end, -half), _edge(start, -half)]
    side = -1.0 if flipped else 1.0
    cx, cy = _centre(piece, start, flipped)
    turn = _turn(piece, flipped)
    steps = max(2, math.ceil(abs(turn) / ARC_STEP_DEG))
    lefts = [_left(start.heading_deg + turn * i / steps) for i in range(1, steps)]

    def edge(offset: float) -> list[tuple[float, float]]:
        reach = offset - side * _radius(piece)
        inner = [(cx + reach * lx, cy + reach * ly) for lx, ly in lefts]
        return [_edge(start, offset), *inner, _edge(end, offset)]

    return [*edge(half), *reversed(edge(-half))]


def chain(pieces: Iterable[tuple[TrackPiece, bool]], start: Connector) -> list[Connector]:
    """The connectors of (piece, flipped) laid end to end from `start`: N pieces give N + 1 connectors."""
    connectors = [start]
    for piece, flipped in pieces:
        connectors.append(piece_end(piece, connectors[-1], flipped))
    return connectors


def gap(a: Connector, b: Connector) -> tuple[float, float]:
    """(distance mm, heading difference degrees) between two connectors."""
    return a.distance_to(b), heading_difference(a.heading_deg, b.heading_deg)


def meets(a: Connector, b: Connector, inventory: PieceInventory) -> bool:
    """Whether two connectors count as joined, within the rule data's tolerances."""
    distance, turn = gap(a, b)
    return distance < inventory.connect_gap_max_mm and turn < inventory.connect_heading_max_deg


# --- sections (document elements) --------------------------------------------------------------------
def track_sections(elements: Iterable[object]) -> list[TrackSection]:
    """The document's track sections, in the route's order (by number, then id)."""
    found = [e for e in elements if isinstance(e, TrackSection)]
    return sorted(found, key=lambda e: (e.number, e.id))


def section_piece(section: TrackSection, inventory: PieceInventory) -> TrackPiece:
    piece = inventory.piece(section.piece)
    if piece is None:
        raise UnknownPiece(_("track section {id} names the piece {piece}, which the set does not hold").format(
            id=repr(section.id), piece=repr(section.piece)))
    return piece


def section_start(section: TrackSection) -> Connector:
    return Connector(section.x_mm, section.y_mm, section.rotation_deg)


def section_end(section: TrackSection, inventory: PieceInventory) -> Connector:
    return piece_end(section_piece(section, inventory), section_start(section), section.flipped)


def section_outline(section: TrackSection, inventory: PieceInventory) -> Polygon:
    return piece_outline(section_piece(section, inventory), section_start(section), inventory.width_mm,
                         section.flipped)


def section_outlines(sections: Sequence[TrackSection], inventory: PieceInventory) -> list[Polygon]:
    """`section_outline` of each section (each of a known piece), made by shapely in one call: the same
    polygons, without shapely's per-geometry Python on a track of hundreds of sections."""
    import shapely

    rings = [outline_points(section_piece(s, inventory), section_start(s), inventory.width_mm, s.flipped)
             for s in sections]
    if not rings:
        return []
    corners = [point for ring in rings for point in ring]
    which = [n for n, ring in enumerate(rings) for _point in ring]
    return list(shapely.polygons(shapely.linearrings(corners, indices=which)))


def known_sections(sections: Iterable[TrackSection], inventory: PieceInventory) -> list[TrackSection]:
    """The sections whose piece the inventory holds (the others have no shape; a check names them)."""
    return [s for s in sections if inventory.piece(s.piece) is not None]


def lay_chain(layout: Sequence[str | tuple[str, bool]], start: Connector, inventory: PieceInventory,
              first_number: int = 1, id_prefix: str = "ts") -> list[TrackSection]:
    """Sections for `layout` (piece ids, or (piece id, flipped)) laid end to end from `start`, numbered on from
    `first_number`, with ids `<id_prefix><number>`."""
    specs = [(item, False) if isinstance(item, str) else item for item in layout]
    pieces = []
    for piece_id, flipped in specs:
        piece = inventory.piece(piece_id)
        if piece is None:
            raise UnknownPiece(_("the set holds no piece {piece}").format(piece=repr(piece_id)))
        pieces.append((piece, flipped))
    connectors = chain(pieces, start)
    return [TrackSection(id=f"{id_prefix}{first_number + i}", x_mm=at.x_mm, y_mm=at.y_mm, rotation_deg=at.heading_deg,
                         piece=piece.id, number=first_number + i, flipped=flipped)
            for i, ((piece, flipped), at) in enumerate(zip(pieces, connectors, strict=False))]


def joints(route: Sequence[TrackSection], inventory: PieceInventory) -> list[Joint]:
    """Each section's end against the next one's start along `route` (sections in lap order, known pieces),
    the last against the first: the loop's closure."""
    found = []
    for here, following in zip(route, [*route[1:], *route[:1]], strict=True):
        end = section_end(here, inventory)
        start = section_start(following)
        found.append(Joint(here.id, following.id, *gap(end, start), end, meets(end, start, inventory)))
    return found


def closure_gap(route: Sequence[TrackSection], inventory: PieceInventory) -> Joint | None:
    """The gap between the route's last end and its first start (None for no sections): `joined` when the
    loop closes within the rule data's tolerances."""
    return joints([route[-1], route[0]], inventory)[0] if route else None


class ConnectorIndex:
    """The connectors of some sections in a grid of cells `connect_gap_max_mm` wide (a dict keyed by the
    rounded point), so finding what meets a connector looks at the 9 cells around it, not at every section:
    the starts of all the sections given, the ends of those of a known piece."""

    def __init__(self, sections: Sequence[TrackSection], inventory: PieceInventory) -> None:
        self.inventory = inventory
        self.cell = inventory.connect_gap_max_mm if inventory.connect_gap_max_mm > 0 else 1.0
        self.starts: dict[tuple[int, int], list[tuple[int, TrackSection, Connector]]] = {}
        self.ends: dict[tuple[int, int], list[tuple[int, TrackSection, Connector]]] = {}
        #: Each indexed section's end connector, by the section record's identity.
        self.end_by_section: dict[int, Connector] = {}
        for order, section in enumerate(sections):
            start = section_start(section)
            self.starts.setdefault(self._key(start), []).append((order, section, start))
            if inventory.piece(section.piece) is not None:
                end = self.end_by_section[id(section)] = section_end(section, inventory)
                self.ends.setdefault(self._key(end), []).append((order, section, end))

    def end_of(self, section: TrackSection) -> Connector:
        """`section_end` of `section`, as indexed when it is one of the indexed sections."""
        end = self.end_by_section.get(id(section))
        return end if end is not None else section_end(section, self.inventory)

    def _key(self, at: Connector) -> tuple[int, int]:
        return math.floor(at.x_mm / self.cell), math.floor(at.y_mm / self.cell)

    def _meeting(self, table: dict, at: Connector) -> list[tuple[int, TrackSection, Connector]]:
        """The entries of `table` that meet `at`, in the sections' order."""
        kx, ky = self._key(at)
        found = [entry for dx in (-1, 0, 1) for dy in (-1, 0, 1) for entry in table.get((kx + dx, ky + dy), ())
                 if meets(at, entry[2], self.inventory)]
        return sorted(found, key=lambda entry: entry[0])

    def end_meets(self, start: Connector, other_than: str) -> bool:
        """Whether the end of a section other than `other_than` meets `start`."""
        return any(s.id != other_than for _, s, _at in self._meeting(self.ends, start))

    def start_meets(self, end: Connector, other_than: str) -> bool:
        """Whether the start of a section other than `other_than` meets `end`."""
        return any(s.id != other_than for _, s, _at in self._meeting(self.starts, end))

    def next_after(self, end: Connector, seen: set[str] | frozenset[str]) -> TrackSection | None:
        """The first section (in the order given) not in `seen` whose start meets `end`."""
        return next((s for _, s, _at in self._meeting(self.starts, end) if s.id not in seen), None)

    def open_sides(self, section: TrackSection) -> tuple[bool, bool]:
        """(start open, end open) of `section` against the indexed sections but itself: no other's end meets
        its start, no other's start its end; (False, False) for an unknown piece."""
        if self.inventory.piece(section.piece) is None:
            return False, False
        return (not self.end_meets(section_start(section), section.id),
                not self.start_meets(self.end_of(section), section.id))


def open_connectors(sections: Sequence[TrackSection], inventory: PieceInventory,
                    index: ConnectorIndex | None = None) -> list[OpenConnector]:
    """Every connector of the sections that no other section meets, section by section (start, then end).
    `index`, when given, must index exactly the sections of a known piece among `sections`."""
    shaped = known_sections(sections, inventory)
    index = index if index is not None else ConnectorIndex(shaped, inventory)
    found = []
    for section in shaped:
        start, end = section_start(section), index.end_of(section)
        if not index.end_meets(start, section.id):
            found.append(OpenConnector(section.id, "start", start))
        if not index.start_meets(end, section.id):
            found.append(OpenConnector(section.id, "end", end))
    return found


def nearest_open_connector(sections: Sequence[TrackSection], inventory: PieceInventory, x_mm: float, y_mm: float,
                           max_distance_mm: float | None = None) -> OpenConnector | None:
    """The open connector nearest the point (x_mm, y_mm), or None when there is none within `max_distance_mm`."""
    best, best_distance = None, math.inf
    for candidate in open_connectors(sections, inventory):
        distance = math.hypot(candidate.connector.x_mm - x_mm, candidate.connector.y_mm - y_mm)
        if distance < best_distance:
            best, best_distance = candidate, distance
    if best is None or (max_distance_mm is not None and best_distance > max_distance_mm):
        return None
    return best


def snapped_start(piece: TrackPiece, target: OpenConnector, flipped: bool = False) -> Connector:
    """The start connector of `piece` snapped onto `target`: starting there after an end, ending there before
    a start."""
    return target.connector if target.side == "end" else piece_start(piece, target.connector, flipped)


def drivable_surface(sections: Iterable[TrackSection], inventory: PieceInventory) -> BaseGeometry:
    """The union of the sections' outlines (empty without sections): one polygon for a joined track, with the
    infield as its hole when the loop closes."""
    import shapely
    from shapely.geometry import Polygon

    outlines = section_outlines(known_sections(sections, inventory), inventory)
    return shapely.union_all(outlines, grid_size=UNION_GRID_MM) if outlines else Polygon()


def overlapping_pairs(sections: Sequence[TrackSection], inventory: PieceInventory, min_area_mm2: float = 1.0,
                      outlines: dict[str, Polygon] | None = None) -> list[tuple[str, str, float]]:
    """(id, id, area mm²) of the sections whose outlines overlap by more than `min_area_mm2` (neighbours only
    touch, so they share no area) and deeper than a `SLIVER_MM`, in the sections' order. An STRtree of the
    outlines finds the candidates; `outlines` ({id: outline}) saves drawing them again."""
    import shapely
    from shapely import STRtree

    known = known_sections(sections, inventory)
    drawn = dict(outlines or {})
    missing = [s for s in known if s.id not in drawn]
    drawn.update(zip((s.id for s in missing), section_outlines(missing, inventory), strict=True))
    shaped = [drawn[s.id] for s in known]
    if len(shaped) < 2:
        return []
    inner = shapely.buffer(shaped, -SLIVER_MM)  # one call: the same shapes as buffering each
    left, right = STRtree(shaped).query(inner, predicate="intersects")
    found = []
    for i, j in sorted(zip(left.tolist(), right.tolist(), strict=True)):
        if j > i:
            area = shaped[i].intersection(shaped[j]).area
            if area > min_area_mm2:
                found.append((known[i].id, known[j].id, area))
    return found


# --- numbering ---------------------------------------------------------------------------------------
def numbering(sections: Sequence[TrackSection], inventory: PieceInventory, start_id: str | None = None,
              index: ConnectorIndex | None = None) -> dict[str, int]:
    """{section id: number} counted along the chain from the start section (`start_id`, else the one numbered
    lowest): 1 for the start, then each section whose start meets the previous end, until the chain ends or
    closes; sections off the chain follow in their old order. `index`, when given, must index exactly
    `track_sections(sections)`, in that order (the checks pass the run's)."""
    ordered = track_sections(sections)
    if not ordered:
        return {}
    by_id = {s.id: s for s in ordered}
    here = by_id.get(start_id) if start_id is not None else ordered[0]
    if here is None:
        raise ValueError(_("there is no track section {id}").format(id=repr(start_id)))
    route = [here]
    seen = {here.id}
    index = index if index is not None else ConnectorIndex(ordered, inventory)
    while inventory.piece(here.piece) is not None:
        following = index.next_after(index.end_of(here), seen)
        if following is None:
            break
        route.append(following)
        seen.add(following.id)
        here = following
    route += [s for s in ordered if s.id not in seen]
    return {s.id: n for n, s in enumerate(route, 1)}


def renumbered(sections: Sequence[TrackSection], inventory: PieceInventory, start_id: str | None = None
               ) -> list[TrackSection]:
    """The sections whose number `numbering` changes, as changed copies (nothing when all are right)."""
    numbers = numbering(sections, inventory, start_id)
    return [s.model_copy(update={"number": numbers[s.id]}) for s in track_sections(sections)
            if numbers[s.id] != s.number]


def new_defaults(elements: Iterable[object], kind: str) -> dict[str, object]:
    """What a section placed from the palette takes: the set's first piece and the next free number."""
    from designer.systems.pitchkart.rule_data import pitchkart_rules

    if kind != TRACK_SECTION:
        return {}
    from designer.rules.loader import load_ruleset  # here: the loader loads the systems, this one included

    rules = pitchkart_rules(load_ruleset("pitchkart"))
    highest = max((s.number for s in track_sections(elements)), default=0)
    return {"piece": rules.inventory.pieces[0].id if rules else "straight", "number": min(highest + 1, 9999)}


def runs_of(kinds: list[str], wanted: str, closed: bool) -> list[int]:
    """The lengths of the runs of `wanted` in `kinds` (joined round the end when the loop is `closed`)."""
    if closed and kinds and all(k == wanted for k in kinds):
        return [len(kinds)]
    if closed and wanted in kinds and kinds[0] == wanted:
        turn = next(i for i, k in enumerate(kinds) if k != wanted)
        kinds = kinds[turn:] + kinds[:turn]
    runs, count = [], 0
    for kind in [*kinds, ""]:
        if kind == wanted:
            count += 1
        elif count:
            runs.append(count)
            count = 0
    return runs
