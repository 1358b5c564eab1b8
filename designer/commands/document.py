"""Undoable document-level edits: properties (name, table, units …) and the track surface (with the elements
standing on it, when a reshape carries them along: `ReshapeTrack`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from designer.commands.merge import MergeId, SwapCommand
from designer.document.document import Document
from designer.i18n import _
from designer.model.elements import Element
from designer.model.track import TrackSurface


class ChangeProperties(SwapCommand):
    """Name, ruleset, table, units, laps, karts; with a `merge_key`, repeated edits fold into one step."""

    def __init__(self, document: Document, values: dict[str, Any], text: str | None = None,
                 merge_key: object = None) -> None:
        self._document = document
        super().__init__(text or _("Change document properties"), {k: document.prop(k) for k in values},
                         dict(values), MergeId.PROPERTY, merge_key)

    def can_merge(self, other: SwapCommand) -> bool:
        return set(other._after) == set(self._after)

    def apply(self, value: dict[str, Any]) -> None:
        self._document.set_properties(value)


class SetTrack(SwapCommand):
    """Replace the track surface; with a `merge_key`, later SetTracks with the same key fold into this one."""

    def __init__(self, document: Document, track: TrackSurface | None, text: str | None = None,
                 merge_key: object = None) -> None:
        self._document = document
        super().__init__(text or _("Change track"), document.track, track, MergeId.TRACK, merge_key)

    def apply(self, value: TrackSurface | None) -> None:
        self._document.set_track(value)


class ReshapeTrack(SwapCommand):
    """Replace the track surface and, in the same step, the elements that follow it (`elements`: their new
    values); with a `merge_key`, later ReshapeTracks with the same key and elements fold into this one."""

    def __init__(self, document: Document, track: TrackSurface | None, elements: Sequence[Element] = (),
                 text: str | None = None, merge_key: object = None) -> None:
        self._document = document
        self._ids = frozenset(e.id for e in elements)
        before = tuple(e for e in (document.element(x.id) for x in elements) if e is not None)
        super().__init__(text or _("Change track"), (document.track, before), (track, tuple(elements)),
                         MergeId.TRACK, merge_key)

    def can_merge(self, other: SwapCommand) -> bool:
        return isinstance(other, ReshapeTrack) and other._ids == self._ids

    def apply(self, value: tuple[TrackSurface | None, tuple[Element, ...]]) -> None:
        track, elements = value
        self._document.set_track(track)
        if elements:
            self._document.replace_elements(elements)
