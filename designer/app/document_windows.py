"""The document types a game system's Qt half adds to the main window (`DOCUMENT_TYPES`, e.g. Axles and Alloys'
cars): files of its own suffix, edited in windows of their own. The File menu gets each type's New and Open
actions (`file_actions`), Open Recent, the command line and drag and drop open its files (`main`, `drop_files`,
`campaign_actions`), and campaign windows are linked to them where the type asks (`link_campaigns`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from designer.canvas.items import system_qt_half
from designer.systems import registry


class DocumentWindows(Protocol):
    """What keeps one document type's windows for a main window."""

    #: Set by the main window: `hook(path) -> bool`, whether a track tab or a campaign window has it open.
    open_elsewhere_hook: Any

    def open_path(self, path: str | Path, parent: Any = None, /) -> object: ...

    def open_paths(self, paths: Sequence[Path], /) -> object: ...

    def open_dialog(self, parent: Any = None, /) -> object: ...

    def close_all(self) -> bool: ...


@dataclass(frozen=True)
class DocumentType:
    """One document type: `kind` names it (Open Recent's kind, `window.document_windows[kind]`), `suffix` its
    files' ending (lower case); `windows(window, settings)` makes its `DocumentWindows` once per main window and
    `new(windows)` opens a new document in them. `new_text`/`new_tip`, `open_text`/`open_tip` are the File
    menu's actions (English, `N_`); `link_campaigns(windows, campaign_windows)` links campaign windows to it;
    `files` what its files are called in a list (English, `N_`, plural: "cars"), e.g. where a drop is refused."""

    kind: str
    suffix: str
    windows: Callable[[Any, Any], DocumentWindows]
    new: Callable[[Any], object]
    new_text: str
    new_tip: str
    open_text: str
    open_tip: str
    link_campaigns: Callable[[Any, Any], None] | None = None
    files: str = ""


def document_types() -> list[DocumentType]:
    """Every registered system's document types, in registry order."""
    found: list[DocumentType] = []
    for system in registry.systems():
        half = system_qt_half(system)
        found += [t for t in getattr(half, "DOCUMENT_TYPES", ()) if isinstance(t, DocumentType)]
    return found


def type_of(path: str | Path) -> DocumentType | None:
    """The document type whose suffix `path` ends with (any case), or None."""
    name = Path(path).name.lower()
    return next((t for t in document_types() if name.endswith(t.suffix)), None)


P = TypeVar("P", str, Path)


def open_documents(window: Any, paths: Sequence[P], parent: Any = None) -> list[P]:
    """Open each of `paths` that is a registered document type in its windows; returns the others."""
    others = []
    managers = getattr(window, "document_windows", {})
    for path in paths:
        kind = type_of(path)
        manager = managers.get(kind.kind) if kind is not None else None
        if manager is None:
            others.append(path)
        else:
            manager.open_path(path, parent if parent is not None else window)
    return others
