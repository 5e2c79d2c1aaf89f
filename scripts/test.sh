#!/usr/bin/env bash
# `npm test` (the README's test command, run by CI): every check on the Node.js release production
# runs (.node-version), fetched first when the machine's is older (docs/operations.md "Node.js").
set -euo pipefail
cd "$(dirname "$0")/.."

target="$(bash scripts/ensure-node.sh)"
echo "Every check on Node.js $("$target" --version)"
PATH="$(dirname "$target"):$PATH" npm run test:all
