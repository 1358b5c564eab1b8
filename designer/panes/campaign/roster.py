"""The Roster page: players, the character each one drives and that kart's stats (upgrades included),
plus the campaign's custom characters and a small dialog to add or edit one.

Every change goes through `session.apply`, so it is one undo step or a refusal on the message line.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from designer.campaign import edit
from designer.campaign.grand_prix import effective_stat
from designer.campaign.roster import character_label, character_names, character_stats
from designer.document.campaign import CampaignSession
from designer.i18n import _, pgettext
from designer.model.campaign import CustomCharacter
from designer.panes.campaign.common import (
    ALIGN_CENTRE,
    MessageLine,
    fit_height,
    fit_width,
    muted_label,
    prepare_table,
    run_cell_edit,
    run_edit,
    set_cell,
)
from designer.panes.cell_refusals import CellRefusals
from designer.panes.dialog_buttons import ok_cancel
from designer.rules.base import slugify
from designer.rules.texts import weight_name

#: Weight classes: stored in the file as written here, shown translated (`weight_name`).
WEIGHTS = ("Lightweight", "Middleweight", "Heavyweight")
NAME, CHARACTER, WEIGHT, HANDLING, MAX_GEAR = range(5)
NONE_TEXT = "—"


def weight_text(weight: str | None) -> str:
    """A weight class as shown: translated when it is one of `WEIGHTS`, "—" when there is none."""
    return weight_name(weight) or NONE_TEXT


def stat_text(value: int | None, base: int | None) -> tuple[str, str]:
    """The shown value and its tooltip: "4 ▲" when upgrades raised it from the base."""
    if value is None:
        return NONE_TEXT, ""
    if base is not None and value != base:
        return f"{value} ▲", _("{base} + {extra} from upgrades").format(base=base, extra=value - base)
    return str(value), ""


class CustomCharacterDialog(QDialog):
    """Name, weight class, Handling and Max Gear of a home-made character (stats may stay empty)."""

    def __init__(self, character: CustomCharacter | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Edit Custom Character") if character else _("New Custom Character"))
        form = QFormLayout(self)
        self.name_edit = QLineEdit(character.name if character else "")
        self.name_edit.setMaxLength(40)
        self.name_edit.setPlaceholderText(_("e.g. Dry Bones"))
        self.weight_combo = QComboBox()
        self.weight_combo.addItem(pgettext("no value", "none"), None)
        for weight in WEIGHTS:
            self.weight_combo.addItem(weight_name(weight), weight)
        self.weight_combo.setCurrentIndex(max(0, self.weight_combo.findData(character.weight if character else None)))
        # The minimum means "no value", for systems that do not use the stat.
        self.handling_spin = self._spin(-1, 20, character.handling if character else None)
        self.gear_spin = self._spin(0, 20, character.max_gear if character else None)
        form.addRow(_("&Name:"), self.name_edit)
        form.addRow(_("&Weight:"), self.weight_combo)
        form.addRow(_("&Handling:"), self.handling_spin)
        form.addRow(_("Max &Gear:"), self.gear_spin)
        self.buttons = ok_cancel(self)
        form.addRow(self.buttons)
        self.name_edit.textChanged.connect(self._update_ok)
        if character:
            self.name_edit.setReadOnly(True)  # the name is the key; a new name is a new character
        self._update_ok()

    @staticmethod
    def _spin(minimum: int, maximum: int, value: int | None) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(minimum, maximum)
        spin.setSpecialValueText(pgettext("no value", "none"))
        spin.setValue(minimum if value is None else value)
        return spin

    def _update_ok(self) -> None:
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(bool(self.name_edit.text().strip()))

    def character(self) -> CustomCharacter:
        handling = self.handling_spin.value()
        gear = self.gear_spin.value()
        name = self.name_edit.text().strip()
        # a new character's id comes from its name (`edit.set_custom_character` keeps an edited one's id)
        return CustomCharacter(id=slugify(name), name=name, weight=self.weight_combo.currentData(),
                               handling=None if handling == self.handling_spin.minimum() else handling,
                               max_gear=None if gear == self.gear_spin.minimum() else gear)


def ask_custom_character(parent: QWidget, character: CustomCharacter | None = None) -> CustomCharacter | None:
    """The dialog's answer, or None when cancelled (tests replace this)."""
    dialog = CustomCharacterDialog(character, parent)
    return dialog.character() if dialog.exec() == QDialog.DialogCode.Accepted else None


