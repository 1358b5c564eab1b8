"""Running `kartographer` in-process for tests: the exit code and both streams, and the refusal contract."""

from __future__ import annotations

from pathlib import Path

from designer.cli import main


def run(capsys, *argv: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, path: Path | None, *argv: str | Path) -> str:
    """A command that must be refused: exit 2, one stderr line, nothing on stdout, `path` untouched.
    Returns the line."""
    before = path.read_bytes() if path is not None and path.exists() else None
    code, out, err = run(capsys, *argv)
    assert code == 2, (out, err)
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    if path is not None:
        assert (path.read_bytes() if path.exists() else None) == before
    return err.strip()
