"""The standings: the table (Grand Prix points ledger, a race series' place counts, or a mode's own —
`system_pages.ModeStandings`, e.g. a season's money), the tie rule in words, the chart of running totals, and the
champion banner once the last race is in."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QBrush, QFont, QFontMetrics, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QStyle,
    QStyleOption,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from designer.campaign.grand_prix import (
    TIE_RULE,
    champions,
    coins_text,
    counted_races,
    gates_text,
    standings,
    totals_by_race,
)
from designer.campaign.modes import scored
from designer.campaign.series import SERIES_RULE, series_standings
from designer.document.campaign import CampaignSession
from designer.i18n import N_, _, pgettext
from designer.panes import theme
from designer.panes.campaign.chart import TotalsChart
from designer.panes.campaign.common import (
    ALIGN_CENTRE,
    ALIGN_NUMBER,
    ALIGN_TEXT,
    fit_height,
    fit_width,
    heading,
    muted_label,
    ordinal,
    prepare_table,
    set_cell,
)
from designer.panes.campaign.partial import mark_uncounted
from designer.panes.campaign.player_colours import player_colours
from designer.panes.campaign.system_pages import mode_pages
from designer.panes.markup import literal
from designer.panes.theme import follow_palette, readable, set_style

GP_COLUMNS = ["#", N_("Player"), N_("Character"), N_("Earned"), N_("Spent"), N_("Total"), N_("Wins"), N_("Coins"),
              N_("Handling"), N_("Max Gear")]
#: "1st", "2nd", "3rd": how many races a player finished first, second, third (see `_columns`).
SERIES_COLUMNS = ["#", N_("Player"), N_("Character"), N_("Races"), "1st", "2nd", "3rd", N_("Coins"), N_("Gates")]
_PLACE_COLUMNS = {"1st": 1, "2nd": 2, "3rd": 3}


def race_count(session: CampaignSession) -> int:
    doc = session.document
    if scored(doc):
        return max(session.context.grand_prix().races, len(doc.races))
    return len(doc.races)


def race_tip(line) -> str:
    """A standings cell's tooltip: "2nd, 5 gates, 3 coins; spent 10 after it"."""
    result = line.result
    gates, coins = gates_text(result.gates), coins_text(result.coins)
    tip = _("{place}, {gates}, {coins}").format(place=ordinal(result.place), gates=gates, coins=coins)
    return _("{result}; spent {points} after it").format(result=tip, points=line.spent) if line.spent else tip


BANNER_POINTS, BANNER_PADDING = 15, 10
BANNER_LEAST_WIDTH = 320
#: The standings table's narrowest width: the rank, the name and a few columns; the rest scrolls.
SCROLLING_MIN_WIDTH = 280


