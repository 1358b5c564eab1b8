"""File I/O: defensive JSON reading, migrations, validation messages, atomic saves. No Qt.

Import from the submodules (`designer.io.track_io`, `designer.io.errors` …); this package module stays
empty so that lower layers (the rules loader) can use the JSON helpers without an import cycle.
"""
