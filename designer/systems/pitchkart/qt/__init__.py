"""The Qt half of Super Mario PitchKart (`System.qt_module`): how a `track_section` looks on the canvas
(`ITEM_CLASSES`, in `items`), the section tool its palette entry arms (`PALETTE_TOOLS`, `section_tool`) and its
Track menu actions (`ACTIONS`, in `actions`: Section Tool, Section Piece ▸, Renumber Sections Along Route,
Move Chain With Section).

The tool is imported when first used: the main window imports this package at start-up to build its menus.
"""

from __future__ import annotations

from typing import Any

from designer.systems.pitchkart.elements import TRACK_SECTION
from designer.systems.pitchkart.qt.actions import ACTIONS
from designer.systems.pitchkart.qt.items import ITEM_CLASSES


def _section_tool(manager: Any) -> Any:
    """The section tool with the document's piece set (the one already armed, keeping its piece); None without
    a piece set."""
    from designer.systems.pitchkart.qt.section_tool import SectionTool, document_inventory

    inventory = document_inventory(manager.document)
    if inventory is None or not inventory.pieces:
        return None
    active = manager.active
    if isinstance(active, SectionTool) and active.inventory is inventory:
        return active
    return SectionTool(manager, inventory)


#: Sections are laid end to end: the palette entry arms the section tool, as Track ▸ Section Tool does.
PALETTE_TOOLS = {TRACK_SECTION: _section_tool}

__all__ = ["ACTIONS", "ITEM_CLASSES", "PALETTE_TOOLS", "REPORT_SECTIONS"]


def __getattr__(name: str) -> Any:
    """`REPORT_SECTIONS` is loaded when a Track Report is first made (it needs the report dialog)."""
    if name == "REPORT_SECTIONS":
        from designer.systems.pitchkart.qt.report import REPORT_SECTIONS

        return REPORT_SECTIONS
    raise AttributeError(name)
