"""Files are never lost or clobbered: an output that is one of the command's inputs is refused, saves go
through symlinks to the real file, FIFOs, devices, sockets and folders are never written over, the folder
is synced after the rename, and temporary files left by a killed save are neither data nor kept forever."""

from __future__ import annotations

import json
import os
import shutil
import socket
import stat
import time
from pathlib import Path

import pytest

from designer.cli import main
from designer.io import atomic
from designer.io.atomic import STALE_TEMP_SECONDS, atomic_write_bytes
from designer.io.errors import DocumentError
from designer.io.output import write_pdf
from designer.io.recovery import RecoveryStore
from designer.io.templates import list_starter_tracks
from designer.io.track_io import dumps_track, load_track, save_track, track_from_data
from designer.paths import TEMPLATES_DIR

from .factories import minimal_track_data

LUIGI = TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json"
RUINS = TEMPLATES_DIR / "mushroom-cup-3-thwomp-ruins.track.json"


def refused(capsys, protected: list[Path], *argv: str | Path) -> str:
    """Run a command that must be refused: exit 2, nothing on stdout, one stderr line, `protected`
    byte-identical afterwards. Returns the line."""
    before = [p.read_bytes() for p in protected]
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert [p.read_bytes() for p in protected] == before
    return err.strip()


@pytest.fixture
def track(tmp_path) -> Path:
    path = tmp_path / "v.track.json"
    shutil.copy(LUIGI, path)
    return path


@pytest.fixture
def cup(tmp_path, capsys) -> tuple[Path, Path]:
    """A Grand Prix campaign on two tracks copied under tracks/; returns (campaign, first track)."""
    folder = tmp_path / "tracks"
    folder.mkdir()
    for source in (LUIGI, RUINS):
        shutil.copy(source, folder / source.name)
    path = tmp_path / "cup.campaign.json"
    code = main(["campaign", "new", "--ruleset", "mk-gaslands", "--player", "A:Mario", "B:Luigi",
                 "--track", str(folder / LUIGI.name), str(folder / RUINS.name), "-o", str(path)])
    assert code == 0, capsys.readouterr()
    capsys.readouterr()
    return path, folder / LUIGI.name


# --- A.1 an output that is an input --------------------------------------------------------------
def test_export_over_its_own_track_is_refused(capsys, track):
    line = refused(capsys, [track], "export", track, "-o", track)
    assert line == f"{track}: would overwrite the input file {track}; choose another output file"


def test_export_over_its_track_under_another_name_is_refused(capsys, track, tmp_path):
    alias = tmp_path / "alias.pdf"
    alias.symlink_to(track)
    hard = tmp_path / "hard.pdf"
    os.link(track, hard)
    for output in (alias, hard, tmp_path / "." / track.name):
        assert "would overwrite the input file" in refused(capsys, [track], "export", track, "-o", output)
    assert alias.is_symlink()


