"""PitchKart's box in the Track Report (`REPORT_SECTIONS["pitchkart"]`): sections per lap, the runs of
straights and curves, and per character its Top Speed, the flicks the longest straight takes and its Traction
(`designer.systems.pitchkart.checks.pitchkart_figures`)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel, QVBoxLayout

from designer.app.report_dialog import NOT_AVAILABLE, ReportSection, TrackReportDialog, report_table
from designer.i18n import _, ngettext, plain_decimal
from designer.rules.texts import character_name


def sections_box(dialog: TrackReportDialog, kart: dict[str, Any], ruleset: Any) -> QGroupBox:
    box = QGroupBox(_("Track sections"), dialog)
    box_layout = QVBoxLayout(box)
    form = QFormLayout()
    box_layout.addLayout(form)
    n = kart.get("sections_per_lap", 0)
    dialog.row(form, "sections_per_lap", _("Sections per lap:"),
               (_("{n} (the loop is closed)") if kart.get("closed") else _("{n} (the loop is open)")).format(n=n))
    dialog.row(form, "pieces", _("Straights and curves:"),
               _("{straights} straight, {curves} curved").format(straights=kart.get("straights", 0),
                                                                   curves=kart.get("curves", 0)))
    longest = kart.get("longest_straight_sections", 0)
    dialog.row(form, "longest_straight", _("Longest straight:"),
               ngettext("{n} section", "{n} sections", longest).format(n=longest))
    bend = kart.get("longest_bend_sections", 0)
    dialog.row(form, "bends", _("Bends:"), ngettext("{n}, the longest {longest} section",
                                                    "{n}, the longest {longest} sections", bend).format(
        n=kart.get("bends", 0), longest=bend))
    known = {c.id: c for c in (ruleset.characters if ruleset is not None else ())}
    names = {cid: character_name(ruleset, c) for cid, c in known.items()}

    def stat(value: float | None, cid: str = "", key: str = "") -> str:
        if value is None:
            return NOT_AVAILABLE
        shown = plain_decimal(value, 1, trim=True)
        # a house value of the rule data (not the source's), and what is worked out from it
        return shown + " ≈" if cid in known and key in known[cid].assumed else shown

    rows = [(names.get(cid, cid), stat(c.get("top_speed"), cid, "top_speed"),
             stat(c.get("straight_flicks"), cid, "top_speed"), stat(c.get("traction"), cid, "traction"))
            for cid, c in (kart.get("characters") or {}).items()]
    table = report_table([_("Character"), _("Top Speed"), _("Flicks needed"), _("Traction")], rows, box)
    table.setMinimumHeight(table.horizontalHeader().sizeHint().height()
                           + sum(table.rowHeight(r) for r in range(len(rows))) + 4)
    dialog.tables["characters"] = table
    box_layout.addWidget(table)
    note = QLabel(kart.get("characters_note") or "", box)
    note.setWordWrap(True)
    box_layout.addWidget(note)
    dialog.values["characters_note"] = note.text()
    return box


def no_track_note(kart: dict[str, Any]) -> str | None:
    return _("This track is built of sections: their figures follow.") if kart.get("sections_per_lap") else None


REPORT_SECTIONS = {"pitchkart": ReportSection(sections_box, no_track_note)}
