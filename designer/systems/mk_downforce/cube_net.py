"""A cube's net for the printed item die: pure geometry in face units (one face = a 1 × 1 square, y down).

The net is a set of grid cells. `fold()` rolls a cube across the grid, cell by cell, and says which side of
the cube each cell lands on, so a net proves itself valid (six different sides); `opposite()` and
`place_faces()` use that to put equal faces (the two Coins) on opposite sides. Every edge of a cell that no
other cell shares is a free edge: a valid net has 14, and they meet in 7 pairs when folded (`edge_pairs()`).
`tabs()` puts one glue tab (a trapezoid) on one edge of every pair, choosing edges so that no tab overlaps
another or a face. The drawing (`die_net.py`) scales these unit shapes to the die size.

The printed side is the outside: the net lies printed side up, the first cell is the cube's top (+z) and
every other cell folds down, away from the viewer.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

Cell = tuple[int, int]
Vector = tuple[int, int, int]
Point = tuple[float, float]

#: The cross: a column of four with one face each side of the second. Listed so that cells 0/1, 2/3 and 4/5
#: are opposite sides once folded (the side arms, the column's first and third, its second and fourth).
CROSS: tuple[Cell, ...] = ((0, 1), (2, 1), (1, 0), (1, 2), (1, 1), (1, 3))
#: The four directions in the grid, y down: (dx, dy).
DIRECTIONS: dict[str, Cell] = {"east": (1, 0), "west": (-1, 0), "south": (0, 1), "north": (0, -1)}
TAB_DEPTH = 0.4
TAB_INSET = 0.3


class NetError(ValueError):
    """Cells that do not fold into a cube, or tabs that cannot be placed; `str()` is one line."""


@dataclass(frozen=True)
class Edge:
    """Side `direction` of the net's cell number `cell`."""

    cell: int
    direction: str


@dataclass(frozen=True)
class Tab:
    """A glue tab on `edge`, glued under the face of `partner` (the edge it meets when folded)."""

    edge: Edge
    partner: Edge
    polygon: tuple[Point, ...]


def _neg(v: Vector) -> Vector:
    return (-v[0], -v[1], -v[2])


@dataclass(frozen=True)
class _Frame:
    """Where a cell lies on the cube: its outward normal, and where the grid's +x and +y point."""

    normal: Vector
    u: Vector
    v: Vector

    def roll(self, direction: str) -> _Frame:
        n, u, v = self.normal, self.u, self.v
        if direction == "east":
            return _Frame(u, _neg(n), v)
        if direction == "west":
            return _Frame(_neg(u), n, v)
        if direction == "south":
            return _Frame(v, u, _neg(n))
        return _Frame(_neg(v), u, n)

    def towards(self, direction: str) -> Vector:
        """The outward normal of the side this cell's edge `direction` folds onto."""
        return {"east": self.u, "west": _neg(self.u), "south": self.v, "north": _neg(self.v)}[direction]


def _frames(cells: Sequence[Cell]) -> dict[int, _Frame]:
    index = {cell: i for i, cell in enumerate(cells)}
    if len(index) != len(cells) or not cells:
        raise NetError("a net needs distinct cells")
    frames = {0: _Frame((0, 0, 1), (1, 0, 0), (0, -1, 0))}
    todo = [0]
    while todo:
        i = todo.pop()
        x, y = cells[i]
        for direction, (dx, dy) in DIRECTIONS.items():
            j = index.get((x + dx, y + dy))
            if j is not None and j not in frames:
                frames[j] = frames[i].roll(direction)
                todo.append(j)
    if len(frames) != len(cells):
        raise NetError("the net's cells are not all joined")
    return frames


def fold(cells: Sequence[Cell]) -> dict[int, Vector]:
    """{cell index: the outward normal of the cube side it folds onto}; raises NetError unless it is a cube."""
    sides = {i: frame.normal for i, frame in _frames(cells).items()}
    if len(cells) != 6 or len(set(sides.values())) != 6:
        raise NetError("the cells do not fold into a cube")
    return sides


def opposite(cells: Sequence[Cell], a: int, b: int) -> bool:
    sides = fold(cells)
    return sides[a] == _neg(sides[b])


def free_edges(cells: Sequence[Cell]) -> list[Edge]:
    """Every cell side no other cell of the net shares: where the net is cut out."""
    taken = set(cells)
    return [Edge(i, d) for i, (x, y) in enumerate(cells) for d, (dx, dy) in DIRECTIONS.items()
            if (x + dx, y + dy) not in taken]


def fold_lines(cells: Sequence[Cell]) -> list[tuple[Point, Point]]:
    """The sides two cells share (each once), as segments in face units."""
    taken = set(cells)
    out = []
    for x, y in cells:
        if (x + 1, y) in taken:
            out.append(((x + 1.0, float(y)), (x + 1.0, y + 1.0)))
        if (x, y + 1) in taken:
            out.append(((float(x), y + 1.0), (x + 1.0, y + 1.0)))
    return out