def test_export_to_a_new_file_still_works(capsys, track, tmp_path):
    out = tmp_path / "v.pdf"
    assert main(["export", str(track), "--what", "tokens", "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert capsys.readouterr().out == f"wrote {out}: 3 pages\n"  # a race track: no balloon sheet


def test_campaign_print_over_the_campaign_or_one_of_its_tracks_is_refused(capsys, cup):
    campaign, first_track = cup
    protected = [campaign, first_track]
    assert "would overwrite the input file" in refused(capsys, protected, "campaign", "print", campaign,
                                                       "-o", campaign)
    line = refused(capsys, protected, "campaign", "print", campaign, "-o", first_track)
    assert line == f"{first_track}: would overwrite the input file {first_track}; choose another output file"


def test_campaign_new_over_one_of_its_tracks_is_refused_even_with_force(capsys, tmp_path, track):
    line = refused(capsys, [track], "campaign", "new", "--ruleset", "mk-gaslands", "--player", "A:Mario",
                   "--track", track, "--force", "-o", track)
    assert "would overwrite the input file" in line


def test_write_pdf_refuses_an_input_before_rendering(tmp_path, track):
    rendered = []
    with pytest.raises(DocumentError, match="would overwrite the input file"):
        write_pdf(track, lambda out: rendered.append(out) or 1, inputs=[tmp_path / "other.json", track])
    assert rendered == [] and track.read_bytes() == LUIGI.read_bytes()


def test_cli_and_campaign_cli_share_the_writer_without_importing_each_other():
    import ast

    import designer.campaign_cli as campaign_cli

    tree = ast.parse(Path(campaign_cli.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "designer.cli" not in imported and "designer.io.output" in imported


# --- A.2 symlinks ----------------------------------------------------------------------------------
def _document(name: str = "Changed"):
    return track_from_data(minimal_track_data(name=name))


def test_saving_through_a_symlink_updates_the_target_and_keeps_the_link(tmp_path):
    real_folder, link_folder = tmp_path / "real", tmp_path / "links"
    real_folder.mkdir()
    link_folder.mkdir()
    target = real_folder / "t.track.json"
    save_track(_document("Before"), target)
    link = link_folder / "t.track.json"
    link.symlink_to(os.path.relpath(target, link_folder))
    save_track(_document("After"), link)
    assert link.is_symlink() and os.readlink(link) == os.path.relpath(target, link_folder)
    assert load_track(target).name == "After" and load_track(link).name == "After"
    assert sorted(p.name for p in link_folder.iterdir()) == ["t.track.json"]
    assert sorted(p.name for p in real_folder.iterdir()) == ["t.track.json"]


def test_the_temporary_file_is_made_in_the_targets_folder(tmp_path, monkeypatch):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "t.bin"
    target.write_bytes(b"old")
    link = tmp_path / "link.bin"
    link.symlink_to(target)
    folders = []
    real_mkstemp = atomic.tempfile.mkstemp

    def spy(*args, **kwargs):
        folders.append(Path(kwargs["dir"]))
        return real_mkstemp(*args, **kwargs)

    monkeypatch.setattr(atomic.tempfile, "mkstemp", spy)
    atomic_write_bytes(link, b"new")
    assert folders == [target.parent] and target.read_bytes() == b"new" and link.is_symlink()


def test_a_chain_of_links_writes_the_last_target(tmp_path):
    target = tmp_path / "t.bin"
    target.write_bytes(b"old")
    (tmp_path / "b").symlink_to("t.bin")
    (tmp_path / "a").symlink_to("b")
    atomic_write_bytes(tmp_path / "a", b"new")
    assert target.read_bytes() == b"new" and (tmp_path / "a").is_symlink() and (tmp_path / "b").is_symlink()


def test_a_dangling_symlink_writes_the_file_it_names(tmp_path):
    link = tmp_path / "link.track.json"
    link.symlink_to("made-now.track.json")
    save_track(_document("New"), link)
    assert link.is_symlink() and load_track(tmp_path / "made-now.track.json").name == "New"


def test_a_symlink_loop_is_refused_on_one_line(tmp_path):
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    with pytest.raises(DocumentError) as caught:
        atomic_write_bytes(tmp_path / "a", b"x")
    assert "\n" not in str(caught.value) and str(caught.value).startswith(str(tmp_path / "a"))
    assert (tmp_path / "a").is_symlink() and (tmp_path / "b").is_symlink()


def test_the_saved_file_keeps_the_targets_permissions(tmp_path):
    target = tmp_path / "t.bin"
    target.write_bytes(b"old")
    target.chmod(0o640)
    (tmp_path / "link").symlink_to(target)
    atomic_write_bytes(tmp_path / "link", b"new")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


# --- A.3 never over a FIFO, a device, a socket or a folder ------------------------------------------
def _special(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / f"special-{kind}"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "socket":
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(path))
        server.close()
    elif kind == "device":
        try:
            os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 3))  # a private twin of /dev/null
        except PermissionError:
            pytest.skip("creating a device node needs privileges")
    return path


SPECIAL = {"fifo": "a named pipe (FIFO)", "folder": "a folder", "socket": "a socket", "device": "a device"}


@pytest.mark.parametrize("kind", sorted(SPECIAL))
def test_writing_over_a_special_file_is_refused(tmp_path, kind):
    path = _special(tmp_path, kind)
    mode = os.lstat(path).st_mode
    with pytest.raises(DocumentError) as caught:
        atomic_write_bytes(path, b"data")
    assert str(caught.value) == f"{path}: is {SPECIAL[kind]}, not a regular file; nothing was written"
    assert os.lstat(path).st_mode == mode
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]  # no temporary file left


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_export_over_a_special_file_is_one_line(capsys, tmp_path, kind):
    path = _special(tmp_path, kind)
    line = refused(capsys, [], "export", LUIGI, "--what", "tokens", "-o", path)
    assert line == f"{path}: is {SPECIAL[kind]}, not a regular file; nothing was written"
    assert not stat.S_ISREG(os.lstat(path).st_mode)


def test_writing_through_a_link_to_a_fifo_is_refused(tmp_path):
    fifo = _special(tmp_path, "fifo")
    (tmp_path / "link").symlink_to(fifo)
    with pytest.raises(DocumentError, match="named pipe"):
        atomic_write_bytes(tmp_path / "link", b"data")
    assert (tmp_path / "link").is_symlink() and stat.S_ISFIFO(os.stat(fifo).st_mode)


# --- A.4 fsync of the folder, leftover temporary files ----------------------------------------------
def test_the_folder_is_synced_after_the_rename(tmp_path, monkeypatch):
    synced: list[tuple[bool, bool]] = []  # (a folder?, the new file already in place?)
    real_fsync = os.fsync
    target = tmp_path / "t.bin"

    def spy(fd):
        synced.append((stat.S_ISDIR(os.fstat(fd).st_mode), target.exists()))
        return real_fsync(fd)

    monkeypatch.setattr(atomic.os, "fsync", spy)
    atomic_write_bytes(target, b"data")
    assert synced == [(False, False), (True, True)]


def _leftover(folder: Path, name: str, age_s: float) -> Path:
    path = folder / name
    path.write_bytes(b"half a save")
    then = time.time() - age_s
    os.utime(path, (then, then))
    return path


def test_the_next_save_removes_old_leftovers_of_that_file_only(tmp_path):
    old = _leftover(tmp_path, ".t.track.json.k2j4_x9a.tmp", STALE_TEMP_SECONDS + 60)
    fresh = _leftover(tmp_path, ".t.track.json.q8w3e7r1.tmp", 5)  # maybe another process's save in flight
    other = _leftover(tmp_path, ".u.track.json.k2j4_x9a.tmp", STALE_TEMP_SECONDS + 60)
    longer = _leftover(tmp_path, ".t.track.json.bak.k2j4_x9a.tmp", STALE_TEMP_SECONDS + 60)
    not_temp = _leftover(tmp_path, ".t.track.json.notes", STALE_TEMP_SECONDS + 60)
    save_track(_document(), tmp_path / "t.track.json")
    assert not old.exists()
    assert fresh.exists() and other.exists() and longer.exists() and not_temp.exists()
    assert STALE_TEMP_SECONDS == 600


def test_leftovers_of_a_link_target_are_cleaned_in_the_targets_folder(tmp_path):
    (tmp_path / "real").mkdir()
    old = _leftover(tmp_path / "real", ".t.bin.abcdefgh.tmp", STALE_TEMP_SECONDS + 60)
    (tmp_path / "link.bin").symlink_to("real/t.bin")
    atomic_write_bytes(tmp_path / "link.bin", b"x")
    assert not old.exists() and (tmp_path / "real" / "t.bin").read_bytes() == b"x"


def test_a_temporary_file_is_never_taken_for_a_document(tmp_path):
    """Templates, the recovery folder (and any glob over *.track.json / *.campaign.json) skip leftovers."""
    save_track(_document("Real"), tmp_path / "real.track.json")
    text = dumps_track(_document("Leftover"))
    for name in (".real.track.json.abcdefgh.tmp", ".x.campaign.json.abcdefgh.tmp", ".k.meta.json.abcdefgh.tmp"):
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert [s.path.name for s in list_starter_tracks(tmp_path)] == ["real.track.json"]
    assert [p.name for p in tmp_path.glob("*.track.json")] == ["real.track.json"]
    assert list(tmp_path.glob("*.campaign.json")) == []
    store = RecoveryStore(tmp_path / "recovery")
    store.write("k", _document("Copy"), None)
    for leftover in (".k.track.json.abcdefgh.tmp", ".k.meta.json.abcdefgh.tmp", ".c.campaign.json.abcdefgh.tmp"):
        (store.folder / leftover).write_text(json.dumps({"name": "leftover"}), encoding="utf-8")
    assert [(e.key, e.name) for e in store.pending()] == [("k", "Copy")]


def test_a_failed_save_leaves_no_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "t.bin"
    target.write_bytes(b"old")

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", broken)
    with pytest.raises(DocumentError, match="could not save"):
        atomic_write_bytes(target, b"new")
    assert target.read_bytes() == b"old" and sorted(p.name for p in tmp_path.iterdir()) == ["t.bin"]
