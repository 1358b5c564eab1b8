"""Python's cycle collector while a process starts: held off, then told that what start-up built is here to stay.

Pure (no Qt). Starting builds some hundred thousand objects that live as long as the process: modules,
classes, the rule data's models, Qt's wrappers and, in the editor, the first document's records. None of
them is garbage, yet the collector walks them again and again while they are made (each pass over the
oldest generation takes 25–35 ms once a 2,000-element table is open). `hold()`, called by the `kartographer`
command before it imports anything heavy (designer/launch.py), switches the collector off; `release()` moves
everything alive into the permanent generation (`gc.freeze`), where later passes no longer walk it, and
switches the collector on. A command releases it before its own work (designer/cli.py), the editor once its
window is first painted (designer/app/main.py). Cycles made during start-up are never collected: that is a
few start-up objects, bounded, against a collection pass skipped on every later one.
"""

from __future__ import annotations

import gc

_held = False


def hold() -> None:
    """Switch the collector off until `release()` (does nothing if something else switched it off already)."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def release() -> None:
    """Keep what is alive out of later passes and switch the collector back on, if `hold()` switched it off."""
    global _held
    if _held:
        _held = False
        gc.freeze()
        gc.enable()


def held() -> bool:
    """True between `hold()` and `release()`."""
    return _held
