"""Edit ▸ Preferences…: the dialog that edits `Preferences`, and the hook that puts them into effect.

The dialog has one tab per area — General (autosave, recent files, start-up, language), Canvas (units of new
documents, Snap to Grid at start), Checks (the Problems dock's delay) and Print (paper and margin the
Export / Print dialog starts with). OK stores the preferences and applies those with a live effect to
the running window at once (`apply_preferences`); Cancel changes nothing; Restore Defaults only resets
the widgets, so it too can still be cancelled.

Preferences that shape something new (a new document's units, the print dialog's paper) are read by
their feature when it is created; this module never reaches into them. Every label is in the user's
language; the language combo names each language in itself ("Deutsch"), so anyone finds theirs.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from designer.app.settings import (
    AUTOSAVE_MAX_SECONDS,
    CHECKS_DELAY_RANGE_MS,
    LANGUAGE_CODES,
    MARGIN_RANGE_MM,
    NUDGE_RANGE_MM,
    PAPERS,
    RECENT_RANGE,
    UNITS,
    Preferences,
    Settings,
)
from designer.export.paper_names import paper_name
from designer.i18n import LANGUAGES, N_, _, pgettext
from designer.panes.theme import mute

UNIT_NAMES = {"mm": N_("Millimetres (mm)"), "cm": N_("Centimetres (cm)"), "in": N_("Inches (in)")}
SYSTEM_DEFAULT = N_("System default")
#: Language code → what the combo shows: each language in its own name, so anyone finds theirs (only
#: "System default" is translated).
LANGUAGE_NAMES = {"": SYSTEM_DEFAULT, **LANGUAGES}
#: Used where the platform has no standard Preferences shortcut (Linux, Windows).
FALLBACK_SHORTCUT = "Ctrl+,"


def _minutes(seconds: int) -> int:
    """The autosave interval as the dialog shows it: whole minutes, never "Off" for a running autosave."""
    return 0 if seconds <= 0 else max(1, round(seconds / 60))


def _hint(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    mute(label)
    return label


def _form_group(title: str, rows: list, hint: str = "") -> QGroupBox:
    """A group box with a form layout; a row is (label, widget) or a lone widget spanning both columns."""
    group = QGroupBox(title)
    form = QFormLayout(group)
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
    for row in rows:
        if isinstance(row, tuple):
            form.addRow(*row)
        else:
            form.addRow(row)
    if hint:
        form.addRow(_hint(hint))
    return group


def _mm_spin(limits: tuple[float, float]) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setRange(*limits)
    spin.setDecimals(1)
    spin.setSuffix(" mm")
    return spin


def _page(*groups: QGroupBox) -> QWidget:
    page = QWidget()
    layout = QVBoxLayout(page)
    for group in groups:
        layout.addWidget(group)
    layout.addStretch(1)
    return page


class PreferencesDialog(QDialog):
    def __init__(self, window, prefs: Preferences | None = None) -> None:
        super().__init__(window)
        self.setWindowTitle(_("Preferences"))
        self.main_window = window
        self.initial = prefs if prefs is not None else Settings().preferences()
        self._shown_autosave = (0, 0)  # (minutes shown, seconds they stand for)
        self._build()
        self.show_preferences(self.initial)

    # --- layout ----------------------------------------------------------------------------------
    def _build(self) -> None:
        self.autosave_spin = QSpinBox()
        self.autosave_spin.setRange(0, AUTOSAVE_MAX_SECONDS // 60)
        self.autosave_spin.setSuffix(" min")
        self.autosave_spin.setSpecialValueText(pgettext("autosave", "Off"))
        self.recent_spin = QSpinBox()
        self.recent_spin.setRange(*RECENT_RANGE)
        self.recent_spin.setSpecialValueText(pgettext("recent files", "None"))
        self.starter_box = QCheckBox(_("Open the starter track when started without a file"))
        self.language_combo = QComboBox()
        for code in LANGUAGE_CODES:
            self.language_combo.addItem(_(SYSTEM_DEFAULT) if code == "" else LANGUAGE_NAMES[code], code)
        general = _page(
            _form_group(_("Autosave"), [(_("Save recovery copies every"), self.autosave_spin)],
                        _("Unsaved tracks and campaigns are copied to a recovery folder and offered back after a "
                          "crash. Changes apply at once.")),
            _form_group(_("Files"), [(_("Recent files kept in each list"), self.recent_spin), self.starter_box],
                        _("File ▸ Open Recent lists tracks and campaigns separately. Without the starter "
                          "track, the editor starts with an empty table.")),
            _form_group(_("Language"), [(_("Language"), self.language_combo)],
                        _("Takes effect when Kartographer is next started. System default follows the "
                          "language of the operating system.")),
        )

        self.units_combo = QComboBox()
        for key in UNITS:
            self.units_combo.addItem(_(UNIT_NAMES[key]), key)
        self.snap_box = QCheckBox(_("Snap to grid when the editor starts"))
        self.nudge_spin = _mm_spin(NUDGE_RANGE_MM)
        self.nudge_large_spin = _mm_spin(NUDGE_RANGE_MM)
        canvas = _page(
            _form_group(_("New documents"), [(_("Display units"), self.units_combo)],
                        _("The units of the rulers, grid and fields of a blank table. Files keep their own.")),
            _form_group(_("Editing"), [self.snap_box, (_("Arrow keys move by"), self.nudge_spin),
                                       (_("Shift+arrow keys move by"), self.nudge_large_spin)],
                        _("View ▸ Snap to Grid (#) still switches snapping at any time.")),
        )

        self.delay_spin = QSpinBox()
        self.delay_spin.setRange(*CHECKS_DELAY_RANGE_MS)
        self.delay_spin.setSingleStep(50)
        self.delay_spin.setSuffix(" ms")
        checks = _page(
            _form_group(_("Problems dock"), [(_("Re-check after a pause of"), self.delay_spin)],
                        _("How long the document must be left alone before the playability checks run again. "
                          "Longer pauses help on very large tables.")),
        )

        self.paper_combo = QComboBox()
        for key in PAPERS:
            self.paper_combo.addItem(paper_name(key), key)
        self.margin_spin = _mm_spin(MARGIN_RANGE_MM)
        print_page = _page(
            _form_group(_("Export / Print starts with"),
                        [(_("Paper"), self.paper_combo), (_("Margin"), self.margin_spin)],
                        _("File ▸ Export / Print… opens with these; the dialog can still change them for one "
                          "print.")),
        )

        self.tabs = QTabWidget()
        for page, title in ((general, _("&General")), (canvas, _("&Canvas")), (checks, _("C&hecks")),
                            (print_page, pgettext("preferences tab", "&Print"))):
            self.tabs.addTab(page, title)

        buttons = QDialogButtonBox.StandardButton
        self.buttons = QDialogButtonBox(buttons.Ok | buttons.Cancel | buttons.RestoreDefaults)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.buttons.button(buttons.RestoreDefaults).clicked.connect(self.restore_defaults)

        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(520)

    def button(self, which: QDialogButtonBox.StandardButton):
        return self.buttons.button(which)

    # --- widgets ↔ preferences -------------------------------------------------------------------
    def show_preferences(self, prefs: Preferences) -> None:
        minutes = _minutes(prefs.autosave_seconds)
        self._shown_autosave = (minutes, prefs.autosave_seconds)
        self.autosave_spin.setValue(minutes)
        self.recent_spin.setValue(prefs.recent_files)
        self.starter_box.setChecked(prefs.open_starter_track)
        self.units_combo.setCurrentIndex(self.units_combo.findData(prefs.new_document_units))
        self.snap_box.setChecked(prefs.snap_at_start)
        self.nudge_spin.setValue(prefs.nudge_mm)
        self.nudge_large_spin.setValue(prefs.nudge_large_mm)
        self.delay_spin.setValue(prefs.checks_delay_ms)
        self.paper_combo.setCurrentIndex(self.paper_combo.findData(prefs.paper))
        self.margin_spin.setValue(prefs.margin_mm)
        self.language_combo.setCurrentIndex(max(0, self.language_combo.findData(prefs.language)))

    def preferences(self) -> Preferences:
        """What the widgets say now."""
        minutes = self.autosave_spin.value()
        shown_minutes, shown_seconds = self._shown_autosave
        # An interval that is not whole minutes (set elsewhere) survives OK when its field was left alone.
        seconds = shown_seconds if minutes == shown_minutes else minutes * 60
        return Preferences(
            autosave_seconds=seconds,
            recent_files=self.recent_spin.value(),
            open_starter_track=self.starter_box.isChecked(),
            new_document_units=self.units_combo.currentData(),
            snap_at_start=self.snap_box.isChecked(),
            nudge_mm=self.nudge_spin.value(),
            nudge_large_mm=self.nudge_large_spin.value(),
            checks_delay_ms=self.delay_spin.value(),
            paper=self.paper_combo.currentData(),
            margin_mm=self.margin_spin.value(),
            language=self.language_combo.currentData(),
        )

    def restore_defaults(self) -> None:
        self.show_preferences(Preferences())

    def accept(self) -> None:
        apply_preferences(self.main_window, self.preferences())
        super().accept()


def apply_preferences(window, prefs: Preferences) -> Preferences:
    """Store `prefs` and put the ones with a live effect into `window` now; returns what was stored."""
    settings = Settings()
    old = settings.preferences()
    settings.set_preferences(prefs)
    prefs = settings.preferences()
    autosaver = getattr(window, "autosaver", None)
    if autosaver is not None and autosaver.interval_seconds() != prefs.autosave_seconds:
        autosaver.set_interval_seconds(prefs.autosave_seconds)
    controller = getattr(window, "edit_controller", None)
    # Only a changed preference moves the toggle: OK for some other preference keeps today's snapping.
    if controller is not None and prefs.snap_at_start != old.snap_at_start:
        controller.snap_action.setChecked(prefs.snap_at_start)
    for editor in window.editors():
        checks = getattr(editor, "checks", None)
        if checks is not None:
            checks.timer.setInterval(prefs.checks_delay_ms)
        _apply_to_editor(editor, prefs)
    return prefs


def _apply_to_editor(editor, prefs: Preferences) -> None:
    """The preferences an editor's tools read."""
    if editor is not None:
        editor.tools.nudge_steps_mm = (prefs.nudge_mm, prefs.nudge_large_mm)


