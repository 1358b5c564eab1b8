"""The app follows a dark system theme: the campaign chart, the champion banner, the message lines and the
other tinted notices take their colours from the palette. Measured on the rendered pixels: the text's
WCAG contrast against the background it sits on is at least 4.5:1, in a dark and in a light palette."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from designer.panes import theme
from designer.panes.campaign import CampaignWindows
from designer.panes.campaign.chart import TotalsChart
from designer.panes.campaign.common import MessageLine, muted_label
from designer.panes.theme import contrast
from tests.gui.test_campaign_window import RACE_3, RACE_4, close_quietly, cup, enter_race  # noqa: F401

Role = QPalette.ColorRole


def themed_palette(dark: bool) -> QPalette:
    pal = QPalette()
    colours = ({Role.Window: "#2b2d30", Role.WindowText: "#dfe1e5", Role.Base: "#1e1f22", Role.Text: "#dfe1e5",
                Role.AlternateBase: "#26282b", Role.Button: "#3c3f41", Role.ButtonText: "#dfe1e5",
                Role.Mid: "#4e5157", Role.Highlight: "#2f65ca", Role.HighlightedText: "#ffffff"} if dark else
               {Role.Window: "#efefef", Role.WindowText: "#000000", Role.Base: "#ffffff", Role.Text: "#000000",
                Role.AlternateBase: "#f7f7f7", Role.Button: "#efefef", Role.ButtonText: "#000000",
                Role.Mid: "#a0a0a0", Role.Highlight: "#308cc6", Role.HighlightedText: "#ffffff"})
    for role, name in colours.items():
        pal.setColor(role, QColor(name))
    return pal


@pytest.fixture(params=["dark", "light"])
def palette(request, qapp):
    before = QApplication.palette()
    pal = themed_palette(request.param == "dark")
    QApplication.setPalette(pal)
    yield pal
    QApplication.setPalette(before)


@pytest.fixture
def dark(qapp):
    before = QApplication.palette()
    QApplication.setPalette(themed_palette(True))
    yield
    QApplication.setPalette(before)


def paper_and_ink(image: QImage, area: QRect | None = None, step: int = 1) -> tuple[QColor, QColor]:
    """The most common colour in `area` (the background) and the pixel that stands out most from it."""
    area = area or image.rect()
    counts = Counter(image.pixel(x, y) for x in range(area.left(), area.right() + 1, step)
                     for y in range(area.top(), area.bottom() + 1, step))
    paper = QColor(counts.most_common(1)[0][0])
    ink = max((QColor(p) for p in counts), key=lambda c: contrast(c, paper))
    return paper, ink


def interior(widget: QWidget, inset: int = 4) -> QRect:
    return widget.rect().adjusted(inset, inset, -inset, -inset)


def test_the_chart_draws_on_the_theme_background_with_readable_text_and_lines(qtbot, palette):
    chart = TotalsChart()
    qtbot.addWidget(chart)
    players = [f"Player {n}" for n in range(16)]
    chart.set_series({name: [n + 1, 2 * n + 3] for n, name in enumerate(players)}, 4)
    chart.resize(720, 420)
    image = chart.grab().toImage()
    paper, _ink = paper_and_ink(image, step=3)
    assert paper == palette.color(Role.Base)
    _paper, ink = paper_and_ink(image, QRect(0, 0, 40, image.height() // 2))  # the value axis labels
    assert contrast(ink, paper) >= 4.5
    for index in range(len(players)):
        assert contrast(chart.line_colour(index), paper) >= 3.0, index
    # the empty chart's hint
    chart.set_series({}, 4)
    hint_area = QRect(chart.width() // 2 - 150, chart.height() // 2 - 40, 300, 60)
    _paper, ink = paper_and_ink(chart.grab().toImage(), hint_area)
    assert contrast(ink, paper) >= 4.5


def test_a_message_line_reads_in_the_theme(qtbot, palette):
    parent = QWidget()
    qtbot.addWidget(parent)
    line = MessageLine(parent)
    line.show_message("Not changed — Alex already finished 1st")
    line.resize(520, line.height())
    paper, ink = paper_and_ink(line.grab().toImage(), interior(line))
    assert contrast(ink, paper) >= 4.5
    assert contrast(paper, palette.color(Role.Window)) < 3  # a tint of the window, not a white box
    muted = muted_label("Double-click a cell to enter a result", parent)
    muted.resize(420, 30)
    paper, ink = paper_and_ink(muted.grab().toImage())
    assert contrast(ink, paper) >= 4.5


def test_a_theme_switch_restyles_the_message_line(qtbot, qapp):
    before = QApplication.palette()
    QApplication.setPalette(themed_palette(False))
    try:
        parent = QWidget()
        qtbot.addWidget(parent)
        line = MessageLine(parent)
        line.show_message("Not changed — a place is taken")
        line.resize(520, line.height())
        light = line.styleSheet()
        QApplication.setPalette(themed_palette(True))
        qtbot.waitUntil(lambda: line.styleSheet() != light)  # the theme change is delivered as an event
        paper, ink = paper_and_ink(line.grab().toImage(), interior(line))
        assert theme.luminance(paper) < 0.1 and contrast(ink, paper) >= 4.5
    finally:
        QApplication.setPalette(before)


def test_the_champion_banner_and_the_podium_read_in_a_dark_theme(qtbot, dark, cup, errors):  # noqa: F811
    win = CampaignWindows().open_path(cup)
    qtbot.addWidget(win)
    qtbot.waitExposed(win)
    try:
        enter_race(qtbot, win, 3, RACE_3)
        enter_race(qtbot, win, 4, RACE_4)
        assert win.banner.isVisible()
        paper, ink = paper_and_ink(win.banner.grab().toImage(), interior(win.banner, 6))
        assert contrast(ink, paper) >= 4.5
        assert theme.luminance(paper) < 0.2  # not the light theme's pale gold
        table = win.standings.table
        for row in range(3):
            item = table.item(row, 1)
            background = item.background().color()
            assert contrast(item.foreground().color(), background) >= 4.5
            assert contrast(table.item(row, 0).foreground().color(), background) >= 4.5
        dark_gold = table.item(0, 0).background().color()
        QApplication.setPalette(themed_palette(False))  # the system switches to a light theme
        qtbot.waitUntil(lambda: table.item(0, 0).background().color() != dark_gold)
        assert theme.luminance(table.item(0, 0).background().color()) > 0.6
        paper, ink = paper_and_ink(win.banner.grab().toImage(), interior(win.banner, 6))
        assert contrast(ink, paper) >= 4.5 and theme.luminance(paper) > 0.6
    finally:
        close_quietly(win)


def test_contrast_helpers():
    assert contrast(QColor("black"), QColor("white")) == pytest.approx(21)
    assert theme.readable_on(QColor("#1e1f22")) == QColor("white")
    dark_base = QColor("#1e1f22")
    assert contrast(theme.readable(QColor("#000000"), dark_base), dark_base) >= 4.5
    assert theme.readable(QColor("#e6e6e6"), dark_base) == QColor("#e6e6e6")  # already readable: unchanged


def test_problem_severities_read_on_both_row_colours(qtbot, palette):
    from designer.geometry.checks import Problem
    from designer.panes.problems import ProblemsPane

    pane = ProblemsPane()
    qtbot.addWidget(pane)
    pane.set_problems([Problem("a", "error", "An error"), Problem("b", "warning", "A warning"),
                       Problem("c", "info", "A note")])
    for row in range(3):
        colour = pane.model.data(pane.row_index(row), Qt.ItemDataRole.ForegroundRole).color()
        for role in (Role.Base, Role.AlternateBase):
            assert contrast(colour, palette.color(role)) >= 4.5, (row, role)


def test_the_vehicle_summary_reads_in_the_theme(qtbot, palette):
    from designer.systems.axles_alloys_2.qt.vehicle_windows import VehicleWindows
    from tests.gui.test_vehicle_editor import add, build_medium

    editor = VehicleWindows().new_vehicle()
    qtbot.addWidget(editor)
    editor.show()
    qtbot.waitExposed(editor)
    try:
        build_medium(qtbot, editor)
        summary = editor.summary
        verdict = summary.verdict
        paper, ink = paper_and_ink(verdict.grab().toImage())
        assert "legal build" in verdict.text() and contrast(ink, paper) >= 4.5
        add(qtbot, editor, "nitro")  # one component too many: red verdict, red bar
        for label in (summary.verdict, summary.capacity_label):
            paper, ink = paper_and_ink(label.grab().toImage())
            assert contrast(ink, paper) >= 4.5, label.text()
        bar = summary.capacity_bar
        paper, ink = paper_and_ink(bar.grab().toImage(), interior(bar, 3))  # "5 of 4" on the full red fill
        assert contrast(ink, paper) >= 4.5
    finally:
        editor.undo_stack.setClean()
        editor.close()


def test_the_print_dialog_hint_and_error_read_in_the_theme(qtbot, palette):
    from designer.app.print_dialog import PrintDialog
    from designer.io.track_io import load_track
    from designer.paths import DEFAULT_TRACK

    dialog = PrintDialog(load_track(DEFAULT_TRACK))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    hint = next(label for label in dialog.findChildren(QLabel) if "calibration bars" in label.text())
    paper, ink = paper_and_ink(hint.grab().toImage())
    assert contrast(ink, paper) >= 4.5
    dialog._show(b"", 0, "The table does not fit on the paper", error=True)
    paper, ink = paper_and_ink(dialog.status_label.grab().toImage())
    assert contrast(ink, paper) >= 4.5


def test_the_battle_banner_and_cards_read_in_a_dark_theme(qtbot, dark):
    from designer.campaign.context import Context
    from designer.campaign.edit import new_campaign
    from designer.document.campaign import CampaignSession
    from designer.panes.campaign.battle import BattlePage
    from designer.rules import load_ruleset

    ctx = Context(load_ruleset("mk-gaslands"))
    players = [("Ann", "Mario"), ("Bob", "Luigi"), ("Cy", "Yoshi")]
    session = CampaignSession(new_campaign("Friday night", ctx, "balloon_battle", players), None, ctx)
    page = BattlePage(session)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    for loser in ("Bob", "Cy"):
        for _pop in range(session.context.balloons()):
            qtbot.mouseClick(page.cards[loser].wipe_button, Qt.MouseButton.LeftButton)
    assert page.banner.isVisible()
    paper, ink = paper_and_ink(page.banner.grab().toImage(), interior(page.banner, 6))
    assert contrast(ink, paper) >= 4.5 and theme.luminance(paper) < 0.2
    for player, card in page.cards.items():
        card_paper, _ink = paper_and_ink(card.grab().toImage(), step=2)
        assert theme.luminance(card_paper) < 0.2, player  # no white card in a dark window
        paper, ink = paper_and_ink(card.status.grab().toImage())
        assert contrast(ink, paper) >= 4.5, (player, card.status.text())
