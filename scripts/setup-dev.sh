#!/usr/bin/env bash
# Installs everything the test suite needs: npm packages and the Python tools the
# validators drive (pytest, ruff). Safe to run twice.
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci --no-audit --no-fund
python3 -m pip install --quiet pytest pytest-timeout ruff
