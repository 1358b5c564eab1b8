"""The Qt half of game systems: View ▸ Overlays offers the current document's system's overlays (Gaslands'
five for a Gaslands track, none for a Downforce one), and a system from outside brings its own overlay and,
through its `qt_module`, the canvas art of its own kind — with no edit to the canvas or the menu."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from shapely.geometry import Point

import designer.systems
from designer.canvas.items import GenericItem, create_element_item, system_item_classes
from designer.canvas.items.pickups import CoinItem
from designer.canvas.overlays import FALLBACK_STYLE, compute_shapes
from designer.commands.document import ChangeProperties
from designer.model import TrackDocument
from designer.model.elements import Coin, kind_of_class
from designer.rules import clear_cache
from designer.systems import registry
from designer.systems.api import Overlay, OverlayLook, OverlayMark
from designer.systems.mk_gaslands.overlays import OVERLAYS
from designer.systems.registry import BUILTIN_SYSTEMS, Registry, use
from tests.unit.fake_system import FAKE_KIND, make_system, track_data

GASLANDS_TITLES = [o.title for o in OVERLAYS]


def toggles(window) -> list[str]:
    """The overlay toggles View ▸ Overlays shows (Reach Rings left out)."""
    controller = window.overlay_controller
    return [a.text() for a in controller.menu.actions()
            if a.isCheckable() and a.isVisible() and a is not controller.reach_action]


def placeholder_shown(window) -> bool:
    return window.overlay_controller.none_action.isVisible()


def switch_ruleset(window, ruleset: str) -> None:
    window.document.undo_stack.push(ChangeProperties(window.document, {"ruleset": ruleset}))


# --- built-in systems ------------------------------------------------------------------------------
def test_a_gaslands_track_offers_gaslands_overlays(window):
    assert toggles(window) == GASLANDS_TITLES and not placeholder_shown(window)
    assert registry.get("mk-gaslands").overlays == OVERLAYS


@pytest.mark.parametrize("system_id", ["mk-downforce", "mk-board", "pitchkart", "axles-alloys-2"])
def test_other_systems_offer_no_gaslands_overlays(window, system_id):
    window.overlay_controller.actions["ramps"].trigger()
    assert len(window.current_editor().overlay_item.shapes("ramps")) == 3
    switch_ruleset(window, system_id)
    item = window.current_editor().overlay_item
    assert toggles(window) == [] and placeholder_shown(window)
    assert item.offered() == () and item.enabled() == set() and item.shapes("ramps") == []
    assert item.boundingRect().isEmpty()
    assert compute_shapes(window.document, window.document.ruleset) == {}
    with pytest.raises(ValueError, match="no overlay called 'ramps'"):
        item.set_enabled("ramps", True)
    window.document.undo_stack.undo()  # back to Gaslands: the window still wants the ramp zones
    assert toggles(window) == GASLANDS_TITLES
    assert window.overlay_controller.actions["ramps"].isChecked()
    assert len(item.shapes("ramps")) == 3


def test_the_menu_follows_the_current_tab(window, every_kind):
    window.overlay_controller.actions["boost"].trigger()
    gaslands = window.current_editor()
    window.add_editor(every_kind.model_copy(update={"name": "Downforce Loop", "ruleset": "mk-downforce"}))
    assert toggles(window) == [] and placeholder_shown(window)
    assert window.current_editor().overlay_item.shapes("boost") == []
    window.tabs.setCurrentWidget(gaslands)
    assert toggles(window) == GASLANDS_TITLES and window.overlay_controller.actions["boost"].isChecked()
    assert len(gaslands.overlay_item.shapes("boost")) == 2


# --- a system from outside --------------------------------------------------------------------------
def _glow(layout, ruleset) -> list[OverlayMark]:
    """Each beacon's glow: a disc of its `glow_mm`."""
    return [OverlayMark("glow", area=Point(e.x_mm, e.y_mm).buffer(e.glow_mm), label="glow",
                        label_at=(e.x_mm, e.y_mm))
            for e in layout.elements if e.kind == FAKE_KIND]


def _broken(layout, ruleset) -> list[OverlayMark]:
    raise RuntimeError("a plug-in bug")


GLOW = Overlay("glow", "Beacon Glow", _glow, "Show how far each beacon lights the track", OverlayLook("#00c800"))
BROKEN = Overlay("broken", "Broken Overlay", _broken)


@pytest.fixture
def fake(tmp_path: Path) -> Iterator[Registry]:
    """The built-ins plus Fake Rally with an overlay of its own and its Qt half (`fake_rally.qt`)."""
    system = dataclasses.replace(make_system(tmp_path), overlays=(GLOW, BROKEN))
    fresh = Registry(builtins=BUILTIN_SYSTEMS, entry_points=False)
    fresh.register(system)
    clear_cache()
    with use(fresh):
        yield fresh
    clear_cache()


