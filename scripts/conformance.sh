#!/usr/bin/env bash
# Runs the generic server scenarios of @modelcontextprotocol/conformance against `jacobian serve --http`.
# The conformance tool needs Node 22; the npm package node@22 provides one without touching the
# system Node. Not part of `npm test` (it downloads ~50 MB); run with `npm run conformance`.
set -euo pipefail
cd "$(dirname "$0")/.."
tools=$(mktemp -d)
(cd "$tools" && npm init -y >/dev/null && npm install --no-audit --no-fund @modelcontextprotocol/conformance@0.1.16 node@22 >/dev/null 2>&1)
port=${PORT:-39170}
home=$(mktemp -d)
JACOBIAN_HOME="$home" node dist/adapters/cli/main.js serve --http --port "$port" 2>"$home/server.log" &
server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$tools"' EXIT
for _ in $(seq 50); do grep -q "Streamable HTTP at" "$home/server.log" && break; sleep 0.2; done
failed=0
# Scenarios that need no server-specific fixtures (the others call test_* tools of the reference server).
for s in server-initialize ping tools-list resources-list dns-rebinding-protection server-sse-multiple-streams; do
  if out=$("$tools/node_modules/.bin/node" "$tools/node_modules/@modelcontextprotocol/conformance/dist/index.js" server --url "http://127.0.0.1:$port/mcp" --scenario "$s" 2>&1); then
    echo "$s: $(echo "$out" | grep -E '^Passed:' | tail -1)"
  else
    echo "$s: FAILED"; echo "$out" | tail -20; failed=1
  fi
done
exit $failed
