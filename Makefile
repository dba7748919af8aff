# Flux IA — `make run` serves the app, `make test` runs every test. Both set up what is missing.
SHELL := /bin/bash
.DEFAULT_GOAL := run

PYTHON ?= $(shell command -v python3.12 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
FRONTEND := frontend
FRONTEND_SOURCES := $(shell find $(FRONTEND)/src $(FRONTEND)/scripts $(FRONTEND)/webpack.config.js $(FRONTEND)/postcss.config.js $(FRONTEND)/tsconfig.json templates -type f 2>/dev/null)

.PHONY: setup run test test-python test-frontend lint-python lint-frontend typecheck migrate collectstatic clean bench-web bench-loop bench-forecast bench-tracking bench-campaign bench-stt

setup: $(VENV)/.stamp $(FRONTEND)/node_modules/.stamp $(FRONTEND)/webpack-stats.json migrate var/staticfiles/.stamp

$(VENV)/.stamp: requirements.txt
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 12), "Python 3.12+ is required (see .python-version)"'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

# npm ci fails here (the lockfile lacks other platforms' optional binaries): npm install it is.
$(FRONTEND)/node_modules/.stamp: $(FRONTEND)/package.json $(FRONTEND)/package-lock.json
	cd $(FRONTEND) && npm install --no-audit --no-fund --loglevel=error
	touch $@

# The build also prerenders the landing page to $(FRONTEND)/prerendered/landing.html (webpack.config.js).
$(FRONTEND)/webpack-stats.json: $(FRONTEND)/node_modules/.stamp $(FRONTEND_SOURCES)
	cd $(FRONTEND) && npm run --silent build

migrate: $(VENV)/.stamp
	$(PY) manage.py migrate --noinput -v 0

# Hashed, gzip- and brotli-compressed copies for whitenoise (production serving).
var/staticfiles/.stamp: $(VENV)/.stamp $(FRONTEND)/webpack-stats.json $(shell find static -type f 2>/dev/null)
	$(PY) manage.py collectstatic --noinput -v 0
	touch $@

collectstatic: var/staticfiles/.stamp

run: setup
	$(PY) manage.py seed_demo
	DEBUG=$${DEBUG:-true} $(PY) manage.py runserver 127.0.0.1:$(PORT)

typecheck: $(FRONTEND)/node_modules/.stamp
	cd $(FRONTEND) && npx tsc --noEmit

# ESLint: typescript-eslint, the rules of hooks, and the feature boundaries (frontend/eslint.config.js).
lint-frontend: $(FRONTEND)/node_modules/.stamp
	cd $(FRONTEND) && npx eslint .

test-frontend: lint-frontend typecheck
	cd $(FRONTEND) && npx vitest run

# Two processes (pytest-xdist), each with its own test database and Redis database (config/settings.py);
# one file's tests stay in one process. PYTEST_WORKERS=0 runs everything in this process.
PYTEST_WORKERS ?= 2
test-python: setup
	$(PY) -m pytest $(if $(filter-out 0,$(PYTEST_WORKERS)),-n $(PYTEST_WORKERS) --dist loadfile)

# Ruff: lint and the format check (config in ruff.toml).
lint-python: $(VENV)/.stamp
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

test: setup lint-python test-frontend test-python

# Lighthouse on "/" (mobile, median of 5) against gunicorn with DEBUG off. Lighthouse is installed
# apart, in $(FRONTEND)/.bench/, so the app's own npm install stays lean.
LIGHTHOUSE_VERSION := 12.8.2
$(FRONTEND)/.bench/.stamp-lighthouse-$(LIGHTHOUSE_VERSION):
	mkdir -p $(FRONTEND)/.bench
	test -f $(FRONTEND)/.bench/package.json || echo '{"name": "flux-bench", "private": true}' > $(FRONTEND)/.bench/package.json
	cd $(FRONTEND)/.bench && npm install --no-audit --no-fund --loglevel=error lighthouse@$(LIGHTHOUSE_VERSION)
	touch $@

bench-web: setup $(FRONTEND)/.bench/.stamp-lighthouse-$(LIGHTHOUSE_VERSION)
	$(PY) manage.py seed_demo
	CHROME_PATH=$${CHROME_PATH:-/usr/bin/chromium} node $(FRONTEND)/scripts/bench-web.mjs

# Bounded load test of the WhatsApp webhook (gunicorn + PostgreSQL + Redis + a worker on 127.0.0.1).
bench-webhook: setup
	$(PY) -m integrations.bench.webhook

# The whole assistant loop under load: customers write through the signed webhook, a worker runs the
# engine, replies reach a fake Graph API; webhook → reply p50/p95 (integrations/bench/loop.py).
bench-loop: setup
	$(PY) -m integrations.bench.loop

# The nightly forecasts (analytics/bench.py): ACCOUNTS accounts with a year of orders each, WORKERS
# processes; prints the time per account and the projection for 1 000 accounts (goal: < 10 min).
ACCOUNTS ?= 50
WORKERS ?= 2
bench-forecast: setup
	$(PY) -m analytics.bench --accounts $(ACCOUNTS) --workers $(WORKERS)

# Live deliveries under load (logistics/management/commands/bench_tracking.py): 200 drivers posting
# positions every 30 s and 2 000 customers polling their tracking page every 20 s, against gunicorn.
bench-tracking: setup
	$(PY) manage.py bench_tracking

# One campaign to 10 000 customers against the fake Graph API (campaigns/bench.py): the time, and that
# each customer got exactly one message.
bench-campaign: setup
	$(PY) -m campaigns.bench 10000

# Local voice-note transcription (assistant/bench_stt.py): model load time and memory, then the time, CPU and
# peak memory to transcribe one minute of espeak-ng French on this machine (needs espeak-ng, opus-tools).
bench-stt: setup
	$(PY) -m assistant.bench_stt

clean:
	rm -rf $(FRONTEND)/build $(FRONTEND)/prerendered $(FRONTEND)/webpack-stats.json var/staticfiles
