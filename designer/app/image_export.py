"""Export the canvas as an image: PNG at a chosen resolution, SVG at true size in millimetres.

What is exported is the table (plus a small margin) as the canvas draws it, without the editing state:
the selection is cleared and tool overlays (any item that is neither the track surface nor an element)
are hidden while rendering, then put back exactly as they were. The image is rendered into memory and
written atomically, so a failure (read-only folder, full disk) leaves no half-written file and is
reported as one `DocumentError` line. The dialog and the messages are in the user's language (the file
filters are `N_`-marked: translate them where a file dialog shows them).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSize, Qt
from PySide6.QtGui import QImage, QPainter, QPalette
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import (
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from designer.canvas import layer
from designer.canvas.scene import TrackScene
from designer.i18n import N_, _
from designer.io.atomic import atomic_write_bytes
from designer.io.errors import DocumentError
from designer.panes.dialog_buttons import ok_cancel

#: Paper around the table in an exported image, mm.
MARGIN_MM = 10.0
DEFAULT_PX_PER_MM = 4.0
MIN_PX_PER_MM = 0.5
MAX_PX_PER_MM = 20.0
#: Longest side of an exported PNG; larger requests are scaled down to fit.
MAX_PNG_PX = 8000
#: SVG coordinates are written in units of 1/SVG_UNITS_PER_MM mm (integer sizes, 0.1 mm precision).
SVG_UNITS_PER_MM = 10
MM_PER_INCH = 25.4

PNG_FILTER = N_("PNG images (*.png)")
SVG_FILTER = N_("SVG drawings (*.svg)")


def export_rect(scene: TrackScene, margin_mm: float = MARGIN_MM) -> QRectF:
    """The part of the scene an export shows: the table and a margin around it (mm)."""
    return scene.table_rect().adjusted(-margin_mm, -margin_mm, margin_mm, margin_mm)


def png_size(rect: QRectF, px_per_mm: float, max_px: int = MAX_PNG_PX) -> tuple[QSize, float]:
    """The pixel size of a PNG of `rect` at `px_per_mm`, and the scale actually used.

    The scale is lowered when the longest side would exceed `max_px`.
    """
    scale = max(px_per_mm, 1e-6)
    longest = max(rect.width(), rect.height()) * scale
    if longest > max_px:
        scale *= max_px / longest
    size = QSize(max(1, round(rect.width() * scale)), max(1, round(rect.height() * scale)))
    return QSize(min(size.width(), max_px), min(size.height(), max_px)), scale


@contextmanager
def clean_canvas(scene: TrackScene) -> Iterator[None]:
    """Hide the editing state (selection, tool overlays) for the duration of a render."""
    keep = {id(scene.surface_item), *(id(item) for item in scene.items_by_id.values())}
    overlays = [item for item in scene.items()
                if item.parentItem() is None and id(item) not in keep and item.isVisible()]
    selected = scene.selectedItems()
    focus = scene.focusItem()
    # Nobody needs to hear about a selection that is put back before the next event.
    blocked = scene.blockSignals(True)
    try:
        for item in selected:
            item.setSelected(False)
        for item in overlays:
            item.setVisible(False)
        with layer.everything_layered(scene.items_by_id.values()):
            yield
    finally:
        for item in overlays:
            item.setVisible(True)
        for item in selected:
            item.setSelected(True)
        if focus is not None:
            focus.setFocus()
        scene.blockSignals(blocked)


def render_image(scene: TrackScene, px_per_mm: float = DEFAULT_PX_PER_MM, max_px: int = MAX_PNG_PX) -> QImage:
    rect = export_rect(scene)
    size, _scale = png_size(rect, px_per_mm, max_px)
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    try:
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
                               | QPainter.RenderHint.TextAntialiasing)
        with clean_canvas(scene):
            scene.render(painter, QRectF(0, 0, size.width(), size.height()), rect,
                         Qt.AspectRatioMode.IgnoreAspectRatio)
    finally:
        painter.end()
    return image


def png_bytes(scene: TrackScene, px_per_mm: float = DEFAULT_PX_PER_MM, max_px: int = MAX_PNG_PX) -> bytes:
    image = render_image(scene, px_per_mm, max_px)
    # Record the resolution in the file, so image programs print it at the table's real size.
    dots_per_metre = round(image.width() / export_rect(scene).width() * 1000)
    image.setDotsPerMeterX(dots_per_metre)
    image.setDotsPerMeterY(dots_per_metre)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise DocumentError("<image>", _("could not encode the PNG image"))
    buffer.close()
    return bytes(data.data())


def svg_bytes(scene: TrackScene, title: str = "", description: str = "") -> bytes:
    rect = export_rect(scene)
    width = math.ceil(rect.width() * SVG_UNITS_PER_MM)
    height = math.ceil(rect.height() * SVG_UNITS_PER_MM)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    # size / resolution gives the physical size: QSvgGenerator writes width="…mm" height="…mm".
    generator.setSize(QSize(width, height))
    generator.setResolution(round(SVG_UNITS_PER_MM * MM_PER_INCH))
    generator.setViewBox(QRectF(0, 0, width, height))
    generator.setTitle(title)
    generator.setDescription(description)
    painter = QPainter()
    if not painter.begin(generator):
        raise DocumentError("<image>", _("could not start the SVG drawing"))
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        with clean_canvas(scene):
            scene.render(painter, QRectF(0, 0, width, height), rect, Qt.AspectRatioMode.IgnoreAspectRatio)
    finally:
        painter.end()
    buffer.close()
    return bytes(data.data())


def export_png(scene: TrackScene, path: str | Path, px_per_mm: float = DEFAULT_PX_PER_MM,
               max_px: int = MAX_PNG_PX) -> QSize:
    """Write the table as a PNG; returns its pixel size. Raises DocumentError on failure."""
    data = png_bytes(scene, px_per_mm, max_px)
    atomic_write_bytes(path, data)
    return png_size(export_rect(scene), px_per_mm, max_px)[0]


def export_svg(scene: TrackScene, path: str | Path, title: str = "") -> None:
    """Write the table as an SVG drawing at true size (mm). Raises DocumentError on failure."""
    atomic_write_bytes(path, svg_bytes(scene, title, _("Exported from Kartographer")))


class PngOptionsDialog(QDialog):
    """Asks for the resolution of a PNG export and shows the pixel size it gives."""

    def __init__(self, rect: QRectF, px_per_mm: float = DEFAULT_PX_PER_MM, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Export as PNG"))
        self._rect = rect
        self.resolution = QDoubleSpinBox(self)
        self.resolution.setRange(MIN_PX_PER_MM, MAX_PX_PER_MM)
        self.resolution.setDecimals(1)
        self.resolution.setSingleStep(0.5)
        self.resolution.setSuffix(" px/mm")
        self.resolution.setValue(px_per_mm)
        self.size_label = QLabel(self)
        widest = _("{width} × {height} px ({dpi} dpi) — reduced").format(width="0000", height="0000", dpi="000")
        self.size_label.setMinimumWidth(self.fontMetrics().horizontalAdvance(widest) + 8)
        form = QFormLayout()
        form.addRow(_("&Resolution:"), self.resolution)
        form.addRow(_("Image size:"), self.size_label)
        note = QLabel(_("The table and a {margin} mm margin, without selection or tool overlays. "
                        "Images are limited to {limit} px on the longest side.").format(
                            margin=f"{MARGIN_MM:g}", limit=MAX_PNG_PX), self)
        note.setWordWrap(True)
        palette = note.palette()
        palette.setColor(QPalette.ColorRole.WindowText, palette.color(QPalette.ColorRole.PlaceholderText))
        note.setPalette(palette)
        buttons = ok_cancel(self, _("Export…"))
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance("x") * 60)
        self.resolution.valueChanged.connect(self._update_size)
        self._update_size()

    def _update_size(self) -> None:
        size, scale = png_size(self._rect, self.resolution.value())
        if scale < self.resolution.value() - 1e-9:
            text = _("{width} × {height} px ({dpi} dpi) — reduced")
        else:
            text = _("{width} × {height} px ({dpi} dpi)")
        self.size_label.setText(text.format(width=size.width(), height=size.height(), dpi=f"{scale * MM_PER_INCH:.0f}"))


def choose_png_resolution(parent: QWidget, rect: QRectF, px_per_mm: float) -> float | None:
    """The resolution (px/mm) the user picked, or None when cancelled. Tests replace this."""
    dialog = PngOptionsDialog(rect, px_per_mm, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.resolution.value()
