"""Atomic file writes: a temporary file in the same folder, flushed to disk, then renamed over the target.

What "the target" is matters as much as the rename:
* a symlink is followed to the file it finally names (which may not exist yet) and that file is replaced,
  so the link stays a link; the temporary file is made in the target's folder, where the rename is atomic;
* anything but a regular file (a FIFO, a device, a socket, a folder) is refused before anything is written,
  and so is a read-only file or another user's (the rename would replace it all the same); a file that is
  replaced keeps its mode bits;
* an output that is one of a command's inputs (`protect`) is refused, whatever name it goes by;
* after the rename the folder itself is synced, so the new name survives a power cut.
Temporary files are named `.<name>.XXXXXXXX.tmp`: hidden, and ending in `.tmp` so no `*.track.json` glob
ever takes one for a document. A save killed midway leaves one behind; the next save of that same file
removes such leftovers once they are STALE_TEMP_SECONDS old (a fresh one may be another process's save).
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

from designer.i18n import _
from designer.io.errors import DocumentError
from designer.io.filekind import special_kind

STALE_TEMP_SECONDS = 600
_TEMP_SUFFIX = ".tmp"
_TEMP_RANDOM = re.compile(r"[a-z0-9_]{8}")  # what tempfile puts between prefix and suffix


def refuse_same_file(path: str | Path, inputs: Iterable[str | Path]) -> None:
    """Raise DocumentError when `path` is (or links to) one of `inputs`; paths that do not exist are fine."""
    for source in inputs:
        try:
            same = os.path.samefile(path, source)
        except (OSError, ValueError):  # one of them does not exist (yet), or cannot: nothing to clobber
            continue
        if same:
            raise DocumentError(path, _("would overwrite the input file {file}; choose another output file").format(
                file=source))


def atomic_write_bytes(path: str | Path, data: bytes, protect: Iterable[str | Path] = ()) -> None:
    """Write `data` to `path` so that readers see either the old file or the whole new one."""
    path = Path(path)
    refuse_same_file(path, protect)
    try:
        target = Path(os.path.realpath(path))
    except ValueError:  # NUL in the name
        raise DocumentError(path, _("a file name cannot contain NUL")) from None
    mode = _existing_mode(path, target)
    folder = target.parent
    _remove_stale_temps(folder, target.name)
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=_TEMP_SUFFIX, dir=folder)
    except OSError as exc:
        raise DocumentError(path, _("cannot write here ({reason})").format(reason=exc.strerror or exc)) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp_name, stat.S_IMODE(mode) if mode is not None else 0o666 & ~_umask())
        os.replace(tmp_name, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise DocumentError(path, _("could not save ({reason})").format(reason=exc.strerror or exc)) from None
    _sync_folder(folder)


def atomic_write_text(path: str | Path, text: str, protect: Iterable[str | Path] = ()) -> None:
    atomic_write_bytes(path, text.encode("utf-8"), protect)


def _existing_mode(path: Path, target: Path) -> int | None:
    """The mode of the file about to be replaced, None for a new file; refuses anything not regular, and a file
    that is read-only or another user's: the rename would replace it whatever its permissions (and make it
    ours), where an editor that respects them refuses."""
    try:
        info = os.stat(target)
        mode = info.st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:  # e.g. a loop of symlinks, a file used as a folder
        raise DocumentError(path, _("cannot write here ({reason})").format(reason=exc.strerror or exc)) from None
    kind = special_kind(mode)
    if kind is not None:
        raise DocumentError(path, _("is {kind}, not a regular file; nothing was written").format(kind=kind))
    owner = getattr(os, "geteuid", None)
    if owner is not None and info.st_uid != owner():
        raise DocumentError(path, _("belongs to another user; nothing was written"))
    if not mode & stat.S_IWUSR or not os.access(target, os.W_OK):  # root may write anything: the mode says
        raise DocumentError(path, _("is read-only; nothing was written"))
    return mode


def _umask() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return umask


def _remove_stale_temps(folder: Path, name: str) -> None:
    """Delete `.<name>.XXXXXXXX.tmp` files in `folder` older than STALE_TEMP_SECONDS (never other files')."""
    prefix = f".{name}."
    oldest = time.time() - STALE_TEMP_SECONDS
    try:
        entries = os.scandir(folder)
    except OSError:
        return
    with entries:
        for entry in entries:
            middle = entry.name[len(prefix):-len(_TEMP_SUFFIX)]
            if not (entry.name.startswith(prefix) and entry.name.endswith(_TEMP_SUFFIX)
                    and _TEMP_RANDOM.fullmatch(middle)):
                continue
            with contextlib.suppress(OSError):
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(info.st_mode) and info.st_mtime < oldest:
                    os.unlink(entry.path)


def _sync_folder(folder: Path) -> None:
    """fsync the folder so the rename itself is on disk; some systems cannot open folders: then skip."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
