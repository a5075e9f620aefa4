# Intake: `make run` starts the app and a worker; `make test` runs every test.
# Both work on a fresh machine: the virtual environment and its packages are
# made here from pyproject.toml, and the test browser is installed when missing.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev

.PHONY: run test lint format browser ocr clean bench-pages soak bench bench-extract bench-ops bench-photos

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP) ocr
	$(BIN)/intake serve

test: $(STAMP) browser ocr
	$(BIN)/python -m pytest

# Reading accuracy on layouts never tuned on (tests/fixtures/families: leave-one-family-out,
# per family, learned layout, named rules), then on tests/fixtures/documents; seconds per page;
# then routing accuracy (PO or DN, read from the content) and the delivery set's DNs.
bench-extract: $(STAMP) ocr
	$(BIN)/python -m tests.bench.bench_extract
	$(BIN)/python -m tests.bench.bench_routing

# The tuning photos read upright, turned 90, 180 and 270 degrees, and shot at an angle.
bench-photos: $(STAMP) ocr
	$(BIN)/python -m tests.bench.bench_photos

# The fault tests at length: 200 worker kills, 2,000 racing batches, 5 server restarts.
soak: $(STAMP)
	FAULT_KILLS=200 FAULT_BATCHES=2000 FAULT_RESTARTS=5 $(BIN)/python -m pytest tests/faults -s

# The speed figures (the queue, latency, polling, memory, 50,000-row CSV imports), side by
# side; also written to docs/benchmarks.md.
bench: $(STAMP)
	$(BIN)/python -m tests.bench

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# The browser tests drive Chromium. Playwright cannot download its own browser
# here, so use Debian's (installed when we are root), else Playwright's.
browser: $(STAMP)
	@if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else $(BIN)/python -m playwright install chromium; fi

# Photos and scans are read by Debian's tesseract (installed when we are root), with its
# English model, the orientation model that turns a page photographed on its side, the
# Latin-script model for INTAKE_OCR_LANGUAGE=Latin (the accented letters of orders from abroad),
# and the models of the scripts the orientation model tells a page is in (Cyrillic, Greek,
# Hebrew, Arabic, Armenian, Georgian), which read such a page beside the English one.
OCR_MODELS = osd Latin Cyrillic Greek Hebrew Arabic Armenian Georgian
OCR_PACKAGES = tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd tesseract-ocr-script-latn \
	tesseract-ocr-script-cyrl tesseract-ocr-script-grek tesseract-ocr-script-hebr \
	tesseract-ocr-script-arab tesseract-ocr-script-armn tesseract-ocr-script-geor
ocr:
	@if command -v tesseract >/dev/null 2>&1 \
		&& [ "$$(tesseract --list-langs 2>&1 | grep -cxE '$(shell echo $(OCR_MODELS) | tr ' ' '|')')" = \
			"$(words $(OCR_MODELS))" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			$(OCR_PACKAGES) >/dev/null; \
	else echo "Photos and scans need tesseract: apt-get install $(OCR_PACKAGES)" >&2; fi

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache test-artifacts

# Server time of /purchasing and /batches on 100,000 POs (500,000 items) and 50,000 batches.
bench-pages: $(STAMP)
	$(BIN)/python tests/bench/bench_pages.py

# /metrics and /healthz on 100,000 POs and 50,000 batches.
bench-ops: $(STAMP)
	$(BIN)/python tests/bench/bench_ops.py
