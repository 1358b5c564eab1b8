"""The default game system comes from the registry, never from a literal id in shared code: a document or an old
campaign that names no system takes the registry's first system (the flagship among the built-ins)."""

from __future__ import annotations

import pytest

from designer.model import Table, TrackDocument
from designer.model.campaign import CampaignDocument
from designer.systems import registry
from designer.systems.registry import BUILTIN_SYSTEMS, GameSystemError, Registry, use


def test_the_flagship_is_the_default_among_the_built_ins():
    assert registry.default_id() == registry.get(registry.default_id()).id
    assert TrackDocument(name="x", table=Table(width_mm=600, height_mm=400)).ruleset == registry.default_id()


def test_another_registry_order_gives_another_default():
    order = ("designer.systems.pitchkart", *(b for b in BUILTIN_SYSTEMS if b != "designer.systems.pitchkart"))
    with use(Registry(builtins=order, entry_points=False)):
        assert registry.default_id() == "pitchkart"
        assert TrackDocument(name="x", table=Table(width_mm=600, height_mm=400)).ruleset == "pitchkart"
        assert CampaignDocument(name="Cup", mode="series").ruleset == "pitchkart"
    assert registry.default_id() != "pitchkart"


def test_no_system_no_default():
    with use(Registry(builtins=(), entry_points=False)), pytest.raises(GameSystemError):
        registry.default_id()
