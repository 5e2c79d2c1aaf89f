#!/usr/bin/env bash
# `npm test` (the README's test command, run by CI): every check on the Node.js release production
# runs (.node-version), fetched first when the machine's is older, and the unit tests on the
# machine's own Node.js as well when it is another release (docs/operations.md "Node.js").
set -euo pipefail
cd "$(dirname "$0")/.."

target="$(bash scripts/ensure-node.sh)"
own="$(command -v node)"
if [ "$own" != "$target" ]; then
  echo "The unit tests on this machine's Node.js $(node --version)"
  npm run test:unit
fi
echo "Every check on Node.js $("$target" --version)"
PATH="$(dirname "$target"):$PATH" npm run test:all
