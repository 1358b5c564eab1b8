"""`Document`: the Qt facade over one track — the model, its undo stack, its file, typed change signals.

Only commands call the mutating methods; views (canvas items, panes) listen to the signals. Elements are
immutable pydantic values kept in a list (the z-order) with an id → index map, so replacing one element
is O(1) and undo can put a removed element back at exactly its old index.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from designer.model.elements import Element
from designer.model.track import TrackDocument, TrackSurface
from designer.rules import Ruleset, load_ruleset

#: The document-level fields that the properties dialog edits (everything but track and elements).
PROPERTY_FIELDS = ("name", "ruleset", "table", "display_units", "laps", "karts")


class Document(QObject):
    elements_inserted = Signal(list)      # [(index, id)] in ascending index order
    elements_removed = Signal(list)       # [id]
    elements_changed = Signal(list)       # [id]
    order_changed = Signal()              # z-order (list order) changed
    track_changed = Signal()
    properties_changed = Signal(list)     # [field name]
    path_changed = Signal()

    def __init__(self, model: TrackDocument, path: str | Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._properties: dict[str, Any] = {f: getattr(model, f) for f in PROPERTY_FIELDS}
        self._track: TrackSurface | None = model.track
        self._elements: list[Element] = list(model.elements)
        self._index: dict[str, int] = {}
        self._reindex()
        self.undo_stack = QUndoStack(self)
        self.path: Path | None = Path(path) if path else None

    # ------------------------------------------------------------------ reading
    def snapshot(self) -> TrackDocument:
        """The current document as an immutable model (no re-validation: every edit was validated)."""
        return TrackDocument.model_construct(
            **self._properties, track=self._track, elements=list(self._elements),
            format="kartographer-track", schema_version=1,
        )

    @property
    def elements(self) -> list[Element]:
        return list(self._elements)

    @property
    def track(self) -> TrackSurface | None:
        return self._track

    def prop(self, field: str) -> Any:
        return self._properties[field]

    @property
    def ruleset(self) -> Ruleset:
        return load_ruleset(self._properties["ruleset"])

    @property
    def name(self) -> str:
        return self._properties["name"]

    def element(self, element_id: str) -> Element | None:
        index = self._index.get(element_id)
        return None if index is None else self._elements[index]

    def index_of(self, element_id: str) -> int:
        return self._index[element_id]

    def ids(self) -> set[str]:
        return set(self._index)

    def __len__(self) -> int:
        return len(self._elements)

    @property
    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def display_name(self) -> str:
        return self.path.name if self.path else f"{self.name}.track.json"

    # ------------------------------------------------------------------ mutation (commands only)
    def insert_elements(self, placements: Iterable[tuple[int, Element]]) -> None:
        """Insert at the given final indices; `placements` must be sorted by index ascending."""
        placements = list(placements)
        for index, element in placements:
            if element.id in self._index:
                raise ValueError(f"id '{element.id}' already exists")
            self._elements.insert(index, element)
            self._index[element.id] = -1  # reserve, so a duplicate within the batch is caught
        self._reindex()
        self.elements_inserted.emit([(i, e.id) for i, e in placements])

    def remove_elements(self, ids: Iterable[str]) -> list[tuple[int, Element]]:
        """Remove and return [(index, element)] sorted ascending, so re-inserting in order restores them."""
        wanted = set(ids)
        removed = [(i, e) for i, e in enumerate(self._elements) if e.id in wanted]
        if len(removed) != len(wanted):
            missing = wanted - {e.id for _, e in removed}
            raise KeyError(f"no element with id {sorted(missing)}")
        self._elements = [e for e in self._elements if e.id not in wanted]
        self._reindex()
        self.elements_removed.emit([e.id for _, e in removed])
        return removed

    def replace_elements(self, elements: Iterable[Element]) -> None:
        changed = []
        for element in elements:
            self._elements[self._index[element.id]] = element
            changed.append(element.id)
        if changed:
            self.elements_changed.emit(changed)

    def set_order(self, ids: list[str]) -> None:
        if sorted(ids) != sorted(self._index):
            raise ValueError("a new order must name every element exactly once")
        self._elements = [self._elements[self._index[i]] for i in ids]
        self._reindex()
        self.order_changed.emit()

    def set_track(self, track: TrackSurface | None) -> None:
        self._track = track
        self.track_changed.emit()

    def set_properties(self, values: dict[str, Any]) -> None:
        self._properties.update(values)
        self.properties_changed.emit(sorted(values))

    def set_path(self, path: str | Path | None) -> None:
        self.path = Path(path) if path else None
        self.path_changed.emit()

    def _reindex(self) -> None:
        self._index = {e.id: i for i, e in enumerate(self._elements)}
