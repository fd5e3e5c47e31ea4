#!/usr/bin/env bash
# Installs the third-party agents the preset tests run (≈400 MB) into test/peers/node_modules, pinned by
# this folder's lockfile, apart from acp-scenario's own dependencies. Install scripts are skipped: the
# agents need none of them (node-pty's native build only serves gemini-cli's interactive shell).
set -euo pipefail
cd "$(dirname "$0")"
npm ci --ignore-scripts --no-audit --no-fund
