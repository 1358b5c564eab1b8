"""Editing tools: one class per tool with a lifecycle, one active per editor, run by a `ToolManager`.

`SelectTool` (the default) picks, moves, turns and nudges, and edits the track's control points
(`track_points`) and the vertices of the one selected scenery outline (`scenery_points`); `PlaceTool`
puts new elements down from the palette. The track authoring tools: `TrackTool` draws a centerline,
`GateTool` puts gates across the track, `CoinTrailTool` lays coins along a drag and `MeasureTool` reads
distances. Their maths lives in `designer.geometry` (snap, route, layout, authoring, measure,
polygon_edit).
"""

from designer.canvas.tools.base import Tool, ToolEvent
from designer.canvas.tools.coins import CoinTrailTool
from designer.canvas.tools.gate import GateTool
from designer.canvas.tools.manager import ToolManager
from designer.canvas.tools.measure import MeasureTool
from designer.canvas.tools.place import PlaceTool
from designer.canvas.tools.select import SelectTool
from designer.canvas.tools.track import TrackTool

__all__ = ["CoinTrailTool", "GateTool", "MeasureTool", "PlaceTool", "SelectTool", "Tool", "ToolEvent",
           "ToolManager", "TrackTool"]
