#!/usr/bin/env bash
# Every check, offline, in one go: lint, types, rebuild the extension, all tests.
# Usage: scripts/check.sh [pytest args]   (PY=path/to/python to use another interpreter)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
"$PY" -m ruff check .
"$PY" -m mypy
PY="$PY" bash scripts/dev_build.sh
"$PY" -m pytest -q "$@"
