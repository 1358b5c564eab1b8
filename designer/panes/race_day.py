"""The Race Day window: a race file (`*.race.json`) run at the table, for any system with a race day.

Large controls for a laptop or tablet: pick a kart, type a value when the action takes one, press the action's
button; Undo takes the last action back. The race as it stands and the log in words are always in view. Every
action the rules accept is saved at once (atomically): closing the window, or the laptop, loses nothing, and
opening the file again continues the race. A refusal is said on the window's message line; nothing changes.
The standing is as tall as its text while the window has room and scrolls (a finger drags it) when a race of
many karts has more: every button stays on a 1280×800 screen.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont, QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QScroller,
    QVBoxLayout,
    QWidget,
)

from designer.i18n import _, ngettext
from designer.io.display import printable
from designer.io.errors import DocumentError
from designer.race.document import Action
from designer.race.engine import ActionSpec, Placing, Race, RaceError, check_action
from designer.race.race_io import load_race, save_race

#: Pixels: a button a finger can hit on a tablet, text readable from a chair.
TOUCH_HEIGHT = 56
FONT_POINTS = 14


class StandingArea(QScrollArea):
    """The standing, as tall as its text at the area's width while the window has room; shorter, and scrolled,
    when it has not (a race of many karts)."""

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        inner = self.widget()
        if inner is not None and self.width() > 0:
            margins = self.contentsMargins()
            width = self.width() - margins.left() - margins.right() - self.verticalScrollBar().sizeHint().width()
            hint.setHeight(inner.heightForWidth(width) + margins.top() + margins.bottom())
        return hint


class RaceDayWindow(QMainWindow):
    """One race being run; `race` and `path` are the race and its file."""

    def __init__(self, path: str | Path, parent: QWidget | None = None,
                 file_result: Callable[[list[Placing]], str | None] | None = None,
                 result_tip: str | None = None) -> None:
        super().__init__(parent)
        self.path = Path(path)
        self.file_result = file_result
        self.race: Race = load_race(self.path)
        self.setWindowTitle(_("Race Day — {file}").format(file=printable(self.path.name)))
        font = QFont(self.font())
        font.setPointSize(FONT_POINTS)
        self.setFont(font)

        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # a race of many karts scrolls its standing: the buttons below always stay on a 1280×800 screen
        self.summary_area = StandingArea()
        self.summary_area.setWidget(self.summary)
        self.summary_area.setWidgetResizable(True)
        self.summary_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.summary_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.kart = QComboBox()
        for name, label in self.race.karts():
            self.kart.addItem(label, name)
        self.kart.setMinimumHeight(TOUCH_HEIGHT)
        self.value = QLineEdit()
        self.value.setPlaceholderText(_("number or words"))
        self.value.setToolTip(_("number or words, when the action takes one"))
        self.value.setMinimumHeight(TOUCH_HEIGHT)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.log = QListWidget()
        self.log.setWordWrap(True)  # a long line wraps: read from a chair, never scrolled sideways
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.log.setResizeMode(QListWidget.ResizeMode.Adjust)
        for area in (self.summary_area, self.log):  # a finger drags the standing and the log on a tablet
            QScroller.grabGesture(area.viewport(), QScroller.ScrollerGestureType.TouchGesture)

        self.buttons: dict[str, QPushButton] = {}
        grid = QGridLayout()
        for index, spec in enumerate(self.race.rules.actions):
            button = QPushButton(spec.display_title)
            button.setToolTip(_(spec.help) if spec.help else "")
            button.setMinimumHeight(TOUCH_HEIGHT)
            button.clicked.connect(lambda _checked=False, s=spec: self.do(s))
            grid.addWidget(button, index // 4, index % 4)
            self.buttons[spec.name] = button
        self.undo_button = QPushButton(_("Undo"))
        self.undo_button.setMinimumHeight(TOUCH_HEIGHT)
        self.undo_button.clicked.connect(self.undo)
        QShortcut(QKeySequence.StandardKey.Undo, self, self.undo)

        picks = QHBoxLayout()
        picks.addWidget(QLabel(_(self.race.rules.entrant_word)))
        picks.addWidget(self.kart, 1)
        picks.addWidget(QLabel(_("Value")))
        picks.addWidget(self.value, 1)
        picks.addWidget(self.undo_button)
        self.result_button = QPushButton(_("File Result in Campaign"))
        self.result_button.setMinimumHeight(TOUCH_HEIGHT)
        self.result_button.setToolTip(result_tip or _("Enter the places, gates and coins as they stand into the "
                                                      "campaign race"))
        self.result_button.clicked.connect(self.send_result)
        self.result_button.setVisible(file_result is not None)
        left = QVBoxLayout()
        left.addWidget(self.summary_area)
        left.addLayout(picks)
        left.addLayout(grid)
        left.addWidget(self.message)
        left.addWidget(self.result_button)
        self.print_button = QPushButton(_("Print Log…"))
        self.print_button.setMinimumHeight(TOUCH_HEIGHT)
        self.print_button.setToolTip(_("Save the standing, the result and every step of the log as a PDF"))
        self.print_button.clicked.connect(lambda: self.print_log())
        left.addWidget(self.print_button)
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(QLabel(_("Log")))
        right.addWidget(self.log, 1)
        body = QHBoxLayout()
        body.addLayout(left, 3)
        body.addLayout(right, 2)
        central = QWidget()
        central.setLayout(body)
        self.setCentralWidget(central)
        self.resize(1200, 760)
        self.refresh()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.summary_area.updateGeometry()  # its height follows its width

    def action_for(self, spec: ActionSpec) -> Action:
        """The action `spec` with the chosen kart and the typed value; RaceError when the value does not fit."""
        fields: dict[str, object] = {"do": spec.name}
        if spec.kart:
            fields["kart"] = self.kart.currentData() or self.kart.currentText()
        text = self.value.text().strip()
        if text and spec.n != "no":  # a number first, then words when the action takes both ("12 Ben")
            head, _space, rest = text.partition(" ")
            try:
                fields["n"] = int(head)
                text = rest.strip()
            except ValueError:
                if spec.what == "no":
                    raise RaceError(_("{action}: {value} is not a whole number").format(
                        action=spec.display_title, value=repr(text))) from None
        if text and spec.what != "no":
            fields["what"] = text
        elif text and "n" in fields:  # "12 Ben" for an action that takes a number only
            raise RaceError(_("{action} takes no value {value}").format(action=spec.display_title, value=repr(text)))
        try:
            action = Action.model_validate(fields)
        except ValueError as exc:
            raise RaceError(str(exc).splitlines()[-1].strip()) from None
        check_action(self.race.rules, action)
        return action

    def do(self, spec: ActionSpec) -> bool:
        """Apply `spec` to the race and save; a refusal goes to the message line. True when it was done."""
        try:
            lines = self.race.act(self.action_for(spec))
            save_race(self.race, self.path)
        except (RaceError, DocumentError) as exc:
            self.say(str(exc))
            return False
        self.value.clear()
        self.say(" ".join(lines))
        self.refresh()
        return True

    def undo(self) -> bool:
        try:
            undone = self.race.undo()
            save_race(self.race, self.path)
        except (RaceError, DocumentError) as exc:
            self.say(str(exc))
            return False
        self.say(_("Undone: {action}").format(action=undone.words()))
        self.refresh()
        return True

    def send_result(self) -> bool:
        """Hand the result as it stands to the campaign (one undoable edit there); its refusal is said here."""
        if self.file_result is None:
            return False
        reason = self.file_result(self.race.result())
        self.say(reason if reason else _("The result is in the campaign."))
        return reason is None

    def print_log(self, target: str | Path | None = None) -> bool:
        """The race log as a PDF beside the race file (asked for with a dialog when `target` is None)."""
        from designer.export import LayoutError
        from designer.race.log_print import write_race_log

        if target is None:
            suggestion = self.path.with_name(self.path.name.removesuffix(".race.json") + "-log.pdf")
            target, _filter = QFileDialog.getSaveFileName(self, _("Print Log"), str(suggestion),
                                                          _("PDF files (*.pdf)"))
            if not target:
                return False
        if Path(target).resolve() == self.path.resolve():
            self.say(_("{path}: that is the race file itself; choose another file").format(path=target))
            return False
        try:
            pages = write_race_log(target, self.race)
        except (LayoutError, DocumentError, OSError) as exc:
            self.say(str(exc))
            return False
        self.say(ngettext("Log printed: {path} ({n} page)", "Log printed: {path} ({n} pages)", pages).format(
            path=target, n=pages))
        return True

    def say(self, text: str) -> None:
        self.message.setText(printable(text))

    def refresh(self) -> None:
        for index, (_name, label) in enumerate(self.race.karts()[: self.kart.count()]):
            self.kart.setItemText(index, label)  # a label may change in the race (a car bought)
        self.summary.setText("\n".join(printable(line) for line in self.race.summary()))
        self.summary_area.updateGeometry()
        self.log.clear()
        self.log.addItems([printable(f"{line.step:>3}  {line.text}") for line in self.race.log])
        self.log.scrollToBottom()
        self.undo_button.setEnabled(bool(self.race.file.actions))
        turn = self.race.current()
        if turn is not None:  # a game of turns: the next action is most likely that kart's
            self.kart.setCurrentText(turn)
