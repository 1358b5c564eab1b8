"""Cutter files (`export --format svg|dxf`, `designer/export/cutfile.py`), read back: the SVG with xml.etree, the
DXF with ezdxf. Sizes are measured on the written paths (mm at 1:1), every cut path must be closed, each
operation on its own layer, the kerf grows an outline by half of it, and the packed parts stay on the sheet
with the gap between them and round the edge."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from itertools import combinations
from pathlib import Path

import ezdxf
import pytest
from shapely.geometry import LineString, Polygon

from designer.export import LayoutError
from designer.export.bundle import blank_document, export_cut
from designer.export.cutfile import CutOptions, CutPart, Engraving, circle, pack, rectangle, write_sheets
from designer.io.track_io import load_track
from designer.rules import load_ruleset
from designer.systems import registry
from designer.systems.mk_board.rule_data import board_rules
from designer.systems.mk_downforce.rule_data import downforce_rules
from tests.unit.cli_runner import refused, run

SVG = "{http://www.w3.org/2000/svg}"
TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
NUMBER = r"-?\d+(?:\.\d+)?"


# --- reading the files back ------------------------------------------------------------------------
def svg_layers(data: bytes) -> dict[str, ET.Element]:
    root = ET.fromstring(data)
    return {g.get("id", ""): g for g in root.iter(f"{SVG}g")}


def svg_paths(data: bytes, layer: str) -> list[tuple[list[tuple[float, float]], bool]]:
    """Each path of `layer` as (its points, closed)."""
    out = []
    for path in svg_layers(data)[layer].iter(f"{SVG}path"):
        d = path.get("d", "")
        numbers = [float(n) for n in re.findall(NUMBER, d)]
        out.append((list(zip(numbers[::2], numbers[1::2], strict=True)), d.rstrip().endswith("Z")))
    return out


def svg_texts(data: bytes) -> list[str]:
    return [t.text or "" for t in svg_layers(data)["engrave"].iter(f"{SVG}text")]


def dxf_doc(data: bytes):
    import io

    return ezdxf.read(io.StringIO(data.decode("utf-8")))


def size(points: list[tuple[float, float]]) -> tuple[float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return round(max(xs) - min(xs), 2), round(max(ys) - min(ys), 2)


def gaslands_templates(fmt: str, cut: CutOptions) -> list[bytes]:
    ruleset = load_ruleset("mk-gaslands")
    return export_cut(blank_document(ruleset), "templates", fmt, cut, ruleset=ruleset, blank=True)


# --- the Gaslands templates ------------------------------------------------------------------------------
def test_svg_is_in_millimetres_with_a_viewbox_and_three_layers():
    (data,) = gaslands_templates("svg", CutOptions(600.0, 400.0))
    root = ET.fromstring(data)
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("600mm", "400mm", "0 0 600 400")
    assert set(svg_layers(data)) == {"cut", "score", "engrave"}


def test_svg_templates_measure_their_rule_data_sizes_and_every_cut_is_closed():
    ruleset = load_ruleset("mk-gaslands")
    (data,) = gaslands_templates("svg", CutOptions(600.0, 400.0))
    cuts = svg_paths(data, "cut")
    assert cuts and all(closed for _points, closed in cuts)
    assert len(cuts) == len(ruleset.templates.straights) + len(ruleset.templates.turns)
    sizes = sorted(size(points) for points, _closed in cuts)
    for straight in ruleset.templates.straights:
        assert (straight.length_mm, 35.0) in sizes  # lying down on the sheet
    assert (75.0, 35.0) in sizes  # the Short template
    # the shorter straights' reach marks are scored, open lines, two per shorter straight on each longer one
    scores = svg_paths(data, "score")
    lengths = sorted(s.length_mm for s in ruleset.templates.straights)
    assert len(scores) == sum(2 * i for i in range(len(lengths)))
    assert not any(closed for _points, closed in scores)
    texts = svg_texts(data)
    assert "Short" in texts and "75 mm" in texts
    assert any("approximate" in t for t in texts)  # the turns' radii are marked approximate, as on the PDF


def test_dxf_templates_read_back_in_mm_on_their_layers_all_cut_polylines_closed():
    (data,) = gaslands_templates("dxf", CutOptions(600.0, 400.0))
    doc = dxf_doc(data)
    assert doc.units == ezdxf.units.MM
    assert {"cut", "score", "engrave"} <= {layer.dxf.name for layer in doc.layers}
    msp = doc.modelspace()
    cuts = msp.query('LWPOLYLINE[layer=="cut"]')
    assert len(cuts) == 6 and all(p.closed for p in cuts)
    sizes = [size([(x, y) for x, y, *_rest in p.get_points()]) for p in cuts]
    assert (75.0, 35.0) in sizes and (150.0, 35.0) in sizes
    assert all(not p.closed for p in msp.query('LWPOLYLINE[layer=="score"]'))
    assert {t.dxf.text for t in msp.query('TEXT[layer=="engrave"]')} >= {"Short", "Medium", "Long"}
    # y is up in a DXF: every point lies on the sheet
    points = [pt for p in msp.query("LWPOLYLINE") for pt in p.get_points()]
    assert all(0 <= x <= 600 and 0 <= y <= 400 for x, y, *_rest in points)


def test_kerf_grows_every_outline_by_half_of_it_all_round():
    kerf = 0.4
    (data,) = gaslands_templates("svg", CutOptions(600.0, 400.0, kerf_mm=kerf))
    sizes = [size(points) for points, _closed in svg_paths(data, "cut")]
    assert (75.4, 35.4) in sizes and (75.0, 35.0) not in sizes
    part = CutPart(rectangle(75.0, 35.0))
    (placed,), = pack([part], CutOptions(200.0, 100.0, gap_mm=3.0, kerf_mm=kerf))
    x0, y0, x1, y1 = placed.outline.bounds
    assert (round(x1 - x0, 6), round(y1 - y0, 6)) == (75.4, 35.4)
    assert placed.outline.area == pytest.approx(75.4 * 35.4)  # mitred: the corners stay square


# --- packing ---------------------------------------------------------------------------------------
def test_packed_parts_stay_on_the_sheet_with_the_gap_between_them_and_round_the_edge():
    parts = [CutPart(rectangle(40.0 + 7 * (i % 5), 25.0 + 3 * (i % 4)), name=f"p{i}") for i in range(30)]
    parts += [CutPart(circle(0, 0, 12.0)) for _ in range(10)]
    cut = CutOptions(200.0, 150.0, gap_mm=4.0)
    sheets = pack(parts, cut)
    assert len(sheets) > 1 and sum(map(len, sheets)) == len(parts)
    for sheet in sheets:
        for part in sheet:
            x0, y0, x1, y1 = part.outline.bounds
            assert x0 >= 4.0 - 1e-6 and y0 >= 4.0 - 1e-6 and x1 <= 196.0 + 1e-6 and y1 <= 146.0 + 1e-6
        for a, b in combinations(sheet, 2):
            assert a.outline.distance(b.outline) >= 4.0 - 1e-6


def test_a_part_turns_a_quarter_to_fit_and_one_that_fits_no_way_is_refused_in_one_line():
    tall = CutPart(rectangle(20.0, 180.0), (((10.0, 0.0), (10.0, 180.0)),), (Engraving("A", 10.0, 90.0),))
    ((placed,),) = pack([tall], CutOptions(200.0, 60.0, gap_mm=5.0))
    x0, y0, x1, y1 = placed.outline.bounds
    assert (round(x1 - x0, 6), round(y1 - y0, 6)) == (180.0, 20.0)
    assert LineString(placed.score[0]).within(placed.outline.buffer(1e-6))  # the score line turned with it
    mark = placed.engrave[0]
    assert mark.angle_deg == 90.0 and (round(mark.x, 6), round(mark.y, 6)) == (5.0 + 90.0, 5.0 + 10.0)
    with pytest.raises(LayoutError) as refusal:
        pack([CutPart(rectangle(300.0, 20.0), name="Long")], CutOptions(200.0, 100.0, gap_mm=3.0))
    assert str(refusal.value) == "Long (300 × 20 mm) does not fit on a 200 × 100 mm sheet with a 3 mm gap"
    with pytest.raises(LayoutError, match="nothing to cut"):
        write_sheets([], CutOptions(), "svg")


# --- each system's parts ---------------------------------------------------------------------------
def test_downforce_die_net_faces_are_the_die_size_with_folds_scored():
    ruleset = load_ruleset("mk-downforce")
    die = downforce_rules(ruleset).kit.die_size_mm
    (data,) = export_cut(blank_document(ruleset), "die", "dxf", CutOptions(), ruleset=ruleset, blank=True)
    msp = dxf_doc(data).modelspace()
    (outline,) = msp.query('LWPOLYLINE[layer=="cut"]')
    assert outline.closed
    cells = Polygon([(x, y) for x, y, *_rest in outline.get_points()])
    assert cells.area > 6 * die * die  # six faces and the glue tabs, one outline
    scores = msp.query('LWPOLYLINE[layer=="score"]')
    assert len(scores) == 5 + 7  # the five folds between faces and the seven where a tab meets its face
    lengths = {round(math.dist(*[(x, y) for x, y, *_r in line.get_points()]), 3) for line in scores}
    assert lengths == {round(die, 3)}
    assert len(msp.query('TEXT[layer=="engrave"]')) == 6


def test_board_tiles_one_square_per_space_numbered():
    document = load_track(TEMPLATES / "board-coin-cove-loop.track.json")
    ruleset = load_ruleset(document.ruleset)
    files = export_cut(document, "track", "svg", CutOptions(600.0, 400.0), ruleset=ruleset)
    spaces = [e for e in document.elements if e.kind == "space"]
    tile = board_rules(ruleset).space_size_mm
    cuts = [c for data in files for c in svg_paths(data, "cut")]
    assert len(cuts) == len(spaces) and {size(points) for points, _closed in cuts} == {(tile, tile)}
    texts = [t for data in files for t in svg_texts(data)]
    assert {str(s.number) for s in spaces} <= set(texts)


def test_tokens_gate_numbers_are_discs_of_their_size_with_the_number_engraved():
    document = load_track(TEMPLATES / "mushroom-cup-1-luigi-circuit.track.json")
    ruleset = load_ruleset(document.ruleset)
    files = export_cut(document, "tokens", "svg", CutOptions(600.0, 400.0), ruleset=ruleset)
    cuts = [c for data in files for c in svg_paths(data, "cut")]
    assert cuts and all(closed for _points, closed in cuts)
    gates = sorted({e.order for e in document.elements if e.kind == "gate"})
    discs = [s for s in (size(points) for points, _closed in cuts) if s == pytest.approx((24.0, 24.0), abs=0.01)]
    assert len(discs) >= len(gates)
    assert {str(n) for n in gates} <= {t for data in files for t in svg_texts(data)}


def test_pitchkart_pieces_one_outline_per_section():
    document = load_track(TEMPLATES / "pitchkart-stadium.track.json")
    ruleset = load_ruleset(document.ruleset)
    files = export_cut(document, "pieces", "dxf", CutOptions(1000.0, 800.0, kerf_mm=0.2), ruleset=ruleset)
    sections = [e for e in document.elements if e.kind == "track_section"]
    cuts = [p for data in files for p in dxf_doc(data).modelspace().query('LWPOLYLINE[layer=="cut"]')]
    assert len(cuts) == len(sections) and all(p.closed for p in cuts)


def test_every_system_offers_its_cut_products_through_its_print_sections():
    cuttable = {s.id: [p.name for p in s.prints if p.cut_parts is not None] for s in registry.systems()}
    assert cuttable["mk-gaslands"] == ["tokens", "templates"]
    assert cuttable["mk-downforce"] == ["tokens", "die"]
    assert cuttable["pitchkart"] == ["pieces", "tokens"]
    assert cuttable["mk-board"] == ["track", "tokens"]
    assert cuttable["axles-alloys-2"] == ["tokens"]


def test_board_kit_standees_fold_three_times_and_carry_their_name_on_both_faces():
    ruleset = load_ruleset("mk-board")
    (data,) = export_cut(blank_document(ruleset), "tokens", "svg", CutOptions(), ruleset=ruleset, blank=True)
    cuts = [size(points) for points, _closed in svg_paths(data, "cut")]
    board = board_rules(ruleset)
    standees = len(ruleset.characters)
    assert len(cuts) == board.bank_coins + board.banana_chips + standees
    assert sorted(cuts).count((84.0, 24.0)) == standees  # laid down on the sheet
    scores = svg_paths(data, "score")
    assert len(scores) == 3 * standees and {round(math.dist(*points), 3) for points, _c in scores} == {24.0}
    texts = svg_texts(data)
    assert all(texts.count(name) == 2 for name in ("Mario", "Luigi"))


# --- the command line ------------------------------------------------------------------------------
def test_cli_writes_one_file_per_sheet(capsys, tmp_path):
    out = tmp_path / "templates.svg"
    code, said, _err = run(capsys, "export", "--ruleset", "mk-gaslands", "--what", "templates", "--format", "svg",
                           "--sheet", "600x400", "--gap", "5", "--kerf", "0.2", "-o", out)
    assert code == 0 and said.strip() == f"wrote {out}: 1 SVG sheet"
    sizes = [size(points) for points, _closed in svg_paths(out.read_bytes(), "cut")]
    assert (75.2, 35.2) in sizes
    out = tmp_path / "board.dxf"
    code, said, _err = run(capsys, "export", TEMPLATES / "board-coin-cove-loop.track.json", "--format", "dxf",
                           "-o", out)
    assert code == 0 and "2 DXF sheets" in said
    assert not out.exists() and (tmp_path / "board-1.dxf").exists() and (tmp_path / "board-2.dxf").exists()


def test_cli_refuses_a_section_without_a_cut_product_in_one_line(capsys, tmp_path):
    out = tmp_path / "x.svg"
    line = refused(capsys, out, "export", "--ruleset", "mk-gaslands", "--what", "reference", "--format", "svg",
                   "-o", out)
    assert line.endswith("mk-gaslands: reference has no cutter file; these have one: templates")
    line = refused(capsys, out, "export", "--ruleset", "mk-gaslands", "--what", "templates", "--format", "svg",
                   "--sheet", "100x50", "-o", out)
    assert line.endswith("Medium (150 × 35 mm) does not fit on a 100 × 50 mm sheet with a 3 mm gap")
    line = refused(capsys, out, "export", "--ruleset", "mk-gaslands", "--format", "svg", "--sheet", "100", "-o", out)
    assert "WIDTHxHEIGHT" in line


def test_engraved_text_survives_markup_and_accents_in_both_formats():
    part = CutPart(rectangle(60.0, 20.0), engrave=(Engraving("Münze & <Banane>", 30.0, 10.0, 4.0),))
    cut = CutOptions(100.0, 50.0)
    (svg,) = write_sheets([part], cut, "svg")
    assert svg_texts(svg) == ["Münze & <Banane>"]
    (dxf,) = write_sheets([part], cut, "dxf")
    (text,) = dxf_doc(dxf).modelspace().query('TEXT[layer=="engrave"]')
    assert text.dxf.text == "Münze & <Banane>"
    point = text.dxf.align_point
    assert (point.x, point.y) == pytest.approx((33.0, 50.0 - 13.0))  # placed 3 mm in, y turned up
