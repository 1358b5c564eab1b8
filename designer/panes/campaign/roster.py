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
from designer.campaign.roster import FREE_LABEL, character_label, character_names, character_stats, system_stats
from designer.document.campaign import CampaignSession
from designer.i18n import _, pgettext
from designer.model.campaign import CustomCharacter
from designer.model.record_fields import field_value
from designer.panes.campaign.common import (
    ALIGN_CENTRE,
    ALIGN_TEXT,
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
from designer.systems.api import CharacterStat

NAME, CHARACTER = range(2)
NONE_TEXT = "—"


def choice_text(value: object) -> str:
    """A word of a fixed vocabulary as shown (a weight class, translated), "—" when there is none."""
    return (weight_name(value) or str(value)) if isinstance(value, str) else NONE_TEXT


def weight_text(weight: str | None) -> str:
    return choice_text(weight)


def value_text(stat: CharacterStat, value: object) -> str:
    if stat.choices:
        return choice_text(value)
    return NONE_TEXT if value is None else str(value)


def stat_text(value: int | None, base: int | None) -> tuple[str, str]:
    """The shown value and its tooltip: "4 ▲" when upgrades raised it from the base."""
    if value is None:
        return NONE_TEXT, ""
    if base is not None and value != base:
        return f"{value} ▲", _("{base} + {extra} from upgrades").format(base=base, extra=value - base)
    return str(value), ""


class CustomCharacterDialog(QDialog):
    """Name and the system's stats (`System.character_stats`) of a home-made character; stats may stay empty."""

    def __init__(self, stats: tuple[CharacterStat, ...], character: CustomCharacter | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Edit Custom Character") if character else _("New Custom Character"))
        self.stats = stats
        form = QFormLayout(self)
        self.name_edit = QLineEdit(character.name if character else "")
        self.name_edit.setMaxLength(40)
        self.name_edit.setPlaceholderText(_("e.g. Dry Bones"))
        form.addRow(_("&Name:"), self.name_edit)
        self.fields: dict[str, QComboBox | QSpinBox] = {}
        for stat in stats:
            current = field_value(character, stat.key) if character else None
            widget: QComboBox | QSpinBox
            if stat.choices:
                widget = QComboBox()
                widget.addItem(pgettext("no value", "none"), None)
                for choice in stat.choices:
                    widget.addItem(choice_text(choice), choice)
                widget.setCurrentIndex(max(0, widget.findData(current)))
            else:
                widget = self._spin(stat.minimum - 1, stat.maximum, current)  # the minimum means "no value"
            self.fields[stat.key] = widget
            form.addRow(_("{stat}:").format(stat=stat.display_title), widget)
        # the old names of the Gaslands fields, kept for callers and tests
        self.weight_combo = self.fields.get("weight")
        self.handling_spin = self.fields.get("handling")
        self.gear_spin = self.fields.get("max_gear")
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
        name = self.name_edit.text().strip()
        values: dict[str, object] = {}
        for key, widget in self.fields.items():
            if isinstance(widget, QComboBox):
                values[key] = widget.currentData()
            else:
                values[key] = None if widget.value() == widget.minimum() else widget.value()
        # a new character's id comes from its name (`edit.set_custom_character` keeps an edited one's id)
        return CustomCharacter(id=slugify(name), name=name, **values)


def ask_custom_character(parent: QWidget, character: CustomCharacter | None = None,
                         stats: tuple[CharacterStat, ...] = ()) -> CustomCharacter | None:
    """The dialog's answer, or None when cancelled (tests replace this)."""
    dialog = CustomCharacterDialog(stats, character, parent)
    return dialog.character() if dialog.exec() == QDialog.DialogCode.Accepted else None


class RosterPage(QWidget):
    """The roster: a column per stat the system's characters carry (`System.character_stats`); without
    characters in the rule data (Axles and Alloys) just the players and their own labels."""

    def __init__(self, session: CampaignSession, messages: MessageLine, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.messages = messages
        self.stats = system_stats(session.context.ruleset)
        self.table = QTableWidget(0, 2 + len(self.stats))
        prepare_table(self.table, [_("Player"), _("Character"), *[s.display_title for s in self.stats]])
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

        self.custom_group = custom = QGroupBox(_("Custom characters"))
        self.custom_table = QTableWidget(0, 1 + len(self.stats))
        prepare_table(self.custom_table, [_("Name"), *[s.display_title for s in self.stats]])
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
        # a system whose characters are names only, or that has none, gets no home-made ones
        custom.setVisible(bool(self.stats) or bool(session.document.custom_characters))

        players = QVBoxLayout()
        hint = (_("Double-click a name to rename the player everywhere; pick the character from the list.")
                if character_names(session.document, session.context.ruleset)
                else _("Double-click a name to rename the player everywhere."))
        if any(s.upgradable for s in self.stats):
            hint += " " + _("▲ marks stats raised by upgrades.")
        players.addWidget(muted_label(hint))
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

    def column(self, key: str) -> int:
        """The roster column of a stat (by its key), or -1 when the system's characters do not carry it."""
        return next((2 + i for i, s in enumerate(self.stats) if s.key == key), -1)

    # --- view ------------------------------------------------------------------------------------
    def refresh(self) -> None:
        doc, ctx = self.session.document, self.session.context
        names = character_names(doc, ctx.ruleset)
        self.table.setColumnHidden(CHARACTER, not names)  # free labels only: the player's name says it
        self.table.blockSignals(True)
        self.table.setRowCount(len(doc.players))
        for row, player in enumerate(doc.players):
            set_cell(self.table, row, NAME, player.name, editable=True, data=player.name)
            if names:
                self._character_combo(row, names, character_label(doc, ctx.ruleset, player.character))
            stats = character_stats(doc, ctx.ruleset, player.character)
            for column, stat in enumerate(self.stats, start=2):
                value = stats.value(stat.key) if stats else None
                if stat.upgradable:
                    text, tip = stat_text(effective_stat(doc, ctx, player.name, stat.key),
                                          stats.base(stat.key) if stats else None)
                else:
                    text = value_text(stat, value)
                    tip = _("≈ our house value: not in the source") if stats and stat.key in stats.assumed else ""
                    text += " ≈" if tip else ""
                set_cell(self.table, row, column, text, align=ALIGN_TEXT if stat.choices else ALIGN_CENTRE, tip=tip)
        self.table.blockSignals(False)
        self.refusals.mark()
        self.remove_button.setEnabled(bool(doc.players))
        fit_height(self.table, 2)
        fit_width(self.table, text_width=150)

        self.custom_table.setRowCount(len(doc.custom_characters))
        for row, c in enumerate(doc.custom_characters):
            set_cell(self.custom_table, row, 0, c.name, data=c.name)
            for column, stat in enumerate(self.stats, start=1):
                set_cell(self.custom_table, row, column, value_text(stat, field_value(c, stat.key)),
                         align=ALIGN_TEXT if stat.choices else ALIGN_CENTRE)
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
        character = names[len(doc.players) % len(names)] if names else FREE_LABEL
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
        character = ask_custom_character(self, current, stats=self.stats)
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
