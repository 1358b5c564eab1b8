"""`kartographer install-desktop [--prefix DIR]`: the launcher, the file types and the icon for Linux desktops.

The file types come from the registry: the shared tracks and campaigns plus every registered system's own
document types (`System.documents`: each `DocumentFormat`'s suffix, MIME type and comment, the comment in every
language from the catalogues, a plug-in's own included). `mime_info()` writes them as shared-mime-info XML to
`<prefix>/mime/packages/kartographer.xml`; the launcher (`resources/desktop/kartographer.desktop`) goes to
`<prefix>/applications/` with its `MimeType` line listing them and `Exec` naming the `kartographer` script that
runs this command (a venv's script is rarely on the desktop's PATH); `resources/icons/kartographer.svg` to
`<prefix>/icons/hicolor/scalable/apps/` and as each file type's icon. The prefix defaults to $XDG_DATA_HOME or
~/.local/share. The shipped `resources/desktop/` files (the bundle's, packaging/kartographer.spec) are what the
built-in systems give: `write_shipped()` rewrites them and tests/unit/test_desktop_install.py proves them equal.
Afterwards `update-mime-database` and `update-desktop-database` run on the prefix, each only if installed; one
that fails is a warning, not a refusal, since the files are in place. One stdout line per file written. Pure: no Qt.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import NamedTuple

from designer.i18n import LANGUAGES, N_, SOURCE_LANGUAGE, _, translate_into
from designer.io.display import printable
from designer.io.suffixes import CAMPAIGN_SUFFIX, TRACK_SUFFIX
from designer.paths import ICONS_DIR, RESOURCES_DIR

DESKTOP_DIR = RESOURCES_DIR / "desktop"
DESKTOP_FILE = DESKTOP_DIR / "kartographer.desktop"
MIME_FILE = DESKTOP_DIR / "kartographer-mime.xml"
ICON_FILE = ICONS_DIR / "kartographer.svg"
MIME_HEADER = "<!-- Kartographer's file types for shared-mime-info: installed as mime/packages/kartographer.xml. -->"


class FileType(NamedTuple):
    """One desktop file type: its MIME type, its files' ending and what a file manager calls it (English)."""

    mime_type: str
    suffix: str
    comment: str


SHARED_TYPES = (FileType("application/x-kartographer-track+json", TRACK_SUFFIX, N_("Kartographer track")),
                FileType("application/x-kartographer-campaign+json", CAMPAIGN_SUFFIX, N_("Kartographer campaign")))
#: (tool, the prefix's sub-folder it is run on)
REFRESH_TOOLS = (("update-mime-database", "mime"), ("update-desktop-database", "applications"))


def default_prefix() -> Path:
    """Where a user's own desktop data lives: $XDG_DATA_HOME, else ~/.local/share."""
    data_home = os.environ.get("XDG_DATA_HOME", "")
    return Path(data_home) if Path(data_home).is_absolute() else Path.home() / ".local" / "share"


def launcher_command() -> str:
    """The command a launcher runs: this process's `kartographer` script if there is one, else the bare name."""
    import shutil  # here, as subprocess and html below: every `kartographer` command imports this module

    beside = Path(sys.executable).parent / "kartographer"
    found = str(beside) if beside.is_file() else shutil.which("kartographer")
    return _quoted(found) if found else "kartographer"


