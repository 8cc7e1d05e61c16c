# The two commands the README names:
#   make demo   installs tb-bias and opens demo_logs in TensorBoard
#   make test   installs what the tests need and runs them (CI runs this)

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 6006

.PHONY: demo test test-deps

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

demo: $(BIN)/python
	$(BIN)/pip install --quiet .
	$(BIN)/tensorboard --logdir demo_logs --port $(PORT)

test-deps: $(BIN)/python
	$(BIN)/pip install --quiet -e ".[tf,test]"

test: test-deps
	$(BIN)/python -m pytest
