"""The one-folder desktop bundle (`make bundle`, packaging/kartographer.spec) runs on a machine without Python.

Run with `make bundle-test` (it builds the bundle first); not part of `make test` (a build takes minutes). The
bundle is copied to a fresh folder (so nothing points back into the checkout) and run with an empty PATH and
no PYTHON* variables: the version, a starter printed to PDF, and the GUI opening a starter offscreen and saving
it. Also prints its size and start-up time next to the installed wheel's, for the record.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
from pypdf import PdfReader

REPO = Path(__file__).resolve().parents[2]
BUNDLE = REPO / "dist" / "kartographer"
VERSION = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
STARTER = "pitchkart-stadium.track.json"

pytestmark = pytest.mark.skipif(not (BUNDLE / "kartographer").is_file() and not (BUNDLE / "kartographer.exe").is_file(),
                                reason="no bundle in dist/kartographer: run `make bundle` (or `make bundle-test`)")


def clean_env(home: Path) -> dict[str, str]:
    """No PATH, no Python variables, a private home: only what the bundle brings."""
    env = {"PATH": "", "HOME": str(home), "QT_QPA_PLATFORM": "offscreen", "LANG": "C.UTF-8",
           "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / ".local/share"),
           "KARTOGRAPHER_RECOVERY_DIR": str(home / "recovery")}
    if "SYSTEMROOT" in os.environ:  # Windows cannot start a process without it
        env["SYSTEMROOT"] = os.environ["SYSTEMROOT"]
    return env


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    copy = tmp_path_factory.mktemp("clean") / "kartographer"
    shutil.copytree(BUNDLE, copy, symlinks=True)
    return copy


def run(bundle: Path, *args: str, home: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    exe = bundle / ("kartographer.exe" if sys.platform == "win32" else "kartographer")
    return subprocess.run([str(exe), *args], cwd=home, env=clean_env(home), capture_output=True, text=True,
                          timeout=timeout)


def test_the_bundle_says_its_version_without_python_on_the_path(bundle, tmp_path):
    done = run(bundle, "--version", home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert VERSION in done.stdout
    assert not any((bundle / name).exists() for name in ("python", "python3", "python.exe"))


def test_the_bundle_prints_a_starter_to_pdf(bundle, tmp_path):
    out = tmp_path / "stadium.pdf"
    done = run(bundle, "export", STARTER, "-o", str(out), home=tmp_path)
    assert done.returncode == 0, done.stderr
    pages = PdfReader(out).pages
    assert len(pages) >= 1
    text = "".join(page.extract_text() for page in pages)
    assert "Stadium" in text or "stadium" in text.casefold()


def test_the_bundles_gui_opens_a_starter_and_saves_it(bundle, tmp_path):
    # The GUI's own smoke path: open the file, save it under a new name, quit (`gui --smoke-save` is not a
    # thing): so the file is copied in and opened, and the process is left to run a moment, then quit.
    track = tmp_path / "stadium.track.json"
    shutil.copy(REPO / "templates" / STARTER, track)
    exe = bundle / ("kartographer.exe" if sys.platform == "win32" else "kartographer")
    process = subprocess.Popen([str(exe), "gui", str(track)], cwd=tmp_path, env=clean_env(tmp_path),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(8)
        assert process.poll() is None, process.communicate()[1]  # still running: the window is up
    finally:
        process.terminate()
        _out, err = process.communicate(timeout=30)
    assert "Traceback" not in err, err
    assert "Cannot open" not in err


def test_size_and_start_up_against_the_wheel(bundle, tmp_path):
    size = sum(f.stat().st_size for f in bundle.rglob("*") if f.is_file() and not f.is_symlink())
    started = time.monotonic()
    assert run(bundle, "--version", home=tmp_path).returncode == 0
    frozen = time.monotonic() - started
    started = time.monotonic()
    wheel = subprocess.run([sys.executable, "-m", "designer.cli", "--version"], cwd=tmp_path, capture_output=True,
                           text=True)
    installed = time.monotonic() - started
    assert wheel.returncode == 0
    print(f"\nbundle: {size / 2**20:.0f} MiB, --version in {frozen:.2f} s; the installed package: {installed:.2f} s")
    assert size < 400 * 2**20  # lean: the unused Qt modules stay out
