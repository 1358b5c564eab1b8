"""The careers page's vehicle files: a file chosen for a driver (through the file dialog) is stored relative to
the campaign and shown by name, undo clears it, a car of another class is refused on the message line with
nothing changed, Unlink forgets it, and Open in Vehicle Editor opens the car in the main window's editor."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from designer.campaign.context import Context
from designer.campaign.edit import new_campaign
from designer.document.campaign import CampaignSession
from designer.io.campaign_io import load_campaign
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset
from designer.systems.axles_alloys_2.career_edit import add_driver
from designer.systems.axles_alloys_2.driver_fields import DriverVehicle
from designer.systems.axles_alloys_2.qt.careers import CareersPage


@pytest.fixture
def session(tmp_path) -> CampaignSession:
    ctx = Context(load_ruleset("axles-alloys-2"))
    doc = new_campaign("Wasteland", ctx, "career", [("Ann", "-"), ("Bob", "-")])
    doc = add_driver(add_driver(doc, ctx, "Rex", "Ann", "light"), ctx, "Zed", "Bob", None)
    cars = tmp_path / "cars"
    cars.mkdir()
    for name in ("axles-light-buggy", "axles-medium-turret"):
        shutil.copy(TEMPLATES_DIR / f"{name}.vehicle.json", cars / f"{name}.vehicle.json")
    session = CampaignSession(doc, tmp_path / "wasteland.campaign.json", ctx)
    session.save()
    return session


@pytest.fixture
def page(qtbot, session) -> CareersPage:
    widget = CareersPage(session)
    qtbot.addWidget(widget)
    widget.show()
    return widget


def choose(monkeypatch, path: Path) -> list[str]:
    asked: list[str] = []

    def dialog(_parent, caption, folder, filters, *rest):
        asked.append(filters)
        return str(path), ""
    monkeypatch.setattr(QFileDialog, "getOpenFileName", dialog)
    return asked


def cell(page: CareersPage, driver: str, header: str) -> str:
    headers = [page.table.horizontalHeaderItem(c).text() for c in range(page.table.columnCount())]
    row = [page.table.item(r, 0).text() for r in range(page.table.rowCount())].index(driver)
    return page.table.item(row, headers.index(header)).text()


def test_a_chosen_vehicle_file_is_stored_relative_and_undo_clears_it(qtbot, page, session, tmp_path, monkeypatch):
    car = tmp_path / "cars" / "axles-light-buggy.vehicle.json"
    filters = choose(monkeypatch, car)
    page.select_driver("Rex")
    assert not page.open_vehicle_button.isEnabled() and cell(page, "Rex", "Vehicle file") == "—"
    qtbot.mouseClick(page.choose_vehicle_button, Qt.MouseButton.LeftButton)
    assert filters and filters[0].startswith("Axles and Alloys vehicles (*.vehicle.json)")
    rex = session.document.drivers[0]
    assert DriverVehicle.of(rex) == DriverVehicle(vehicle="light", vehicle_file="cars/axles-light-buggy.vehicle.json")
    assert cell(page, "Rex", "Vehicle file") == "axles-light-buggy.vehicle.json"
    assert "drives axles-light-buggy.vehicle.json" in page.vehicle_label.text()
    assert page.open_vehicle_button.isEnabled() and page.message.text() == ""
    session.save()
    saved = load_campaign(session.path)[0].drivers[0]
    assert DriverVehicle.of(saved).vehicle_file == "cars/axles-light-buggy.vehicle.json"

    session.undo_stack.undo()
    assert DriverVehicle.of(session.document.drivers[0]).vehicle_file is None
    assert cell(page, "Rex", "Vehicle file") == "—"
    session.undo_stack.redo()
    assert DriverVehicle.of(session.document.drivers[0]).vehicle_file == "cars/axles-light-buggy.vehicle.json"
    page.select_driver("Rex")
    qtbot.mouseClick(page.unlink_vehicle_button, Qt.MouseButton.LeftButton)
    assert DriverVehicle.of(session.document.drivers[0]) == DriverVehicle(vehicle="light")


def test_a_car_of_another_class_is_refused(qtbot, page, session, tmp_path, monkeypatch):
    before = session.document
    choose(monkeypatch, tmp_path / "cars" / "axles-medium-turret.vehicle.json")
    page.select_driver("Rex")
    depth = session.undo_stack.count()
    qtbot.mouseClick(page.choose_vehicle_button, Qt.MouseButton.LeftButton)
    assert session.document == before and session.undo_stack.count() == depth
    shown = page.message.text()
    assert shown == "Not changed — Rex drives a Light car, but axles-medium-turret.vehicle.json is a Medium one"
    assert cell(page, "Rex", "Vehicle file") == "—"


def test_a_driver_without_a_class_takes_the_cars_class(qtbot, page, session, tmp_path):
    assert page.link_vehicle("Zed", tmp_path / "cars" / "axles-medium-turret.vehicle.json") is None
    zed = session.document.drivers[1]
    assert DriverVehicle.of(zed) == DriverVehicle(vehicle="medium",
                                                  vehicle_file="cars/axles-medium-turret.vehicle.json")
    assert cell(page, "Zed", "Vehicle") == "Medium"
    session.undo_stack.undo()
    assert DriverVehicle.of(session.document.drivers[1]) == DriverVehicle()


def test_an_unreadable_file_is_refused_on_one_line(qtbot, page, session, tmp_path):
    bad = tmp_path / "cars" / "bad.vehicle.json"
    bad.write_text("{", encoding="utf-8")
    before = session.document
    reason = page.link_vehicle("Rex", bad)
    assert reason is not None and reason.startswith("cars/bad.vehicle.json") and "\n" not in reason
    assert session.document == before and page.message.text().startswith("Not changed — cars/bad.vehicle.json")


def test_open_in_vehicle_editor_opens_it_from_a_campaign_window(qtbot, session, tmp_path, every_kind):
    from designer.app.window import MainWindow

    window = MainWindow(every_kind)
    qtbot.addWidget(window)
    try:
        campaign = window.campaign_windows.open_path(session.path, window)
        careers = campaign.page
        car = tmp_path / "cars" / "axles-light-buggy.vehicle.json"
        assert careers.link_vehicle("Rex", car) is None
        careers.select_driver("Rex")
        qtbot.mouseClick(careers.open_vehicle_button, Qt.MouseButton.LeftButton)
        [editor] = window.document_windows["vehicle"].windows
        assert editor.path.resolve() == car.resolve() and editor.document.name
    finally:
        for w in window.campaign_windows.windows:
            w.session.undo_stack.setClean()
        for e in window.editors():
            e.document.undo_stack.setClean()
        window.close()


def test_a_linked_car_breaking_a_build_rule_shows_a_warning_and_again_when_the_class_changes(page, session, tmp_path):
    import json

    car = tmp_path / "cars" / "axles-light-buggy.vehicle.json"
    data = json.loads(car.read_text())
    data["components"].append({"component": "medium-weapon", "label": "Big Gun", "facing": "Front", "in_turret": False})
    car.write_text(json.dumps(data))
    assert page.notices.isHidden()
    assert page.link_vehicle("Rex", car) is None
    assert page.notices.isVisible()
    assert "Rex: axles-light-buggy.vehicle.json breaks a build rule" in page.notices.text()
    data["weight_class"] = "medium"  # edited outside the campaign: Rex drives a Light car
    car.write_text(json.dumps(data))
    session.changed.emit()
    assert "Rex drives a Light car, but axles-light-buggy.vehicle.json is now a Medium one" in page.notices.text()


def test_the_print_preview_of_a_career_offers_and_prints_driver_sheets(qtbot, session):
    from designer.panes.campaign.print_preview import CampaignPreviewDialog

    dialog = CampaignPreviewDialog(session)
    qtbot.addWidget(dialog)
    assert [box.text() for box in dialog.boxes.values()] == ["Driver sheets"]
