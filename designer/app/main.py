"""Start-up of the editor: `run_gui(files)` creates the application and a window with a tab per file.

With no file it opens the default starter track (unless the preferences say otherwise: then an empty
"Untitled" document). A file that cannot be read is reported on one line
(a message box, and stderr too when there is no screen to show it on) and an empty "Untitled" document
takes its place: the user never sees a traceback. `run_gui` also sets up the log file and the error
dialog (`designer.app.errors`) before the first window, so a later unexpected error is shown and logged.
The language is chosen before the first widget (`install_language`): the CLI's `--lang`, else the
Preferences' language, else the system's; Qt's own dialogs and buttons get the qtbase translations
PySide6 ships, and the default QLocale follows the language so spin boxes show and read "12,5" in German.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QLibraryInfo, QLocale, QObject, QTimer, QTranslator
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QWidget

from designer import collector
from designer.app import errors
from designer.app.app_icon import apply_identity
from designer.app.autosave import HEADLESS_PLATFORMS
from designer.app.settings import Settings
from designer.app.untitled import untitled_document
from designer.app.window import APP_NAME, MainWindow
from designer.i18n import SOURCE_LANGUAGE, _, language_from_environment, set_language
from designer.io.errors import DocumentError
from designer.io.track_io import load_track
from designer.paths import DEFAULT_TRACK


def application() -> QApplication:
    """The QApplication, created and named on first use."""
    app = QApplication.instance()
    if app is None:
        app = QApplication(sys.argv[:1])
    app.setOrganizationName(APP_NAME)
    app.setApplicationName(APP_NAME)
    apply_identity(app)
    return app  # type: ignore[return-value]


def open_main_window(files: Sequence[str], restore_session: bool = False) -> MainWindow:
    """The shown main window with one tab per readable file (the default track, if preferred, when none is given).

    Campaign files (`*.campaign.json`) open in campaign windows of their own, a game system's document types
    (`*.vehicle.json`: vehicle editors) in theirs. Unreadable files are
    reported, one line each, once the window is up; if none could be read the
    window holds a new empty document. With `restore_session` (the real start-up; tests leave it off
    so they never read the user's settings) the window gets back its size and dock layout, and
    documents left behind by a crash are offered for recovery.
    """
    from designer.app.document_windows import type_of
    from designer.io.suffixes import is_campaign_file, is_track_file

    campaigns = [f for f in files if is_campaign_file(f)]
    # a game system's own (Axles' cars); asked only of the others, as asking loads every system
    documents = [f for f in files if not is_track_file(f) and not is_campaign_file(f) and type_of(f) is not None]
    tracks = [f for f in files if not is_campaign_file(f) and f not in documents]
    starter = [str(DEFAULT_TRACK)] if Settings().preferences().open_starter_track else []
    paths = tracks or starter
    loaded, errors = [], []
    for path in paths:
        try:
            # The bundled default opens as a new document, so Save never overwrites the template.
            loaded.append((load_track(path), path if tracks else None))
        except DocumentError as exc:
            errors.append(str(exc))
            if files and QGuiApplication.platformName() in HEADLESS_PLATFORMS:
                print(str(exc), file=sys.stderr, flush=True)
    first, first_path = loaded[0] if loaded else (untitled_document(), None)
    window = MainWindow(first, first_path)
    for document, path in loaded[1:]:
        window.add_editor(document, path)
    window.tabs.setCurrentIndex(0)
    if errors:
        # Once the window is up, so the box has a parent to sit over.
        title = _("Cannot open track")
        QTimer.singleShot(0, window, lambda: window.show_error("\n".join(errors), title))
    if restore_session:
        from designer.app.file_actions import restore_window_state

        restore_window_state(window)
    window.show()
    if campaigns:
        window.campaign_actions.open_paths(campaigns)
    if documents:
        from designer.app.document_windows import open_documents

        open_documents(window, documents)
    if restore_session:
        from designer.app.autosave import offer_recovery

        offer_recovery(window)
    return window


def install_language(app: QApplication, language: str | None = None) -> str:
    """Translate into `language`, else the Preferences' language, else the system's; returns the code chosen.

    Qt's standard dialogs and buttons (Cancel, Open, Save …) come from Qt's own qtbase catalogue.
    """
    code = set_language(language or Settings().preferences().language or language_from_environment())
    # Numbers in spin boxes and fields follow the language too ("12,5" in de/es/fr); English keeps C's "12.5".
    QLocale.setDefault(QLocale.c() if code == SOURCE_LANGUAGE else QLocale(code))
    for old in app.findChildren(QTranslator, "kartographer-qtbase"):
        app.removeTranslator(old)
        old.deleteLater()
    if code != SOURCE_LANGUAGE:
        translator = QTranslator(app)  # the app owns it: it lives as long as the application
        translator.setObjectName("kartographer-qtbase")
        if translator.load(f"qtbase_{code}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            app.installTranslator(translator)
    return code


def run_gui(files: list[str], language: str | None = None) -> int:
    """The editor's event loop; `language` (the CLI's --lang) overrides the Preferences and the system."""
    start_gui(files, language)
    return QApplication.exec()


def start_gui(files: list[str], language: str | None = None) -> MainWindow:
    """All the editor does before its event loop: the language, the error dialog, the first window."""
    app = application()
    install_language(app, language)
    errors.install()  # Qt's messages (headless noise aside) go to the log and stderr from here on
    window = open_main_window(files, restore_session=True)
    after_first_paint(window.view.viewport(), lambda: first_painted(window))  # the canvas: the first paint's last
    follow_file_open_events(app, window)
    return window


def follow_file_open_events(app: QApplication, window: MainWindow) -> None:
    """On macOS, documents opened from the Finder arrive as QFileOpenEvents (`designer.app.file_open`). Elsewhere
    they come on the command line, and a filter on the application would be a Python call for every event of
    every widget, the whole session long."""
    if sys.platform == "darwin":
        from designer.app import file_open

        file_open.install(app, window)


def first_painted(window: MainWindow) -> None:
    """What waits for the first window's first paint: the log's start line, the window's deferred work (the game
    systems its documents do not need: their menu actions and document types), and the cycle collector
    (designer/collector.py), held off while the editor started. A plug-in that cannot be registered is said on
    one line; the systems that could be stay in use, with their menus."""
    from designer.systems.registry import GameSystemError

    errors.log_start()
    try:
        for job in window.deferred:
            try:
                job()
            except GameSystemError as exc:  # said once: the registry keeps what registered and does not retry
                QTimer.singleShot(0, window, lambda m=str(exc): window.show_error(m, _("Cannot Load a Game System")))
                job()
    finally:
        collector.release()


class _FirstPaint(QObject):
    """Calls `callback` from the event loop once `widget` has been painted the first time, then goes."""

    def __init__(self, widget: QWidget, callback: Callable[[], None]) -> None:
        super().__init__(widget)
        self.callback = callback
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self.callback)  # after the rest of this paint
            self.deleteLater()
        return False


def after_first_paint(widget: QWidget, callback: Callable[[], None]) -> None:
    """Run `callback` once `widget` is on screen: work no first paint needs waits for it, as a user does."""
    _FirstPaint(widget, callback)
