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
#: The installed package's own command (the wheel's console script), to compare start-up times with.
INSTALLED = Path(sys.executable).parent / ("kartographer.exe" if sys.platform == "win32" else "kartographer")

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


def start_gui(bundle: Path, home: Path, **env: str) -> subprocess.Popen[str]:
    track = home / "stadium.track.json"
    shutil.copy(REPO / "templates" / STARTER, track)
    exe = bundle / ("kartographer.exe" if sys.platform == "win32" else "kartographer")
    return subprocess.Popen([str(exe), "gui", str(track)], cwd=home, env=clean_env(home) | env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_the_bundles_gui_opens_a_starter(bundle, tmp_path):
    """Offscreen: the window is built on the starter and the event loop runs (a failure exits at once)."""
    process = start_gui(bundle, tmp_path)
    try:
        time.sleep(8)
        assert process.poll() is None, process.communicate()[1]  # still running: the window is up
    finally:
        process.terminate()
        _out, err = process.communicate(timeout=30)
    assert "Traceback" not in err, err
    assert "Cannot open" not in err


def window_after(display: str, started: float, process: subprocess.Popen, timeout: float = 30) -> float | None:
    """Seconds from `started` until a visible Kartographer window is on `display` (None without xdotool)."""
    xdotool = shutil.which("xdotool")
    if xdotool is None:
        time.sleep(8)
        return None
    while time.monotonic() - started < timeout:
        assert process.poll() is None, process.communicate()
        found = subprocess.run([xdotool, "search", "--onlyvisible", "--name", "Kartographer"],
                               env={"DISPLAY": display}, capture_output=True, text=True)
        if found.stdout.strip():
            return time.monotonic() - started
        time.sleep(0.05)
    raise AssertionError(f"no Kartographer window on {display} after {timeout} s")


@pytest.mark.skipif(not shutil.which("Xvfb"), reason="needs Xvfb for a real X display")
def test_the_bundles_gui_runs_on_an_x_display(bundle, tmp_path):
    """Under Xvfb with the xcb platform: the bundled X11 plugin and its libraries load."""
    display = ":97"
    server = subprocess.Popen([shutil.which("Xvfb") or "Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten",
                               "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.5)
        started = time.monotonic()
        process = start_gui(bundle, tmp_path, QT_QPA_PLATFORM="xcb", DISPLAY=display)
        try:
            frozen = window_after(display, started, process)
            assert process.poll() is None, process.communicate()[1]
        finally:
            process.terminate()
            _out, err = process.communicate(timeout=30)
        assert "Traceback" not in err and "could not load the Qt platform plugin" not in err, err
        if frozen is not None:  # the same start from the installed package, for the record
            started = time.monotonic()
            argv = [str(INSTALLED), "gui", str(tmp_path / "stadium.track.json")]
            wheel = subprocess.Popen(argv, cwd=tmp_path, env=os.environ | {"QT_QPA_PLATFORM": "xcb", "DISPLAY": display,
                                                                     "HOME": str(tmp_path)},
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            try:
                installed = window_after(display, started, wheel)
            finally:
                wheel.terminate()
                wheel.wait(timeout=30)
            print(f"\nwindow shown after {frozen:.2f} s (bundle), {installed or 0:.2f} s (installed package)")
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_size_and_start_up_against_the_wheel(bundle, tmp_path):
    size = sum(f.stat().st_size for f in bundle.rglob("*") if f.is_file() and not f.is_symlink())
    started = time.monotonic()
    assert run(bundle, "--version", home=tmp_path).returncode == 0
    frozen = time.monotonic() - started
    started = time.monotonic()
    wheel = subprocess.run([str(INSTALLED), "--version"], cwd=tmp_path, capture_output=True, text=True)
    installed = time.monotonic() - started
    assert wheel.returncode == 0 and VERSION in wheel.stdout
    print(f"\nbundle: {size / 2**20:.0f} MiB, --version in {frozen:.2f} s; the installed package: {installed:.2f} s")
    assert size < 400 * 2**20  # lean: the unused Qt modules stay out
