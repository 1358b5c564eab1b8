"""`kartographer install-desktop [--prefix DIR]`: the launcher, the file types and the icon for Linux desktops.

Copies the shipped `resources/desktop/kartographer.desktop` to `<prefix>/applications/`,
`resources/desktop/kartographer-mime.xml` (shared-mime-info: *.track.json, *.campaign.json, *.vehicle.json) to
`<prefix>/mime/packages/kartographer.xml` and `resources/icons/kartographer.svg` to
`<prefix>/icons/hicolor/scalable/apps/` (and as the file types' icons). The prefix defaults to
$XDG_DATA_HOME or ~/.local/share. The launcher's `Exec` names the `kartographer` script that runs this command
(a venv's script is rarely on the desktop's PATH). Afterwards `update-mime-database` and
`update-desktop-database` run on the prefix, each only if installed; one that fails is a warning, not a refusal,
since the files are in place. One stdout line per file written. Pure: no Qt.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

from designer.i18n import _
from designer.io.display import printable
from designer.paths import ICONS_DIR, RESOURCES_DIR

DESKTOP_DIR = RESOURCES_DIR / "desktop"
DESKTOP_FILE = DESKTOP_DIR / "kartographer.desktop"
MIME_FILE = DESKTOP_DIR / "kartographer-mime.xml"
ICON_FILE = ICONS_DIR / "kartographer.svg"
MIME_TYPES = ("application/x-kartographer-track+json", "application/x-kartographer-campaign+json",
              "application/x-kartographer-vehicle+json")
#: (tool, the prefix's sub-folder it is run on)
REFRESH_TOOLS = (("update-mime-database", "mime"), ("update-desktop-database", "applications"))


def default_prefix() -> Path:
    """Where a user's own desktop data lives: $XDG_DATA_HOME, else ~/.local/share."""
    data_home = os.environ.get("XDG_DATA_HOME", "")
    return Path(data_home) if Path(data_home).is_absolute() else Path.home() / ".local" / "share"


def launcher_command() -> str:
    """The command a launcher runs: this process's `kartographer` script if there is one, else the bare name."""
    beside = Path(sys.executable).parent / "kartographer"
    found = str(beside) if beside.is_file() else shutil.which("kartographer")
    return _quoted(found) if found else "kartographer"


def _quoted(path: str) -> str:
    """An Exec argument quoted as the Desktop Entry specification asks, when it needs quoting."""
    if not any(c in path for c in ' \t"\'\\><~|&;$*?#()`'):
        return path
    escaped = path.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`").replace("$", "\\$")
    return f'"{escaped}"'


def desktop_entry(command: str) -> str:
    """The shipped launcher with `Exec` running `command`."""
    lines = DESKTOP_FILE.read_text(encoding="utf-8").splitlines()
    return "\n".join(f"Exec={command} gui %F" if line.startswith("Exec=") else line for line in lines) + "\n"


def install_files(prefix: Path, command: str | None = None) -> list[Path]:
    """Write the launcher, the file types and the icons under `prefix`; the files written, in order."""
    icon = ICON_FILE.read_bytes()
    targets: list[tuple[Path, bytes]] = [
        (prefix / "applications" / "kartographer.desktop",
         desktop_entry(command or launcher_command()).encode("utf-8")),
        (prefix / "mime" / "packages" / "kartographer.xml", MIME_FILE.read_bytes()),
        (prefix / "icons" / "hicolor" / "scalable" / "apps" / "kartographer.svg", icon),
        *((prefix / "icons" / "hicolor" / "scalable" / "mimetypes" / f"{kind.replace('/', '-')}.svg", icon)
          for kind in MIME_TYPES),
    ]
    for path, data in targets:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return [path for path, _data in targets]


def refresh_databases(prefix: Path) -> list[str]:
    """Run each refresh tool that is installed on its folder of `prefix`; one warning per tool that failed."""
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
