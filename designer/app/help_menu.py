"""Help ▸ Keyboard Shortcuts and Help ▸ Manual: two windows any main window (editor or campaign) can offer.

The shortcuts are read from the window's own QActions when the window opens — grouped by the menu that holds
each action, in menu order, with the texts the user sees (so they are in the user's language and never drift
from the real key bindings). Actions that no menu holds but that still have a key (canvas-only ones) are listed
under "Other". Keys of dedicated media/office keyboard buttons (Qt's "Save", "Zoom In" keys) are left out: they
are bindings, not something to learn.

The manual is the player's guide shipped as HTML in the package (`resources/manual/<language>/`), shown in the
app's language or else in English, offline; its Playability checks chapter holds one paragraph per check code
(anchors named by code), which the Problems dock opens. Web links open in the web browser.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QMainWindow,
    QMenu,
    QPushButton,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.i18n import SOURCE_LANGUAGE, _, current_language, pgettext
from designer.paths import RESOURCES_DIR

MANUAL_DIR = RESOURCES_DIR / "manual"
#: The manual's chapter holding one paragraph per check code, each under an anchor named by the code.
CHECKS_PAGE = "checks.html"
#: Qt key codes from here on are keys of their own on multimedia/office keyboards (Back, Save, Zoom In …),
#: and so are Help and F13–F35 (X11 gives Undo, Copy, Paste … the Sun keyboard's F14, F16, F18 …).
_DEDICATED_KEYS = Qt.Key.Key_Back.value
_HELP_KEY = Qt.Key.Key_Help.value
_SUN_KEYS = range(Qt.Key.Key_F13.value, Qt.Key.Key_F35.value + 1)

ShortcutRow = tuple[str, list[str]]  # the action's text, its key sequences as shown


def plain_text(text: str) -> str:
    """A menu text as read in a list: "Save &As…" → "Save As"."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").removesuffix("…").strip()


def _keys(action: QAction) -> list[str]:
    shown = []
    for sequence in action.shortcuts():
        key = sequence[0].key().value if not sequence.isEmpty() else 0
        if not key or key >= _DEDICATED_KEYS or key == _HELP_KEY or key in _SUN_KEYS:
            continue
        text = sequence.toString(QKeySequence.SequenceFormat.NativeText)
        if text not in shown:
            shown.append(text)
    return shown


def _menu_rows(menu: QMenu, prefix: str, seen: set[int], rows: list[ShortcutRow]) -> None:
    for action in menu.actions():
        if action.isSeparator():
            continue
        if action.menu() is not None:
            _menu_rows(action.menu(), f"{prefix}{plain_text(action.text())} ▸ ", seen, rows)
            continue
        seen.add(id(action))
        keys = _keys(action)
        if keys:
            rows.append((prefix + plain_text(action.text()), keys))


def shortcut_groups(window: QMainWindow) -> list[tuple[str, list[ShortcutRow]]]:
    """Every action of `window` that has a key: (menu title, [(action, keys)]) in menu-bar order, then "Other"."""
    groups: list[tuple[str, list[ShortcutRow]]] = []
    seen: set[int] = set()
    for top in window.menuBar().actions():
        if top.menu() is None:
            continue
        rows: list[ShortcutRow] = []
        _menu_rows(top.menu(), "", seen, rows)
        if rows:
            groups.append((plain_text(top.text()), rows))
    others = [(plain_text(a.text()), _keys(a)) for a in window.findChildren(QAction)
              if id(a) not in seen and a.text() and _keys(a)]
    if others:
        groups.append((pgettext("keyboard shortcuts", "Other"), sorted(others, key=lambda row: row[0].casefold())))
    return groups


