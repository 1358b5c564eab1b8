"""The playability checks that apply to Super Mario PitchKart documents, besides the universal ones."""

from __future__ import annotations

#: Codes of the registered checks (`designer.geometry.checks`) this system's documents get.
CHECKS: tuple[str, ...] = ()
