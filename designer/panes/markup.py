"""User text in Qt widgets is text, never markup.

Qt guesses whether the text of a label, tool tip or message box is rich text (`Qt.mightBeRichText`: a
tag near the start), so a player called `<img src=…>` or `<b>Bold</b>` would be drawn as HTML. Labels
that show user text are plain text (`plain`); labels with markup of our own escape the user's part
(`escaped`); tool tips and message boxes, which have no format setting, go through `literal`.

Numbers in read-outs follow the language (`number_text`: "12.5" in English, "12,5" in German).
"""

from __future__ import annotations

import html

from PySide6 import QtGui
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from designer.i18n import plain_decimal


def escaped(text: object) -> str:
    """`text` to put inside our own rich text: <, > and & as entities (quotes stay as they are)."""
    return html.escape(str(text), quote=False)


def literal(text: str) -> str:
    """`text` for a tool tip or message box: unchanged unless Qt would take it for markup, and then the
    rich text that shows exactly these characters."""
    if not QtGui.Qt.mightBeRichText(text):
        return text
    return QtGui.Qt.convertFromPlainText(text, Qt.WhiteSpaceMode.WhiteSpaceNormal)


def plain(label: QLabel) -> QLabel:
    """`label`, set to show its text as it is, whatever it looks like."""
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


#: Read-outs write numbers as measurements do (designer/i18n.py): "1219,2" in German, never grouped.
number_text = plain_decimal
