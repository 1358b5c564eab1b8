"""Start-up probe for side_by_side.py: how long after launch a window is on screen, ours or a bare one.

    python gui_probe.py bare              a bare PySide6 main window (the floor)
    python gui_probe.py bare-libraries    the same after importing pydantic's BaseModel and shapely (unused)
    python gui_probe.py shown [FILE]      the editor as `kartographer` starts it: its main window's first paint
    python gui_probe.py drawn [FILE]      … the first paint of its canvas, with the track's items in it

The caller puts its launch time (time.time()) in KARTOGRAPHER_PROBE_T0; the probe prints the seconds from
then to the moment asked for and leaves at once (os._exit: Qt's tear-down is not part of start-up). With no
FILE the editor opens its default starter track, as a user's first start does.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import os
import sys
import time

T0 = float(os.environ.get("KARTOGRAPHER_PROBE_T0", time.time()))


def _report() -> None:
    print(f"{time.time() - T0:.4f}", flush=True)
    os._exit(0)


def bare() -> None:
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView, QMainWindow

    class Watch(QObject):
        def eventFilter(self, watched, event) -> bool:
            if event.type() == QEvent.Type.Paint and watched is view.viewport():
                _report()
            return False

    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    view = QGraphicsView(QGraphicsScene(window))
    window.setCentralWidget(view)
    watch = Watch()
    view.viewport().installEventFilter(watch)
    window.resize(1200, 800)
    window.show()
    app.exec()


def editor(moment: str, files: list[str]) -> None:
    """`kartographer gui FILES` as it runs, watched from the moment Qt's widgets load (the probe imports no
    Qt itself before, so the start-up's own import order is kept)."""

    class PatchWhenLoaded(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name != "PySide6.QtWidgets":
                return None
            sys.meta_path.remove(self)
            spec = importlib.util.find_spec(name)
            load = spec.loader.exec_module

            def exec_module(module) -> None:
                load(module)
                _watch(moment, module.QApplication)

            spec.loader.exec_module = exec_module
            return spec

    sys.meta_path.insert(0, PatchWhenLoaded())
    sys.argv = ["kartographer", "gui", *files]
    from designer.launch import main  # the `kartographer` command's own entry point

    main()


def _watch(moment: str, application: type) -> None:
    """Make `application.exec` report the moment asked for (the window is built and shown before exec)."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QGraphicsView, QMainWindow

    original_exec = application.exec

    class Watch(QObject):
        def eventFilter(self, watched, event) -> bool:
            if event.type() != QEvent.Type.Paint:
                return False
            if moment == "shown" and isinstance(watched, QMainWindow):
                _report()
            elif (moment == "drawn" and isinstance(watched.parent(), QGraphicsView)
                  and watched.parent().scene() is not None and watched.parent().scene().items()):
                QTimer.singleShot(0, _report)  # once this paint, the track's, has run
            return False

    watch = Watch()

    def exec_watched(self=None) -> int:
        # On the windows and canvases themselves, as the floor's watch is on its view: a filter on the application
        # would see every event of every object, a Python call each, which the editor would be charged for.
        for window in application.instance().topLevelWidgets():
            if isinstance(window, QMainWindow):
                window.installEventFilter(watch)
                for view in window.findChildren(QGraphicsView):
                    view.viewport().installEventFilter(watch)
        return original_exec()

    application.exec = exec_watched


if __name__ == "__main__":
    if sys.argv[1].startswith("bare"):
        if sys.argv[1] == "bare-libraries":
            from floor_reportlab import import_libraries

            import_libraries()
        bare()
    else:
        editor(sys.argv[1], sys.argv[2:])
    sys.exit("gui_probe: the moment never came")
