"""Remake the player's manual's screenshots (resources/manual/<language>/images/*.png) from the real app.

Run from the checkout: `QT_QPA_PLATFORM=offscreen .venv/bin/python tools/manual_screenshots.py [LANG …]`
(default: every language the manual has). Each window is opened offscreen on a starter, laid out at a fixed size,
grabbed with QWidget.grab, scaled down and stored with a 64-colour palette so the PNGs stay small. Not part of
`make test`: it writes into the source tree.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QImage  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from designer import i18n  # noqa: E402
from designer.io.track_io import load_track  # noqa: E402
from designer.paths import RESOURCES_DIR, TEMPLATES_DIR  # noqa: E402

MANUAL = RESOURCES_DIR / "manual"
WIDTH, SIZE = 720, (1100, 760)
STARTERS = {"editor": "mushroom-cup-1-luigi-circuit.track.json", "board": "board-coin-cove-loop.track.json",
            "pitchkart": "pitchkart-stadium.track.json"}


def settle(app: QApplication, seconds: float = 1.0) -> None:
    """Let timers fire (the checks' delay, the preview's page rendering) for `seconds`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


def save(widget: QWidget, path: Path) -> None:
    image = widget.grab().toImage().scaledToWidth(WIDTH, Qt.TransformationMode.SmoothTransformation)
    image = image.convertToFormat(QImage.Format.Format_Indexed8, Qt.ImageConversionFlag.ThresholdDither)
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(str(path), "PNG", 0)
    print(f"{path.relative_to(REPO)}: {path.stat().st_size // 1024} KiB")


def shoot(app: QApplication, language: str) -> None:
    from designer.app.new_dialog import NewDocumentDialog
    from designer.app.print_dialog import PrintDialog
    from designer.app.window import MainWindow

    i18n.set_language(language)
    images = MANUAL / language / "images"
    for name, starter in STARTERS.items():
        window = MainWindow(load_track(TEMPLATES_DIR / starter))
        window.resize(*SIZE)
        window.show()
        settle(app)
        save(window, images / f"{name}.png")
        if name == "editor":
            dialog = NewDocumentDialog(window)
            dialog.resize(900, 600)
            dialog.show()
            settle(app)
            save(dialog, images / "new.png")
            dialog.close()
            printing = PrintDialog(window.document.snapshot(), window)
            printing.resize(1000, 700)
            printing.show()
            while printing.is_building():
                settle(app, 0.1)
            settle(app, 2.0)
            save(printing, images / "print.png")
            printing.close()
        for editor in window.editors():
            editor.document.undo_stack.setClean()
        window.close()
        settle(app)


def main(argv: list[str]) -> int:
    app = QApplication.instance() or QApplication([])
    languages = argv or sorted(p.name for p in MANUAL.iterdir() if (p / "index.html").is_file())
    for language in languages:
        shoot(app, language)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
