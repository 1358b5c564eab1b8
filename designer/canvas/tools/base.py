"""The tool protocol: `Tool` (a class with a lifecycle) and `ToolEvent` (a mouse event in scene and view terms).

One tool is active per editor at a time. The `ToolManager` activates it, hands it the view's mouse and
key events (unless the view is panning) and deactivates it when another takes over. A tool edits the
document only through `designer.document.operations`, so every gesture is an undoable command.

Hooks return True when they used the event; a tool that returns False lets the view handle it (arrow
keys scroll the view when there is nothing to nudge, for instance).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent

if TYPE_CHECKING:
    from designer.canvas.tools.manager import ToolManager

Mod = Qt.KeyboardModifier


@dataclass(frozen=True)
class ToolEvent:
    """A mouse event as tools see it: where (scene mm and viewport pixels), which button, which modifiers."""

    scene_pos: QPointF
    view_pos: QPointF
    button: Qt.MouseButton = Qt.MouseButton.NoButton
    modifiers: Qt.KeyboardModifier = Mod.NoModifier
    double: bool = False   # the second press of a double click

    @property
    def point(self) -> tuple[float, float]:
        return self.scene_pos.x(), self.scene_pos.y()

    @property
    def pixel(self) -> tuple[float, float]:
        return self.view_pos.x(), self.view_pos.y()

    @property
    def shift(self) -> bool:
        return bool(self.modifiers & Mod.ShiftModifier)

    @property
    def ctrl(self) -> bool:
        return bool(self.modifiers & (Mod.ControlModifier | Mod.MetaModifier))

    @property
    def alt(self) -> bool:
        return bool(self.modifiers & Mod.AltModifier)

    @property
    def left(self) -> bool:
        return self.button == Qt.MouseButton.LeftButton


class Tool:
    """Base class of the editing tools; every hook has a harmless default."""

    name: str = ""
    cursor: Qt.CursorShape = Qt.CursorShape.ArrowCursor
    #: the element kind this tool puts down, so the palette highlights its entry (None: not a palette tool)
    draws: str | None = None

    def __init__(self, manager: ToolManager) -> None:
        self.manager = manager

    @property
    def hint(self) -> str:
        """A one-line status-bar hint while the tool is active."""
        return ""

    # --- lifecycle -------------------------------------------------------------------------------
    def activate(self) -> None:
        """The tool became the active one."""
        self.manager.set_cursor(self.cursor)

    def deactivate(self) -> None:
        """Another tool takes over: abort any gesture in progress and remove temporary items."""
        self.cancel()

    def cancel(self) -> bool:
        """Abort the gesture in progress (Esc), putting the document back; True if there was one."""
        return False

    # --- events ----------------------------------------------------------------------------------
    def mouse_press(self, event: ToolEvent) -> bool:
        return False

    def mouse_move(self, event: ToolEvent) -> bool:
        return False

    def mouse_release(self, event: ToolEvent) -> bool:
        return False

    def key_press(self, event: QKeyEvent) -> bool:
        return False

    def leave(self) -> None:
        """The pointer left the view."""

    def rotate(self, degrees: float) -> bool:
        """R / Shift+R: True if the tool turned something of its own (the place tool's ghost)."""
        return False

    # --- shared helpers --------------------------------------------------------------------------
    def quit_on_right_click(self, event: ToolEvent) -> bool:
        """A right click puts the tool down (back to selecting), as in most drawing programs."""
        if event.button == Qt.MouseButton.RightButton:
            self.manager.use_select()
            return True
        return False

    @staticmethod
    def discard(*items) -> None:
        """Take temporary items (previews, ghosts) off the scene they are on."""
        for item in items:
            if item is not None and item.scene() is not None:
                item.scene().removeItem(item)
