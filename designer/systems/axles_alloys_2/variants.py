"""The kinds of dropped template (napalm, oil, spikes): named by the element model (`elements.py`) and by the
rule data (`rule_data.py`) alike, here so the element model needs no rule-data models."""

from __future__ import annotations

from typing import Literal

TemplateVariant = Literal["napalm", "oil", "spikes"]
