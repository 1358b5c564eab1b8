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

from designer.i18n import current_language


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


def number_text(value: float, decimals: int, trim: bool = False) -> str:
    """`value` with `decimals` places and the language's decimal sign, without digit groups — "1219.2" in
    English as ever, "1219,2" in German; `trim` drops trailing zeros ("48" for 48.00, "12,5" for 12.50).

    Rounded as Python's format does (123.45 → "123.5"), so English read-outs stay exactly what they were;
    `format_number` rounds the decimal text half-even ("123,4") and groups digits ("1.219,2").
    """
    from babel.numbers import get_decimal_symbol

    text = f"{value:.{max(0, decimals)}f}"
    if trim and "." in text:
        text = text.rstrip("0").rstrip(".")
    return text.replace(".", get_decimal_symbol(current_language()))
