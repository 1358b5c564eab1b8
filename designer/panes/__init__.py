"""Dock panes around the canvas: palette, inspector, problems, campaign."""
