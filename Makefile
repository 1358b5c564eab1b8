# Two commands for users: `make run` and `make test`. Both create .venv when missing and
# reinstall only when pyproject.toml changed, so a second run starts at once.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench venv clean i18n bundle bundle-test

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/kartographer  # with no file: the bundled Luigi Circuit, opened as an unsaved copy

# --max-worker-restart=0: a worker that crashes (a segfault in a C library) ends the run red at once; restarted,
# pytest-xdist's file-by-file scheduling waits forever for the crashed worker's tests.
test: $(STAMP)
	QT_QPA_PLATFORM=$${QT_QPA_PLATFORM:-offscreen} $(PY) -m pytest -n auto --dist loadfile --max-worker-restart=0 \
		-m "not focus" $(PYTEST_ARGS)
	QT_QPA_PLATFORM=$${QT_QPA_PLATFORM:-offscreen} $(PY) -m pytest -m focus $(PYTEST_ARGS)

# ruff (rules in pyproject.toml), mypy on the typed packages, import-linter's contracts and the import-cycle test.
lint: $(STAMP)
	$(VENV)/bin/ruff check designer tests
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports --no-cache
	$(PY) -m pytest -q -p no:cacheprovider tests/unit/test_import_cycles.py

bench: $(STAMP)
	QT_QPA_PLATFORM=$${QT_QPA_PLATFORM:-offscreen} $(PY) -m pytest tests/benchmarks -p no:cacheprovider $(PYTEST_ARGS)

# Translations (designer/i18n.py): re-extract the template from the sources (babel.cfg), merge it into
# each language's .po (new strings come in untranslated; tests/unit/test_i18n.py fails until they are
# translated), and compile the .mo files the app reads. Commit all three kinds of file.
I18N     := resources/i18n
KEYWORDS := --no-default-keywords -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 -k npgettext:1c,2,3
i18n: $(STAMP)
	$(VENV)/bin/pybabel extract -F babel.cfg $(KEYWORDS) --add-location=file --sort-by-file -w 120 \
		--project=Kartographer --copyright-holder="Kartographer contributors" -o $(I18N)/kartographer.pot .
	$(VENV)/bin/pybabel update -i $(I18N)/kartographer.pot -d $(I18N) -D kartographer -w 120 --ignore-obsolete
	$(VENV)/bin/pybabel compile -d $(I18N) -D kartographer --statistics

# The one-folder desktop bundle (PyInstaller, packaging/kartographer.spec) in dist/kartographer/: runs without
# Python. Build it on each platform it is for. `make bundle-test` runs tests/bundle/ (not part of `make test`).
bundle: $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,bundle]'
	mkdir -p build
	QT_QPA_PLATFORM=offscreen $(PY) -c "import sys; from PySide6.QtGui import QGuiApplication, QImage, QPainter; \
	from PySide6.QtSvg import QSvgRenderer; from PySide6.QtCore import Qt; app = QGuiApplication(sys.argv); \
	image = QImage(256, 256, QImage.Format.Format_ARGB32); image.fill(Qt.GlobalColor.transparent); \
	painter = QPainter(image); QSvgRenderer('resources/icons/kartographer.svg').render(painter); painter.end(); \
	image.save('build/kartographer-256.png')"
	$(VENV)/bin/pyinstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller \
		packaging/kartographer.spec

bundle-test: bundle
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -p no:cacheprovider tests/bundle

clean:
	rm -rf $(VENV) build dist *.egg-info