class ChampionBanner(QLabel):
    """Shown above everything once the Grand Prix has a champion.

    In a campaign that can have one, its space is reserved from the start and its height never changes, so
    the champion appearing with the last result never moves the rows under the pointer (like MessageLine).
    """

    def __init__(self, session: CampaignSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("championBanner")
        self.setTextFormat(Qt.TextFormat.PlainText)  # names, never markup
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        follow_palette(self, self._restyle)
        if scored(session.document):  # the only campaigns with a champion; the mode never changes
            big = QFont(self.font())
            big.setPointSize(BANNER_POINTS)
            big.setWeight(QFont.Weight.Bold)
            self.setFixedHeight(QFontMetrics(big).lineSpacing() + 2 * BANNER_PADDING + 2)
            policy = self.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            self.setSizePolicy(policy)
        session.changed.connect(self.refresh)
        self.refresh()

    def minimumSizeHint(self) -> QSize:
        """Never wider than `BANNER_LEAST_WIDTH`: a long campaign or player name is elided (`paintEvent`), so the
        champion appearing never widens the window past the screen."""
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), BANNER_LEAST_WIDTH), hint.height())

    def paintEvent(self, event: QPaintEvent) -> None:
        room = self.contentsRect()
        metrics = self.fontMetrics()
        if metrics.horizontalAdvance(self.text()) <= room.width():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        option = QStyleOption()
        option.initFrom(self)
        self.style().drawPrimitive(QStyle.PrimitiveElement.PE_Widget, option, painter, self)  # the gold box
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(room, int(self.alignment()), metrics.elidedText(self.text(), Qt.TextElideMode.ElideMiddle,
                                                                         room.width()))
        painter.end()

    def _restyle(self) -> None:
        """Gold on the theme: a pale gold box with dark text in a light theme, a dark gold one in a dark theme."""
        extra = f"border-radius: 6px; padding: {BANNER_PADDING}px; font-size: {BANNER_POINTS}pt; font-weight: 700;"
        set_style(self, theme.gold_notice(theme.palette(self)).style("QLabel#championBanner", extra))

    def refresh(self) -> None:
        doc = self.session.document
        names = champions(doc, self.session.context) if scored(doc) else []
        if not names:
            self.clear()
            self.setToolTip("")
            self.hide()
            return
        total = next(s.total for s in standings(doc, self.session.context) if s.player == names[0])
        if len(names) == 1:
            text = _("★  Champion of {campaign}: {player} with {points} points  ★").format(
                campaign=doc.name, player=names[0], points=total)
        else:
            who = _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])
            text = _("★  Joint champions of {campaign}: {players} with {points} points  ★").format(
                campaign=doc.name, players=who, points=total)
        self.setText(text)
        self.setToolTip(literal(text))  # the whole text where the window is too narrow for it
        self.show()


