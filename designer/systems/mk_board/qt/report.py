"""The board game's box in the Track Report (`REPORT_SECTIONS["board"]`): spaces and turns per lap, the
estimate's note and each field's share of the spaces (`designer.systems.mk_board.figures`)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel, QVBoxLayout

from designer.app.report_dialog import NOT_AVAILABLE, ReportSection, TrackReportDialog, report_table
from designer.i18n import _, plain_decimal
from designer.systems.mk_board.elements import FIELD_NAMES


def board_box(dialog: TrackReportDialog, board: dict[str, Any], _ruleset: Any) -> QGroupBox:
    box = QGroupBox(_("Board"), dialog)
    box_layout = QVBoxLayout(box)
    form = QFormLayout()
    box_layout.addLayout(form)
    dialog.row(form, "spaces_per_lap", _("Spaces per lap:"), str(board.get("spaces_per_lap", 0)))
    turns = board.get("turns_per_lap")
    dialog.row(form, "turns_per_lap", _("Turns per lap (estimate):"),
               NOT_AVAILABLE if turns is None else plain_decimal(turns, 1))
    note = QLabel(board.get("turns_note") or "", box)
    note.setWordWrap(True)
    box_layout.addWidget(note)
    dialog.values["turns_note"] = note.text()
    counts, shares = board.get("field_counts") or {}, board.get("field_shares") or {}
    rows = [(_(FIELD_NAMES[f]) if f in FIELD_NAMES else str(f), str(counts.get(f, 0)),
             _("{percent} %").format(percent=plain_decimal(100.0 * shares.get(f, 0.0), 1)))
            for f in counts]
    dialog.tables["fields"] = table = report_table([_("Field"), _("Spaces"), _("Share")], rows, box)
    box_layout.addWidget(table)
    return box


REPORT_SECTIONS = {"board": ReportSection(board_box)}
