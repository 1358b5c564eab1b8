"""The main window's way into campaigns: File ▸ New Campaign… and Open Campaign…, each campaign in a
window of its own (kept alive by `window.campaign_windows`), and a race's "Open Track" opening that
track as an editor tab here. Every campaign window gets the shared Open Recent submenu, and its saves
delete its autosave copy. Quitting closes the campaign windows first (each asks about unsaved changes
itself); one that stays open keeps the main window open too."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from designer.app.recent_menu import RecentMenu
from designer.i18n import _
from designer.panes.campaign import CampaignWindows


class CampaignActions:
    def __init__(self, window) -> None:
        self.window = window
        self.windows = CampaignWindows(window, getattr(window, "settings", None))
        self.windows.open_track_requested.connect(self.open_track)
        menu = window.menus["File"]
        self.new_action = window.action(_("New &Campaign…"), lambda: self.windows.new_campaign(window), None,
                                        _("Start a Grand Prix, race series, Balloon Battle or careers"), None)
        self.open_action = window.action(_("Open Ca&mpaign…"), lambda: self.windows.open_campaign(window), None,
                                         _("Open a campaign file in its own window"), None)
        save_action = getattr(getattr(window, "file_actions", None), "save_action", None)
        if save_action is not None:
            # After Open Recent, before Save.
            menu.insertAction(save_action, self.new_action)
            menu.insertAction(save_action, self.open_action)
            menu.insertSeparator(save_action)
        else:
            menu.addAction(self.new_action)
            menu.addAction(self.open_action)
        window.close_guards.append(self.windows.close_all)
        self.windows.window_added.connect(self._add_recent_menu)
        file_actions = getattr(window, "file_actions", None)
        if file_actions is not None:  # e.g. a careers page's car opens in the vehicle editor
            self.windows.before_adopt.append(lambda: file_actions.link_campaign_windows(self.windows))
        autosaver = getattr(window, "autosaver", None)
        if autosaver is not None:
            self.windows.saved.connect(autosaver.discard)

    def _add_recent_menu(self, campaign_window) -> None:
        """Open Recent in the campaign window's File menu, right after Open…."""
        settings = self.windows.settings
        if settings is None:
            return

        def open_file(path: Path, kind: str) -> None:
            if kind == "campaign":
                self.windows.open_path(path, campaign_window)
            elif kind in getattr(self.window, "document_windows", {}):
                self.window.document_windows[kind].open_path(path, campaign_window)
            else:
                self.open_track(path)

        menu = campaign_window.recent_menu = RecentMenu(settings, open_file, campaign_window)
        actions = campaign_window.file_menu.actions()
        after = actions.index(campaign_window.open_action) + 1
        campaign_window.file_menu.insertMenu(actions[after], menu)  # before the separator that follows Open…

    def open_track(self, path: Path) -> None:
        """A campaign window asked for a race's track: open it here (or switch to its tab)."""
        actions = getattr(self.window, "file_actions", None)
        if actions is not None:
            actions.open_paths([path])
        self.window.show()
        self.window.raise_()
        self.window.activateWindow()

    def open_paths(self, paths: Iterable[str | Path]) -> list:
        """Open campaign files (e.g. `*.campaign.json` from the command line, see `is_campaign_file`) in
        their windows; returns the windows that opened."""
        return [w for w in (self.windows.open_path(p, self.window) for p in paths) if w is not None]


def install(window) -> CampaignActions:
    window.campaign_actions = CampaignActions(window)
    window.campaign_windows = window.campaign_actions.windows
    return window.campaign_actions
