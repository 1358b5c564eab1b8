"""Cutter files: what a maker cuts on a laser or a vinyl plotter, as SVG or DXF in millimetres at 1:1.

A system's print section that has something to cut (`designer.systems.api.PrintSection.cut_parts`) gives a
list of `CutPart`s: a closed shapely outline, open score lines (folds, marks) and engraved text, in part-local
millimetres, y down. This module — pure, shared, it never names a system — grows each outline by half the
kerf (the beam runs outside the part, so the part comes out at its true size), shelf-packs the parts onto
sheets of a given size with a gap between them and round the sheet's edge (turning a part a quarter when it
fits only that way, or lies flatter so), and writes one file per sheet with one layer per operation:
`cut` (closed paths), `score` (open paths) and `engrave` (text).

SVG is written by hand (mm width and height, a viewBox in mm, Inkscape layers); DXF by ezdxf (units mm,
closed LWPOLYLINEs, TEXT), y turned up as DXF has it.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, replace
from xml.sax.saxutils import escape

from shapely import affinity
from shapely.geometry import MultiPolygon, Polygon, box
from shapely.geometry.base import BaseGeometry

from designer.export.paper import LayoutError, fmt_mm
from designer.i18n import _

Point = tuple[float, float]

#: The layers, one per operation, in the order a machine should run them (engrave and score before the cut
#: frees the part).
ENGRAVE, SCORE, CUT = "engrave", "score", "cut"
LAYERS: tuple[str, ...] = (ENGRAVE, SCORE, CUT)
#: The usual laser-software colours: red cuts, blue scores, black engraves (SVG stroke; DXF colour index).
SVG_COLOURS = {CUT: "#ff0000", SCORE: "#0000ff", ENGRAVE: "#000000"}
DXF_COLOURS = {CUT: 1, SCORE: 5, ENGRAVE: 7}
FORMATS: tuple[str, ...] = ("svg", "dxf")
#: Segments per quarter circle of a round outline: 0.1 mm off the true circle for a 100 mm disc.
QUAD_SEGMENTS = 32


@dataclass(frozen=True)
class Engraving:
    """A line of text to engrave: centred on (x, y) (or starting there, `anchor` "start"), `size_mm` tall
    (the font size), turned `angle_deg` clockwise (y down)."""

    text: str
    x: float
    y: float
    size_mm: float = 3.0
    angle_deg: float = 0.0
    anchor: str = "middle"


@dataclass(frozen=True)
class CutPart:
    """One piece to cut: its `outline` (a shapely polygon, or several), the `score` lines on it (open
    polylines) and its `engrave` text, all in mm, y down; `name` says what it is in a refusal."""

    outline: Polygon | MultiPolygon
    score: tuple[tuple[Point, ...], ...] = ()
    engrave: tuple[Engraving, ...] = ()
    name: str = ""

    @property
    def size(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.outline.bounds
        return x1 - x0, y1 - y0

    def moved(self, dx: float, dy: float) -> CutPart:
        return CutPart(affinity.translate(self.outline, dx, dy),
                       tuple(tuple((x + dx, y + dy) for x, y in line) for line in self.score),
                       tuple(replace(e, x=e.x + dx, y=e.y + dy) for e in self.engrave), self.name)

    def turned(self) -> CutPart:
        """The part turned a quarter clockwise (y down) about the origin."""
        return CutPart(affinity.rotate(self.outline, 90.0, origin=(0, 0)),
                       tuple(tuple((-y, x) for x, y in line) for line in self.score),
                       tuple(replace(e, x=-e.y, y=e.x, angle_deg=e.angle_deg + 90.0) for e in self.engrave), self.name)

    def at_origin(self) -> CutPart:
        """The part moved so its outline's box starts at (0, 0)."""
        x0, y0, _x1, _y1 = self.outline.bounds
        return self.moved(-x0, -y0)


@dataclass(frozen=True)
class CutOptions:
    """The sheet the parts are packed on (mm), the gap between parts and round the edge, and the kerf (the
    width the beam or blade takes away; 0: none)."""

    sheet_w: float = 210.0
    sheet_h: float = 297.0
    gap_mm: float = 3.0
    kerf_mm: float = 0.0


def rectangle(w: float, h: float, x: float = 0.0, y: float = 0.0) -> Polygon:
    return box(x, y, x + w, y + h)


def circle(cx: float, cy: float, r: float) -> Polygon:
    from shapely.geometry import Point as ShapelyPoint

    return ShapelyPoint(cx, cy).buffer(r, quad_segs=QUAD_SEGMENTS)


def with_kerf(part: CutPart, kerf_mm: float) -> CutPart:
    """The part with its outline grown by half the kerf all round (mitred corners stay square)."""
    if kerf_mm <= 0:
        return part
    grown = part.outline.buffer(kerf_mm / 2, join_style="mitre", quad_segs=QUAD_SEGMENTS)
    return replace(part, outline=grown)


