# The two commands the README names:
#   make demo   installs tb-bias and opens demo_logs in TensorBoard
#   make test   installs what the tests need and runs them (CI runs this)

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 6006

.PHONY: demo test test-deps frontend-check lint

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

demo: $(BIN)/python
	$(BIN)/pip install --quiet .
	@echo "Open http://localhost:$(PORT)/#tb_bias"
	$(BIN)/tensorboard --logdir demo_logs --port $(PORT)

test-deps: $(BIN)/python
	PYTHON=$(PYTHON) scripts/install-system-packages
	$(BIN)/pip install --quiet -e ".[tf,test]"
	cd frontend && npm ci --no-audit --no-fund

# The committed bundle must be what the sources build to.
frontend-check:
	cd frontend && npm run typecheck && npm test && npm run build
	@git diff --quiet -- tb_bias_plugin/static/ || \
	  { echo "tb_bias_plugin/static/ (index.js, index.js.map) differs from a fresh build of frontend/: rebuild (cd frontend && npm run build) and commit it"; git diff --stat -- tb_bias_plugin/static/; exit 1; }

# Style and types of the Python package; the layering is tests/test_layers.py.
lint:
	$(BIN)/ruff check tb_bias_plugin tests benchmarks
	$(BIN)/mypy

test: test-deps frontend-check lint
	$(BIN)/python -m pytest
