"""The package as users get it: the wheel carries the data, runs from any folder, and the CLI finds the starters.

The wheel is built offline from a copy of the checkout (so no `build/` appears in the working tree), with the
project venv's setuptools (`--no-build-isolation`), and installed with `pip --target` next to the venv's
dependencies, so nothing is downloaded.
"""

from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import designer
from designer import paths
from designer.cli import main
from designer.io.templates import resolve_track_argument
from designer.io.track_io import load_track

REPO = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
VERSION = PYPROJECT["project"]["version"]
LUIGI = "mushroom-cup-1-luigi-circuit.track.json"
#: Top-level entries of the checkout that are not part of the source a wheel is built from.
NOT_SOURCE = {".venv", ".git", "build", "dist", "out", ".pytest_cache", ".hypothesis", ".benchmarks"}


def _setuptools_can_build() -> bool:
    try:
        version = importlib.metadata.version("setuptools")
    except importlib.metadata.PackageNotFoundError:
        return False
    return int(version.split(".")[0]) >= 77


needs_setuptools = pytest.mark.skipif(
    not _setuptools_can_build(),
    reason="building the wheel offline needs setuptools>=77 in this environment (pip install -e '.[test]')",
)


def _copy_source(dest: Path) -> Path:
    def ignore(folder: str, names: list[str]) -> set[str]:
        skipped = {n for n in names if n.endswith(".egg-info")}
        return skipped | (NOT_SOURCE & set(names) if Path(folder) == REPO else set())

    shutil.copytree(REPO, dest, ignore=ignore)
    # Byte-code caches as a run leaves them: they must not end up in the wheel.
    for folder in ("resources", "resources/rulesets", "templates"):
        (dest / folder / "__pycache__").mkdir(exist_ok=True)
        (dest / folder / "__pycache__" / "stale.cpython-311.pyc").write_bytes(b"\0")
    return dest


def _run(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    src = _copy_source(tmp_path_factory.mktemp("src") / "kartographer")
    dist = tmp_path_factory.mktemp("dist")
    built = _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index",
                  "-w", str(dist), str(src)], cwd=dist)
    assert built.returncode == 0, built.stderr
    (found,) = dist.glob("kartographer-*.whl")
    return found


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("site")
    done = _run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--no-compile",
                 "--target", str(target), str(wheel)], cwd=target)
    assert done.returncode == 0, done.stderr
    return target


