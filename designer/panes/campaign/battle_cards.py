"""Kart cards for the Balloon Battle page: a painted row of balloons and one card per kart.

`BalloonStrip` paints `total` balloons in the kart's colour, the popped ones (the last in the row) as
limp grey scraps with a cross through them, so a glance across the cards tells who is in trouble.
`KartCard` shows the player, the character, the strip, a status line and the "Wipe Out" button with an
optional "by whom" choice; it only emits `wipe_out_requested(player, by)` — the page does the edit.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPalette, QPen
from PySide6.QtWidgets import QComboBox, QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from designer.i18n import N_, _, ngettext
from designer.panes import theme
from designer.panes.markup import escaped, literal, plain

#: one colour per kart, in roster order (repeats after eight karts)
KART_COLORS = ("#e03a3a", "#2f9e44", "#1c7ed6", "#ae3ec9", "#f08c00", "#0c8599", "#d6336c", "#b08900")
POPPED = QColor("#9a9a9a")
NOBODY = N_("no one")


def kart_color(index: int) -> QColor:
    return QColor(KART_COLORS[index % len(KART_COLORS)])


class BalloonStrip(QWidget):
    """`left` whole balloons followed by `total - left` popped ones."""

    BALLOON_W, BALLOON_H, GAP = 28, 36, 8

    def __init__(self, color: QColor, total: int, left: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.color = color
        self.total = total
        self.left = left
        self.setMinimumSize(self.sizeHint())
        self.setToolTip(ngettext("{left} of {total} balloon left", "{left} of {total} balloons left", total)
                        .format(left=left, total=total))

    def sizeHint(self) -> QSize:
        return QSize(self.total * (self.BALLOON_W + self.GAP) + self.GAP, self.BALLOON_H + 22)

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for i in range(self.total):
            x = self.GAP + i * (self.BALLOON_W + self.GAP)
            slot = QRectF(x, 3, self.BALLOON_W, self.BALLOON_H)
            if i < self.left:
                self._whole(painter, slot)
            else:
                self._popped(painter, slot)
        painter.end()

    def _string_colour(self, fade: float) -> QColor:
        """The theme's text colour faded `fade` of the way towards the card (light grey on white, dark on dark)."""
        pal = self.palette()
        return theme.mix(pal.color(QPalette.ColorRole.Text), pal.color(QPalette.ColorRole.Base), fade)

    def _whole(self, painter: QPainter, r: QRectF) -> None:
        knot = QPointF(r.center().x(), r.bottom())
        string = QPainterPath(knot)
        string.cubicTo(knot + QPointF(-5, 6), knot + QPointF(5, 11), knot + QPointF(0, 17))
        painter.setPen(QPen(self._string_colour(0.35), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(string)
        painter.setPen(QPen(self.color.darker(140), 1.2))
        painter.setBrush(self.color)
        painter.drawEllipse(r)
        painter.drawPolygon([knot + QPointF(-3, 4), knot + QPointF(3, 4), knot + QPointF(0, -1)])
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 150))  # a shine, so the shape reads as a balloon
        painter.drawEllipse(QRectF(r.left() + 5, r.top() + 6, 6, 10))

    def _popped(self, painter: QPainter, r: QRectF) -> None:
        painter.setPen(QPen(self._string_colour(0.7), 1, Qt.PenStyle.DashLine))  # where the balloon was
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(r)
        cx, bottom, k = r.center().x(), r.bottom(), r.width() / 16
        jagged = [(-6, -4), (-8, -12), (-3, -9), (-1, -16), (3, -9), (8, -12), (6, -3)]
        scrap = QPainterPath(QPointF(cx + jagged[0][0] * k, bottom + jagged[0][1] * k))
        for dx, dy in jagged[1:]:
            scrap.lineTo(cx + dx * k, bottom + dy * k)
        scrap.closeSubpath()
        painter.setPen(QPen(POPPED.darker(130), 1))
        painter.setBrush(POPPED.lighter(115))
        painter.drawPath(scrap)
        painter.setPen(QPen(POPPED, 1))
        painter.drawLine(QPointF(cx, bottom - 3), QPointF(cx + 1, bottom + 17))
        painter.setPen(QPen(QColor("#c92a2a"), 2.5))
        inset = r.adjusted(5, 7, -5, -5)
        painter.drawLine(inset.topLeft(), inset.bottomRight())
        painter.drawLine(inset.topRight(), inset.bottomLeft())


class KartCard(QFrame):
    """One kart in the current battle."""

    wipe_out_requested = Signal(str, object)  # player, by (str or None)

    def __init__(self, player: str, character: str, color: QColor, total: int, left: int,
                 hitters: list[str], status: str, winner: bool, enabled: bool,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.player = player
        self.setObjectName("kartCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        # the card on the theme: the view's Base (a gold tint for the winner, the window's colour when out)
        pal = theme.palette(self)
        base, text = pal.color(QPalette.ColorRole.Base), pal.color(QPalette.ColorRole.Text)
        background = theme.tint(base, theme.GOLD_HUE, 0.2, text) if winner else (
            base if left else pal.color(QPalette.ColorRole.Window))
        edge = theme.GOLD_HUE if winner else (color if left else theme.mix(text, background, 0.6))
        border = theme.readable(edge, background, theme.GRAPHIC_RATIO) if winner or left else edge
        self.setStyleSheet(f"QFrame#kartCard {{ border: 2px solid {border.name()}; border-radius: 8px;"
                           f" background: {background.name()}; }}")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        name = QLabel(f"<span style='font-size:13pt; font-weight:600'>{escaped(player)}</span>"
                      f"<span style='color:{theme.readable(theme.muted(pal), background).name()}'>"
                      f"&nbsp;&nbsp;{escaped(character)}</span>")
        name.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(name)
        self.balloons = BalloonStrip(color, total, left)
        layout.addWidget(self.balloons)
        self.status = plain(QLabel(status))
        status_colour = theme.readable(theme.muted(pal) if left else theme.ERROR_HUE, background)
        self.status.setStyleSheet(f"color:{status_colour.name()}" + ("" if left else "; font-weight:600"))
        layout.addWidget(self.status)
        row = QHBoxLayout()
        self.by_combo = QComboBox()
        self.by_combo.setToolTip(_("Who caused the Wipe Out (optional): their card counts the pop"))
        self.by_combo.addItem(_("by: {player}").format(player=_(NOBODY)), None)
        for hitter in hitters:
            self.by_combo.addItem(_("by: {player}").format(player=hitter), hitter)
        self.wipe_button = QPushButton(_("Wipe Out"))
        self.wipe_button.setToolTip(literal(_("{player} wiped out: pop one balloon").format(player=player)))
        self.wipe_button.clicked.connect(self._request)
        # The button stays live on a kart that is out: the refusal then says why, in the page's message line.
        self.by_combo.setEnabled(enabled)
        row.addWidget(self.by_combo, 1)
        row.addWidget(self.wipe_button)
        layout.addLayout(row)

    def left(self) -> int:
        return self.balloons.left

    def set_by(self, hitter: str | None) -> None:
        self.by_combo.setCurrentIndex(max(0, self.by_combo.findData(hitter)))

    def _request(self) -> None:
        self.wipe_out_requested.emit(self.player, self.by_combo.currentData())
