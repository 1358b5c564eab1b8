"""Editing tools: one class per tool with a lifecycle, one active per editor, run by a `ToolManager`.

`SelectTool` (the default) picks, moves, turns and nudges; `PlaceTool` puts new elements down from the
palette. Their maths (snapping, rotation about a pivot, nudge steps) lives in `designer.geometry.snap`.
"""

from designer.canvas.tools.base import Tool, ToolEvent
from designer.canvas.tools.manager import ToolManager
from designer.canvas.tools.place import PlaceTool
from designer.canvas.tools.select import SelectTool

__all__ = ["PlaceTool", "SelectTool", "Tool", "ToolEvent", "ToolManager"]
