"""Shared test set-up: Qt runs offscreen on a 1920×1080 screen; the package (and so pydantic) loads before any
Qt module; no test writes to the real user's log or cache folder."""

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if os.environ["QT_QPA_PLATFORM"] == "offscreen":  # a desktop monitor's screen (Qt's own offscreen one is 800×800)
    SCREEN = os.path.join(os.path.dirname(__file__), "data", "offscreen-screen.json")
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={SCREEN}"

import designer  # noqa: F401  (see designer/__init__.py: pydantic must load before PySide6)
from designer import logs


@pytest.fixture(autouse=True, scope="session")
def _private_cache_folder(tmp_path_factory):
    """Parsed fonts (`designer.export.font_cache`) are kept in one folder of the run's own, shared by its tests
    and the commands they start."""
    from designer.export import font_cache

    os.environ[font_cache.CACHE_ENV] = str(tmp_path_factory.mktemp("cache"))
    yield


@pytest.fixture(autouse=True)
def _private_log_folder(tmp_path, monkeypatch):
    """The log file of every test lives in its own `tmp_path / "logs"` (made only if something is logged)."""
    monkeypatch.setenv(logs.LOG_ENV, str(tmp_path / "logs"))
    yield
    logs.shutdown_logging()


@pytest.fixture(autouse=True)
def _english_unless_a_test_asks(monkeypatch):
    """Tests read English output whatever the machine's locale; language tests set their own."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("KARTOGRAPHER_PSEUDO", raising=False)
    yield
    from designer import i18n

    os.environ.pop("KARTOGRAPHER_PSEUDO", None)  # before monkeypatch undoes a test's setenv: else pseudo lingers
    i18n.set_language("en")
