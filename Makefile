# The two commands the README names:
#   make demo   installs tb-bias and opens demo_logs in TensorBoard
#   make test   installs what the tests need and runs them all (CI runs this)
# and the quick loop beside them:
#   make check  the same installs, then every check but the browser tests,
#               estimator and model training, Beam pipelines and the
#               benchmarks' smoke runs

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 6006
# Each install step leaves a stamp; it runs again only when its inputs change.
STAMPS := $(VENV)/stamps
# What `make check` leaves out (markers registered in pytest.ini).
QUICK := not browser and not training and not beam and not benchmark
# NumPy's AVX-512 kernels switched off: the demo-equality tests must pass on
# CPUs with and without them (a no-op on CPUs that lack them).
NO_AVX512 := NPY_DISABLE_CPU_FEATURES="X86_V4 AVX512_ICL"

.PHONY: demo test check test-deps system-deps kernel frontend-check frontend-quick lint

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

demo: $(BIN)/python
	$(BIN)/pip install --quiet .
	@echo "Open http://localhost:$(PORT)/#tb_bias"
	$(BIN)/tensorboard --logdir demo_logs --port $(PORT)

system-deps:
	@PYTHON=$(PYTHON) scripts/install-system-packages

# PyTorch and Lightning for tests/torch, in the same resolve: 2.13.0 is the CPU-only build
# on this machine's index (small); where that pin is not found, the default build.
$(STAMPS)/python-test: setup.py pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[tf,test,lightning]" "torch==2.13.0" || $(BIN)/pip install --quiet -e ".[tf,test,lightning]" torch
	@mkdir -p $(STAMPS) && touch $@

# The counting kernel is built in place by the editable install; rebuilt
# (without reinstalling dependencies) when missing or older than its source.
kernel: $(STAMPS)/python-test
	@$(BIN)/python scripts/kernel-is-current || $(BIN)/pip install --quiet --no-deps --no-build-isolation -e .

frontend/node_modules/.installed: frontend/package.json frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	@touch $@

test-deps: system-deps $(STAMPS)/python-test kernel frontend/node_modules/.installed

# The committed bundle must be what the sources build to.
frontend-check: frontend-quick
	cd frontend && npm run build
	@git diff --quiet -- tb_bias_plugin/static/ || \
	  { echo "tb_bias_plugin/static/ (index.js, index.js.map) differs from a fresh build of frontend/: rebuild (cd frontend && npm run build) and commit it"; git diff --stat -- tb_bias_plugin/static/; exit 1; }

frontend-quick:
	cd frontend && npm run typecheck && npm test

# Style and types of the Python package; the layering is tests/test_layers.py.
lint:
	$(BIN)/ruff check --no-cache tb_bias_plugin tests benchmarks conftest.py
	$(BIN)/mypy

# Two workers, each with its own TensorBoard and Chromium for the browser
# tests it draws (xdist's loadgroup does not group under pytest 9).
test: test-deps frontend-check lint
	$(BIN)/python -m pytest -n 2 --durations=20
	$(NO_AVX512) $(BIN)/python -m pytest -m demo_logs -q $(shell grep -rl "mark.demo_logs" tests)

check: test-deps frontend-quick lint
	$(BIN)/python -m pytest -n 2 -m "$(QUICK)" -q
