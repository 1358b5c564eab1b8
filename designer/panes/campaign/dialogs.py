"""The campaign window's two dialogs: New Campaign (a name, the ruleset, the kind of campaign the
ruleset supports, the players and their characters) and Print (those of the filled score sheet, the
upgraded kart dashboards and the start-order sheet the campaign can fill, the paper, then a PDF file written
by `designer.export.campaign_print`, previewed by `print_preview`).

The new campaign is built by the pure `new_campaign` edit; a refusal is shown in the dialog, which
stays open; `ask_new_campaign` is what tests replace. Print is `print_preview.print_campaign`.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from designer.campaign.context import Context
from designer.campaign.edit import new_campaign
from designer.campaign.errors import CampaignError
from designer.campaign.modes import default_mode, playable_modes
from designer.campaign.roster import FREE_LABEL
from designer.i18n import N_, _
from designer.model.campaign import MAX_PLAYERS, CampaignDocument
from designer.panes.campaign.common import MessageLine, prepare_table, set_cell
from designer.panes.dialog_buttons import ok_cancel
from designer.rules import Ruleset, list_rulesets, load_ruleset
from designer.rules.texts import character_name, ruleset_name
from designer.systems.api import CampaignMode

DEFAULT_PLAYERS = 4
SECTION_TITLES = {"scoresheet": N_("Filled score sheet"), "dashboards": N_("Kart dashboards (with upgrades)"),
                  "startorder": N_("Start-order sheet (coins by starting place)")}
PDF_FILTER = N_("PDF documents (*.pdf)")


# --- new campaign ----------------------------------------------------------------------------------
def modes_for(ruleset: Ruleset) -> list[CampaignMode]:
    """The campaign modes of the ruleset's game system that its rule data can run, in the system's order."""
    try:
        return list(playable_modes(ruleset))
    except CampaignError:  # a ruleset no game system claims keeps no campaigns
        return []


def preferred_mode(ruleset: Ruleset) -> str | None:
    try:
        return default_mode(ruleset.id)
    except CampaignError:
        return None


class NewCampaignDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("New Campaign"))
        self.document: CampaignDocument | None = None
        self.name_edit = QLineEdit(_("New Campaign"))
        self.name_edit.setMaxLength(120)
        self.ruleset_combo = QComboBox()
        for ruleset in list_rulesets():
            self.ruleset_combo.addItem(ruleset_name(ruleset), ruleset.id)
        default = CampaignDocument.model_fields["ruleset"].default
        self.ruleset_combo.setCurrentIndex(max(0, self.ruleset_combo.findData(default)))
        self.mode_combo = QComboBox()
        self.players = QTableWidget(0, 2)
        prepare_table(self.players, [_("Player"), _("Character")], stretch=0)
        self.players.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        self.players.setColumnWidth(1, 200)
        self.players.setMinimumHeight(200)
        self.add_button = QPushButton(_("Add Player"))
        self.add_button.clicked.connect(lambda: self.add_player_row())
        self.remove_button = QPushButton(_("Remove Player"))
        self.remove_button.clicked.connect(self.remove_player_row)
        self.messages = MessageLine()
        self.buttons = ok_cancel(self, _("Create"))

        form = QFormLayout()
        form.addRow(_("&Name:"), self.name_edit)
        form.addRow(_("&Rules:"), self.ruleset_combo)
        form.addRow(_("&Kind:"), self.mode_combo)
        row_buttons = QHBoxLayout()
        row_buttons.addWidget(self.add_button)
        row_buttons.addWidget(self.remove_button)
        row_buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.players, 1)
        layout.addLayout(row_buttons)
        layout.addWidget(self.messages)
        layout.addWidget(self.buttons)
        self.ruleset_combo.currentIndexChanged.connect(self._on_ruleset_changed)
        self._on_ruleset_changed()
        for _row in range(DEFAULT_PLAYERS):
            self.add_player_row()
        self.resize(520, 520)

    def ruleset(self) -> Ruleset:
        return load_ruleset(self.ruleset_combo.currentData())

    def _characters(self) -> list[str]:
        ruleset = self.ruleset()
        return [character_name(ruleset, c) for c in ruleset.characters]  # in ruleset order: index = character

    def _character_index(self, row: int, wanted: str | None = None) -> int:
        """`wanted` if the ruleset has it, else the row's turn through the characters; either way skipping
        a character whose kart colour a row above already drives (e.g. Downforce races one kart per colour)."""
        ruleset = self.ruleset()
        characters = ruleset.characters
        taken: set[str] = set()
        for above in range(row):
            combo = self.players.cellWidget(above, 1)
            index = combo.currentIndex() if combo is not None else -1
            picked = characters[index] if 0 <= index < len(characters) else None
            if picked is not None and picked.colour:
                taken.add(picked.colour)
        names = [character_name(ruleset, c) for c in characters]
        if wanted in names and characters[names.index(wanted)].colour not in taken:
            return names.index(wanted)
        start = row % max(len(characters), 1)
        for step in range(len(characters)):
            index = (start + step) % len(characters)
            if characters[index].colour is None or characters[index].colour not in taken:
                return index
        return start

    def _on_ruleset_changed(self) -> None:
        ruleset = self.ruleset()
        self.mode_combo.clear()
        for mode in modes_for(ruleset):
            self.mode_combo.addItem(mode.display_title, mode.name)
        self.mode_combo.setCurrentIndex(max(0, self.mode_combo.findData(preferred_mode(ruleset))))
        names = self._characters()
        for row in range(self.players.rowCount()):
            combo = self.players.cellWidget(row, 1)
            current = combo.currentText()
            combo.clear()
            combo.addItems(names)
            combo.setCurrentIndex(self._character_index(row, current))
            combo.setEnabled(bool(names))
        self.players.setColumnHidden(1, not names)  # a system without characters: players are names only

    def add_player_row(self, name: str | None = None, character: str | None = None) -> None:
        row = self.players.rowCount()
        if row >= MAX_PLAYERS:
            return
        self.players.setRowCount(row + 1)
        set_cell(self.players, row, 0, name or _("Player {n}").format(n=row + 1), editable=True)
        combo = QComboBox()
        names = self._characters()
        combo.addItems(names)
        combo.setEnabled(bool(names))
        if names:
            combo.setCurrentIndex(self._character_index(row, character))
        self.players.setCellWidget(row, 1, combo)

    def remove_player_row(self) -> None:
        row = self.players.currentRow()
        self.players.removeRow(row if row >= 0 else self.players.rowCount() - 1)

    def player_rows(self) -> list[tuple[str, str]]:
        rows = []
        for row in range(self.players.rowCount()):
            name = self.players.item(row, 0).text().strip()
            character = self.players.cellWidget(row, 1).currentText() or FREE_LABEL
            if name:
                rows.append((name, character))
        return rows

    def build(self) -> CampaignDocument | None:
        """The new campaign, or None with the reason on the dialog's message line."""
        ruleset = self.ruleset()
        if self.mode_combo.currentData() is None:
            self.messages.show_message(_("{ruleset} keeps no campaigns").format(ruleset=ruleset_name(ruleset)))
            return None
        try:
            return new_campaign(self.name_edit.text().strip(), Context(ruleset),
                                self.mode_combo.currentData(), self.player_rows())
        except CampaignError as exc:
            self.messages.show_message(str(exc))
            return None

    def accept(self) -> None:
        self.document = self.build()
        if self.document is not None:
            super().accept()


def ask_new_campaign(parent: QWidget | None) -> CampaignDocument | None:
    """The campaign the user set up, or None when cancelled (tests replace this)."""
    dialog = NewCampaignDialog(parent)
    return dialog.document if dialog.exec() == QDialog.DialogCode.Accepted else None


# --- print ----------------------------------------------------------------------------------------
def pdf_name(session) -> Path:
    if session.path is not None:
        stem = session.path.name.removesuffix(".json").removesuffix(".campaign")
        return session.path.with_name(f"{stem}.pdf")
    return Path.cwd() / f"{session.document.name}.pdf"
