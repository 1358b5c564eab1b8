"""The language preference: chosen in Edit ▸ Preferences…, stored, and read at the next start — where it picks
our catalogue and Qt's own qtbase translations (the CLI's --lang and then the system come after it)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel

from designer import i18n
from designer.app.main import application, install_language
from designer.app.preferences import PreferencesDialog
from designer.app.settings import LANGUAGE, Preferences, Settings

pytestmark = pytest.mark.usefixtures("qt_language_reset")


def qt_cancel() -> str:
    return QCoreApplication.translate("QPlatformTheme", "Cancel")


def test_the_dialog_offers_the_languages_and_says_a_restart_is_needed(window, qtbot):
    dialog = PreferencesDialog(window)
    qtbot.addWidget(dialog)
    combo = dialog.language_combo
    assert [combo.itemText(i) for i in range(combo.count())] == \
        ["System default", "English", "Deutsch", "Español", "Français"]
    assert combo.currentData() == ""  # the system's, at first
    texts = [label.text() for label in dialog.findChildren(QLabel)]
    assert any("Takes effect when Kartographer is next started" in text for text in texts), texts


def test_the_language_is_stored_and_read_at_start(window, qtbot):
    dialog = PreferencesDialog(window)
    qtbot.addWidget(dialog)
    dialog.language_combo.setCurrentIndex(dialog.language_combo.findData("de"))
    qtbot.mouseClick(dialog.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert Settings().get(LANGUAGE, "") == "de" and Settings().preferences().language == "de"
    assert i18n.current_language() == "en"  # not before a restart

    assert install_language(application()) == "de"  # the start-up
    assert i18n._("check track files") == "Streckendateien prüfen"
    assert qt_cancel() == "Abbrechen"  # Qt's own buttons, from qtbase_de


def test_the_command_line_beats_the_preference_and_the_system_comes_last(qtbot, monkeypatch):
    Settings().set_preferences(Preferences(language="fr"))
    assert install_language(application(), "es") == "es" and qt_cancel() == "Cancelar"
    assert install_language(application()) == "fr"
    Settings().set_preferences(Preferences(language=""))
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert install_language(application()) == "de"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert install_language(application()) == "en" and qt_cancel() == "Cancel"  # the German one is removed


def test_a_hand_edited_language_falls_back_to_the_system():
    Settings().set(LANGUAGE, "tlh")
    assert Settings().preferences().language == ""
