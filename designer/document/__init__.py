"""The Qt document facade: one model, its undo stack, typed change signals."""
