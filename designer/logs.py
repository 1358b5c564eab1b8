"""The log file a user can send with a bug report: where it lives, its set-up, and the CLI's last resort.

Pure (no Qt). `setup_logging()` sends the records of the `designer` loggers to `kartographer.log` in the
user's log folder (`platformdirs.user_log_dir("Kartographer")`, or `$KARTOGRAPHER_LOG_DIR`), rotated at
1 MB with 3 older files kept. The file (and its folder) is made on the first record, so a run that logs
nothing leaves nothing behind, and a log that cannot be written never stops the program.
The log is opened only as a regular file: never through a symlink (which could point at a document), never
blocking on a FIFO; anything else in its place, or a rotation that cannot happen (a folder where a backup
goes), means the records are kept in the current file or, failing that, dropped and `log_written()` is False.

The editor sets it up at start-up (`designer/app/errors.py` adds the Qt side); the CLI only when a
command fails unexpectedly: `report_unexpected(exc)` logs the traceback and prints one line.
"""

from __future__ import annotations

import logging
import os
import stat
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

import platformdirs

import designer
from designer.io.display import printable

LOG_ENV = "KARTOGRAPHER_LOG_DIR"
APP_NAME = "Kartographer"
LOG_FILE_NAME = "kartographer.log"
MAX_BYTES = 1_000_000
BACKUP_COUNT = 3
#: Every module's logger (`logging.getLogger(__name__)`) sits under this one.
ROOT_LOGGER = "designer"
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
#: Longest exception message kept in a one-line summary.
SUMMARY_CHARS = 200


def log_dir() -> Path:
    override = os.environ.get(LOG_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def log_path() -> Path:
    """The current log file (older ones sit next to it as `kartographer.log.1` … `.3`)."""
    return log_dir() / LOG_FILE_NAME


class _LogFile(RotatingFileHandler):
    """Makes its folder on first use and, when the file cannot be written, drops records quietly."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, maxBytes=MAX_BYTES, backupCount=BACKUP_COUNT, encoding="utf-8", delay=True)
        self.failed = False
        self.rotation_failed = False

    def _open(self):
        path = Path(self.baseFilename)
        path.parent.mkdir(parents=True, exist_ok=True)
        flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
                 | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        fd = os.open(path, flags, 0o644)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(f"{path} is not a regular file")
            os.set_blocking(fd, True)
            return os.fdopen(fd, "a", encoding=self.encoding, errors=self.errors)
        except BaseException:
            os.close(fd)
            raise

    def shouldRollover(self, record: logging.LogRecord) -> bool:
        return not self.rotation_failed and bool(super().shouldRollover(record))

    def doRollover(self) -> None:
        try:
            super().doRollover()
        except OSError:
            # e.g. a folder where a backup goes: keep appending to the current file rather than lose records
            self.rotation_failed = True

    def handleError(self, record: logging.LogRecord) -> None:
        # The default prints a traceback to stderr: a broken log must not add noise to a real error.
        self.failed = True


_handler: _LogFile | None = None


def setup_logging() -> Path:
    """Log the `designer` loggers (INFO and up) to `log_path()`; again with a new folder re-points the file."""
    global _handler
    path = log_path().absolute()
    if _handler is not None and Path(_handler.baseFilename) == path:
        return path
    shutdown_logging()
    _handler = _LogFile(path)
    _handler.setFormatter(logging.Formatter(LOG_FORMAT))
    _handler.setLevel(logging.INFO)
    logger = logging.getLogger(ROOT_LOGGER)
    logger.setLevel(logging.INFO)
    logger.addHandler(_handler)
    return path


def shutdown_logging() -> None:
    """Detach and close the log file (tests; nothing is lost: every record is written as it comes)."""
    global _handler
    if _handler is not None:
        logging.getLogger(ROOT_LOGGER).removeHandler(_handler)
        _handler.close()
        _handler = None


def log_written() -> bool:
    """False when the log file could not be written (read-only folder, full disk)."""
    return _handler is not None and not _handler.failed


def versions() -> dict[str, str]:
    """What a bug report needs to know about the program and the machine (the editor adds Qt's)."""
    import platform  # read when asked: `platform.platform()` scans the interpreter's binary for its libc

    return {"Kartographer": designer.__version__, "Python": platform.python_version(),
            "System": platform.platform()}


def one_line(exc: BaseException) -> str:
    """`TypeName: first line of the message`, shortened: what failed, fit for a status line or a title."""
    message = str(exc).strip().splitlines()[0].strip() if str(exc).strip() else ""
    if len(message) > SUMMARY_CHARS:
        message = message[:SUMMARY_CHARS - 1] + "…"
    name = type(exc).__name__
    return f"{name}: {message}" if message else name


def report_unexpected(exc: BaseException, command: str = "") -> int:
    """The CLI's answer to a failure it did not foresee: the traceback to the log, one line to stderr, 2."""
    path = setup_logging()
    logging.getLogger(f"{ROOT_LOGGER}.cli").error(
        "unexpected error in 'kartographer %s' (%s)", command, ", ".join(f"{k} {v}" for k, v in versions().items()),
        exc_info=exc)
    where = f"the details are in {path}" if log_written() else "no log file could be written"
    print(printable(f"kartographer: unexpected error: {one_line(exc)} ({where})"), file=sys.stderr)
    return 2
