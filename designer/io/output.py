"""Writing a command's output file — `kartographer export`, `cards` and `campaign print`: refused when it is
one of the command's inputs (whatever name it goes by), rendered into memory first, then written atomically,
so a failed or refused print never leaves half a file and never replaces a track or a campaign by a PDF.

`UsageError` lives here rather than in `designer.cli` so that `designer.campaign_cli` can raise it without
importing `designer.cli` (which imports it). No Qt; the export package is imported only when a print runs.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO

from designer.i18n import _, ngettext
from designer.io.display import printable


class UsageError(Exception):
    """A bad command line, or a request the printout cannot honour; reported on one line, exit 2."""


def write_pdf(path: str | Path, render: Callable[[BinaryIO], int], inputs: Iterable[str | Path] = ()) -> int:
    """Render with `render(buffer)` (which returns the page count) and write the PDF to `path`.

    An output that is one of `inputs` is refused (DocumentError) before anything is rendered; a layout that
    cannot be printed becomes a UsageError. Prints `wrote PATH: N pages`; returns the exit status 0.
    """
    from designer.export import LayoutError
    from designer.export.fonts import notices
    from designer.io.atomic import atomic_write_bytes, refuse_same_file  # (tempfile: only a command that writes)

    inputs = list(inputs)
    refuse_same_file(path, inputs)
    buffer = io.BytesIO()
    try:
        with notices() as font_warnings:
            pages = render(buffer)
    except LayoutError as exc:
        raise UsageError(str(exc)) from None
    for line in font_warnings:
        print(_("warning: {message}").format(message=printable(line)), file=sys.stderr)
    atomic_write_bytes(path, buffer.getvalue(), protect=inputs)
    print(ngettext("wrote {path}: {count} page", "wrote {path}: {count} pages", pages)
          .format(path=printable(path), count=pages))
    return 0


def sheet_paths(path: str | Path, count: int) -> list[Path]:
    """Where `count` sheets of one cutter file go: `path` itself for one, else `name-1.svg`, `name-2.svg`, …"""
    path = Path(path)
    if count == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{n}{path.suffix}") for n in range(1, count + 1)]


def write_files(path: str | Path, fmt: str, render: Callable[[], list[bytes]], inputs: Iterable[str | Path] = ()
                ) -> int:
    """Render cutter sheets with `render()` (one file's bytes per sheet) and write them (`sheet_paths`), each
    atomically; none is written when one would replace an input. Prints what it wrote; returns 0."""
    from designer.export import LayoutError
    from designer.io.atomic import atomic_write_bytes, refuse_same_file

    inputs = list(inputs)
    refuse_same_file(path, inputs)
    try:
        sheets = render()
    except LayoutError as exc:
        raise UsageError(str(exc)) from None
    paths = sheet_paths(path, len(sheets))
    for target in paths:
        refuse_same_file(target, inputs)
    for target, data in zip(paths, sheets, strict=True):
        atomic_write_bytes(target, data, protect=inputs)
    shown = printable(paths[0]) if len(paths) == 1 else f"{printable(paths[0])} … {printable(paths[-1])}"
    print(ngettext("wrote {path}: {count} {format} sheet", "wrote {path}: {count} {format} sheets", len(paths))
          .format(path=shown, count=len(paths), format=fmt.upper()))
    return 0