class RosterPage(QWidget):
    def __init__(self, session: CampaignSession, messages: MessageLine, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.messages = messages
        self.table = QTableWidget(0, 5)
        prepare_table(self.table, [_("Player"), _("Character"), _("Weight"), _("Handling"), _("Max Gear")])
        self.table.itemChanged.connect(self._on_item_changed)
        self.refusals = CellRefusals(self.table, messages)
        self.add_button = QPushButton(_("&Add Player"))
        self.add_button.clicked.connect(self.add_player)
        self.remove_button = QPushButton(_("&Remove Player"))
        self.remove_button.clicked.connect(self.remove_selected_player)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)

        custom = QGroupBox(_("Custom characters"))
        self.custom_table = QTableWidget(0, 4)
        prepare_table(self.custom_table, [_("Name"), _("Weight"), _("Handling"), _("Max Gear")])
        self.custom_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.custom_table.doubleClicked.connect(lambda _index: self.edit_custom())
        self.custom_add = QPushButton(_("New…"))
        self.custom_add.clicked.connect(lambda: self.edit_custom(new=True))
        self.custom_edit = QPushButton(_("Edit…"))
        self.custom_edit.clicked.connect(lambda: self.edit_custom())
        self.custom_remove = QPushButton(_("Remove"))
        self.custom_remove.clicked.connect(self.remove_custom)
        custom_buttons = QHBoxLayout()
        for button in (self.custom_add, self.custom_edit, self.custom_remove):
            custom_buttons.addWidget(button)
        custom_buttons.addStretch(1)
        custom_layout = QVBoxLayout(custom)
        custom_layout.addWidget(muted_label(_("Home-made characters anyone in this campaign may drive.")))
        custom_layout.addWidget(self.custom_table, 0, Qt.AlignmentFlag.AlignLeft)
        custom_layout.addLayout(custom_buttons)

        players = QVBoxLayout()
        players.addWidget(muted_label(_("Double-click a name to rename the player everywhere; pick the "
                                        "character from the list. ▲ marks stats raised by upgrades.")))
        players.addWidget(self.table, 0, Qt.AlignmentFlag.AlignLeft)
        players.addLayout(buttons)
        players.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addLayout(players)
        layout.addSpacing(16)
        layout.addWidget(custom, 0, Qt.AlignmentFlag.AlignTop)
        layout.addStretch(1)
        session.changed.connect(self.refresh)
        self.refresh()

    # --- view ------------------------------------------------------------------------------------
    def refresh(self) -> None:
        doc, ctx = self.session.document, self.session.context
        names = character_names(doc, ctx.ruleset)
        self.table.blockSignals(True)
        self.table.setRowCount(len(doc.players))
        for row, player in enumerate(doc.players):
            set_cell(self.table, row, NAME, player.name, editable=True, data=player.name)
            self._character_combo(row, names, character_label(doc, ctx.ruleset, player.character))
            stats = character_stats(doc, ctx.ruleset, player.character)
            set_cell(self.table, row, WEIGHT, weight_text(stats.weight if stats else None))
            for column, stat in ((HANDLING, "handling"), (MAX_GEAR, "max_gear")):
                text, tip = stat_text(effective_stat(doc, ctx, player.name, stat), stats.base(stat) if stats else None)
                set_cell(self.table, row, column, text, align=ALIGN_CENTRE, tip=tip)
        self.table.blockSignals(False)
        self.refusals.mark()
        self.remove_button.setEnabled(bool(doc.players))
        fit_height(self.table, 2)
        fit_width(self.table, text_width=150)

        self.custom_table.setRowCount(len(doc.custom_characters))
        for row, c in enumerate(doc.custom_characters):
            set_cell(self.custom_table, row, 0, c.name, data=c.name)
            set_cell(self.custom_table, row, 1, weight_text(c.weight))
            set_cell(self.custom_table, row, 2, NONE_TEXT if c.handling is None else c.handling, align=ALIGN_CENTRE)
            set_cell(self.custom_table, row, 3, NONE_TEXT if c.max_gear is None else c.max_gear, align=ALIGN_CENTRE)
        fit_height(self.custom_table, 2)
        fit_width(self.custom_table, text_width=150)
        has_custom = bool(doc.custom_characters)
        self.custom_edit.setEnabled(has_custom)
        self.custom_remove.setEnabled(has_custom)

    def _character_combo(self, row: int, names: list[str], current: str) -> None:
        combo = self.table.cellWidget(row, CHARACTER)
        if not isinstance(combo, QComboBox):
            combo = QComboBox()
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # fit_width reads its hint
            combo.activated.connect(lambda _i, c=combo: self._on_character_chosen(c))
            self.table.setCellWidget(row, CHARACTER, combo)
        combo.blockSignals(True)
        combo.clear()
        combo.addItems(names if current in names else [*names, current])
        combo.setCurrentText(current)
        combo.blockSignals(False)

    def character_combo(self, player: str) -> QComboBox:
        return self.table.cellWidget(self.session.document.player_names().index(player), CHARACTER)

    # --- edits -----------------------------------------------------------------------------------
    def _on_item_changed(self, item) -> None:
        if item.column() != NAME:
            return
        old, new = item.data(Qt.ItemDataRole.UserRole), item.text().strip()
        if new == old:
            self.refusals.accepted(item.row(), NAME)
        else:
            run_cell_edit(self.session, self.messages, self.refusals, (item.row(), NAME, new),
                          _("Rename {old} to {new}").format(old=old, new=new), edit.rename_player, old, new)
        self.refresh()

    def _on_character_chosen(self, combo: QComboBox) -> None:
        for row in range(self.table.rowCount()):
            if self.table.cellWidget(row, CHARACTER) is combo:
                player = self.session.document.players[row]
                shown = character_label(self.session.document, self.session.context.ruleset, player.character)
                if combo.currentText() != shown and not run_edit(
                        self.session, self.messages,
                        _("{player} drives {character}").format(player=player.name, character=combo.currentText()),
                        edit.set_character, player.name, combo.currentText()):
                    self.refresh()
                return

    def add_player(self) -> None:
        doc, ctx = self.session.document, self.session.context
        taken = {n.casefold() for n in doc.player_names()}
        number = len(doc.players) + 1
        while _("Player {n}").format(n=number).casefold() in taken:
            number += 1
        names = character_names(doc, ctx.ruleset)
        character = names[len(doc.players) % len(names)] if names else "Driver"
        run_edit(self.session, self.messages, _("Add Player {n}").format(n=number), edit.add_player,
                 _("Player {n}").format(n=number), character)

    def remove_selected_player(self) -> None:
        row = self.table.currentRow()
        players = self.session.document.players
        if 0 <= row < len(players):
            name = players[row].name
            run_edit(self.session, self.messages, _("Remove {player}").format(player=name), edit.remove_player, name)
        else:
            self.messages.show_message(_("Select the player to remove first"))

    def _selected_custom(self) -> CustomCharacter | None:
        row = self.custom_table.currentRow()
        customs = self.session.document.custom_characters
        return customs[row] if 0 <= row < len(customs) else (customs[0] if len(customs) == 1 else None)

    def edit_custom(self, new: bool = False) -> None:
        current = None if new else self._selected_custom()
        if not new and current is None:
            self.messages.show_message(_("Select the custom character to edit first"))
            return
        character = ask_custom_character(self, current)
        if character is not None:
            text = _("Edit custom character {name}") if current else _("Add custom character {name}")
            run_edit(self.session, self.messages, text.format(name=character.name), edit.set_custom_character,
                     character)

    def remove_custom(self) -> None:
        current = self._selected_custom()
        if current is None:
            self.messages.show_message(_("Select the custom character to remove first"))
            return
        run_edit(self.session, self.messages, _("Remove custom character {name}").format(name=current.name),
                 edit.remove_custom_character, current.name)