class ShortcutsDialog(QDialog):
    """A filterable two-column list of the window's shortcuts, one group per menu."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.setWindowTitle(_("Keyboard Shortcuts"))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.filter_edit = QLineEdit(self)
        self.filter_edit.setPlaceholderText(_("Filter by action or key"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self.apply_filter)
        self.tree = QTreeWidget(self)
        self.tree.setColumnCount(2)
        self.tree.setHeaderLabels([pgettext("keyboard shortcuts", "Action"),
                                   pgettext("keyboard shortcuts", "Shortcut")])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setStretchLastSection(False)
        for title, rows in shortcut_groups(window):
            group = QTreeWidgetItem(self.tree, [title])
            group.setFirstColumnSpanned(True)
            font = group.font(0)
            font.setBold(True)
            group.setFont(0, font)
            group.setFlags(Qt.ItemFlag.ItemIsEnabled)
            for text, keys in rows:
                QTreeWidgetItem(group, [text, ", ".join(keys)])
        self.tree.expandAll()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.tree, 1)
        layout.addWidget(buttons)
        self.resize(520, 640)

    def groups(self) -> list[QTreeWidgetItem]:
        return [self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())]

    def apply_filter(self, text: str) -> None:
        """Show only the rows whose action or keys contain `text` (any case), and the groups holding one."""
        needle = text.strip().casefold()
        for group in self.groups():
            shown = 0
            for row in (group.child(i) for i in range(group.childCount())):
                match = not needle or needle in row.text(0).casefold() or needle in row.text(1).casefold()
                row.setHidden(not match)
                shown += match
            group.setHidden(shown == 0)


def manual_folder(language: str | None = None) -> Path | None:
    """The player's manual in `language` (default: the app's), else in English; None when none is installed."""
    for code in (language or current_language(), SOURCE_LANGUAGE):
        folder = MANUAL_DIR / code
        if (folder / "index.html").is_file():
            return folder
    return None


def manual_url(anchor: str | None = None, language: str | None = None) -> QUrl | None:
    """The manual's contents page, or the check-code paragraph `anchor` of its Playability checks chapter."""
    folder = manual_folder(language)
    if folder is None:
        return None
    url = QUrl.fromLocalFile(str(folder / (CHECKS_PAGE if anchor else "index.html")))
    if anchor:
        url.setFragment(anchor)
    return url


class ManualWindow(QDialog):
    """The player's manual (HTML shipped in the package) in a window of its own beside the editor (not modal)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Kartographer Manual"))
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint, True)
        self.browser = QTextBrowser(self)
        self.browser.setOpenExternalLinks(True)   # web links go to the browser; the manual's own pages stay here
        bar = QHBoxLayout()
        self.back_button = self._button(pgettext("manual", "Back"), self.browser.backward, bar)
        self.forward_button = self._button(pgettext("manual", "Forward"), self.browser.forward, bar)
        self.contents_button = self._button(pgettext("manual", "Contents"), self.open_contents, bar)
        bar.addStretch(1)
        self.browser.backwardAvailable.connect(self.back_button.setEnabled)
        self.browser.forwardAvailable.connect(self.forward_button.setEnabled)
        self.back_button.setEnabled(False)
        self.forward_button.setEnabled(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.browser, 1)
        layout.addWidget(buttons)
        self.resize(820, 760)
        self.open_contents()

    def _button(self, text: str, slot, bar: QHBoxLayout) -> QPushButton:
        button = QPushButton(text, self)
        button.setAutoDefault(False)
        button.clicked.connect(slot)
        bar.addWidget(button)
        return button

    def open_contents(self) -> None:
        self.open_at(None)

    def open_at(self, anchor: str | None) -> None:
        """Show the contents page, or the paragraph of check code `anchor`."""
        url = manual_url(anchor)
        if url is None:
            self.browser.setPlainText(_("The manual is not part of this installation."))
            return
        self.browser.setSource(url)
        if anchor:
            self.browser.scrollToAnchor(anchor)


def show_shortcuts(window: QMainWindow) -> ShortcutsDialog:
    dialog = ShortcutsDialog(window)
    dialog.show()
    return dialog


def show_manual(window: QMainWindow, anchor: str | None = None) -> ManualWindow:
    """The window's manual, opened once and raised again afterwards; at check code `anchor`'s paragraph if given."""
    manual = getattr(window, "manual_window", None)
    if not isinstance(manual, ManualWindow):
        manual = window.manual_window = ManualWindow(window)  # type: ignore[attr-defined]
    if anchor:
        manual.open_at(anchor)
    manual.show()
    manual.raise_()
    manual.activateWindow()
    return manual


def install(window: QMainWindow, menu: QMenu | None = None) -> None:
    """Help ▸ Manual (F1) and Help ▸ Keyboard Shortcuts (Ctrl+/) on `window`, in `menu` (its "Help" menu)."""
    menu = menu if menu is not None else window.menus["Help"]  # type: ignore[attr-defined]
    manual = QAction(_("&Manual"), window)
    manual.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.HelpContents))
    manual.setStatusTip(_("Read how to design, print and race tracks"))
    manual.triggered.connect(lambda: show_manual(window))
    shortcuts = QAction(_("&Keyboard Shortcuts"), window)
    shortcuts.setShortcut(QKeySequence("Ctrl+/"))
    shortcuts.setStatusTip(_("Every key of this window's actions, by menu"))
    shortcuts.triggered.connect(lambda: show_shortcuts(window))
    for action in (manual, shortcuts):
        window.addAction(action)
        menu.addAction(action)
    window.manual_action, window.shortcuts_action = manual, shortcuts  # type: ignore[attr-defined]
