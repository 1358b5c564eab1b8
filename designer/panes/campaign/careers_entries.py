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

from designer.campaign.careers import DriverRecord, rerolls_earned
from designer.model.campaign import CampaignDocument, Game, GameEntry
from designer.panes.campaign.careers_model import dead_before, death_tooltip, updated_entry
from designer.panes.markup import escaped, literal

SCENARIO_TITLES = {"deathmatch": "Deathmatch", "race": "Race"}
HEADERS = {
    "deathmatch": ("Driver", "Took part", "Destroyed", "Kills", "Died", "Rerolls used", "Earned"),
    "race": ("Driver", "Took part", "Destroyed", "Kills", "Finished", "Won", "Died", "Rerolls used", "Earned"),
}


class EntryEditor(QGroupBox):
    entry_changed = Signal(object)  # GameEntry
    entry_removed = Signal(str)     # driver name
    refused = Signal(str)           # an inconsistent tick the model itself rejects

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Game", parent)
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
        grid.setHorizontalSpacing(14)
        self._grid_holder = holder
        self._layout.addWidget(holder)
        if game is None or not 1 <= game <= len(doc.games):
            self.setTitle("Game")
            grid.addWidget(QLabel("Choose a game, or start one with “New game”."), 0, 0)
            grid.setRowStretch(1, 1)
            holder.show()
            return
        current = doc.games[game - 1]
        self.setTitle(f"Game {game} — {SCENARIO_TITLES[current.scenario]}: who took part and how it went")
        for col, header in enumerate(HEADERS[current.scenario]):
            grid.addWidget(QLabel(f"<b>{header}</b>"), 0, col)
        if not records:
            grid.addWidget(QLabel("No drivers yet: add one above."), 1, 0, 1, 4)
        for row, record in enumerate(records, 1):
            entry = next((e for e in current.entries if e.driver.casefold() == record.name.casefold()), None)
            self._add_row(grid, row, record, game, current, entry, rules, death_faces)
        grid.setColumnStretch(len(HEADERS[current.scenario]), 1)
        grid.setRowStretch(len(records) + 1, 1)  # rows stay at the top instead of spreading out
        holder.show()  # now, with its rows, not on the next event-loop pass: the rows can be clicked at once
        self._layout.activate()

    def _add_row(self, grid: QGridLayout, row: int, record: DriverRecord, game: int, current: Game,
                 entry: GameEntry | None, rules, death_faces: list[int]) -> None:
        name = record.name
        gone = dead_before(record, game)
        label = QLabel(f"{escaped(name)} <span style='color:#666'>({escaped(record.player)})</span>")
        label.setTextFormat(Qt.TextFormat.RichText)
        widgets: dict[str, QWidget] = {"label": label}
        played = QCheckBox()
        played.setChecked(entry is not None)
        played.setEnabled(not gone or entry is not None)
        played.setToolTip(literal(f"{name} died in game {record.died_in}" if gone
                                  else f"{name} took part in this game"))
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
        widgets["rerolls_used"].setToolTip(literal(f"{name} has {record.rerolls} rerolls now (after every game)"))
        for key, widget in widgets.items():
            if key not in ("label", "played"):
                widget.setEnabled(entry is not None)
        widgets["died"].setEnabled(entry is not None and value.destroyed)
        earned = rerolls_earned(entry, current.scenario, rules) if entry is not None else []
        widgets["earned"] = QLabel(", ".join(f"+{n} {event.lower()}" for event, n in earned)
                                   or ("—" if entry is not None else ""))
        if gone and entry is None:
            widgets["earned"] = QLabel(f"<span style='color:#c92a2a'>died in game {record.died_in}</span>")
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
