"""Sprites shared by every element of one look (canvas/sprites.py): drawn once per look and zoom, turned to
each element's heading, exact at whole quarter turns, and given up past their memory budget."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from designer.app.window import MainWindow
from designer.canvas import layer, sprites
from designer.document.operations import change_elements
from designer.model.track import Table, TrackDocument
from designer.rules import load_ruleset
from designer.rules.defaults import new_element

SCALE = 3.0  # pixels per mm: whole millimetres fall on whole pixels


def _window(qtbot, placements: list[tuple]) -> MainWindow:
    """(kind, id, x, y, turn[, fields]) each."""
    ruleset = load_ruleset("mk-gaslands")
    elements = [new_element(ruleset, kind, element_id, x, y, turn, **(more[0] if more else {}))
                for kind, element_id, x, y, turn, *more in placements]
    document = TrackDocument(name="Sprites", table=Table(width_mm=400.0, height_mm=300.0), elements=elements)
    window = MainWindow(document, install_features=False)
    qtbot.addWidget(window)
    return window


def _render(window: MainWindow, pictures) -> QImage:
    """The static layer painted into an image at `SCALE`, from `pictures` (None: every item directly)."""
    image = QImage(1200, 900, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(SCALE, SCALE)
    layer.paint_layer(window.scene, painter, QRectF(0.0, 0.0, 400.0, 300.0), pictures)
    painter.end()
    return image


def _render_twice(window: MainWindow) -> QImage:
    """The first paint at a zoom draws the first item of each look directly and the rest from sprites (an
    upright part the first time its look is met directly too); the second puts each item's picture together
    from the sprites."""
    _render(window, window.scene.pictures)
    return _render(window, window.scene.pictures)


def _turning(window: MainWindow, element_id: str) -> sprites.Sprite:
    held = window.scene.item_for(element_id).held_parts
    assert held is not None, f"{element_id} was not painted from sprites"
    return held[2].turning


def test_items_of_one_look_paint_from_one_sprite(qtbot):
    window = _window(qtbot, [("thwomp", f"thwomp-{n}", 60.0 + 70 * n, 80.0, 17.0 + 31 * n) for n in range(4)]
                     + [("coin", "coin-0", 60.0, 200.0, 12.0), ("coin", "coin-1", 140.0, 200.0, 250.0)])
    pictures = window.scene.pictures
    _render_twice(window)
    # The first of a look is painted directly (a look of one would cost more as a sprite); the rest share it.
    shared = {id(_turning(window, f"thwomp-{n}").image) for n in range(1, 4)}
    assert len(shared) == 1
    assert _turning(window, "coin-1") is not _turning(window, "thwomp-1")
    turning = [key for key, sprite in pictures.sprites._sprites.items() if sprite is not None and len(key) == 3]
    assert len(turning) == 2  # one turning sprite per look, whatever the headings
    # The thwomps' faces are one upright sprite, copied unturned on top.
    faces = {id(window.scene.item_for(f"thwomp-{n}").held_parts[2].upright) for n in range(1, 4)}
    assert len(faces) == 1


def test_a_changed_look_gets_a_sprite_of_its_own(qtbot):
    window = _window(qtbot, [("item_box", f"box-{n}", 60.0 + 70 * n, 100.0, 20.0 * n + 5) for n in range(4)])
    document, pictures = window.document, window.scene.pictures
    _render_twice(window)
    assert _turning(window, "box-3") is _turning(window, "box-1")
    before = window.scene.item_for("box-3").sprite_keys()
    change_elements(document, [document.element(f"box-{n}").model_copy(update={"stack": 2}) for n in (2, 3)],
                    "stack")
    assert window.scene.item_for("box-3").sprite_keys() != before
    pictures.clear()  # (as a zoom step does)
    _render_twice(window)
    assert _turning(window, "box-3") is _turning(window, "box-2")
    assert _turning(window, "box-3") is not _turning(window, "box-1")
    assert _turning(window, "box-3").image.height() > _turning(window, "box-1").image.height()  # two boxes
    keys = {window.scene.item_for(f"box-{n}").sprite_keys() for n in range(4)}
    assert len(keys) == 2


def test_past_the_budget_items_paint_directly(qtbot, monkeypatch):
    window = _window(qtbot, [("thwomp", f"thwomp-{n}", 60.0 + 70 * n, 100.0, 20.0 * n + 5) for n in range(4)])
    direct = _render(window, None)
    monkeypatch.setattr(sprites, "BUDGET_BYTES", 0)
    pictures = window.scene.pictures
    budgeted = _render(window, pictures)
    assert len(pictures.sprites) == 0 and pictures.sprites.bytes_held() == 0
    assert all(window.scene.item_for(f"thwomp-{n}").held_parts is None for n in range(4))
    assert budgeted == direct  # painted directly, as without pictures


@pytest.mark.parametrize("turn", [0.0, 90.0, 180.0, 270.0, -90.0])
def test_a_quarter_turn_paints_as_painting_directly(qtbot, turn):
    """Whole quarter turns get sprites drawn at that turn, copied to whole pixels: the pixels are those of
    painting each element directly, but for rounding where a translucent edge is composited through a
    picture (one level of 255, as the static layer's pictures of single items always had)."""
    kinds = ("thwomp", "gate", "ramp", "item_box", "coin", "warp_pipe", "bullet_bill", "boost_pad")
    placements = [(kind, f"{kind}-{n}", 50.0 + 100 * n, 60.0 + 90 * k, turn)
                  for k, kind in enumerate(kinds[:3]) for n in range(3)]
    placements += [(kind, f"{kind}-{n}", 40.0 + 40 * (2 * k + n), 260.0, turn)
                   for k, kind in enumerate(kinds[3:]) for n in range(2)]
    window = _window(qtbot, placements)
    direct = _render(window, None)
    pictures = window.scene.pictures
    first = _render(window, pictures)  # from the sprites of each look
    again = _render(window, pictures)  # from each item's picture, put together from the sprites
    assert _turning(window, "thwomp-2") is _turning(window, "thwomp-1")
    assert window.scene.item_for("ramp-2").held_parts[2].quarter == round(turn / 90) % 4
    assert _most_apart(direct, first) <= 1
    assert _most_apart(direct, again) <= 1


def test_other_headings_resample_the_sprite_closely(qtbot):
    window = _window(qtbot, [("thwomp", f"thwomp-{n}", 60.0 + 70 * n, 100.0, 33.0) for n in range(4)])
    direct = _render(window, None)
    shared = _render(window, window.scene.pictures)
    assert shared != direct  # resampled, not drawn
    different = _differing(direct, shared)
    assert 0 < different < 0.02


def test_the_turning_part_leaves_the_upright_part_out(qtbot):
    window = _window(qtbot, [("gate", f"gate-{n}", 60.0 + 90 * n, 150.0, 30.0, {"order": n + 1, "width_mm": 120.0})
                             for n in range(3)])
    _render_twice(window)
    # Gates of different numbers share their bar; each number is an upright part of its own.
    assert _turning(window, "gate-1") is _turning(window, "gate-2")
    keys = [window.scene.item_for(f"gate-{n}").sprite_keys() for n in range(3)]
    assert len({key[0] for key in keys}) == 1 and len({key[1] for key in keys}) == 3
    sprite = _turning(window, "gate-1")
    assert sprite is not sprites.NOTHING
    blue = (sprite.image.pixelColor(sprite.left, sprite.top))  # the badge's middle is not in the bar's sprite
    assert blue.alpha() == 255 and blue.blue() > blue.red()


def test_an_upright_look_turns_nothing(qtbot):
    window = _window(qtbot, [("wandering_threat", f"goomba-{n}", 60.0 + 90 * n, 150.0, 30.0 + 50 * n)
                             for n in range(3)])
    _render_twice(window)
    assert _turning(window, "goomba-1") is sprites.NOTHING  # a Goomba stands upright all over
    assert window.scene.item_for("goomba-2").held_parts[2].upright.image.width() > 0


def _most_apart(a: QImage, b: QImage) -> int:
    """The largest difference of any channel of any pixel."""
    x, y = a.constBits().tobytes(), b.constBits().tobytes()
    return max((abs(p - q) for p, q in zip(x, y, strict=True) if p != q), default=0)


def _differing(a: QImage, b: QImage) -> float:
    """Share of pixels differing by more than 32 levels in some channel."""
    a, b = a.convertToFormat(QImage.Format.Format_ARGB32), b.convertToFormat(QImage.Format.Format_ARGB32)
    x, y = a.constBits().tobytes(), b.constBits().tobytes()
    if x == y:
        return 0.0
    every = range(0, len(x), 4 * 3)  # every third pixel
    differ = sum(1 for i in every if max(abs(x[i + c] - y[i + c]) for c in range(3)) > 32)
    return differ / len(every)
