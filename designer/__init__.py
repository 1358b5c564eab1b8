"""Kartographer: track designer, print shop and campaign manager for tabletop kart-racing games."""

import sys


def _resolve_pydantic() -> None:
    from pydantic import (  # noqa: F401
        BaseModel,
        ConfigDict,
        Field,
        TypeAdapter,
        ValidationError,
        field_validator,
        model_validator,
    )


class _PydanticBeforeQt:
    """pydantic resolves some names lazily on first use; if PySide6's import hook (shiboken's "feature"
    loader) is already installed by then, that lazy import recurses and fails. So the first import of
    PySide6 resolves them first (a finder on `sys.meta_path` that finds nothing itself); a process that
    never imports Qt (`kartographer --version`, the print commands) pays nothing for it here."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name in ("PySide6", "shiboken6"):
            if self in sys.meta_path:
                sys.meta_path.remove(self)
            _resolve_pydantic()


if "PySide6" in sys.modules or "shiboken6" in sys.modules:
    _resolve_pydantic()
else:
    sys.meta_path.insert(0, _PydanticBeforeQt())


def _version() -> str:
    """The version written once in pyproject.toml, as the installed package's metadata carries it."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("kartographer")
    except PackageNotFoundError:  # a source tree that was never installed
        return "0+unknown"


def __getattr__(name: str) -> str:
    """`designer.__version__`, read when first asked: importing `importlib.metadata` and reading the package's
    metadata cost a command that never shows the version (validate, the editor) a twentieth of its start-up."""
    if name == "__version__":
        global __version__
        __version__ = _version()
        return __version__
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
