"""`CampaignWindow`: one campaign in its own top-level window.

File (New Campaign…, Open…, Save, Save As…, Print…, Close), Edit (Undo, Redo on the session's stack), and the
editor's Window and Help menus (`menus`); the title is "name[*] — Campaign — Kartographer" with the unsaved
marker following the stack's clean state.
The body depends on the mode: a Grand Prix, a race series or a mode with race pages of its own (its system's
`CAMPAIGN_PAGES`, `system_pages.ModePages`: a season's cars and money) shows tabs (Roster, one per race, the
upgrade shop) beside the standings and the chart; Balloon Battle and careers show their own pages.
Every page redraws from `session.document` on `session.changed`, so undo and redo need nothing more.
"""

from __future__ import annotations

import importlib
import uuid
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from designer.campaign import edit
from designer.campaign.modes import mode_of, records
from designer.document.campaign import CampaignSession
from designer.i18n import N_, _
from designer.io.campaign_io import CAMPAIGN_SUFFIX
from designer.io.errors import DocumentError
from designer.panes.campaign import menus
from designer.panes.campaign.common import MessageLine, race_title, run_edit
from designer.panes.campaign.races import RacePage
from designer.panes.campaign.roster import RosterPage
from designer.panes.campaign.shop import ShopPage
from designer.panes.campaign.standings import ChampionBanner, StandingsPanel, race_count
from designer.panes.campaign.system_pages import mode_pages
from designer.panes.campaign.windows import CampaignWindows
from designer.panes.markup import literal

STATUS_MS = 5000
#: a mode's record → (module, class, tab title) of the page a campaign without races brings along.
#: The shared pages of a record kept without races, by `CampaignMode.record`; a mode's own page comes from its
#: system's Qt half (`CAMPAIGN_PAGES`, `system_pages.ModePages.page`: a career's drivers and games).
MODE_PAGES = {"battle": ("designer.panes.campaign.battle", "BattlePage", N_("Battles"))}


def campaign_filter() -> str:
    """The file dialogs' filter for campaign files, in the current language."""
    return _("Kartographer campaigns (*{suffix})").format(suffix=CAMPAIGN_SUFFIX)


def with_campaign_suffix(name: str | Path) -> Path:
    path = Path(name)
    if path.name.lower().endswith(CAMPAIGN_SUFFIX):
        return path
    stem = path.name.removesuffix(".json").removesuffix(".campaign")
    return path.with_name(stem + CAMPAIGN_SUFFIX)


def ask_save_changes(parent: QWidget, name: str) -> QMessageBox.StandardButton:
    """Save, Discard or Cancel before a modified campaign closes: the editor's prompt, word for word (tests
    replace this). Without a screen nobody can answer, so closing goes ahead as it would without the question.
    """
    from designer.app import prompts

    return prompts.ask_save_changes(parent, name)


def mode_page(session: CampaignSession) -> QWidget:
    """The page the mode's system or another module provides for this mode, or a placeholder when there is none."""
    own = mode_pages(session.document).page
    try:
        if own is not None:
            page_class = own
        else:
            module_name, class_name, _title = MODE_PAGES[mode_of(session.document).record]
            page_class = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError, KeyError):
        label = QLabel(_("This kind of campaign cannot be shown in this version yet."))
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setObjectName("modePlaceholder")
        return label
    return page_class(session)


def mode_page_title(session: CampaignSession) -> str:
    """The mode page's tab title: the system's (`ModePages.page_title`), the shared page's, else the mode's."""
    mode = mode_of(session.document)
    own = mode_pages(session.document).page_title
    if own:
        return _(own)
    return _(MODE_PAGES[mode.record][2]) if mode.record in MODE_PAGES else mode.display_title


def scrolled(page: QWidget) -> QScrollArea:
    """`page` in a frameless scroll area, so a wide page scrolls instead of widening the window past the screen."""
    area = QScrollArea()
    area.setWidget(page)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    return area


