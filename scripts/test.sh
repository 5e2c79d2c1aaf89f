#!/usr/bin/env bash
# `npm test` (the README's test command, run by CI): every check on the Node.js release production
# runs (.node-version, fetched when the machine's is older), then the unit tests again on the
# machine's own Node when it is another release, so both supported runtimes are exercised
# (docs/operations.md "Node.js").
set -euo pipefail
cd "$(dirname "$0")/.."

target="$(bash scripts/ensure-node.sh)"
machine="$(command -v node)"
echo "Every check on Node.js $("$target" --version)"
PATH="$(dirname "$target"):$PATH" npm run test:all
if [ "$target" != "$machine" ]; then
  echo "The unit tests again on the machine's Node.js $(node --version)"
  npm run test:unit
fi
