#!/usr/bin/env bash
# Runs a command beside busy processes that take the machine's cores, to prove the suite holds on a
# loaded machine (issue 43 item 4; docs/operations.md "Tests under load"):
#
#   bash scripts/busy-load.sh [-n N] -- npm test
#
# Starts N processes (default 2, or BUSY_PROCESSES) that spin on the CPU at normal priority, runs
# the command, then stops them by their process ids, on success, failure and interrupt alike. Exits
# with the command's status. Prints the load average before and after.
set -euo pipefail

count="${BUSY_PROCESSES:-2}"
while [ "$#" -gt 0 ]; do
  case "$1" in
    -n)
      count="$2"
      shift 2
      ;;
    --)
      shift
      break
      ;;
    *) break ;;
  esac
done
if [ "$#" -eq 0 ] || ! [[ "$count" =~ ^[0-9]+$ ]]; then
  echo "usage: bash scripts/busy-load.sh [-n N] -- <command> [args...]" >&2
  exit 2
fi

pids=()
stop_busy() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  pids=()
}
trap stop_busy EXIT
trap 'stop_busy; exit 130' INT TERM

for _ in $(seq 1 "$count"); do
  # A shell loop: pure CPU, no memory, no I/O.
  bash -c 'while :; do :; done' &
  pids+=("$!")
done
echo "busy-load: ${count} busy processes (${pids[*]}); load average $(cut -d' ' -f1-3 /proc/loadavg)"

status=0
"$@" || status=$?
echo "busy-load: the command ended with ${status}; load average $(cut -d' ' -f1-3 /proc/loadavg)"
exit "$status"
