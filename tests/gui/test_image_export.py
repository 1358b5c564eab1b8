"""Export as PNG and SVG: the table plus a margin, at the chosen size, without selection or tool overlays."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QColor, QImage
from PySide6.QtWidgets import QFileDialog, QGraphicsRectItem

from designer.app import file_actions, image_export
from designer.app.image_export import MARGIN_MM, MAX_PNG_PX, PngOptionsDialog, export_rect, png_size
from designer.app.settings import PNG_PX_PER_MM, Settings
from designer.app.window import MainWindow
from designer.canvas import style


def answer_save(monkeypatch: pytest.MonkeyPatch, path: Path | None) -> list[str]:
    asked: list[str] = []

    def fake(parent, caption, directory="", file_filter="", *args, **kwargs):
        asked.append(directory)
        return (str(path) if path else "", file_filter)

    monkeypatch.setattr(QFileDialog, "getSaveFileName", fake)
    return asked


def colours(image: QImage, step: int = 7) -> set[int]:
    return {image.pixel(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)}


def test_png_has_the_expected_size_and_shows_the_track(window: MainWindow, tmp_path):
    path = tmp_path / "table.png"
    size = image_export.export_png(window.scene, path, px_per_mm=2.0)
    image = QImage(str(path))
    table = window.scene.table_rect()  # 1219.2 × 914.4 mm
    expected = (round((table.width() + 2 * MARGIN_MM) * 2), round((table.height() + 2 * MARGIN_MM) * 2))
    assert (image.width(), image.height()) == expected == (size.width(), size.height())
    assert image.dotsPerMeterX() == 2000
    # the table's colour at a corner of the table, tarmac somewhere, and many more colours besides
    corner = image.pixelColor(round((MARGIN_MM + 5) * 2), round((MARGIN_MM + 5) * 2))
    assert corner == style.TABLE
    assert any(QColor(c).rgb() == style.TARMAC.rgb() for c in colours(image, 3))
    assert len(colours(image)) > 20


def test_png_size_is_bounded():
    rect = QRectF(0, 0, 3000, 1000)
    size, scale = png_size(rect, 20.0)
    assert size.width() == MAX_PNG_PX and size.height() == round(MAX_PNG_PX / 3)
    assert scale == pytest.approx(MAX_PNG_PX / 3000)
    assert png_size(rect, 1.0)[0].width() == 3000


def test_selection_and_overlays_are_left_out_and_put_back(window: MainWindow, tmp_path):
    scene = window.scene
    plain = image_export.render_image(scene, 1.0)
    window.current_editor().select_ids(["thwomp", "rock"])
    overlay = QGraphicsRectItem(QRectF(100, 100, 300, 200))  # what a tool draws: a rubber band, a preview
    overlay.setBrush(QBrush(QColor("#ff00ff")))
    overlay.setZValue(1e6)
    scene.addItem(overlay)
    selection_signals: list = []
    window.current_editor().selection_changed.connect(selection_signals.append)

    image = image_export.render_image(scene, 1.0)
    assert image == plain
    assert window.current_editor().selected_ids() == ["thwomp", "rock"]
    assert overlay.isVisible()
    assert selection_signals == []  # the panes never saw the selection flicker


def test_svg_is_valid_xml_at_true_size_in_mm(window: MainWindow, tmp_path):
    path = tmp_path / "table.svg"
    image_export.export_svg(window.scene, path, "Every Kind")
    root = ET.parse(path).getroot()
    assert root.tag.endswith("svg")
    rect = export_rect(window.scene)
    assert root.get("width").endswith("mm") and root.get("height").endswith("mm")
    assert float(root.get("width")[:-2]) == pytest.approx(rect.width(), abs=0.2)
    assert float(root.get("height")[:-2]) == pytest.approx(rect.height(), abs=0.2)
    title = root.find("{http://www.w3.org/2000/svg}title")
    assert title is not None and title.text == "Every Kind"
    assert len(list(root.iter())) > 50  # the drawing, not an empty page


def test_export_png_action(window: MainWindow, tmp_path, monkeypatch):
    chosen: list[float] = []

    def choose(parent, rect, px_per_mm):
        chosen.append(px_per_mm)
        return 1.5

    monkeypatch.setattr(image_export, "choose_png_resolution", choose)
    asked = answer_save(monkeypatch, tmp_path / "picture")
    path = window.file_actions.export_png()
    assert path == tmp_path / "picture.png" and path.is_file()
    assert chosen == [image_export.DEFAULT_PX_PER_MM] and asked[0].endswith("every-kind.png")
    assert QImage(str(path)).width() == round(export_rect(window.scene).width() * 1.5)
    assert Settings().get(PNG_PX_PER_MM, 0.0) == 1.5
    assert "Exported picture.png" in window.statusBar().currentMessage()
    # the same name again: the dialog did not see the suffix we add, so replacing is asked about here
    replace: list[Path] = []
    monkeypatch.setattr(file_actions, "ask_replace", lambda parent, p: replace.append(p) or False)
    assert window.file_actions.export_png() is None
    assert chosen == [image_export.DEFAULT_PX_PER_MM, 1.5]  # remembered
    assert replace == [path]
    monkeypatch.setattr(file_actions, "ask_replace", lambda parent, p: True)
    assert window.file_actions.export_png() == path


def test_export_svg_action_and_errors(window: MainWindow, tmp_path, monkeypatch, errors):
    answer_save(monkeypatch, tmp_path / "drawing.svg")
    assert window.file_actions.export_svg() == tmp_path / "drawing.svg"
    ET.parse(tmp_path / "drawing.svg")

    answer_save(monkeypatch, tmp_path / "missing" / "drawing.svg")
    assert window.file_actions.export_svg() is None
    assert len(errors) == 1 and "\n" not in errors[0][1] and "drawing.svg" in errors[0][1]
    assert not (tmp_path / "missing").exists()

    monkeypatch.setattr(image_export, "choose_png_resolution", lambda *a: None)
    assert window.file_actions.export_png() is None  # cancelled: no file dialog, nothing written


def test_png_options_dialog_shows_the_resulting_size(qtbot):
    dialog = PngOptionsDialog(QRectF(0, 0, 1000, 500), 4.0)
    qtbot.addWidget(dialog)
    assert dialog.size_label.text().startswith("4000 × 2000 px (102 dpi)")
    dialog.resolution.setValue(10.0)
    assert dialog.size_label.text() == "8000 × 4000 px (203 dpi) — reduced"
