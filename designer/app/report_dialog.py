"""Track ▸ Track Report…: the track's figures in a readable form, and the racing-line overlay item.

`TrackReportDialog(figures, units, ruleset)` shows `designer.geometry.figures.track_figures` output: lap
length (display units and Long straights), racing line length, activations per lap per gear with the
estimate note, tightest corner, minimum width and a table of element counts; for a board of spaces its
spaces and turns per lap and each field's share, for a track of PitchKart sections its sections per lap,
runs of straights and curves and each character's Top Speed, flicks on the longest straight and Traction
(`track_figures(...)["board"]` / `["pitchkart"]`). `show_track_report(window)`
opens it for the current tab. `RacingLineItem` is the dashed line View ▸ Show Racing Line draws on the
canvas (an overlay: not in `scene.items_by_id`, so image export hides it); `checks_setup` keeps it fresh.
Labels are in the user's language and figures carry its decimal sign ("12,5 cm").
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGraphicsItem,
    QGraphicsPathItem,
    QGroupBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.geometry.figures import track_figures
from designer.i18n import _, ngettext, plain_decimal
from designer.model import MM_PER_UNIT
from designer.model.kind_names import kind_name
from designer.panes.markup import number_text
from designer.rules.texts import character_name
from designer.systems.mk_board.elements import FIELD_NAMES

RACING_LINE_COLOR = QColor("#ff2bd6")   # bright magenta: reads on tarmac, felt and the table
RACING_LINE_Z = 900_000.0
NOT_AVAILABLE = "—"
UNIT_DECIMALS = {"mm": 0, "cm": 1, "in": 1}


def length_text(mm: float | None, units: str) -> str:
    if mm is None:
        return NOT_AVAILABLE
    value = mm / MM_PER_UNIT[units]
    return f"{number_text(value, UNIT_DECIMALS.get(units, 1))} {units}"


def straights_text(mm: float | None, long_mm: float | None) -> str:
    if mm is None or not long_mm:
        return NOT_AVAILABLE
    return _("{n} Long straights").format(n=number_text(mm / long_mm, 1))


class TrackReportDialog(QDialog):
    """A read-only summary of `track_figures(...)`; `values` holds the shown texts by field name."""

    def __init__(self, figures: dict, units: str = "mm", long_mm: float | None = None, title: str = "",
                 parent: QWidget | None = None, ruleset=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Track Report — {title}").format(title=title) if title else _("Track Report"))
        self.figures = figures
        self.values: dict[str, str] = {}
        layout = QVBoxLayout(self)

        track_box = QGroupBox(_("Track"), self)
        form = QFormLayout(track_box)
        lap = figures.get("lap_length_mm")
        line = figures.get("racing_line_mm")
        self._row(form, "lap_length", _("Lap length:"),
                  NOT_AVAILABLE if lap is None else f"{length_text(lap, units)}  ({straights_text(lap, long_mm)})")
        line_text = NOT_AVAILABLE if line is None else f"{length_text(line, units)}  ({straights_text(line, long_mm)})"
        if line is not None and figures.get("racing_line_on_surface") is False:
            line_text = _("{length}  — leaves the track in places").format(length=line_text)
        self._row(form, "racing_line", _("Racing line:"), line_text)
        self._row(form, "tightest_corner", _("Tightest corner (radius):"),
                  length_text(figures.get("tightest_corner_radius_mm"), units))
        self._row(form, "min_width", _("Minimum width:"), length_text(figures.get("min_width_mm"), units))
        if lap is None and (figures.get("pitchkart") or {}).get("sections_per_lap"):
            form.addRow(QLabel(_("This track is built of sections: their figures follow.")))
        elif lap is None:
            form.addRow(QLabel(_("This document is an arena: it has no track, so only element counts apply.")))
        layout.addWidget(track_box)

        per_gear = figures.get("activations_per_lap") or {}
        if per_gear:
            gear_box = QGroupBox(_("Activations per lap (estimate)"), self)
            gear_layout = QVBoxLayout(gear_box)
            self.gears = _table([_("Gear {gear}").format(gear=g) for g in per_gear],
                                [tuple(str(n) for n in per_gear.values())], gear_box, numbers_from=0)
            self.gears.setVerticalHeaderLabels([_("Activations")])
            self.gears.verticalHeader().setVisible(True)
            self.gears.setFixedHeight(self.gears.horizontalHeader().sizeHint().height()
                                      + self.gears.rowHeight(0) + 2 * self.gears.frameWidth())
            gear_layout.addWidget(self.gears)
            note = QLabel(figures.get("estimate_note") or "", gear_box)
            note.setWordWrap(True)
            note.setObjectName("estimateNote")
            gear_layout.addWidget(note)
            self.values["estimate_note"] = note.text()
            layout.addWidget(gear_box)

        if figures.get("board"):
            layout.addWidget(self._board_box(figures["board"]))
        if figures.get("pitchkart"):
            layout.addWidget(self._sections_box(figures["pitchkart"], ruleset))

        counts_box = QGroupBox(_("Elements ({n})").format(n=figures.get("elements", 0)), self)
        counts_layout = QVBoxLayout(counts_box)
        counts = figures.get("element_counts") or {}
        self.counts = _table([_("Kind"), _("Count")], [(kind_name(kind), str(n)) for kind, n in counts.items()],
                             counts_box)
        counts_layout.addWidget(self.counts)
        layout.addWidget(counts_box, 1)   # the counts table takes the spare height

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)
        self.resize(560, 820 if figures.get("board") or figures.get("pitchkart") else 640)

    def _board_box(self, board: dict) -> QGroupBox:
        """A board of spaces: spaces and turns per lap, the estimate's note, each field's share."""
        box = QGroupBox(_("Board"), self)
        box_layout = QVBoxLayout(box)
        form = QFormLayout()
        box_layout.addLayout(form)
        self._row(form, "spaces_per_lap", _("Spaces per lap:"), str(board.get("spaces_per_lap", 0)))
        turns = board.get("turns_per_lap")
        self._row(form, "turns_per_lap", _("Turns per lap (estimate):"),
                  NOT_AVAILABLE if turns is None else plain_decimal(turns, 1))
        note = QLabel(board.get("turns_note") or "", box)
        note.setWordWrap(True)
        box_layout.addWidget(note)
        self.values["turns_note"] = note.text()
        counts, shares = board.get("field_counts") or {}, board.get("field_shares") or {}
        rows = [(_(FIELD_NAMES[f]) if f in FIELD_NAMES else str(f), str(counts.get(f, 0)),
                 _("{percent} %").format(percent=plain_decimal(100.0 * shares.get(f, 0.0), 1)))
                for f in counts]
        self.fields = _table([_("Field"), _("Spaces"), _("Share")], rows, box)
        box_layout.addWidget(self.fields)
        return box

    def _sections_box(self, kart: dict, ruleset) -> QGroupBox:
        """A track of PitchKart sections: sections per lap, runs, and per character the flicks it takes."""
        box = QGroupBox(_("Track sections"), self)
        box_layout = QVBoxLayout(box)
        form = QFormLayout()
        box_layout.addLayout(form)
        n = kart.get("sections_per_lap", 0)
        self._row(form, "sections_per_lap", _("Sections per lap:"),
                  (_("{n} (the loop is closed)") if kart.get("closed") else _("{n} (the loop is open)")).format(n=n))
        self._row(form, "pieces", _("Straights and curves:"),
                  _("{straights} straight, {curves} curved").format(straights=kart.get("straights", 0),
                                                                      curves=kart.get("curves", 0)))
        longest = kart.get("longest_straight_sections", 0)
        self._row(form, "longest_straight", _("Longest straight:"),
                  ngettext("{n} section", "{n} sections", longest).format(n=longest))
        bend = kart.get("longest_bend_sections", 0)
        self._row(form, "bends", _("Bends:"), ngettext("{n}, the longest {longest} section",
                                                       "{n}, the longest {longest} sections", bend).format(
            n=kart.get("bends", 0), longest=bend))
        known = {c.id: c for c in (ruleset.characters if ruleset is not None else ())}
        names = {cid: character_name(ruleset, c) for cid, c in known.items()}

        def stat(value, cid: str = "", key: str = "") -> str:
            if value is None:
                return NOT_AVAILABLE
            shown = plain_decimal(value, 1, trim=True)
            # a house value of the rule data (not the source's), and what is worked out from it
            return shown + " ≈" if cid in known and key in known[cid].assumed else shown

        rows = [(names.get(cid, cid), stat(c.get("top_speed"), cid, "top_speed"),
                 stat(c.get("straight_flicks"), cid, "top_speed"), stat(c.get("traction"), cid, "traction"))
                for cid, c in (kart.get("characters") or {}).items()]
        self.characters = _table([_("Character"), _("Top Speed"), _("Flicks needed"), _("Traction")],
                                 rows, box)
        self.characters.setMinimumHeight(self.characters.horizontalHeader().sizeHint().height()
                                         + sum(self.characters.rowHeight(r) for r in range(len(rows))) + 4)
        box_layout.addWidget(self.characters)
        note = QLabel(kart.get("characters_note") or "", box)
        note.setWordWrap(True)
        box_layout.addWidget(note)
        self.values["characters_note"] = note.text()
        return box

    def _row(self, form: QFormLayout, key: str, label: str, text: str) -> None:
        value = QLabel(text)
        value.setObjectName(key)
        value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        form.addRow(label, value)
        self.values[key] = text


def _table(headers: list[str], rows: Sequence[tuple[str, ...]], parent: QWidget,
           numbers_from: int = 1) -> QTableWidget:
    """A read-only table; cells from column `numbers_from` on are right-aligned numbers."""
    table = QTableWidget(len(rows), len(headers), parent)
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            cell = QTableWidgetItem(text)
            if c >= numbers_from:
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, cell)
    return table


def report_for(editor) -> TrackReportDialog:
    """The report dialog for one editor's document (not shown)."""
    document = editor.document
    ruleset = document.ruleset
    figures = track_figures(document.snapshot(), ruleset)
    return TrackReportDialog(figures, document.prop("display_units"), ruleset.movement.long_mm,
                             document.name, editor.window(), ruleset)


def show_track_report(window) -> TrackReportDialog | None:
    editor = window.current_editor()
    if editor is None:
        return None
    try:
        dialog = report_for(editor)
    except Exception as exc:
        window.show_error(_("The track report could not be made:\n{error}").format(error=exc))
        return None
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    window.track_report = dialog
    dialog.show()
    return dialog


class RacingLineItem(QGraphicsPathItem):
    """The estimated racing line: a dashed, bright, cosmetic polyline above every element."""

    def __init__(self, points: Sequence[Sequence[float]] = ()) -> None:
        super().__init__()
        pen = QPen(RACING_LINE_COLOR, 2.5, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self.setPen(pen)
        self.setBrush(Qt.BrushStyle.NoBrush)
        self.setZValue(RACING_LINE_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)
        self.setToolTip(_("Estimated racing line"))
        self.set_points(points)

    def set_points(self, points: Sequence[Sequence[float]]) -> None:
        path = QPainterPath()
        for i, (x, y) in enumerate(points):
            if i == 0:
                path.moveTo(QPointF(x, y))
            else:
                path.lineTo(QPointF(x, y))
        self.setPath(path)
        self.points = [tuple(p) for p in points]
