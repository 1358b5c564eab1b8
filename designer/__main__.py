"""`python -m designer` runs the same entry point as the `kartographer` command."""

import sys

from designer.launch import main

sys.exit(main())
