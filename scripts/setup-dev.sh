#!/usr/bin/env bash
# Installs everything the test suite needs: Debian packages (bubblewrap for the sandbox,
# chromium for the report's browser tests, redis-server and postgresql for the scale-out
# tests, which start their own instances on loopback; only as root), npm packages, and the Python
# tools the validators drive (pytest, pytest-timeout, ruff; ruff also lints runtime/python, which
# pyright, an npm devDependency, type-checks). Safe to run twice.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  missing=()
  command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
  if [ ${#missing[@]} -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
else
  for tool in bwrap chromium redis-server; do
    command -v "$tool" >/dev/null 2>&1 || echo "setup-dev: $tool is missing; install Debian's ${tool/bwrap/bubblewrap} package (as root) or the tests that need it fail" >&2
  done
fi

npm ci --no-audit --no-fund
python3 -m pip install --quiet pytest pytest-timeout ruff
