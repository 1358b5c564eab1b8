"""`kartographer install-desktop --prefix DIR`: the launcher, the file types and the icon, read back as a desktop
reads them; the refresh tools run only when installed, and one that fails is a warning."""

from __future__ import annotations

import configparser
import os
import shutil
import stat
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from designer import desktop_install
from designer.paths import ICONS_DIR, RESOURCES_DIR

from .cli_runner import run
from .fake_system import fake_registry

MIME = "{http://www.freedesktop.org/standards/shared-mime-info}"
MIME_TYPES = ("application/x-kartographer-track+json", "application/x-kartographer-campaign+json",
              "application/x-kartographer-vehicle+json")
WRITTEN = ("applications/kartographer.desktop", "mime/packages/kartographer.xml",
           "icons/hicolor/scalable/apps/kartographer.svg",
           "icons/hicolor/scalable/mimetypes/application-x-kartographer-track+json.svg",
           "icons/hicolor/scalable/mimetypes/application-x-kartographer-campaign+json.svg",
           "icons/hicolor/scalable/mimetypes/application-x-kartographer-vehicle+json.svg")


@pytest.fixture
def bare_path(tmp_path, monkeypatch) -> Path:
    """A PATH with none of the refresh tools; scripts put into the returned folder are found."""
    folder = tmp_path / "bin"
    folder.mkdir()
    monkeypatch.setenv("PATH", str(folder))
    return folder


def desktop_entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment]  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def test_writes_the_launcher_file_types_and_icons(capsys, tmp_path, bare_path):
    prefix = tmp_path / "share"
    code, out, err = run(capsys, "install-desktop", "--prefix", prefix)
    assert (code, err) == (0, "")
    # a line per file, in lower case as every command writes it
    assert out.splitlines() == [f"wrote {prefix / name}" for name in WRITTEN]
    assert sorted(p.relative_to(prefix).as_posix() for p in prefix.rglob("*") if p.is_file()) == sorted(WRITTEN)

    entry = desktop_entry(prefix / "applications" / "kartographer.desktop")
    assert entry["Type"] == "Application" and entry["Name"] == "Kartographer" and entry["Icon"] == "kartographer"
    assert entry["Terminal"] == "false" and "Game" in entry["Categories"].split(";")
    assert entry["MimeType"].rstrip(";").split(";") == list(MIME_TYPES)
    command, *arguments = entry["Exec"].split(" ")
    assert arguments == ["gui", "%F"]
    assert command == desktop_install.launcher_command() and Path(command).is_file()  # this venv's script
    assert all(entry[f"Comment[{lang}]"] != entry["Comment"] for lang in ("de", "es", "fr"))

    mime = ET.parse(prefix / "mime" / "packages" / "kartographer.xml").getroot()
    globs = {t.get("type"): [g.get("pattern") for g in t.iter(f"{MIME}glob")] for t in mime.iter(f"{MIME}mime-type")}
    assert globs == {"application/x-kartographer-track+json": ["*.track.json"],
                     "application/x-kartographer-campaign+json": ["*.campaign.json"],
                     "application/x-kartographer-vehicle+json": ["*.vehicle.json"]}
    for kind in mime.iter(f"{MIME}mime-type"):
        assert kind.find(f"{MIME}sub-class-of").get("type") == "application/json"
        assert kind.find(f"{MIME}comment").text.startswith("Kartographer ")

    icon = prefix / "icons" / "hicolor" / "scalable" / "apps" / "kartographer.svg"
    assert icon.read_bytes() == (ICONS_DIR / "kartographer.svg").read_bytes()
    svg = ET.parse(icon).getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg" and svg.get("viewBox") == "0 0 256 256"


def test_installing_again_replaces_the_files(capsys, tmp_path, bare_path):
    prefix = tmp_path / "share"
    run(capsys, "install-desktop", "--prefix", prefix)
    (prefix / "applications" / "kartographer.desktop").write_text("old", encoding="utf-8")
    code, out, _err = run(capsys, "install-desktop", "--prefix", prefix)
    assert code == 0 and len(out.splitlines()) == len(WRITTEN)
    assert desktop_entry(prefix / "applications" / "kartographer.desktop")["Name"] == "Kartographer"


def test_the_refresh_tools_run_on_the_prefix_and_a_failure_is_a_warning(capsys, tmp_path, bare_path):
    calls = tmp_path / "calls.txt"
    for name, status in (("update-mime-database", 0), ("update-desktop-database", 1)):
        script = bare_path / name
        script.write_text(f'#!/bin/sh\necho "{name} $*" >> "{calls}"\necho "cannot read it" >&2\nexit {status}\n')
        script.chmod(script.stat().st_mode | stat.S_IXUSR)
    prefix = tmp_path / "share"
    code, out, err = run(capsys, "install-desktop", "--prefix", prefix)
    assert code == 0 and len(out.splitlines()) == len(WRITTEN)
    assert calls.read_text().splitlines() == [f"update-mime-database {prefix / 'mime'}",
                                              f"update-desktop-database {prefix / 'applications'}"]
    assert err == "kartographer: warning: update-desktop-database: cannot read it\n"


