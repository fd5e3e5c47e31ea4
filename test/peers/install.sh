#!/usr/bin/env bash
# Installs the third-party agents the preset tests run (≈400 MB) into test/peers/node_modules, pinned by
# this folder's lockfile, apart from acp-scenario's own dependencies. `npm test` calls it; it does nothing
# when the installed tree already matches the lockfile. Install scripts are skipped: the agents need none
# of them (node-pty's native build only serves gemini-cli's interactive shell).
set -euo pipefail
cd "$(dirname "$0")"
stamp=node_modules/.acp-scenario-lock-sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi
echo "installing the peer agents for the preset tests (test/peers, ≈400 MB)..." >&2
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
echo "$want" > "$stamp"
