#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (no browser download works here): install it when
# it is missing. Needs root, as on the project's machines and CI.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
echo "Chromium not found at $CHROMIUM: installing Debian's chromium package" >&2
if [ "$(id -u)" -ne 0 ]; then
  echo "Installing needs root: run 'apt-get install chromium' as root, or set CHROMIUM_PATH." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium >/dev/null
"$CHROMIUM" --version