class StandingsPanel(QWidget):
    def __init__(self, session: CampaignSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.scored = scored(session.document)
        self.own = mode_pages(session.document).standings
        self.table = QTableWidget(0, 0)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.rule_label = muted_label(self.own.rule(session.context.ruleset) if self.own is not None
                                      else _(TIE_RULE if self.scored else SERIES_RULE))
        table_column = QVBoxLayout()
        table_column.addWidget(heading(_("Standings")))
        table_column.addWidget(self.table, 0, Qt.AlignmentFlag.AlignLeft)
        table_column.addWidget(self.rule_label)
        table_column.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 6, 0, 0)
        layout.addLayout(table_column, 1 if self.own is not None else 0 if self.scored else 1)
        self.chart: TotalsChart | None = None
        if self.scored or self.own is not None:
            chart_column = QVBoxLayout()
            chart_column.addWidget(heading(_(self.own.chart_title) if self.own is not None
                                           else _("Points over the races")))
            self.chart = TotalsChart()
            if self.own is not None and self.own.axis is not None:
                self.chart.set_axis(*self.own.axis)
            chart_column.addWidget(self.chart, 1)
            layout.addSpacing(12)
            layout.addLayout(chart_column, 1)
        session.changed.connect(self.refresh)
        follow_palette(self, self.refresh)  # now, and again on a theme switch: the podium tints are the theme's

    def refresh(self) -> None:
        self.colours = player_colours(self.session.document, self.session.context.ruleset)
        if self.chart is not None:
            self.chart.set_colours(self.colours)  # the chart's lines in the dashboards' colours, as the names
        if self.own is not None:
            self.own.fill(self)
        elif self.scored:
            self._refresh_grand_prix()
        else:
            self._refresh_series()
        doc = self.session.document
        counted = self.own.counted(doc, self.session.context.ruleset) if self.own is not None else counted_races(doc)
        mark_uncounted(self.table, self.table.columnCount() - race_count(self.session), counted)
        fit_height(self.table, 2)
        fit_width(self.table, text_width=110, number_width=44)
        # Scrolls sideways as races are added (and in wordy languages), never widening the window past the screen.
        natural = self.table.width()
        self.table.setMinimumWidth(min(natural, SCROLLING_MIN_WIDTH))
        self.table.setMaximumWidth(natural)
        self.table.setSizeAdjustPolicy(QTableWidget.SizeAdjustPolicy.AdjustToContents)  # as wide as room allows
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.table.setFixedHeight(self.table.height() + self.table.horizontalScrollBar().sizeHint().height())

    def _columns(self, fixed: list[str]) -> list[str]:
        races = race_count(self.session)
        shown = [ordinal(_PLACE_COLUMNS[h]) if h in _PLACE_COLUMNS else _(h) if h != "#" else h for h in fixed]
        headers = shown + [pgettext("race number, abbreviated", "R{n}").format(n=i + 1) for i in range(races)]
        if [self.table.horizontalHeaderItem(c).text() for c in range(self.table.columnCount())] != headers:
            prepare_table(self.table, headers)
        for i in range(races):
            self.table.horizontalHeaderItem(len(fixed) + i).setToolTip(_("Race {n}").format(n=i + 1))
        return headers

    def _refresh_grand_prix(self) -> None:
        doc, ctx = self.session.document, self.session.context
        self._columns(GP_COLUMNS)
        rows = standings(doc, ctx)
        self.table.setRowCount(len(rows))
        order = doc.player_names()
        for row, s in enumerate(rows):
            values = [s.rank, s.player, s.character, s.earned, s.spent, s.total, s.wins, s.coins,
                      "—" if s.handling is None else s.handling, "—" if s.max_gear is None else s.max_gear]
            values += [line.earned if line.result else "" for line in s.lines]
            self._fill_row(row, values, s.rank, order.index(s.player), total_column=5)
            for column, line in enumerate(s.lines, start=len(GP_COLUMNS)):
                if line.result is not None:
                    self.table.item(row, column).setToolTip(race_tip(line))
        if self.chart is not None:
            self.chart.set_series(totals_by_race(doc, ctx), race_count(self.session))

    def _refresh_series(self) -> None:
        doc = self.session.document
        self._columns(SERIES_COLUMNS)
        rows = series_standings(doc, self.session.context.ruleset, complete_only=True)
        self.table.setRowCount(len(rows))
        order = doc.player_names()
        for row, s in enumerate(rows):
            counts = [*list(s.place_counts), 0, 0, 0]
            values = [s.rank, s.player, s.character, s.races, counts[0], counts[1], counts[2], s.coins, s.gates]
            values += [ordinal(p) if p else "" for p in s.places]
            self._fill_row(row, values, s.rank, order.index(s.player), total_column=4)
        # a count nobody scored in says nothing (the board game has no gates; coins are optional)
        for header, count in ((N_("Coins"), lambda s: s.coins), (N_("Gates"), lambda s: s.gates)):
            self.table.setColumnHidden(SERIES_COLUMNS.index(header), not any(count(s) for s in rows))

    def _fill_row(self, row: int, values: list, rank: int, colour_index: int, total_column: int) -> None:
        podium = theme.podium_background(rank, theme.palette(self.table))
        background = QBrush(podium) if podium is not None else QBrush()
        for column, value in enumerate(values):
            align = ALIGN_CENTRE if column == 0 else ALIGN_TEXT if column in (1, 2) else ALIGN_NUMBER
            item = set_cell(self.table, row, column, value, bold=column in (0, 1, total_column), align=align,
                            colour=self.colours[colour_index].name() if column == 1 else None)
            item.setBackground(background)
            if podium is not None and column == 1:  # the player's colour must read on the podium tint too
                item.setForeground(readable(self.colours[colour_index], podium))

    def row_of(self, player: str) -> int:
        return next(r for r in range(self.table.rowCount()) if self.table.item(r, 1).text() == player)

    def value(self, player: str, header: str) -> str:
        headers = [self.table.horizontalHeaderItem(c).text() for c in range(self.table.columnCount())]
        return self.table.item(self.row_of(player), headers.index(header)).text()
