"""Python's cycle collector in a `kartographer` process: held off while it starts (and to the end of a batch command).

Pure (no Qt). Starting builds some hundred thousand objects that live as long as the process: modules,
classes, the rule data's models, Qt's wrappers and, in the editor, the first document's records. None of
them is garbage, yet the collector walks them again and again while they are made (each pass over the
oldest generation takes 25–35 ms once a 2,000-element table is open).

* `hold()`, called by the entry point before it imports anything heavy (designer/launch.py), switches the
  collector off.
* A command other than the editor runs to its end held (its cyclic garbage is a few hundred objects; reference
  counting frees the rest), and `finish()` then freezes what is left, so the interpreter's closing collections
  skip it.
* The editor calls `release()` once its window is first painted (designer/app/main.py): the collector is on
  again for the hours the editor runs. What start-up made is not frozen out of later passes (`gc.freeze`):
  the first document is among it, and a frozen document closed later would never be collected.
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
    """Switch the collector back on, if `hold()` switched it off."""
    global _held
    if _held:
        _held = False
        gc.enable()


def finish() -> None:
    """At the end of a command still held: what is left is frozen, out of the closing collections."""
    if _held:
        gc.freeze()