# --- packing ---------------------------------------------------------------------------------------
def _oriented(part: CutPart, options: CutOptions) -> CutPart:
    """The part as it goes on the sheet: lying down (wider than tall) when it fits so, else as it fits."""
    room_w, room_h = options.sheet_w - 2 * options.gap_mm, options.sheet_h - 2 * options.gap_mm
    part = part.at_origin()
    turned = part.turned().at_origin()
    w, h = part.size
    choices = [p for p in ((part, turned) if w >= h - 1e-9 else (turned, part))
               if p.size[0] <= room_w + 1e-6 and p.size[1] <= room_h + 1e-6]
    if not choices:
        raise LayoutError(_("{part} ({w} × {h} mm) does not fit on a {sw} × {sh} mm sheet with a {gap} mm gap")
                          .format(part=part.name or _("a part"), w=fmt_mm(w), h=fmt_mm(h), sw=fmt_mm(options.sheet_w),
                                  sh=fmt_mm(options.sheet_h), gap=fmt_mm(options.gap_mm)))
    return choices[0]


def pack(parts: Sequence[CutPart], options: CutOptions) -> list[list[CutPart]]:
    """Shelves, tallest parts first: each part right of the last in its shelf while the sheet is wide enough,
    else on a new shelf below, else on a new sheet; `gap_mm` between parts and from the sheet's edge. The
    kerf is added first. Returns each sheet's parts, moved to their places."""
    g = options.gap_mm
    room_w, room_h = options.sheet_w - 2 * g, options.sheet_h - 2 * g
    if room_w <= 0 or room_h <= 0:
        raise LayoutError(_("a {w} × {h} mm sheet leaves no room inside a {gap} mm gap").format(
            w=fmt_mm(options.sheet_w), h=fmt_mm(options.sheet_h), gap=fmt_mm(g)))
    ready = [_oriented(with_kerf(p, options.kerf_mm), options) for p in parts]
    ready.sort(key=lambda p: (-p.size[1], -p.size[0]))
    sheets: list[list[CutPart]] = []
    x = y = shelf_h = 0.0
    for part in ready:
        w, h = part.size
        if not sheets:
            sheets.append([])
        elif x + w > room_w + 1e-6:
            x, y, shelf_h = 0.0, y + shelf_h + g, 0.0
        if y + h > room_h + 1e-6:
            sheets.append([])
            x = y = shelf_h = 0.0
        sheets[-1].append(part.moved(g + x, g + y))
        x += w + g
        shelf_h = max(shelf_h, h)
    return sheets


# --- what a sheet holds, by layer ----------------------------------------------------------------------
def _rings(outline: BaseGeometry) -> list[list[Point]]:
    polygons = list(outline.geoms) if isinstance(outline, MultiPolygon) else [outline]
    rings = []
    for polygon in polygons:
        for ring in (polygon.exterior, *polygon.interiors):
            coords = [(float(x), float(y)) for x, y in ring.coords]
            rings.append(coords[:-1] if len(coords) > 1 and coords[0] == coords[-1] else coords)
    return rings


def cut_paths(parts: Sequence[CutPart]) -> list[list[Point]]:
    """Every closed path of the `cut` layer (outlines and their holes), without the repeated first point."""
    return [ring for part in parts for ring in _rings(part.outline)]


def score_paths(parts: Sequence[CutPart]) -> list[list[Point]]:
    return [list(line) for part in parts for line in part.score if len(line) >= 2]


def engravings(parts: Sequence[CutPart]) -> list[Engraving]:
    return [e for part in parts for e in part.engrave if e.text.strip()]


# --- SVG -------------------------------------------------------------------------------------------
def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _d(points: Sequence[Point], closed: bool) -> str:
    head, *rest = points
    d = f"M {_n(head[0])} {_n(head[1])} " + " ".join(f"L {_n(x)} {_n(y)}" for x, y in rest)
    return d + (" Z" if closed else "")


def svg_sheet(parts: Sequence[CutPart], options: CutOptions, title: str = "") -> bytes:
    """One sheet as SVG: width and height in mm, a viewBox in mm (so 1 user unit = 1 mm), a layer per
    operation (a `<g>` Inkscape shows as a layer, its id the layer's name)."""
    w, h = _n(options.sheet_w), _n(options.sheet_h)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"'
           f' version="1.1" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">']
    if title:
        out.append(f"<title>{escape(title)}</title>")
    for layer in LAYERS:
        colour = SVG_COLOURS[layer]
        paint = (f'fill="{colour}" stroke="none" font-family="sans-serif"' if layer == ENGRAVE
                 else f'fill="none" stroke="{colour}" stroke-width="0.1" stroke-linejoin="round"')
        out.append(f'<g id="{layer}" inkscape:groupmode="layer" inkscape:label="{layer}" {paint}>')
        if layer == CUT:
            out += [f'<path d="{_d(ring, True)}"/>' for ring in cut_paths(parts) if len(ring) >= 3]
        elif layer == SCORE:
            out += [f'<path d="{_d(line, False)}"/>' for line in score_paths(parts)]
        else:
            for e in engravings(parts):
                # translate-then-rotate rather than rotate(a x y): simple SVG readers know this form
                turn = f" rotate({_n(e.angle_deg)})" if e.angle_deg % 360 else ""
                anchor = "start" if e.anchor == "start" else "middle"
                out.append(f'<text transform="translate({_n(e.x)} {_n(e.y)}){turn}" font-size="{_n(e.size_mm)}"'
                           f' text-anchor="{anchor}" dominant-baseline="central">{escape(e.text)}</text>')
        out.append("</g>")
    out.append("</svg>")
    return ("\n".join(out) + "\n").encode("utf-8")


