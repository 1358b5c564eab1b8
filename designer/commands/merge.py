"""The one enum of merge ids: commands with the same id may fold into one undo step."""

from enum import IntEnum


class MergeId(IntEnum):
    PLACEMENT = 1   # drags, nudges and rotations of the same selection
    FIELD = 2       # scrubbing one inspector spin box
    PROPERTY = 3    # document properties
    TRACK = 4       # dragging one track control point