class CampaignWindow(QMainWindow):
    open_track_requested = Signal(Path)
    closed = Signal()

    def __init__(self, session: CampaignSession, windows: CampaignWindows | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        session.setParent(self)
        #: Names this campaign's autosave copy; stable for the window's life.
        self.recovery_key = uuid.uuid4().hex
        self.windows = windows if windows is not None else CampaignWindows()
        self.messages = MessageLine()
        self.banner = ChampionBanner(session)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.roster = RosterPage(session, self.messages)
        self.tabs.addTab(scrolled(self.roster), _("Roster"))
        self.race_pages: list[RacePage] = []
        self.shop: ShopPage | None = None
        self.standings: StandingsPanel | None = None
        self.page: QWidget | None = None
        self._build_body()
        self._create_menus()
        menus.install(self)  # Window and Help, as in the editor
        # A refusal changes nothing, so any change means the last refusal no longer applies.
        session.changed.connect(self.messages.clear_message)
        session.changed.connect(self._on_changed)
        session.path_changed.connect(self._update_title)
        session.undo_stack.cleanChanged.connect(self._update_title)
        self._update_title()
        menus.place_new_window(self)
        self.windows.adopt(self)

    # --- layout ----------------------------------------------------------------------------------
    def _build_body(self) -> None:
        mode = mode_of(self.session.document)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(10, 8, 10, 6)
        layout.addWidget(self.banner)
        layout.addWidget(self.messages)
        if mode.record == "races":
            self._sync_race_tabs()
            if mode.points:
                self.shop = ShopPage(self.session, self.messages)
                self.tabs.addTab(self.shop, _("Upgrade Shop"))
            else:
                add = QPushButton(_("Add Race"))
                add.setToolTip(_("Add the next race of the series"))
                add.clicked.connect(self.add_race)
                self.tabs.setCornerWidget(add, Qt.Corner.TopRightCorner)
            own = mode_pages(self.session.document)
            if own.page is not None:  # a races mode's own page, after the race tabs
                self.page = own.page(self.session)
                self.tabs.addTab(self.page, _(own.page_title) if own.page_title else mode.display_title)
            self.standings = StandingsPanel(self.session)
            splitter = QSplitter(Qt.Orientation.Vertical)
            splitter.addWidget(self.tabs)
            splitter.addWidget(self.standings)
            splitter.setChildrenCollapsible(False)
            splitter.setStretchFactor(0, 1)
            splitter.setStretchFactor(1, 1)
            layout.addWidget(splitter, 1)
        else:
            self.page = mode_page(self.session)
            self.tabs.addTab(self.page, mode_page_title(self.session))
            self.tabs.setCurrentWidget(self.page)
            layout.addWidget(self.tabs, 1)
        self.setCentralWidget(body)

    def _sync_race_tabs(self) -> None:
        """One tab per race after the Roster tab; a race series gains or loses tabs with undo and redo."""
        wanted = race_count(self.session)
        page_class = mode_pages(self.session.document).race_page or RacePage
        while len(self.race_pages) < wanted:
            page = page_class(self.session, self.messages, len(self.race_pages))
            page.open_track_requested.connect(self.open_track_requested)
            self.tabs.insertTab(1 + len(self.race_pages), page, "")
            self.race_pages.append(page)
        while len(self.race_pages) > wanted:
            page = self.race_pages.pop()
            self.tabs.removeTab(self.tabs.indexOf(page))
            page.deleteLater()
        races = self.session.document.races
        for index, page in enumerate(self.race_pages):
            at = self.tabs.indexOf(page)
            self.tabs.setTabText(at, race_title(self.session, index))
            self.tabs.setTabToolTip(at, literal(races[index].track or "") if index < len(races) else "")

    def race_page(self, number: int) -> RacePage:
        return self.race_pages[number - 1]

    def _create_menus(self) -> None:
        key = QKeySequence.StandardKey
        file_menu = self.file_menu = self.menuBar().addMenu(_("&File"))
        self.new_action = file_menu.addAction(_("&New Campaign…"), lambda: self.windows.new_campaign(self))
        self.new_action.setShortcut(QKeySequence(key.New))
        self.open_action = file_menu.addAction(_("&Open…"), lambda: self.windows.open_campaign(self))
        self.open_action.setShortcut(QKeySequence(key.Open))
        file_menu.addSeparator()
        self.save_action = file_menu.addAction(_("&Save"), self.save)
        self.save_action.setShortcut(QKeySequence(key.Save))
        self.save_as_action = file_menu.addAction(_("Save &As…"), self.save_as)
        self.save_as_action.setShortcut(QKeySequence(key.SaveAs))
        file_menu.addSeparator()
        self.print_action = file_menu.addAction(_("&Print…"), self.print_pdf)
        self.print_action.setShortcut(QKeySequence(key.Print))
        self.print_action.setStatusTip(_("Print the filled score sheet and the upgraded kart dashboards as PDF"))
        file_menu.addSeparator()
        self.close_action = file_menu.addAction(_("&Close"), self.close)
        self.close_action.setShortcut(QKeySequence(key.Close))

        edit_menu = self.menuBar().addMenu(_("&Edit"))
        self.undo_action = self.session.undo_stack.createUndoAction(self, _("&Undo"))
        self.undo_action.setShortcuts(QKeySequence.keyBindings(key.Undo))
        self.redo_action = self.session.undo_stack.createRedoAction(self, _("&Redo"))
        self.redo_action.setShortcuts(QKeySequence.keyBindings(key.Redo))
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)

    # --- state -----------------------------------------------------------------------------------
    def _on_changed(self) -> None:
        if records(self.session.document, "races"):
            self._sync_race_tabs()
        self._update_title()

    def _update_title(self, *_args) -> None:
        # the editor's "{name} — Kartographer" around "{name}[*] — Campaign": both already translated
        campaign = _("{name}[*] — Campaign").format(name=self.session.document.name)
        self.setWindowTitle(_("{name} — Kartographer").format(name=campaign))
        self.setWindowModified(not self.session.undo_stack.isClean())

    def is_modified(self) -> bool:
        return not self.session.undo_stack.isClean()

    def add_race(self) -> bool:
        number = len(self.session.document.races) + 1
        ok = run_edit(self.session, self.messages, _("Add race {n}").format(n=number), edit.set_race_track, number,
                      None)
        if ok:
            self.tabs.setCurrentWidget(self.race_pages[number - 1])
        return ok

    # --- files -----------------------------------------------------------------------------------
    def save(self) -> bool:
        return self.save_as() if self.session.path is None else self.write(self.session.path)

    def save_as(self) -> bool:
        suggestion = self.session.path or self.windows.last_folder() / f"{self.session.document.name}{CAMPAIGN_SUFFIX}"
        name, _filter = QFileDialog.getSaveFileName(self, _("Save Campaign As"), str(suggestion), campaign_filter())
        return self.write(with_campaign_suffix(name)) if name else False

    def write(self, path: Path) -> bool:
        """Save to `path`; on failure say why in one line and stay modified."""
        try:
            self.session.save(path)
        except (DocumentError, OSError) as exc:
            QMessageBox.warning(self, _("Could Not Save"), literal(" ".join(str(exc).split())))
            return False
        self.windows.saved_to(self, Path(path).absolute())
        self.statusBar().showMessage(_("Saved {name}").format(name=Path(path).name), STATUS_MS)
        return True

    def print_pdf(self) -> Path | None:
        # Imported here: printing is rare, and the campaign window must open without reportlab loaded.
        from designer.panes.campaign.print_preview import print_campaign

        return print_campaign(self, self.session)  # which says "Wrote … — N pages" in the status bar

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.is_modified():
            name = self.session.path.name if self.session.path else self.session.document.name
            from designer.app.prompts import may_close

            if not may_close(ask_save_changes(self, name), self.save):
                event.ignore()
                return
        self.windows.remember_geometry(self)
        event.accept()
        self.closed.emit()
