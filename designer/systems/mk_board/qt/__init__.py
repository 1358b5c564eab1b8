"""The Qt half of Mario Kart Board Game (`System.qt_module`): its canvas items (`ITEM_CLASSES`, in `items`),
the tool its shortcut's palette entry arms (`PALETTE_TOOLS`: the shortcut tool, `shortcut_tool`) and its Track
menu actions (`ACTIONS`, in `actions`: Lay Spaces Along Track, Insert Space After, Change Space Field, Shortcut
Tool), whose edits are undone as one step each (`commands`).

The tool and the board's pure edits are imported when first used: the main window imports this package at
start-up to build its menus.
"""

from __future__ import annotations

from typing import Any

from designer.systems.mk_board.elements import SHORTCUT
from designer.systems.mk_board.qt.actions import ACTIONS
from designer.systems.mk_board.qt.items import ITEM_CLASSES


def _shortcut_tool(manager: Any) -> Any:
    from designer.systems.mk_board.qt.shortcut_tool import ShortcutTool

    active = manager.active
    return active if isinstance(active, ShortcutTool) else ShortcutTool(manager)


#: A shortcut runs from one space to another: its palette entry arms the shortcut tool (drag between spaces).
PALETTE_TOOLS = {SHORTCUT: _shortcut_tool}

__all__ = ["ACTIONS", "ITEM_CLASSES", "PALETTE_TOOLS", "REPORT_SECTIONS"]


def __getattr__(name: str) -> Any:
    """`REPORT_SECTIONS` is loaded when a Track Report is first made (it needs the report dialog)."""
    if name == "REPORT_SECTIONS":
        from designer.systems.mk_board.qt.report import REPORT_SECTIONS

        return REPORT_SECTIONS
    raise AttributeError(name)