def _quoted(path: str) -> str:
    """An Exec argument quoted as the Desktop Entry specification asks, when it needs quoting."""
    if not any(c in path for c in ' \t"\'\\><~|&;$*?#()`'):
        return path
    escaped = path.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`").replace("$", "\\$")
    return f'"{escaped}"'


def file_types() -> tuple[FileType, ...]:
    """The shared file types, then each registered system's own document types (in the registry's order)."""
    from designer.systems import registry

    own = (FileType(d.desktop_mime_type, d.suffix, d.desktop_comment)
           for system in registry.systems() for d in system.documents)
    return (*SHARED_TYPES, *own)


def mime_info(types: tuple[FileType, ...] | None = None) -> str:
    """The shared-mime-info XML of `types` (default: `file_types()`), the comments in every language we have."""
    from html import escape

    lines = ['<?xml version="1.0" encoding="UTF-8"?>', MIME_HEADER,
             '<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">']
    for kind in file_types() if types is None else types:
        lines.append(f'  <mime-type type="{escape(kind.mime_type)}">')
        lines.append(f"    <comment>{escape(kind.comment, quote=False)}</comment>")
        lines += [f'    <comment xml:lang="{lang}">{escape(translate_into(lang, kind.comment), quote=False)}</comment>'
                  for lang in LANGUAGES if lang != SOURCE_LANGUAGE]
        lines += ['    <sub-class-of type="application/json"/>', '    <icon name="kartographer"/>',
                  f'    <glob pattern="*{escape(kind.suffix)}" weight="80"/>', "  </mime-type>"]
    return "\n".join([*lines, "</mime-info>"]) + "\n"


def desktop_entry(command: str, types: tuple[FileType, ...] | None = None) -> str:
    """The shipped launcher with `Exec` running `command` and `MimeType` listing `types` (default: `file_types()`)."""
    mime_types = "".join(f"{kind.mime_type};" for kind in (file_types() if types is None else types))
    lines = DESKTOP_FILE.read_text(encoding="utf-8").splitlines()
    lines = [f"Exec={command} gui %F" if line.startswith("Exec=") else
             f"MimeType={mime_types}" if line.startswith("MimeType=") else line for line in lines]
    return "\n".join(lines) + "\n"


def write_shipped() -> None:
    """Rewrite the shipped launcher and file types as the built-in systems give them (entry points left out)."""
    from designer.systems.registry import Registry, use

    with use(Registry(entry_points=False)):
        types = file_types()
    DESKTOP_FILE.write_text(desktop_entry("kartographer", types), encoding="utf-8")
    MIME_FILE.write_text(mime_info(types), encoding="utf-8")


def install_files(prefix: Path, command: str | None = None) -> list[Path]:
    """Write the launcher, the file types and the icons under `prefix`; the files written, in order."""
    icon = ICON_FILE.read_bytes()
    types = file_types()
    targets: list[tuple[Path, bytes]] = [
        (prefix / "applications" / "kartographer.desktop",
         desktop_entry(command or launcher_command(), types).encode("utf-8")),
        (prefix / "mime" / "packages" / "kartographer.xml", mime_info(types).encode("utf-8")),
        (prefix / "icons" / "hicolor" / "scalable" / "apps" / "kartographer.svg", icon),
        *((prefix / "icons" / "hicolor" / "scalable" / "mimetypes" / f"{kind.mime_type.replace('/', '-')}.svg", icon)
          for kind in types),
    ]
    for path, data in targets:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return [path for path, _data in targets]


def refresh_databases(prefix: Path) -> list[str]:
    """Run each refresh tool that is installed on its folder of `prefix`; one warning per tool that failed."""
    import shutil
    import subprocess

    warnings = []
    for tool, folder in REFRESH_TOOLS:
        program = shutil.which(tool)
        if program is None:
            continue
        try:
            result = subprocess.run([program, str(prefix / folder)], capture_output=True, text=True, timeout=120,
                                    check=False)
        except (OSError, subprocess.SubprocessError) as exc:
            warnings.append(f"{tool}: {exc}")
            continue
        if result.returncode != 0:
            reason = (result.stderr.strip().splitlines() or [f"exit status {result.returncode}"])[-1]
            warnings.append(f"{tool}: {reason}")
    return warnings


def add_install_desktop_parser(sub: argparse._SubParsersAction) -> None:
    """Register `install-desktop` on the main parser's subcommands."""
    command = sub.add_parser("install-desktop",
                             help=_("add Kartographer to the desktop's menus and file types (Linux)"))
    command.add_argument("--prefix", type=Path, metavar="DIR",
                         help=_("the data folder to install into (default: ~/.local/share)"))


def run(args: argparse.Namespace) -> int:
    prefix = (args.prefix or default_prefix()).expanduser()
    for path in install_files(prefix):
        print(printable(_("wrote {path}").format(path=path)))
    for warning in refresh_databases(prefix):
        print(printable(_("kartographer: warning: {message}").format(message=warning)), file=sys.stderr)
    return 0
