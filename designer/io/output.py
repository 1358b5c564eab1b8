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
from designer.io.atomic import atomic_write_bytes, refuse_same_file
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
