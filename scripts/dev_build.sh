#!/usr/bin/env bash
# Rebuild the native extension in place (for development in the shared .venv).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
"$PY" setup.py -q build_ext --inplace