def cube_edge(cells: Sequence[Cell], edge: Edge) -> frozenset[Vector]:
    """The cube edge a cell side lands on, named by the two sides it joins."""
    frame = _frames(cells)[edge.cell]
    return frozenset((frame.normal, frame.towards(edge.direction)))


def edge_pairs(cells: Sequence[Cell]) -> list[tuple[Edge, Edge]]:
    """The free edges that meet when the net is folded, in pairs (a valid net: 7 pairs of its 14)."""
    fold(cells)
    groups: dict[frozenset[Vector], list[Edge]] = {}
    for edge in free_edges(cells):
        groups.setdefault(cube_edge(cells, edge), []).append(edge)
    if any(len(g) != 2 for g in groups.values()):
        raise NetError("free edges that do not pair up")
    return [(g[0], g[1]) for g in groups.values()]


def segment(cells: Sequence[Cell], edge: Edge) -> tuple[Point, Point]:
    """The edge's ends, clockwise round its cell (so a tab's outside is on the left going from one to the other)."""
    x, y = cells[edge.cell]
    return {"north": ((x, y), (x + 1, y)), "east": ((x + 1, y), (x + 1, y + 1)),
            "south": ((x + 1, y + 1), (x, y + 1)), "west": ((x, y + 1), (x, y))}[edge.direction]


def tab_polygon(cells: Sequence[Cell], edge: Edge, depth: float = TAB_DEPTH, inset: float = TAB_INSET
                ) -> tuple[Point, ...]:
    """The trapezoid on the outside of `edge`: its base is the edge, its far side `inset` shorter at each end."""
    (x0, y0), (x1, y1) = segment(cells, edge)
    dx, dy = DIRECTIONS[edge.direction]
    ux, uy = x1 - x0, y1 - y0  # unit length along the edge
    return ((float(x0), float(y0)), (float(x1), float(y1)),
            (x1 + dx * depth - ux * inset, y1 + dy * depth - uy * inset),
            (x0 + dx * depth + ux * inset, y0 + dy * depth + uy * inset))


def _axes(poly: Sequence[Point]) -> list[Point]:
    return [(-(b[1] - a[1]), b[0] - a[0]) for a, b in zip(poly, [*poly[1:], poly[0]], strict=True)]


def overlap(a: Sequence[Point], b: Sequence[Point], gap: float = 1e-9) -> bool:
    """Whether two convex polygons share more than a boundary (separating axis test)."""
    for ax, ay in _axes(a) + _axes(b):
        pa = [x * ax + y * ay for x, y in a]
        pb = [x * ax + y * ay for x, y in b]
        if max(pa) <= min(pb) + gap or max(pb) <= min(pa) + gap:
            return False
    return True


def square(cell: Cell) -> tuple[Point, ...]:
    x, y = cell
    return ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))


def tabs(cells: Sequence[Cell], depth: float = TAB_DEPTH, inset: float = TAB_INSET) -> list[Tab]:
    """One tab per pair of meeting edges, on the edge of each pair that keeps every tab clear of the faces and
    of each other (the first such choice, trying the pairs' first edges first); raises NetError if none does."""
    pairs = edge_pairs(cells)
    faces = [square(cell) for cell in cells]
    for choice in itertools.product((0, 1), repeat=len(pairs)):
        placed: list[Tab] = []
        for (a, b), pick in zip(pairs, choice, strict=True):
            edge, partner = (a, b) if pick == 0 else (b, a)
            poly = tab_polygon(cells, edge, depth, inset)
            if any(overlap(poly, f) for f in faces) or any(overlap(poly, t.polygon) for t in placed):
                break
            placed.append(Tab(edge, partner, poly))
        else:
            return placed
    raise NetError("no way to place the glue tabs without overlaps")


def bounds(cells: Sequence[Cell], placed: Sequence[Tab]) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the faces and tabs, in face units."""
    points = [p for cell in cells for p in square(cell)] + [p for t in placed for p in t.polygon]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def place_faces(cells: Sequence[Cell], faces: Sequence[str]) -> list[str]:
    """The faces in cell order, a face that comes twice on two opposite sides (the die's two Coins)."""
    if len(faces) != len(cells):
        raise NetError("a die needs one face per cell")
    sides = fold(cells)
    pairs = [(i, j) for i, j in itertools.combinations(range(len(cells)), 2) if sides[i] == _neg(sides[j])]
    slots: list[str | None] = [None] * len(cells)
    rest = list(faces)
    for name in dict.fromkeys(faces):
        while rest.count(name) >= 2:
            free = next(((i, j) for i, j in pairs if slots[i] is None and slots[j] is None), None)
            if free is None:
                break
            slots[free[0]] = slots[free[1]] = name
            rest.remove(name)
            rest.remove(name)
    for i in range(len(slots)):
        if slots[i] is None:
            slots[i] = rest.pop(0)
    return [s for s in slots if s is not None]
