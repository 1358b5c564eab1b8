"""The bundle's entry point: the same `kartographer` command the wheel installs (designer.cli:main)."""

import sys

from designer.cli import main

if __name__ == "__main__":
    sys.exit(main())
