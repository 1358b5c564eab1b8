"""For canvas items whose drawing depends on other elements of the document (a shortcut's arrow on the spaces
it joins, a track section's open connectors on its neighbours): follow the document's element signals and
refresh. Mixed into an `ElementItem` subclass that defines `_refresh()` and, in its `scene_changed`, watches the
document of the scene it joined.
"""

from __future__ import annotations

import contextlib
from typing import Any


class WatchesDocument:
    _document: Any = None

    def watch_document(self, document: Any) -> bool:
        """Listen to `document` (None: to nothing) instead of the one before; False when it is the same one."""
        if document is self._document:
            return False
        if self._document is not None:
            for signal in _signals(self._document):
                with contextlib.suppress(RuntimeError, TypeError):
                    signal.disconnect(self._on_document)
        self._document = document
        if document is not None:
            for signal in _signals(document):
                signal.connect(self._on_document)
        return True

    def _on_document(self, *_args: object) -> None:
        try:
            self._refresh()
        except RuntimeError:  # the item was deleted with its scene while the document lives on
            self.watch_document(None)

    def _refresh(self) -> None:
        raise NotImplementedError


def _signals(document: Any) -> tuple:
    return document.elements_changed, document.elements_inserted, document.elements_removed