@pytest.mark.skipif(shutil.which("update-mime-database") is None, reason="shared-mime-info is not installed")
def test_the_real_mime_database_knows_the_file_types(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(Path(shutil.which("update-mime-database")).parent))
    prefix = tmp_path / "share"
    code, _out, err = run(capsys, "install-desktop", "--prefix", prefix)
    assert code == 0 and "warning" not in err
    globs = (prefix / "mime" / "globs2").read_text(encoding="utf-8").splitlines()
    for kind, pattern in zip(MIME_TYPES, ("*.track.json", "*.campaign.json", "*.vehicle.json"),
                             strict=True):
        assert f"80:{kind}:{pattern}" in globs


def test_the_default_prefix_is_the_users_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert desktop_install.default_prefix() == tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/is/ignored")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert desktop_install.default_prefix() == tmp_path / ".local" / "share"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert desktop_install.default_prefix() == tmp_path / ".local" / "share"


def test_a_launcher_path_with_spaces_is_quoted():
    assert desktop_install._quoted("/opt/kart/bin/kartographer") == "/opt/kart/bin/kartographer"
    assert desktop_install._quoted("/home/a b/venv/bin/kartographer") == '"/home/a b/venv/bin/kartographer"'
    entry = desktop_install.desktop_entry('"/home/a b/kartographer"')
    assert 'Exec="/home/a b/kartographer" gui %F' in entry.splitlines()


def test_the_desktop_files_ship_with_the_package():
    for path in (desktop_install.DESKTOP_FILE, desktop_install.MIME_FILE, desktop_install.ICON_FILE):
        assert path.is_file() and RESOURCES_DIR in path.parents
    assert os.access(desktop_install.DESKTOP_FILE, os.R_OK)


def test_the_shipped_files_are_what_the_built_in_systems_give():
    """resources/desktop/ (the bundle ships it as it is) equals what the registry of the built-ins generates:
    after a change to a system's document types run `python -c "from designer.desktop_install import
    write_shipped; write_shipped()"`."""
    from designer.systems.registry import Registry, use

    with use(Registry(entry_points=False)):
        types = desktop_install.file_types()
    assert [t.mime_type for t in types] == list(MIME_TYPES)
    assert desktop_install.mime_info(types) == desktop_install.MIME_FILE.read_text(encoding="utf-8")
    assert desktop_install.desktop_entry("kartographer", types) == desktop_install.DESKTOP_FILE.read_text(
        encoding="utf-8")
    vehicle = ET.fromstring(desktop_install.mime_info(types)).findall(f"{MIME}mime-type")[2]
    comments = {c.get("{http://www.w3.org/XML/1998/namespace}lang"): c.text for c in vehicle.iter(f"{MIME}comment")}
    assert comments == {None: "Kartographer vehicle", "de": "Kartographer-Fahrzeug", "es": "Vehículo de Kartographer",
                        "fr": "Véhicule Kartographer"}


def test_a_plugins_document_type_becomes_a_desktop_file_type(capsys, tmp_path, bare_path):
    """Fake Rally's pace notes (`DocumentFormat.mime_type`, `comment`) join the launcher and the MIME XML, their
    comment translated from the plug-in's own catalogue."""
    with fake_registry(tmp_path):
        prefix = tmp_path / "share"
        code, out, err = run(capsys, "install-desktop", "--prefix", prefix)
    assert (code, err) == (0, "")
    notes = "application/x-fake-rally-notes+json"
    assert f"wrote {prefix / 'icons/hicolor/scalable/mimetypes' / 'application-x-fake-rally-notes+json.svg'}" in out
    entry = desktop_entry(prefix / "applications" / "kartographer.desktop")
    assert entry["MimeType"].rstrip(";").split(";") == [*MIME_TYPES, notes]
    mime = ET.parse(prefix / "mime" / "packages" / "kartographer.xml").getroot()
    kind = next(t for t in mime.iter(f"{MIME}mime-type") if t.get("type") == notes)
    assert [g.get("pattern") for g in kind.iter(f"{MIME}glob")] == ["*.notes.json"]
    comments = {c.get("{http://www.w3.org/XML/1998/namespace}lang"): c.text for c in kind.iter(f"{MIME}comment")}
    assert comments == {None: "Fake Rally pace notes", "de": "Schein-Rallye-Gebetbuch",
                        "es": "Notas de ruta de Rally Ficticio", "fr": "Notes de copilote Faux Rallye"}
