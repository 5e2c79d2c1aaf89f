#!/usr/bin/env bash
# The end-to-end tests drive programs of the machine rather than downloads (no browser download
# works here): Debian's Chromium, nginx (the deploy/ proxy, tested in front of the site) and
# redis-server. Each missing one is installed from Debian's packages; installing needs root, as
# on the project's machines and CI.
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()

# The first of the places a Debian package puts a program, or nothing.
find_program() {
  local name="$1" dir
  for dir in ${PATH//:/ } /usr/sbin /usr/local/sbin /usr/bin; do
    if [ -x "$dir/$name" ]; then
      echo "$dir/$name"
      return 0
    fi
  done
  return 1
}

[ -x "$CHROMIUM" ] || missing+=(chromium)
find_program nginx >/dev/null || missing+=(nginx-light)
find_program redis-server >/dev/null || missing+=(redis-server)

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi
echo "Missing for the end-to-end tests: ${missing[*]}; installing Debian's packages" >&2
if [ "$(id -u)" -ne 0 ]; then
  echo "Installing needs root: run 'apt-get install ${missing[*]}' as root (or set CHROMIUM_PATH)." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# The packages would start nginx and Redis as system services (nginx on port 80): the tests start
# their own on loopback ports, so services stay off while installing (Debian's policy-rc.d).
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
install() { apt-get install -y -qq --no-install-recommends "$@" >/dev/null; }
if ! install "${missing[@]}"; then
  apt-get update -qq
  install "${missing[@]}"
fi
for program in nginx redis-server; do
  if ! find_program "$program" >/dev/null; then
    echo "$program is still missing after apt-get install" >&2
    exit 1
  fi
done
if [ ! -x "$CHROMIUM" ]; then
  echo "Chromium is still missing at $CHROMIUM after apt-get install" >&2
  exit 1
fi
