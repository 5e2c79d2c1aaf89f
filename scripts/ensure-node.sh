#!/usr/bin/env bash
# Prints the path of a Node.js of the major release in .node-version (the one production runs,
# docs/operations.md "Node.js"): the machine's own when it is that release or newer, else the
# npm registry's `node` package of that release, installed once under .tools/ (git ignores it).
# Its messages go to stderr; stdout is the path alone.
set -euo pipefail
cd "$(dirname "$0")/.."

want="$(tr -d '[:space:]' <.node-version)"
have="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$have" -ge "$want" ]; then
  command -v node
  exit 0
fi
dir=".tools/node-$want"
if ! "$dir/node_modules/.bin/node" --version >/dev/null 2>&1; then
  echo "Node.js $have here; installing Node.js $want from the npm registry's node package" >&2
  rm -rf "$dir"
  npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "node@$want" >&2
fi
echo "$PWD/$dir/node_modules/.bin/node"