@pytest.fixture
def fake_window(qtbot, fake, errors):
    from designer.app.window import MainWindow

    win = MainWindow(TrackDocument.model_validate(track_data()))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    yield win
    for editor in win.editors():
        editor.document.undo_stack.setClean()
    win.close()


def _render(scene) -> QImage:
    image = QImage(1200, 900, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 1200, 900), QRectF(0, 0, 1200, 900))
    painter.end()
    return image


def test_a_fake_systems_overlay_shows_in_the_menu_and_paints(fake_window, caplog):
    win = fake_window
    assert toggles(win) == ["Beacon Glow", "Broken Overlay"]
    item = win.current_editor().overlay_item
    bare = _render(win.scene)
    with caplog.at_level(logging.ERROR, logger="designer.canvas.overlays"):
        win.overlay_controller.actions["glow"].trigger()
        win.overlay_controller.actions["broken"].trigger()
    (glow,) = item.shapes("glow")
    assert item.shapes("broken") == []  # its bug costs that overlay only, said in the log
    assert any("'broken'" in r.getMessage() for r in caplog.records)
    rect = glow.path.boundingRect()
    assert glow.filled and glow.label == "glow"
    assert rect.center().x() == pytest.approx(600, abs=0.5) and rect.center().y() == pytest.approx(650, abs=0.5)
    assert rect.width() == pytest.approx(60, abs=0.5)  # the beacon glows 30 mm
    painted = _render(win.scene)
    assert painted != bare
    before, after = bare.pixelColor(625, 650), painted.pixelColor(625, 650)  # inside the glow, off the beacon
    assert after != before
    tint = QColor(GLOW.look.colour)  # painted in the look the outside system declares (green, not the fallback)
    assert tint != QColor(FALLBACK_STYLE.colour) and BROKEN.look == FALLBACK_STYLE
    assert (after.red() - before.red()) * (tint.red() - before.red()) > 0
    assert (after.green() - before.green()) * (tint.green() - before.green()) > 0


def test_a_fake_systems_qt_half_draws_its_own_kind(fake_window, fake):
    from fake_rally.qt import BeaconItem  # the plug-in's Qt half (tests/unit/fake_system.py put it on the path)

    scene = fake_window.current_editor().scene
    assert type(scene.items_by_id["b1"]) is BeaconItem
    system = fake.get("fake-rally")
    assert system_item_classes(system) == {FAKE_KIND: BeaconItem}  # its try at redrawing coins is ignored
    assert type(create_element_item(Coin(id="c", x_mm=0, y_mm=0))) is CoinItem


def test_a_qt_half_that_cannot_be_imported_costs_only_its_art(tmp_path, caplog):
    system = dataclasses.replace(make_system(tmp_path), qt_module="tests.gui.no_such_qt_half")
    fresh = Registry(builtins=(), entry_points=False)
    fresh.register(system)
    with use(fresh), caplog.at_level(logging.WARNING):
        beacon = system.element_classes[0](id="b", x_mm=0, y_mm=0)
        assert isinstance(create_element_item(beacon), GenericItem)
    assert "no_such_qt_half" in caplog.text


def test_every_systems_qt_half_imports_and_draws_only_its_own_kinds(fake):
    """The two halves cannot drift: a `qt.py` in a system package is the one its `SYSTEM` names, and every
    named Qt half imports and maps only kinds its system defines, to item classes of those kinds."""
    package = Path(designer.systems.__file__).parent
    for path in package.glob("*/qt.py"):
        name = f"designer.systems.{path.parent.name}"
        assert registry.get(__import__(name, fromlist=["SYSTEM"]).SYSTEM.id).qt_module == f"{name}.qt"
    named = [s for s in fake.systems() if s.qt_module]
    assert "fake-rally" in [s.id for s in named]
    for system in named:
        module = __import__(system.qt_module, fromlist=["ITEM_CLASSES"])
        own = {kind_of_class(cls) for cls in system.element_classes}
        classes = system_item_classes(system)
        # a Qt half of a system without kinds of its own (Downforce's: campaign pages only) draws none
        assert set(classes) == set(getattr(module, "ITEM_CLASSES", {})) & own and bool(classes) == bool(own)
        assert all(cls.kind == kind for kind, cls in classes.items())


def test_a_fake_systems_report_part_shows_in_the_track_report(fake_window):
    """Track ▸ Track Report shows the outside system's own box (its Qt half's REPORT_SECTIONS) and no other
    system's, although its rule data is a copy of PitchKart's."""
    from designer.app.report_dialog import report_for

    dialog = report_for(fake_window.current_editor())
    try:
        assert dialog.values["beacons"] == "1 (1 dim)"
        assert "sections_per_lap" not in dialog.values and "characters" not in dialog.tables
    finally:
        dialog.deleteLater()
