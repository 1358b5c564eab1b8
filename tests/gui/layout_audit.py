"""Reads a shown window the way a translator's reviewer would: which texts are cut off by their widget, and
which texts never went through the catalogue (under KARTOGRAPHER_PSEUDO every catalogue string is wrapped in
⟦ ⟧, so a visible word outside those brackets was not translated).

Geometry, not pixels: a label is clipped when the room the layout gave it is smaller than the text needs
(its size hint without word wrap; its height for its width with word wrap), a button, combo box or group box
likewise; a tab when the tab bar gave it less than its size hint.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDialogButtonBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QMainWindow,
    QMenu,
    QTabBar,
    QTabWidget,
    QToolButton,
    QWidget,
)

from tests.pseudo_text import untranslated_words

#: What a combo box needs besides its text: frame, padding and the drop-down arrow (Fusion style, measured).
COMBO_CHROME_PX = 28
def _shown(widget: QWidget, top: QWidget) -> bool:
    return widget.isVisibleTo(top) and widget.width() > 0 and widget.height() > 0


def _qt_own(button: QAbstractButton) -> bool:
    """Qt's own OK/Cancel/… and a tab's close button: translated by the qtbase catalogue, not ours."""
    parent = button.parent()
    if isinstance(parent, QTabBar):
        return True
    return isinstance(parent, QDialogButtonBox) and \
        parent.standardButton(button) != QDialogButtonBox.StandardButton.NoButton


def clipped(top: QWidget) -> list[str]:
    """A line per text its widget cuts off: 'QLabel "…": needs 212 px, has 180'."""
    out: list[str] = []

    def report(widget: QWidget, text: str, need: int, have: int, what: str = "px") -> None:
        if need > have + 1:
            out.append(f'{type(widget).__name__} {widget.objectName() or ""} "{text}": needs {need} {what}, has {have}')

    for label in top.findChildren(QLabel):
        if not _shown(label, top) or not label.text() or (label.pixmap() is not None and not label.pixmap().isNull()):
            continue
        if label.wordWrap():
            report(label, label.text(), label.heightForWidth(label.width()), label.height(), "px high")
        else:
            report(label, label.text(), label.minimumSizeHint().width(), label.width())
    for button in top.findChildren(QAbstractButton):
        if not _shown(button, top) or not button.text() or isinstance(button, QToolButton):
            continue
        report(button, button.text(), button.minimumSizeHint().width(), button.width())
    for combo in top.findChildren(QComboBox):
        if _shown(combo, top) and not combo.isEditable():
            # The current text with room for the frame and the arrow (the size hint would ask for the longest item).
            need = combo.fontMetrics().horizontalAdvance(combo.currentText()) + COMBO_CHROME_PX
            report(combo, combo.currentText(), need, combo.width())
    for box in top.findChildren(QGroupBox):
        if _shown(box, top) and box.title():
            need = box.fontMetrics().horizontalAdvance(box.title()) + 16
            report(box, box.title(), need, box.width())
    for bar in top.findChildren(QTabBar):
        if not _shown(bar, top):
            continue
        for i in range(bar.count()):
            report(bar, bar.tabText(i), bar.tabSizeHint(i).width(), bar.tabRect(i).width())
    return out


def _menu_texts(actions: Iterable[QAction]) -> Iterator[str]:
    for action in actions:
        if action.isSeparator():
            continue
        yield action.text()
        if action.toolTip() and action.toolTip() != action.text().replace("&", ""):
            yield action.toolTip()
        if action.statusTip():
            yield action.statusTip()
        menu = action.menu()
        if isinstance(menu, QMenu):
            yield menu.title()
            yield from _menu_texts(menu.actions())


def texts(top: QWidget) -> Iterator[tuple[str, str]]:
    """(where, text) for every text a user reads in `top`: titles, labels, buttons, tabs, menus, tooltips."""
    yield "window title", top.windowTitle()
    if isinstance(top, QMainWindow):
        for action in top.menuBar().actions():
            yield "menu", action.text()
            menu = action.menu()
            if isinstance(menu, QMenu):
                yield from (("menu", t) for t in _menu_texts(menu.actions()))
    for dock in top.findChildren(QDockWidget):
        yield "dock", dock.windowTitle()
    for label in top.findChildren(QLabel):
        if _shown(label, top):
            yield "label", label.text()
    for button in top.findChildren(QAbstractButton):
        if _shown(button, top) and not _qt_own(button):
            yield "button", button.text()
            yield "tooltip", button.toolTip()
    for box in top.findChildren(QGroupBox):
        if _shown(box, top):
            yield "group", box.title()
    for tabs in top.findChildren(QTabWidget):
        for i in range(tabs.count()):
            yield "tab", tabs.tabText(i)
    for widget in top.findChildren(QWidget):
        if _shown(widget, top) and widget.toolTip() and not isinstance(widget, QAbstractButton):
            yield "tooltip", widget.toolTip()


def untranslated(top: QWidget, data: Iterable[str] = ()) -> list[str]:
    """'label: "Snap to grid"' for every shown text with a word that did not come from the catalogue."""
    data = list(data)
    found = []
    for where, text in texts(top):
        if text and untranslated_words(text, data):
            found.append(f'{where}: "{text}"')
    return sorted(set(found))
