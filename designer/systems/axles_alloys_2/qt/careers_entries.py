"""The per-game entry editor of the careers page: one row per driver with "took part", destroyed, kills,
finished / won (races only), died and rerolls used, plus the rerolls the entry earns.

The editor never edits the document: each click emits `entry_changed(GameEntry)` or
`entry_removed(driver)` and the page runs the edit through the session. It is rebuilt from the document
after every change (`show_game`), so a refused edit simply snaps back.
"""

from __future__ import annotations

from pydantic import ValidationError
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QCheckBox, QGridLayout, QGroupBox, QLabel, QSpinBox, QVBoxLayout, QWidget

from designer.i18n import N_, _, ngettext
from designer.model.campaign import CampaignDocument, Game, GameEntry
from designer.panes.campaign.common import muted_colour, refusal_colour
from designer.panes.markup import escaped, literal
from designer.systems.axles_alloys_2.careers import DriverRecord, rerolls_earned
from designer.systems.axles_alloys_2.qt.careers_model import dead_before, death_tooltip, updated_entry
from designer.systems.axles_alloys_2.rule_data import reroll_event

SCENARIO_TITLES = {"deathmatch": N_("Deathmatch"), "race": N_("Race")}
HEADERS = {
    "deathmatch": (N_("Driver"), N_("Took part"), N_("Destroyed"), N_("Kills"), N_("Died"), N_("Rerolls used"),
                   N_("Earned")),
    "race": (N_("Driver"), N_("Took part"), N_("Destroyed"), N_("Kills"), N_("Finished"), N_("Won"), N_("Died"),
             N_("Rerolls used"), N_("Earned")),
}


def scenario_title(scenario: str) -> str:
    """"Deathmatch" / "Race" in the current language (an unknown scenario as it is stored)."""
    return _(SCENARIO_TITLES[scenario]) if scenario in SCENARIO_TITLES else scenario


class EntryEditor(QGroupBox):
    entry_changed = Signal(object)  # GameEntry
    entry_removed = Signal(str)     # driver name
    refused = Signal(str)           # an inconsistent tick the model itself rejects

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Game"), parent)
        self._layout = QVBoxLayout(self)
        self._grid_holder: QWidget | None = None
        self.rows: dict[str, dict[str, QWidget]] = {}
        self._entries: dict[str, GameEntry] = {}

    def show_game(self, doc: CampaignDocument, records: list[DriverRecord], game: int | None,
                  rules, death_faces: list[int]) -> None:
        """Rebuild for game `game` (1-based); None shows a hint instead."""
        if self._grid_holder is not None:
            self._layout.removeWidget(self._grid_holder)
            self._grid_holder.hide()
            self._grid_holder.deleteLater()  # may be inside one of its own checkbox signals
        self.rows, self._entries = {}, {}
        holder = QWidget()
        grid = QGridLayout(holder)
        grid.setHorizontalSpacing(10)
        self._grid_holder = holder
        self._layout.addWidget(holder)
        if game is None or not 1 <= game <= len(doc.games):
            self.setTitle(_("Game"))
            grid.addWidget(QLabel(_("Choose a game, or start one with “New game”.")), 0, 0)
            grid.setRowStretch(1, 1)
            holder.show()
            return
        current = doc.games[game - 1]
        self.setTitle(_("Game {n} — {scenario}: who took part and how it went").format(
            n=game, scenario=scenario_title(current.scenario)))
        for col, header in enumerate(HEADERS[current.scenario]):
            grid.addWidget(QLabel(f"<b>{_(header)}</b>"), 0, col)
        if not records:
            grid.addWidget(QLabel(_("No drivers yet: add one above.")), 1, 0, 1, 4)
        for row, record in enumerate(records, 1):
            entry = next((e for e in current.entries if e.driver.casefold() == record.name.casefold()), None)
            self._add_row(grid, row, record, game, current, entry, rules, death_faces, doc.ruleset)
        grid.setColumnStretch(len(HEADERS[current.scenario]), 1)
        grid.setRowStretch(len(records) + 1, 1)  # rows stay at the top instead of spreading out
        holder.show()  # now, with its rows, not on the next event-loop pass: the rows can be clicked at once
        self._layout.activate()

    def _add_row(self, grid: QGridLayout, row: int, record: DriverRecord, game: int, current: Game,
                 entry: GameEntry | None, rules, death_faces: list[int], ruleset_id: str) -> None:
        name = record.name
        gone = dead_before(record, game)
        label = QLabel(f"{escaped(name)} <span style='color:{muted_colour()}'>({escaped(record.player)})</span>")
        label.setTextFormat(Qt.TextFormat.RichText)
        widgets: dict[str, QWidget] = {"label": label}
        played = QCheckBox()
        played.setChecked(entry is not None)
        played.setEnabled(not gone or entry is not None)
        played.setToolTip(literal(_("{name} died in game {n}").format(name=name, n=record.died_in) if gone
                                  else _("{name} took part in this game").format(name=name)))
        played.clicked.connect(lambda on, n=name: self._on_played(n, on))
        widgets["played"] = played
        value = entry or GameEntry(driver=name)
        if entry is not None:
            self._entries[name] = entry
        flags = ["destroyed"] + (["finished", "won"] if current.scenario == "race" else []) + ["died"]
        for flag in flags:
            box = QCheckBox()
            box.setChecked(getattr(value, flag))
            box.clicked.connect(lambda on, n=name, f=flag: self._on_change(n, f, on))
            widgets[flag] = box
        widgets["died"].setToolTip(death_tooltip(death_faces))
        for key, top in (("kills", 16), ("rerolls_used", 99)):
            spin = QSpinBox()
            spin.setRange(0, top)
            spin.setKeyboardTracking(False)
            spin.setValue(getattr(value, key))
            spin.valueChanged.connect(lambda v, n=name, f=key: self._on_change(n, f, v))
            widgets[key] = spin
        widgets["rerolls_used"].setToolTip(literal(
            ngettext("{name} has {n} reroll now (after every game)", "{name} has {n} rerolls now (after every game)",
                     record.rerolls).format(name=name, n=record.rerolls)))
        for key, widget in widgets.items():
            if key not in ("label", "played"):
                widget.setEnabled(entry is not None)
        earned = rerolls_earned(entry, current.scenario, rules) if entry is not None else []
        widgets["earned"] = QLabel(", ".join(_("{event} +{rerolls}").format(event=reroll_event(ruleset_id, event),
                                                                             rerolls=n) for event, n in earned)
                                   or ("—" if entry is not None else ""))
        if gone and entry is None:
            died = _("died in game {n}").format(n=record.died_in)
            widgets["earned"] = QLabel(f"<span style='color:{refusal_colour()}'>{died}</span>")
            label.setEnabled(False)
        order = ["label", "played", "destroyed", "kills"] + \
            (["finished", "won"] if current.scenario == "race" else []) + ["died", "rerolls_used", "earned"]
        for col, key in enumerate(order):
            grid.addWidget(widgets[key], row, col, Qt.AlignmentFlag.AlignLeft)
        self.rows[name] = widgets

    def _on_played(self, driver: str, on: bool) -> None:
        if on:
            self.entry_changed.emit(GameEntry(driver=driver))
        else:
            self.entry_removed.emit(driver)

    def _on_change(self, driver: str, field: str, value) -> None:
        base = self._entries.get(driver) or GameEntry(driver=driver)
        try:
            entry = updated_entry(base, field, value)
        except ValidationError as exc:
            self.refused.emit(f"{driver}: {exc.errors()[0]['msg']}")
            return
        self.entry_changed.emit(entry)
