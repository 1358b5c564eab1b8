"""Colours taken from the palette, so the window chrome, docks, dialogs and the campaign chart follow the
system theme (light or dark); the canvas keeps the printed look of the table and does not use these.

A fixed accent (the refusal red, the champion's gold, a player's line) is kept as a hue and moved towards
black or white until it meets WCAG contrast against the background it is drawn on (`readable`). Tinted
surfaces are the palette's own background blended with the accent (`tint`), so they are light in a light
theme and dark in a dark one. Widgets styled with a style sheet rebuild it when the palette changes
(`follow_palette`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from PySide6.QtCore import QObject
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QWidget

TEXT_RATIO = 4.5      # WCAG AA for body text
GRAPHIC_RATIO = 3.0   # WCAG AA for lines, dots and borders that carry meaning

ERROR_HUE = QColor("#b3261e")
SUCCESS_HUE = QColor("#2b8a3e")
WARNING_HUE = QColor("#f08c00")
GOLD_HUE = QColor("#e0b000")
SILVER_HUE = QColor("#8a9bb0")
BRONZE_HUE = QColor("#c8783c")


def _channel(value: float) -> float:
    value /= 255.0
    return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4


def luminance(colour: QColor) -> float:
    """WCAG relative luminance, 0 (black) … 1 (white)."""
    return 0.2126 * _channel(colour.red()) + 0.7152 * _channel(colour.green()) + 0.0722 * _channel(colour.blue())


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio between two colours, 1 … 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def mix(a: QColor, b: QColor, amount: float) -> QColor:
    """`a` moved `amount` (0 … 1) of the way towards `b`."""
    amount = min(max(amount, 0.0), 1.0)
    return QColor(*(round(x + (y - x) * amount) for x, y in zip((a.red(), a.green(), a.blue()),
                                                                (b.red(), b.green(), b.blue()), strict=True)))


def readable_on(background: QColor) -> QColor:
    """Black or white, whichever reads better on `background`."""
    black, white = QColor(0, 0, 0), QColor(255, 255, 255)
    return black if contrast(black, background) >= contrast(white, background) else white


def readable(colour: QColor, background: QColor, ratio: float = TEXT_RATIO) -> QColor:
    """`colour` itself when it already meets `ratio` against `background`, else the least change of it
    towards black or white (whichever the background needs) that does."""
    return QColor(_readable(colour.rgb(), background.rgb(), ratio))


@cache  # table models ask for a cell's colour at every paint
def _readable(colour_rgb: int, background_rgb: int, ratio: float) -> int:
    colour, background = QColor(colour_rgb), QColor(background_rgb)
    if contrast(colour, background) >= ratio:
        return colour_rgb
    target = readable_on(background)
    low, high = 0.0, 1.0
    for _step in range(12):
        middle = (low + high) / 2
        if contrast(mix(colour, target, middle), background) >= ratio:
            high = middle
        else:
            low = middle
    return mix(colour, target, high).rgb()


def tint(background: QColor, accent: QColor, amount: float, text: QColor, ratio: float = TEXT_RATIO) -> QColor:
    """`background` blended `amount` towards `accent`, less when needed so that `text` still reads on it."""
    for step in range(11):
        surface = mix(background, accent, amount * (1 - step / 10))
        if contrast(text, surface) >= ratio:
            return surface
    return QColor(background)


def palette(widget: QWidget | None = None) -> QPalette:
    """The theme a widget's colours derive from: the application's palette (for the widget's class). Not the
    widget's own palette, which its style sheet changes, nor its parent's, which may not yet have taken a new
    theme when the widget hears of it."""
    return QApplication.palette(widget) if widget is not None else QGuiApplication.palette()


def muted(pal: QPalette | None = None, role: QPalette.ColorRole = QPalette.ColorRole.Window) -> QColor:
    """Secondary text: the text colour faded towards the background, but still ≥ 4.5:1 on it."""
    pal = pal or QGuiApplication.palette()
    text_role = QPalette.ColorRole.Text if role == QPalette.ColorRole.Base else QPalette.ColorRole.WindowText
    background = pal.color(role)
    return readable(mix(pal.color(text_role), background, 0.4), background)


def accent_text(hue: QColor, pal: QPalette | None = None,
                role: QPalette.ColorRole = QPalette.ColorRole.Window) -> QColor:
    """A coloured text (error red, success green …) readable on the palette's `role` background."""
    pal = pal or QGuiApplication.palette()
    return readable(hue, pal.color(role))


def table_text(hue: QColor, pal: QPalette | None = None) -> QColor:
    """A coloured text readable on a table's rows, the plain and the alternate ones."""
    pal = pal or QGuiApplication.palette()
    return readable(readable(hue, pal.color(QPalette.ColorRole.Base)), pal.color(QPalette.ColorRole.AlternateBase))


def error_text(pal: QPalette | None = None, role: QPalette.ColorRole = QPalette.ColorRole.Window) -> QColor:
    return accent_text(ERROR_HUE, pal, role)


def success_text(pal: QPalette | None = None, role: QPalette.ColorRole = QPalette.ColorRole.Window) -> QColor:
    return accent_text(SUCCESS_HUE, pal, role)


@dataclass(frozen=True)
class Notice:
    """The colours of a tinted notice box: text, background, border."""

    text: QColor
    background: QColor
    border: QColor

    def style(self, selector: str = "", extra: str = "") -> str:
        body = (f"color: {self.text.name()}; background: {self.background.name()}; "
                f"border: 1px solid {self.border.name()}; {extra}")
        return f"{selector} {{ {body} }}" if selector else body


def notice(hue: QColor, pal: QPalette | None = None, amount: float = 0.14, text: QColor | None = None) -> Notice:
    """A box tinted with `hue` on the window background; its text is `hue` (or `text`) made readable on it."""
    pal = pal or QGuiApplication.palette()
    window = pal.color(QPalette.ColorRole.Window)
    wanted = text if text is not None else hue
    background = QColor(window)
    for step in range(11):  # as much tint as still lets the text reach 4.5:1 on it
        surface = mix(window, hue, amount * (1 - step / 10))
        if contrast(readable(wanted, surface), surface) >= TEXT_RATIO:
            background = surface
            break
    return Notice(readable(wanted, background), background, readable(hue, background, GRAPHIC_RATIO))


def gold_notice(pal: QPalette | None = None, amount: float = 0.28) -> Notice:
    """A winner's banner: pale gold with dark brown text in a light theme, dark gold with pale gold text in a
    dark one."""
    pal = pal or QGuiApplication.palette()
    return notice(GOLD_HUE, pal, amount, text=mix(GOLD_HUE, pal.color(QPalette.ColorRole.WindowText), 0.6))


def frame_notice(hue: QColor, pal: QPalette | None = None, amount: float = 0.2) -> Notice:
    """A tinted box whose children keep the window's text colour: the tint is only as strong as lets that
    text still reach 4.5:1."""
    pal = pal or QGuiApplication.palette()
    text = pal.color(QPalette.ColorRole.WindowText)
    background = tint(pal.color(QPalette.ColorRole.Window), hue, amount, text)
    return Notice(text, background, readable(hue, background, GRAPHIC_RATIO))


def podium_background(rank: int, pal: QPalette | None = None) -> QColor | None:
    """The row tint of the first three places in a standings table (None below the podium)."""
    hue = {1: GOLD_HUE, 2: SILVER_HUE, 3: BRONZE_HUE}.get(rank)
    if hue is None:
        return None
    pal = pal or QGuiApplication.palette()
    return tint(pal.color(QPalette.ColorRole.Base), hue, 0.3 if rank == 1 else 0.22,
                pal.color(QPalette.ColorRole.Text))


class _PaletteFollower(QObject):
    """Lives as the widget's child, so the connection ends with the widget."""

    def __init__(self, widget: QWidget, apply: Callable[[], None]) -> None:
        super().__init__(widget)
        self._apply = apply
        # The application's signal, not the widget's palette events: a widget styled by a style sheet has a
        # palette of its own and hears nothing when the theme changes.
        app = QGuiApplication.instance()
        assert isinstance(app, QGuiApplication), "widgets need a QApplication"
        app.paletteChanged.connect(self._changed)

    def _changed(self, _palette: QPalette) -> None:
        self._apply()


def follow_palette(widget: QWidget, apply: Callable[[], None]) -> None:
    """Call `apply` now and whenever the application's palette changes (a theme switch), e.g. to rebuild a
    style sheet from palette-derived colours."""
    apply()
    _PaletteFollower(widget, apply)


def set_style(widget: QWidget, sheet: str) -> None:
    """Set a style sheet only when it differs (setting one re-polishes and sends a palette change)."""
    if widget.styleSheet() != sheet:
        widget.setStyleSheet(sheet)


def mute(widget: QWidget) -> QWidget:
    """Make a label secondary text (a hint) that stays readable in the current theme. `palette(mid)` does not:
    Mid is a shade for bevels, about 2.5:1 on the window in a light theme and less in many dark ones."""
    follow_palette(widget, lambda: set_style(widget, f"color: {muted(palette(widget)).name()};"))
    return widget


def error_style(widget: QWidget | None = None) -> str:
    """A style sheet for a label that reports an error: the refusal red, readable in the current theme."""
    return f"color: {error_text(palette(widget)).name()};"
