"""The `kartographer` command's entry point: answers `--version` before importing anything heavy (the command
line of designer.cli imports the file formats and the rule data), then hands every other call to
`designer.cli.main` with the cycle collector held off while the program loads (designer/collector.py)."""

from __future__ import annotations

import sys


def main() -> int:
    if sys.argv[1:] == ["--version"]:
        from designer import __version__

        print(f"kartographer {__version__}")  # what argparse's version action prints, sooner
        return 0
    from designer import collector

    collector.hold()
    from designer.cli import main as cli_main

    return cli_main()