def open_preferences(window) -> bool:
    """Show the dialog (modal); True when the user pressed OK."""
    dialog = PreferencesDialog(window)
    try:
        return dialog.exec() == QDialog.DialogCode.Accepted
    finally:
        dialog.deleteLater()


def preferences_shortcuts() -> list[QKeySequence]:
    return QKeySequence.keyBindings(QKeySequence.StandardKey.Preferences) or [QKeySequence(FALLBACK_SHORTCUT)]


def install(window) -> QAction:
    """Edit ▸ Preferences…, and the start-up state the preferences ask for (Snap to Grid)."""
    action = window.action(_("Pr&eferences…"), lambda: open_preferences(window), preferences_shortcuts(),
                           _("Autosave, recent files, units of new documents, print defaults …"))
    action.setMenuRole(QAction.MenuRole.PreferencesRole)
    menu = window.menus["Edit"]
    menu.addSeparator()
    menu.addAction(action)
    window.preferences_action = action
    controller = getattr(window, "edit_controller", None)
    if controller is not None:
        controller.snap_action.setChecked(Settings().preferences().snap_at_start)
    for editor in window.editors():
        _apply_to_editor(editor, Settings().preferences())
    window.editor_changed.connect(lambda editor: _apply_to_editor(editor, Settings().preferences()))
    return action
