"""Help ▸ Keyboard Shortcuts: every keyed action of the window, grouped by menu, in the user's language (the
manual itself: test_manual.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence

from designer import i18n
from designer.app import help_menu
from designer.app.help_menu import ShortcutsDialog
from designer.app.window import MainWindow


def rows(dialog: ShortcutsDialog) -> dict[str, dict[str, str]]:
    """Group title → {action: keys} as shown (hidden rows left out)."""
    shown = {}
    for group in dialog.groups():
        if group.isHidden():
            continue
        shown[group.text(0)] = {group.child(i).text(0): group.child(i).text(1)
                                for i in range(group.childCount()) if not group.child(i).isHidden()}
    return shown


def test_the_help_menu_holds_manual_shortcuts_then_about(window: MainWindow):
    texts = [a.text() for a in window.menus["Help"].actions() if not a.isSeparator()]
    assert texts[:2] == ["&Manual", "&Keyboard Shortcuts"] and texts[-1] == "&About Kartographer…"
    assert window.manual_action.shortcut() == QKeySequence("F1")
    assert window.shortcuts_action.shortcut() == QKeySequence("Ctrl+/")


def test_the_shortcuts_window_lists_every_keyed_action_by_menu(window: MainWindow, qtbot):
    late = QAction("Late Action", window)  # added after start-up: read when the window opens, not before
    late.setShortcut(QKeySequence("Ctrl+Shift+F9"))
    window.addAction(late)
    window.shortcuts_action.trigger()
    dialog = window.findChild(ShortcutsDialog)
    assert dialog is not None and dialog.isVisible() and dialog.windowTitle() == "Keyboard Shortcuts"
    shown = rows(dialog)
    assert list(shown)[:4] == ["File", "Edit", "View", "Track"] and list(shown)[-2:] == ["Help", "Other"]
    # Keys of office keyboards (Qt's "Save", "Copy" keys; X11's Sun F14–F20) are bindings, not listed.
    undo = QAction("Undo Twin")  # no parent: not one of the window's
    undo.setShortcuts([QKeySequence("Ctrl+Alt+U"), QKeySequence(Qt.Key.Key_F14), QKeySequence(Qt.Key.Key_Undo)])
    assert help_menu._keys(undo) == ["Ctrl+Alt+U"]
    assert shown["File"]["Save As"] == "Ctrl+Shift+S"
    assert shown["File"]["New"] == "Ctrl+N"  # not the "New" key of office keyboards
    assert shown["Edit"]["Undo"].startswith("Ctrl+Z")
    assert shown["View"]["Zoom In"] == "Ctrl++, Ctrl+="
    assert shown["Track"]["Place Gate"] == "G"
    assert shown["Help"] == {"Manual": "F1", "Keyboard Shortcuts": "Ctrl+/"}
    assert shown["Other"] == {"Late Action": "Ctrl+Shift+F9"}
    keyed = {help_menu.plain_text(a.text()) for a in window.findChildren(QAction) if a.shortcuts()}
    assert keyed == {text for group in shown.values() for text in group}  # every one, none twice
    assert sum(len(group) for group in shown.values()) == len(keyed)

    dialog.filter_edit.setText("undo")
    assert rows(dialog) == {"Edit": {"Undo": shown["Edit"]["Undo"]}}
    dialog.filter_edit.setText("ctrl+shift+s")
    assert rows(dialog) == {"File": {"Save As": "Ctrl+Shift+S"}}
    dialog.filter_edit.clear()
    assert rows(dialog) == shown
    dialog.close()


def test_the_shortcuts_window_in_german(qtbot, errors):
    i18n.set_language("de")
    window = MainWindow()
    qtbot.addWidget(window)
    dialog = help_menu.show_shortcuts(window)
    shown = rows(dialog)
    # (This part's own new texts reach the catalogue when the fragments are merged; the menus' are there.)
    assert dialog.windowTitle() == i18n._("Keyboard Shortcuts")
    assert list(shown)[:2] == ["Datei", "Bearbeiten"]
    save_as = help_menu.plain_text(i18n._("Save &As…"))
    assert save_as != "Save As" and shown["Datei"][save_as] == "Ctrl+Shift+S"
    assert help_menu.plain_text(i18n._("&Keyboard Shortcuts")) in shown[list(shown)[-1]]
    assert dialog.tree.headerItem().text(1) == i18n.pgettext("keyboard shortcuts", "Shortcut")
    window.close()


def test_the_application_and_its_windows_wear_the_kartographer_icon(window: MainWindow):
    from designer.app.main import application

    app = application()
    assert app.desktopFileName() == "kartographer"  # matches the launcher install-desktop writes
    for icon in (app.windowIcon(), window.windowIcon(), help_menu.ManualWindow(window).windowIcon()):
        assert not icon.isNull()
        image = icon.pixmap(32, 32).toImage()
        assert (image.width(), image.height()) == (32, 32)
        corner, centre = image.pixelColor(0, 0), image.pixelColor(16, 16)
        assert corner.alpha() == 0 and centre.alpha() == 255  # a rounded tile, drawn
        middle = image.pixelColor(2, 20)
        assert middle.green() > middle.red() and middle.green() > middle.blue()  # the green table at the edge