# --- DXF -------------------------------------------------------------------------------------------
def dxf_sheet(parts: Sequence[CutPart], options: CutOptions, title: str = "") -> bytes:
    """One sheet as DXF (R2010, units mm): closed LWPOLYLINEs on `cut`, open ones on `score`, TEXT on
    `engrave`; y up, the sheet's bottom-left corner at the origin."""
    import ezdxf
    from ezdxf.enums import TextEntityAlignment

    doc = ezdxf.new("R2010", units=ezdxf.units.MM)
    doc.header["$EXTMIN"] = (0, 0, 0)
    doc.header["$EXTMAX"] = (options.sheet_w, options.sheet_h, 0)
    if title:
        doc.header["$PROJECTNAME"] = title[:200]
    for layer in LAYERS:
        doc.layers.add(layer, color=DXF_COLOURS[layer])
    msp = doc.modelspace()
    top = options.sheet_h

    def up(points: Sequence[Point]) -> list[Point]:
        return [(x, top - y) for x, y in points]

    for ring in cut_paths(parts):
        if len(ring) >= 3:
            msp.add_lwpolyline(up(ring), close=True, dxfattribs={"layer": CUT})
    for line in score_paths(parts):
        msp.add_lwpolyline(up(line), close=False, dxfattribs={"layer": SCORE})
    for e in engravings(parts):
        text = msp.add_text(e.text, height=e.size_mm * 0.72, rotation=-e.angle_deg, dxfattribs={"layer": ENGRAVE})
        align = TextEntityAlignment.MIDDLE_LEFT if e.anchor == "start" else TextEntityAlignment.MIDDLE_CENTER
        text.set_placement((e.x, top - e.y), align=align)
    stream = io.StringIO()
    doc.write(stream)
    return stream.getvalue().encode("utf-8")


def pack_sheets(parts: Sequence[CutPart], options: CutOptions) -> list[list[CutPart]]:
    """`pack` after the checks: a one-line LayoutError when there is nothing to cut or a part does not fit."""
    if not parts:
        raise LayoutError(_("there is nothing to cut"))
    if options.kerf_mm < 0 or options.gap_mm < 0:
        raise LayoutError(_("the kerf and the gap cannot be negative"))
    return pack(parts, options)


def write(sheets: Sequence[Sequence[CutPart]], options: CutOptions, fmt: str, title: str = "") -> list[bytes]:
    """Packed sheets as files of `fmt` ("svg" or "dxf"), one file's bytes per sheet."""
    if fmt not in FORMATS:
        raise LayoutError(_("a cutter file is SVG or DXF, not '{format}'").format(format=fmt))
    writer = svg_sheet if fmt == "svg" else dxf_sheet
    return [writer(sheet, options, title) for sheet in sheets]


def write_sheets(parts: Sequence[CutPart], options: CutOptions, fmt: str, title: str = "") -> list[bytes]:
    """The parts packed and written, one file's bytes per sheet."""
    return write(pack_sheets(parts, options), options, fmt, title)


def preview_pdf(sheets: Sequence[Sequence[CutPart]], options: CutOptions, title: str = "") -> bytes:
    """What the cutter files hold, one PDF page per sheet at the sheet's size, each layer in its colour: the
    print dialog's preview (the files themselves are what is saved)."""
    from reportlab.lib.colors import HexColor

    from designer.export import pdf
    from designer.export.paper import Paper

    buffer = io.BytesIO()
    c = pdf.new_canvas(buffer, title, _("cutter file"))
    paper = Paper("sheet", options.sheet_w, options.sheet_h)
    for sheet in sheets:
        pdf.start_page(c, paper)
        with pdf.mm_frame(c, paper):
            c.setLineWidth(pdf.pt(0.5))
            for layer, paths in ((SCORE, score_paths(sheet)), (CUT, cut_paths(sheet))):
                c.setStrokeColor(HexColor(SVG_COLOURS[layer]))
                for points in paths:
                    c.drawPath(pdf.polygon_path(c, points, close=layer == CUT), stroke=1, fill=0)
            for e in engravings(sheet):
                anchor = "start" if e.anchor == "start" else "middle"
                pdf.text(c, e.x, e.y, e.text, e.size_mm * pdf.MM, pdf.FONT, anchor, HexColor(SVG_COLOURS[ENGRAVE]),
                         middle=True, angle=e.angle_deg)
        c.showPage()
    c.save()
    return buffer.getvalue()
