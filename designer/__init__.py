"""Kartographer: track designer, print shop and campaign manager for tabletop kart-racing games."""

# pydantic resolves some names lazily on first use; if PySide6's import hook (shiboken's "feature"
# loader) is already installed by then, that lazy import recurses and fails. Resolving them here,
# before anything imports Qt, avoids it.
from pydantic import (  # noqa: F401
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)


def _version() -> str:
    """The version written once in pyproject.toml, as the installed package's metadata carries it."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("kartographer")
    except PackageNotFoundError:  # a source tree that was never installed
        return "0+unknown"


__version__ = _version()
