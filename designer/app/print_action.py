"""File ▸ Export / Print… (Ctrl+P) for the current document.

The action is made with the window; the dialog behind it (`print_dialog`, which brings in the PDF export,
reportlab and QtPdf) is imported the first time it opens, so start-up never pays for it.
"""

from __future__ import annotations

from designer.i18n import _


def open_print_dialog(window) -> None:
    """The Export / Print dialog on the current document (modal; nothing without a tab)."""
    editor = window.current_editor()
    if editor is not None:
        from designer.app.print_dialog import PrintDialog

        path = editor.document.path
        PrintDialog(editor.document.snapshot(), window, path.parent if path is not None else None).exec()


def install(window) -> None:
    action = window.action(_("Export / &Print…"), lambda: open_print_dialog(window), "Ctrl+P",
                           _("Print the track 1:1, cards, tokens, dashboards and score sheets as PDF"))
    quit_action = getattr(getattr(window, "file_actions", None), "quit_action", None)
    menu = window.menus["File"]
    if quit_action is not None:
        menu.insertAction(quit_action, action)
        menu.insertSeparator(quit_action)
    else:
        menu.addAction(action)
    window.print_action = action