# --- (a) what the wheel holds ------------------------------------------------------------------------------
@needs_setuptools
def test_wheel_carries_rulesets_icons_schemas_templates_and_license(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = [f"designer/resources/{p.relative_to(REPO / 'resources').as_posix()}"
                for p in (REPO / "resources").rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    expected += [f"designer/templates/{p.name}" for p in (REPO / "templates").iterdir() if p.is_file()]
    assert sorted(set(expected) - names) == []
    rulesets = sorted(n.rsplit("/", 1)[1] for n in names if n.startswith("designer/resources/rulesets/"))
    assert rulesets == ["axles-alloys-2.json", "mk-board.json", "mk-downforce.json", "mk-gaslands.json",
                        "pitchkart.json"]
    assert {"designer/resources/icons/coin.svg", "designer/systems/mk_board/icons/space.svg",
            "designer/systems/axles_alloys_2/icons/barrier.svg", "designer/resources/schema/track.schema.json",
            "designer/resources/schema/campaign.schema.json", f"designer/templates/{LUIGI}",
            "designer/templates/mushroom-cup.campaign.json"} <= names
    # the player's manual (Help ▸ Manual): every chapter and screenshot in each of its four languages
    manual = {f"designer/resources/manual/{language}/{page}" for language in ("en", "de", "es", "fr")
              for page in ("index.html", "start.html", "checks.html", "print.html", "keys.html", "gaslands.html",
                           "board.html", "pitchkart.html", "downforce.html", "axles.html", "raceday.html",
                           "images/editor.png", "images/print.png")}
    assert sorted(manual - names) == []
    # six Gaslands starters, two boards, two PitchKart tracks and three Axles and Alloys II tables (the starter
    # vehicles, *.vehicle.json, are not tracks)
    assert sum(n.startswith("designer/templates/") and n.endswith(".track.json") for n in names) == 13
    assert f"kartographer-{VERSION}.dist-info/licenses/LICENSE" in names


@needs_setuptools
def test_wheel_holds_every_module_and_nothing_else(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    modules = {p.relative_to(REPO).as_posix() for p in (REPO / "designer").rglob("*.py")}
    missing = sorted(modules - names)
    assert missing == [], f"add their packages to [tool.setuptools] packages in pyproject.toml: {missing}"
    assert {n.split("/", 1)[0] for n in names} == {"designer", f"kartographer-{VERSION}.dist-info"}
    assert [n for n in names if "__pycache__" in n or n.endswith((".pyc", ".pyo")) or "/tests/" in n] == []


@needs_setuptools
def test_wheel_metadata_has_version_license_and_classifiers(wheel):
    meta = zipfile.ZipFile(wheel).read(f"kartographer-{VERSION}.dist-info/METADATA").decode()
    headers = [line.split(": ", 1) for line in meta.split("\n\n", 1)[0].splitlines()]
    assert ["Version", VERSION] in headers and ["License-Expression", "MIT"] in headers
    classifiers = {value for key, value in headers if key == "Classifier"}
    assert {"Programming Language :: Python :: 3.11", "Programming Language :: Python :: 3.12",
            "Programming Language :: Python :: 3.13", "Environment :: X11 Applications :: Qt",
            "Topic :: Games/Entertainment :: Board Games", "Operating System :: OS Independent",
            "Development Status :: 3 - Alpha", "Intended Audience :: End Users/Desktop"} <= classifiers


# --- (b) the installed wheel, run from another folder ------------------------------------------------------
@needs_setuptools
def test_installed_wheel_runs_the_cli_from_another_folder(installed, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(installed), "QT_QPA_PLATFORM": "offscreen"}

    def cli(*argv: str) -> subprocess.CompletedProcess[str]:
        return _run([sys.executable, "-m", "designer", *argv], cwd=tmp_path, env=env)

    where = _run([sys.executable, "-c", "import designer, designer.paths as p; print(designer.__file__);"
                  "print(p.RULESETS_DIR)"], cwd=tmp_path, env=env)
    module, rulesets = where.stdout.split()
    assert Path(module) == installed / "designer" / "__init__.py"
    assert Path(rulesets) == installed / "designer" / "resources" / "rulesets"

    version = cli("--version")
    assert (version.returncode, version.stdout) == (0, f"kartographer {VERSION}\n")
    listed = cli("rules")
    assert listed.returncode == 0 and len(listed.stdout.splitlines()) == 5
    gaslands = cli("rules", "mk-gaslands")
    assert gaslands.returncode == 0, gaslands.stderr
    assert gaslands.stdout.splitlines()[0] == "Mario Kart Gaslands (mk-gaslands)"
    assert "item deck: 66 cards" in gaslands.stdout
    templates = cli("templates")
    assert templates.returncode == 0
    assert [line.split()[0] for line in templates.stdout.splitlines()] == sorted(
        p.name for p in (REPO / "templates").glob("*.track.json")) + sorted(
        p.name for p in (REPO / "templates").glob("*.vehicle.json"))  # the starter cars after the tracks
    exported = cli("export", LUIGI, "-o", "x.pdf")
    assert exported.returncode == 0, exported.stderr
    assert exported.stdout.startswith("wrote x.pdf: ")
    assert (tmp_path / "x.pdf").read_bytes()[:5] == b"%PDF-"
    kit = cli("export", "--ruleset", "mk-downforce", "--what", "all", "-o", "kit.pdf")
    assert kit.returncode == 0 and kit.stdout.startswith("wrote kit.pdf: "), kit.stderr
    car = cli("vehicle", "new", "--class", "heavy", "-o", "van.vehicle.json")
    checked = cli("vehicle", "check", "van.vehicle.json")
    assert (car.returncode, checked.returncode) == (0, 0) and "capacity 0 of 5" in checked.stdout


# --- (c) the editable install -------------------------------------------------------------------------------
@pytest.mark.skipif(Path(designer.__file__).resolve().parent != REPO / "designer",
                    reason="designer is not imported from this checkout")
def test_editable_paths_are_the_top_level_folders(tmp_path):
    assert (paths.RESOURCES_DIR, paths.TEMPLATES_DIR) == (REPO / "resources", REPO / "templates")
    for value in (paths.RULESETS_DIR, paths.ICONS_DIR, paths.SCHEMA_DIR, paths.TEMPLATES_DIR):
        assert isinstance(value, Path) and value.is_dir()
    assert paths.DEFAULT_TRACK == REPO / "templates" / LUIGI and paths.DEFAULT_TRACK.is_file()
    # From another folder, without the checkout on sys.path: the editable finder must map the sub-packages.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    code = ("import designer.paths as p, designer.rules as r;"
            "print(p.RULESETS_DIR); print(p.TEMPLATES_DIR); print(len(r.ruleset_ids()))")
    out = _run([sys.executable, "-c", code], cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [str(REPO / "resources" / "rulesets"), str(REPO / "templates"), "5"]


# --- (d) starters by name on the command line ---------------------------------------------------------------
def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_validate_finds_a_starter_by_file_name(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    elements = len(load_track(paths.TEMPLATES_DIR / LUIGI).elements)
    code, out, _ = run(capsys, "validate", LUIGI)
    assert code == 0
    assert out.splitlines()[0] == f"{LUIGI}: ok ({elements} elements)"


def test_export_finds_a_starter_by_slug(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "export", LUIGI.removesuffix(".track.json"), "--what", "scoresheet", "-o", "s.pdf")
    assert code == 0 and out.startswith("wrote s.pdf: ")
    assert (tmp_path / "s.pdf").read_bytes()[:5] == b"%PDF-"


def test_a_real_file_of_that_name_wins(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / LUIGI).write_text("{}", encoding="utf-8")
    code, _, err = run(capsys, "validate", LUIGI)
    assert code == 2 and err.startswith(f"{LUIGI}: ")  # the local (invalid) copy was read, not the starter
    assert resolve_track_argument(LUIGI) == Path(LUIGI)
    assert resolve_track_argument(LUIGI.removesuffix(".track.json")) == paths.TEMPLATES_DIR / LUIGI


def test_an_unknown_name_is_one_line_with_a_hint(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "export", "rainbow-road", "-o", "r.pdf")
    assert (code, out) == (2, "")
    assert err == "rainbow-road: no such file, nor a bundled starter (`kartographer templates` lists them)\n"
    assert not (tmp_path / "r.pdf").exists()
    code, _, err = run(capsys, "validate", f"sub/{LUIGI}")  # a path with a folder is never looked up
    assert code == 2 and err.splitlines()[0] == f"sub/{LUIGI}: no such file"


# --- (e) one version -----------------------------------------------------------------------------------------
def test_version_comes_from_the_package_metadata():
    assert designer.__version__ == importlib.metadata.version("kartographer") == VERSION
