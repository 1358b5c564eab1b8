# Two commands for users: `make run` and `make test`. Both create .venv when missing and
# reinstall only when pyproject.toml changed, so a second run starts at once.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench venv clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/kartographer  # with no file: the bundled Luigi Circuit, opened as an unsaved copy

test: $(STAMP)
	QT_QPA_PLATFORM=$${QT_QPA_PLATFORM:-offscreen} $(PY) -m pytest $(PYTEST_ARGS)

# ruff (rules in pyproject.toml), mypy on the typed packages, and the import-cycle test.
lint: $(STAMP)
	$(VENV)/bin/ruff check designer tests
	$(VENV)/bin/mypy
	$(PY) -m pytest -q -p no:cacheprovider tests/unit/test_import_cycles.py

bench: $(STAMP)
	QT_QPA_PLATFORM=$${QT_QPA_PLATFORM:-offscreen} $(PY) -m pytest tests/benchmarks -p no:cacheprovider --benchmark-only

clean:
	rm -rf $(VENV) build *.egg-info
