"""designer.logs: the rotating log file in the user's log folder, one-line summaries, the CLI's last resort."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import platformdirs

from designer import cli, logs


def log_text() -> str:
    return logs.log_path().read_text(encoding="utf-8")


def test_the_log_lives_in_the_user_log_folder_unless_told_otherwise(tmp_path, monkeypatch):
    assert logs.log_path() == tmp_path / "logs" / "kartographer.log"  # tests/conftest.py keeps it here
    monkeypatch.delenv(logs.LOG_ENV)
    assert logs.log_dir() == Path(platformdirs.user_log_dir("Kartographer", appauthor=False))


def test_nothing_is_written_until_the_first_record(tmp_path):
    path = logs.setup_logging()
    assert path == tmp_path / "logs" / "kartographer.log" and not path.parent.exists()
    logging.getLogger("designer.somewhere").info("first record")
    logging.getLogger("designer.somewhere").debug("too chatty for the file")
    logging.getLogger("someone.else").warning("another library's business")
    text = log_text()
    assert text.count("\n") == 1 and " INFO designer.somewhere: first record" in text
    assert logs.log_written()


def test_setting_up_twice_keeps_one_handler_and_a_new_folder_moves_the_file(tmp_path, monkeypatch):
    logs.setup_logging()
    logs.setup_logging()
    logging.getLogger("designer").warning("once")
    assert log_text().count("once") == 1
    monkeypatch.setenv(logs.LOG_ENV, str(tmp_path / "elsewhere"))
    assert logs.setup_logging() == tmp_path / "elsewhere" / "kartographer.log"
    logging.getLogger("designer").warning("twice")
    assert "twice" in log_text() and "twice" not in (tmp_path / "logs" / "kartographer.log").read_text("utf-8")


def test_the_file_rotates_at_a_megabyte_keeping_three_old_ones(tmp_path):
    logs.setup_logging()
    record = "x" * 10_000
    for _ in range(500):  # about 5 MB
        logging.getLogger("designer").warning(record)
    folder = tmp_path / "logs"
    assert sorted(p.name for p in folder.iterdir()) == [
        "kartographer.log", "kartographer.log.1", "kartographer.log.2", "kartographer.log.3"]
    assert all(p.stat().st_size <= 1_000_000 for p in folder.iterdir())
    assert (folder / "kartographer.log.3").stat().st_size > 990_000


def test_a_log_that_cannot_be_written_stays_quiet(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(logs.LOG_ENV, str(blocker / "logs"))
    logs.setup_logging()
    logging.getLogger("designer").error("lost")
    assert not logs.log_written()
    assert capsys.readouterr().err == ""


def test_one_line_summary():
    assert logs.one_line(ValueError("bad value\nsecond line")) == "ValueError: bad value"
    assert logs.one_line(KeyError()) == "KeyError"
    long = logs.one_line(RuntimeError("y" * 500))
    assert len(long) == len("RuntimeError: ") + 200 and long.endswith("…")


def test_versions_name_the_program_and_python():
    found = logs.versions()
    assert found["Kartographer"] == __import__("designer").__version__
    assert found["Python"] == ".".join(map(str, sys.version_info[:3]))


def _crash(args):
    raise RuntimeError("the templates are on fire\nand so is the rest")


def test_cli_reports_an_unexpected_error_on_one_line_and_logs_the_traceback(monkeypatch, capsys):
    monkeypatch.setattr(cli, "_cmd_templates", _crash)
    assert cli.main(["templates"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"kartographer: unexpected error: RuntimeError: the templates are on fire "
                            f"(the details are in {logs.log_path()})\n")
    text = log_text()
    assert "ERROR designer.cli: unexpected error in 'kartographer templates'" in text
    assert "Traceback (most recent call last)" in text and "in _crash" in text
    assert "RuntimeError: the templates are on fire\nand so is the rest" in text


def test_cli_says_so_when_even_the_log_cannot_be_written(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv(logs.LOG_ENV, str(blocker / "logs"))
    monkeypatch.setattr(cli, "_cmd_templates", _crash)
    assert cli.main(["templates"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.endswith("(no log file could be written)\n")


def test_logging_needs_no_qt():
    code = "import sys, designer.logs; print('PySide6' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def _log_once_in_a_subprocess(log_folder: Path) -> subprocess.CompletedProcess:
    code = ("import logging, designer.logs as l; l.setup_logging(); "
            "logging.getLogger('designer').error('a record'); print(l.log_written())")
    env = {**__import__("os").environ, logs.LOG_ENV: str(log_folder)}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30, env=env)


def test_a_fifo_in_place_of_the_log_neither_blocks_nor_is_written(tmp_path):
    import os

    folder = tmp_path / "logs"
    folder.mkdir()
    os.mkfifo(folder / "kartographer.log")
    done = _log_once_in_a_subprocess(folder)  # used to hang in open() until someone read the FIFO
    assert (done.returncode, done.stdout, done.stderr) == (0, "False\n", "")
    reader = os.open(folder / "kartographer.log", os.O_RDONLY | os.O_NONBLOCK)  # now open() would not block
    try:
        done = _log_once_in_a_subprocess(folder)
        assert (done.returncode, done.stdout, done.stderr) == (0, "False\n", "")
        try:
            written = os.read(reader, 100)
        except BlockingIOError:
            written = b""
        assert written == b""  # nothing went into the pipe
    finally:
        os.close(reader)


def test_a_symlink_in_place_of_the_log_is_not_followed(tmp_path):
    document = tmp_path / "my.track.json"
    document.write_text('{"format": "kartographer-track"}', encoding="utf-8")
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "kartographer.log").symlink_to(document)
    logs.setup_logging()
    logging.getLogger("designer").error("must not land in the document")
    assert not logs.log_written()
    assert document.read_text(encoding="utf-8") == '{"format": "kartographer-track"}'


def test_a_folder_in_place_of_a_backup_does_not_stop_the_log(tmp_path):
    folder = tmp_path / "logs"
    (folder / "kartographer.log.3").mkdir(parents=True)  # where the rotation must remove the oldest backup
    for older in ("kartographer.log.1", "kartographer.log.2"):
        (folder / older).write_text("older records\n", encoding="utf-8")
    logs.setup_logging()
    for i in range(150):  # about 1.5 MB: past the first rotation
        logging.getLogger("designer").warning("record %d %s", i, "x" * 10_000)
    assert logs.log_written()
    assert "record 149 " in log_text()  # the newest record is kept, though the rotation could not happen
    assert (folder / "kartographer.log.3").is_dir()
