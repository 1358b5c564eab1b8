"""The red notice line above or below an editable table: why an edit was refused. It says the latest refusal,
and keeps saying a refused cell's reason (`hold`) until that cell is fixed (`designer.panes.cell_refusals`).
Used by the campaign window's pages and the vehicle editor.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QLabel, QWidget

from designer.i18n import _
from designer.panes import theme
from designer.panes.markup import literal
from designer.panes.theme import follow_palette, notice, set_style

ALIGN_TEXT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
MESSAGE_LINES = 2
MESSAGE_PADDING = 6


class MessageLine(QLabel):
    """A red notice of up to `MESSAGE_LINES` lines; hidden while there is nothing to say.

    Its space is reserved even while hidden and its height never changes, so a refusal appearing or going
    never moves the table under the pointer (the next double-click would land on another player's row).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messageLine")
        self.setTextFormat(Qt.TextFormat.PlainText)  # refusals quote names, which may look like markup
        self.setWordWrap(True)
        self.setAlignment(ALIGN_TEXT)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        follow_palette(self, self._restyle)
        bold = QFont(self.font())
        bold.setWeight(QFont.Weight.DemiBold)
        self.setFixedHeight(MESSAGE_LINES * QFontMetrics(bold).lineSpacing() + 2 * MESSAGE_PADDING + 2)
        policy = self.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.setSizePolicy(policy)
        self._held: dict[object, str] = {}
        self.hide()

    def _restyle(self) -> None:
        colours = notice(theme.ERROR_HUE, theme.palette(self))
        set_style(self, colours.style(extra=f"border-radius: 4px; padding: {MESSAGE_PADDING}px 10px; "
                                            "font-weight: 600;"))

    def show_message(self, text: str) -> None:
        if not text:
            self.clear_message()
            return
        self.setText(text)
        self.setToolTip(literal(text))  # the whole reason, should it need more than the lines reserved
        self.show()

    def clear_message(self) -> None:
        """Say nothing more, but for a refusal still held by a cell (`hold`): the latest of those shows."""
        if self._held:
            self.show_message(list(self._held.values())[-1])
            return
        self.clear()
        self.setToolTip("")
        self.hide()

    def hold(self, key: object, text: str) -> None:
        """Show `text` and keep showing it (after other messages clear) until `release(key)`: a refused cell's
        reason (`designer.panes.cell_refusals`)."""
        self._held.pop(key, None)
        self._held[key] = text
        self.show_message(text)

    def release(self, key: object) -> None:
        text = self._held.pop(key, None)
        if text is not None and self.text() == text:  # it is what shows now: the next held one, or nothing
            self.clear_message()


def not_changed(reason: str) -> str:
    """The message line's text for a refused edit: "Not changed — {reason}"."""
    return _("Not changed — {reason}").format(reason=reason)
