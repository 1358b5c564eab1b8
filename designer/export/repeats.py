"""Drawings that repeat exactly: drawn once, their operators copied for every later copy (`Repeats`).

A card back is the same at the same place on every back sheet; drawing it again would write the very same
operators. `Repeats.draw(key, draw)` runs `draw()` the first time a key is drawn from a given canvas state,
keeps the operators it wrote and the canvas state it left, and the next time writes those operators again
and sets that state: the same bytes, without running the drawing code. A drawing that touched more than the
page's operators and the canvas's plain state (the graphics-state stack, colours or forms registered on the
canvas, annotations, outlines …) is never copied, only drawn again, so a copy can only be what a drawing
would have written.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from reportlab.pdfgen.canvas import Canvas

#: The canvas's containers: a copy is made only when a drawing left them as it found them (`_fingerprint`).
_CONTAINERS = frozenset(("_code", "_doc", "_filename", "state_stack", "_colorsUsed", "_shadingUsed", "_extgstate",
                         "lost_glyphs", "_destinations", "_namedCB", "_codeStack", "_psCommandsAfterPage",
                         "_psCommandsBeforePage", "_formsinuse", "_annotationrefs", "_outlines"))
#: Plain state that no operator depends on: left out of the key and never set back, but a drawing that
#: changed it (one that began a page) is never copied.
_COUNTERS = frozenset(("_pageNumber",))


def _state(c: Canvas) -> tuple[tuple[str, Any], ...] | None:
    """The canvas's plain state (fonts, colours, line styles, the current matrix …) as a hashable tuple, or
    None when a part of it cannot be compared."""
    items = []
    for name, value in sorted(vars(c).items()):
        if name in _CONTAINERS or name in _COUNTERS:
            continue
        if isinstance(value, list):
            value = tuple(value)
        try:
            hash(value)
        except TypeError:
            return None
        items.append((name, value))
    return tuple(items)


def _fingerprint(c: Canvas) -> tuple[Any, ...]:
    """What a drawing that may be copied must leave unchanged besides the operators and the plain state."""
    sizes = tuple(len(getattr(c, name, ())) for name in sorted(_CONTAINERS - {"_code", "_doc", "_filename",
                                                                             "_extgstate", "lost_glyphs"}))
    extgstate = getattr(c, "_extgstate", None)
    counters = tuple(getattr(c, name, None) for name in sorted(_COUNTERS))
    return sizes, counters, repr(vars(extgstate)) if extgstate is not None else None


class Repeats:
    """The drawings of one canvas that repeat, by key (see the module's docstring)."""

    def __init__(self, c: Canvas) -> None:
        self.c = c
        self._kept: dict[Hashable, tuple[list[str], dict[str, Any], set[str]] | None] = {}

    def draw(self, key: Hashable, draw: Callable[[], None]) -> None:
        """`draw()`, whose operators depend only on `key` and the canvas's state: drawn, or copied."""
        c = self.c
        before = _state(c)
        if before is None:
            draw()
            return
        kept = self._kept.get((key, before))
        if kept is not None:
            code, after, lost = kept
            c._code.extend(code)
            for name, value in after.items():
                setattr(c, name, list(value) if isinstance(value, list) else value)
            glyphs: set[str] = getattr(c, "lost_glyphs", set())
            glyphs.update(lost)
            return
        start, fingerprint = len(c._code), _fingerprint(c)
        lost_before = set(getattr(c, "lost_glyphs", ()))
        draw()
        if (key, before) in self._kept or _state(c) is None or _fingerprint(c) != fingerprint:
            self._kept[(key, before)] = None  # drawn every time
            return
        plain = {name: list(value) if isinstance(value, list) else value
                 for name, value in vars(c).items() if name not in _CONTAINERS and name not in _COUNTERS}
        self._kept[(key, before)] = (c._code[start:], plain, set(getattr(c, "lost_glyphs", ())) - lost_before)
