#!/usr/bin/env bash
# Development: the API under `tsx watch` and the Vite dev server side by side. Ctrl-C stops both, and
# if either one exits the other is stopped too, so a crashed API never leaves a stale UI running.
set -euo pipefail
cd "$(dirname "$0")/.."

# Job control gives each child its own process group, so one kill reaches the watchers' own children.
set -m

pids=()
cleanup() {
  trap - INT TERM EXIT
  for pid in "${pids[@]}"; do
    kill -TERM -- "-$pid" 2>/dev/null || true
  done
  # `wait` only sees the npm processes; the watchers' children (the API finishing its requests) outlive
  # them, so wait for each whole group to be gone before handing the terminal back.
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 40); do
      kill -0 -- "-$pid" 2>/dev/null || break
      sleep 0.5
    done
    kill -KILL -- "-$pid" 2>/dev/null || true
  done
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# stdin from /dev/null: a background process group that reads the terminal is stopped by SIGTTIN.
DATA_DIR="${DATA_DIR:-./data}" NODE_ENV=development npx tsx watch apps/server/src/main.ts </dev/null &
pids+=($!)
npm run dev -w @lectern/web </dev/null &
pids+=($!)

echo "API: http://localhost:${PORT:-3000}  (data in ${DATA_DIR:-./data});  web: see Vite's address below. Ctrl-C stops both."

status=0
wait -n || status=$?
exit "$status"
