"""The bundle's entry point: the same `kartographer` command the wheel installs (designer.launch:main)."""

import sys

from designer.launch import main

if __name__ == "__main__":
    sys.exit(main())
