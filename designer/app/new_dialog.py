"""The New dialog: start a document from a blank table or from one of the starter tracks in `templates/`.

Starters are listed per game system (a starter belongs to the system its `ruleset` field names); the blank
table takes the chosen system's rules and the size and units of the Blank table box (`new_table`). The dialog
opens on the system, table and units chosen last (`Settings.new_choice`). The
blank table is selected when the dialog opens, so Enter creates it; editing the box selects it again.

Each choice shows a preview rendered offscreen from the document itself (a headless `Document` +
`TrackScene`), so the thumbnails always match what opens. Whatever is chosen opens as a new untitled
document (no path), so the starter files themselves are never overwritten. Titles and descriptions are
in the user's language, made when the dialog is built.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.app.new_table import TableSizeBox
from designer.app.settings import NewChoice, Settings
from designer.app.untitled import READOUT_DECIMALS, untitled_document
from designer.canvas.scene import TrackScene
from designer.document.document import Document
from designer.i18n import N_, _, ngettext
from designer.io.errors import DocumentError
from designer.io.track_io import TRACK_SUFFIX, load_track
from designer.model.track import MM_PER_UNIT, TrackDocument
from designer.panes.dialog_buttons import ok_cancel
from designer.panes.markup import literal, number_text, plain
from designer.panes.theme import error_style
from designer.paths import TEMPLATES_DIR
from designer.rules import list_rulesets, load_ruleset
from designer.rules.texts import ruleset_name

THUMBNAIL_SIZE = QSize(256, 172)
BLANK_TITLE = N_("Blank table")
#: The New dialog's result when its Generate… button was pressed.
GENERATE = 2
#: Share of the table added around a preview, so the table's edge and shadow show.
PREVIEW_MARGIN = 0.03

_thumbnail_cache: dict[tuple, QPixmap] = {}


@dataclass(frozen=True)
class StarterChoice:
    title: str
    document: TrackDocument
    source: Path | None = None  # the template file; None for the blank table

    @property
    def is_blank(self) -> bool:
        return self.source is None


def starter_choices(folder: Path = TEMPLATES_DIR, system_id: str | None = None,
                    ) -> tuple[list[StarterChoice], list[str]]:
    """The blank table, then every readable starter track (by file name) — only those of `system_id` when
    given, the blank table then taking its rules; and one line per unreadable one."""
    blank = untitled_document()
    if system_id is not None:
        blank = blank.model_copy(update={"ruleset": system_id})
    choices = [StarterChoice(_(BLANK_TITLE), blank)]
    errors: list[str] = []
    for path in sorted(Path(folder).glob(f"*{TRACK_SUFFIX}")):
        try:
            document = load_track(path)
        except DocumentError as exc:
            errors.append(str(exc))
            continue
        if system_id is None or document.ruleset == system_id:
            choices.append(StarterChoice(document.name, document, path))
    return choices, errors


def for_system(choices: list[StarterChoice], system_id: str) -> list[StarterChoice]:
    """`starter_choices(folder, system_id)` from the choices of every system, without reading again."""
    blank = choices[0].document.model_copy(update={"ruleset": system_id})
    return [StarterChoice(_(BLANK_TITLE), blank), *(c for c in choices[1:] if c.document.ruleset == system_id)]


def describe(document: TrackDocument) -> str:
    """One line about a document: table size, rules, race settings and how much is on it."""
    units = document.display_units
    scale = MM_PER_UNIT[units]
    decimals = READOUT_DECIMALS[units]
    width = number_text(document.table.width_mm / scale, decimals)
    height = number_text(document.table.height_mm / scale, decimals)
    try:
        rules = ruleset_name(load_ruleset(document.ruleset))
    except Exception:
        rules = document.ruleset
    laps = ngettext("{n} lap", "{n} laps", document.laps).format(n=document.laps)
    karts = ngettext("{n} kart", "{n} karts", document.karts).format(n=document.karts)
    n = len(document.elements)
    parts = [_("{width} × {height} {units} table").format(width=width, height=height, units=units), rules,
             f"{laps}, {karts}", ngettext("{n} element", "{n} elements", n).format(n=n)]
    if document.track is None:
        parts.append(_("no track surface"))
    return " · ".join(parts)


def render_thumbnail(document: TrackDocument, size: QSize = THUMBNAIL_SIZE, ratio: float = 1.0,
                     blank: bool = False) -> QPixmap:
    """A preview of `document` fitted into `size` (logical pixels), transparent around the table."""
    pixmap = QPixmap(size * ratio)
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    model = Document(document)
    scene = TrackScene()
    scene.set_document(model)
    table = scene.table_rect()
    margin = max(table.width(), table.height()) * PREVIEW_MARGIN
    source = table.adjusted(-margin, -margin, margin, margin)
    box = QRectF(0, 0, size.width(), size.height())
    scale = min(box.width() / source.width(), box.height() / source.height())
    target = QRectF(0, 0, source.width() * scale, source.height() * scale)
    target.moveCenter(box.center())
    painter = QPainter(pixmap)
    try:
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        # Rounded corners: a card, not a screenshot.
        clip = QPainterPath()
        clip.addRoundedRect(target, 6, 6)
        painter.setClipPath(clip)
        scene.render(painter, target, source, Qt.AspectRatioMode.KeepAspectRatio)
        if blank:
            _draw_plus(painter, target)
    finally:
        painter.end()
    scene.clear()
    return pixmap


def _draw_plus(painter: QPainter, target: QRectF) -> None:
    centre = target.center()
    radius = min(target.width(), target.height()) * 0.18
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(255, 255, 255, 170))
    painter.drawEllipse(centre, radius, radius)
    pen = QPen(QColor("#6b7079"), radius * 0.18, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    arm = radius * 0.5
    painter.drawLine(centre - QPointF(arm, 0), centre + QPointF(arm, 0))
    painter.drawLine(centre - QPointF(0, arm), centre + QPointF(0, arm))


def thumbnail(choice: StarterChoice, size: QSize = THUMBNAIL_SIZE, ratio: float = 1.0) -> QPixmap:
    """The cached preview of a choice (re-rendered when its file changes)."""
    stamp = choice.source.stat().st_mtime_ns if choice.source and choice.source.exists() else 0
    # The units and size too: the blank table's grid and shape follow the Blank table box.
    table = choice.document.table
    key = (str(choice.source), stamp, choice.document.display_units, table.width_mm, table.height_mm,
           size.width(), size.height(), ratio)
    if key not in _thumbnail_cache:
        _thumbnail_cache[key] = render_thumbnail(choice.document, size, ratio, blank=choice.is_blank)
    return _thumbnail_cache[key]


class NewDocumentDialog(QDialog):
    """A game system, then a grid of previews: the blank table first, then that system's starter tracks.
    Double-click or Create opens one."""

    def __init__(self, parent: QWidget | None = None, folder: Path = TEMPLATES_DIR,
                 system_id: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("New Track"))
        self._every_choice, self.errors = starter_choices(folder)
        self.choices: list[StarterChoice] = []

        heading = QLabel("<b>" + html.escape(_("Start from a blank table or a starter track")) + "</b>", self)
        self.system_combo = QComboBox(self)
        for ruleset in list_rulesets():
            count = len(for_system(self._every_choice, ruleset.id)) - 1
            starters = (ngettext("{n} starter track", "{n} starter tracks", count).format(n=count) if count
                        else _("blank table only"))
            title = _("{system} ({starters})").format(system=ruleset_name(ruleset), starters=starters)
            self.system_combo.addItem(title, ruleset.id)
        system_row = QFormLayout()
        system_row.addRow(_("Game &system"), self.system_combo)
        blank = untitled_document()
        last = Settings().new_choice()
        width, height = (last.width_mm, last.height_mm) if last else (blank.table.width_mm, blank.table.height_mm)
        self.table_box = TableSizeBox(width, height, last.units if last else blank.display_units, self)
        self.list = QListWidget(self)
        self.list.setViewMode(QListView.ViewMode.IconMode)
        self.list.setIconSize(THUMBNAIL_SIZE)
        text_height = self.fontMetrics().lineSpacing() * 2 + 12
        self.list.setGridSize(QSize(THUMBNAIL_SIZE.width() + 28, THUMBNAIL_SIZE.height() + text_height + 16))
        self.list.setMovement(QListView.Movement.Static)
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setWrapping(True)
        self.list.setWordWrap(True)
        self.list.setUniformItemSizes(True)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setSpacing(6)
        self.details = QLabel(self)
        self.details.setWordWrap(True)
        self.details.setMinimumHeight(self.fontMetrics().lineSpacing() * 2)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addLayout(system_row)
        layout.addWidget(self.table_box)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.details)
        if self.errors:
            problems = plain(QLabel(_("Some starter tracks could not be read:\n{errors}").format(
                errors="\n".join(self.errors)), self))
            problems.setWordWrap(True)
            problems.setStyleSheet(error_style(problems))
            layout.addWidget(problems)
        self.buttons = ok_cancel(self, _("&Create"))
        self.create_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.generate_button = self.buttons.addButton(_("&Generate…"), QDialogButtonBox.ButtonRole.ActionRole)
        self.generate_button.setToolTip(_("Make a new track from a seed with a game system's generator"))
        self.generate_button.clicked.connect(lambda: self.done(GENERATE))
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

        self.list.currentRowChanged.connect(self._show_details)
        self.table_box.changed.connect(self._on_table_changed)
        known = [self.system_combo.itemData(i) for i in range(self.system_combo.count())]
        remembered = last.system if last is not None and last.system in known else None
        self.show_system(system_id or remembered or blank.ruleset)
        self.system_combo.currentIndexChanged.connect(lambda _i: self.show_system(self.system_combo.currentData()))
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        self.list.itemActivated.connect(lambda _item: self.accept())
        grid = self.list.gridSize()
        self.resize(grid.width() * 3 + 64, grid.height() * 2 + 150 + self.table_box.sizeHint().height())

    def show_system(self, system_id: str) -> None:
        """List the blank table and the starter tracks of one game system."""
        blocked = self.system_combo.blockSignals(True)
        self.system_combo.setCurrentIndex(self.system_combo.findData(system_id))
        self.system_combo.blockSignals(blocked)
        self.choices = for_system(self._every_choice, system_id)
        self.choices[0] = StarterChoice(self.choices[0].title, self.table_box.apply(self.choices[0].document))
        ratio = self.devicePixelRatioF()
        self.list.clear()
        for choice in self.choices:
            item = QListWidgetItem(QIcon(thumbnail(choice, THUMBNAIL_SIZE, ratio)), choice.title)
            item.setToolTip(literal(describe(choice.document)))
            item.setTextAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
            self.list.addItem(item)
        self.select(0)  # Enter creates a blank table; a starter is one click away

    def _on_table_changed(self) -> None:
        """The blank table takes the box's size and units: its preview and description follow."""
        if not self.choices or not self.choices[0].is_blank:
            return
        blank = self.choices[0]
        self.choices[0] = StarterChoice(blank.title, self.table_box.apply(blank.document))
        item = self.list.item(0)
        if item is not None:
            item.setIcon(QIcon(thumbnail(self.choices[0], THUMBNAIL_SIZE, self.devicePixelRatioF())))
            item.setToolTip(literal(describe(self.choices[0].document)))
        if self.list.currentRow() == 0:
            self._show_details(0)
        else:
            self.select(0)  # sizing a table means starting from the blank one

    def select(self, row: int) -> None:
        self.list.setCurrentRow(row)

    def accept(self) -> None:
        """Create, and remember the system, table and units for the next New."""
        width, height = self.table_box.table_mm()
        Settings().set_new_choice(NewChoice(self.system_combo.currentData(), width, height, self.table_box.units()))
        super().accept()

    def current_choice(self) -> StarterChoice | None:
        row = self.list.currentRow()
        return self.choices[row] if 0 <= row < len(self.choices) else None

    def chosen_document(self) -> TrackDocument | None:
        """The new document for the current choice: a fresh copy, never tied to the template's file."""
        choice = self.current_choice()
        return None if choice is None else choice.document.model_copy(deep=True)

    def _show_details(self, _row: int) -> None:
        choice = self.current_choice()
        self.create_button.setEnabled(choice is not None)
        if choice is None:
            self.details.clear()
        else:
            self.details.setText(f"<b>{html.escape(choice.title)}</b><br>{html.escape(describe(choice.document))}")


def ask_new_document(parent: QWidget | None = None, folder: Path = TEMPLATES_DIR) -> TrackDocument | str | None:
    """Show the New dialog; the chosen starting document, None when cancelled, or — its Generate… button —
    the id of the game system chosen, for the caller to go on to the Generate dialog (`generate_dialog`)."""
    dialog = NewDocumentDialog(parent, folder)
    try:
        result = dialog.exec()
        if result == GENERATE:
            return str(dialog.system_combo.currentData())
        if result != QDialog.DialogCode.Accepted:
            return None
        return dialog.chosen_document()
    finally:
        dialog.deleteLater()
