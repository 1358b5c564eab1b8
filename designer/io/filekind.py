"""What a path is when it is not a regular file, in words: documents are only ever read from or written
over regular files, never a FIFO (which blocks), a device (/dev/zero never ends), a socket or a folder."""

from __future__ import annotations

import stat

from designer.i18n import _


def special_kind(mode: int) -> str | None:
    """None for a regular file, else what it is ("a named pipe (FIFO)", "a device", …) for a message."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a named pipe (FIFO)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("a special file")
