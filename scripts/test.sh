#!/usr/bin/env bash
# The one test command (`npm test`): unit and integration tests on embedded PGlite, the same server
# tests again on a real PostgreSQL, then the built app end to end in Chromium. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
RESULTS="$ROOT/test-results"
mkdir -p "$RESULTS"
# Reports and screenshots from an earlier run would be mistaken for this one's.
rm -rf "$RESULTS"/vitest-*.json "$RESULTS/e2e"

STEPS=()
CURRENT=''
STARTED_AT=$SECONDS

section() {
  CURRENT="$1"
  STEP_STARTED_AT=$SECONDS
  printf '\n==== %s ====\n\n' "$1"
}

step_done() {
  STEPS+=("$CURRENT: $1 ($((SECONDS - STEP_STARTED_AT))s)")
  CURRENT=''
}

# Adds up what every vitest run reported, so the last line speaks for the whole suite.
summary() {
  local status=$1
  if [[ -n "$CURRENT" ]]; then STEPS+=("$CURRENT: FAILED ($((SECONDS - STEP_STARTED_AT))s)"); fi
  printf '\n==== summary (%ss) ====\n\n' "$((SECONDS - STARTED_AT))"
  printf '  %s\n' "${STEPS[@]}"
  local counts
  counts=$(node -e '
    const fs = require("node:fs");
    const path = require("node:path");
    const dir = process.argv[1];
    let passed = 0, failed = 0, skipped = 0;
    const failures = [];
    for (const name of fs.readdirSync(dir).filter((f) => /^vitest-.*\.json$/.test(f))) {
      try {
        const r = JSON.parse(fs.readFileSync(`${dir}/${name}`, "utf8"));
        passed += r.numPassedTests;
        failed += r.numFailedTests;
        skipped += r.numPendingTests + r.numTodoTests;
        for (const file of r.testResults ?? []) {
          const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
          for (const t of failedTests) {
            // The first line of why it failed: often all that a reader of the last lines of a CI log gets to see.
            const why = String(t.failureMessages?.[0] ?? "").split("\n").find((line) => line.trim()) ?? "";
            failures.push(`${path.relative(process.cwd(), file.name)} > ${t.fullName}${why ? `\n        why: ${why.trim().slice(0, 240)}` : ""}`);
          }
          if (file.status === "failed" && failedTests.length === 0) {
            failures.push(`${path.relative(process.cwd(), file.name)} (the file failed: ${String(file.message ?? "").split("\n")[0]})`);
          }
        }
      } catch { /* a run that died before writing its report shows up as a failed step */ }
    }
    // Journeys get a second try (e2e/vitest.config.ts); the tries that failed are named even when the
    // second passed, so a flaky journey shows.
    try {
      for (const line of fs.readFileSync(`${dir}/e2e/failed-tries.txt`, "utf8").split("\n").filter(Boolean).slice(0, 10)) {
        console.log(`FAILED TRY: ${line}`);
      }
    } catch { /* no journey failed a try */ }
    // The last lines of a CI log are often all a reader gets, so they name what failed.
    for (const f of failures.slice(0, 20)) console.log(`FAILED: ${f}`);
    if (failures.length > 20) console.log(`FAILED: … and ${failures.length - 20} more`);
    console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  ' "$RESULTS" 2>/dev/null || echo '0 passed, 0 failed, 0 skipped')
  echo
  if [[ $status -eq 0 ]]; then
    echo "All steps passed."
  else
    echo "FAILED (exit $status). Scroll up to the first '====' section marked FAILED above."
  fi
  printf '%s\n' "$counts" | sed '$d'

  echo "Tests: $(printf '%s\n' "$counts" | tail -n 1)"
}
trap 'summary $?' EXIT

# Each vitest run also writes a JSON report that the summary adds up.
report_args() {
  REPORT=(--reporter=default --reporter=json "--outputFile.json=$RESULTS/vitest-$1.json")
}

# ---------------------------------------------------------------------------------------------------
section 'Chromium (for the end-to-end tests)'
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [[ -x "$CHROMIUM" ]]; then
  echo "found $CHROMIUM"
elif [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "$CHROMIUM is missing; installing Debian's chromium package"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [[ -x "$CHROMIUM" ]] || { echo "apt-get installed chromium but $CHROMIUM is still missing" >&2; exit 1; }
else
  cat >&2 <<EOF
Chromium is needed for the end-to-end tests and $CHROMIUM does not exist.
Install it, then run npm test again:
  Debian/Ubuntu:  sudo apt-get install chromium
  elsewhere:      install Chromium or Chrome and set CHROMIUM_PATH=/path/to/the/binary
EOF
  exit 1
fi
"$CHROMIUM" --version 2>/dev/null || true
# The UI is Chinese first; without a CJK font, failure screenshots show boxes instead of text. The tests
# themselves read the accessibility tree, so a missing font is worth a fix but not a failure.
if command -v fc-list >/dev/null && [[ -z "$(fc-list :lang=zh 2>/dev/null)" ]]; then
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    echo "no CJK font found; installing fonts-wqy-microhei for readable screenshots"
    install_font() { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-wqy-microhei >/dev/null; }
    install_font || { apt-get update -qq && install_font; } ||
      echo "WARNING: could not install fonts-wqy-microhei; screenshots will not show Chinese text"
  else
    echo "WARNING: no CJK font installed; failure screenshots will not show Chinese text"
  fi
fi
step_done ok

# ---------------------------------------------------------------------------------------------------
# Live lectures (RTMP to HLS, replays) and AI video captions run ffmpeg; their tests skip, saying so, without it.
section 'ffmpeg (for live lectures and video captions)'
if command -v "${FFMPEG_PATH:-ffmpeg}" >/dev/null; then
  echo "found $(command -v "${FFMPEG_PATH:-ffmpeg}")"
elif [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "ffmpeg is missing; installing Debian's ffmpeg package"
  install_ffmpeg() { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg >/dev/null; }
  install_ffmpeg || { apt-get update -qq && install_ffmpeg; } ||
    echo "WARNING: could not install ffmpeg; the tests that need it will be skipped"
else
  echo "WARNING: ffmpeg is not installed; the tests that need it will be skipped"
fi
step_done ok

# ---------------------------------------------------------------------------------------------------
# PostgreSQL runs the database tests ~10x faster than PGlite, so when a server is reachable every database
# test runs there and PGlite gets a smaller pass that proves it (vitest.config.ts, LECTERN_SERVER_TESTS).
ADMIN_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
# Never print a password that DATABASE_URL may carry.
SHOWN_URL=$(node -e 'const u = new URL(process.argv[1]); if (u.password) u.password = "***"; console.log(u.href)' "$ADMIN_URL")

pg_reachable() {
  node -e '
    const pg = require("pg");
    const client = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
    client.connect().then(() => client.query("select 1")).then(
      () => client.end().then(() => process.exit(0)),
      () => process.exit(1),
    );
  ' "$ADMIN_URL" 2>/dev/null
}

is_local_url() {
  node -e 'const h = new URL(process.argv[1]).hostname; process.exit(["127.0.0.1", "localhost", "::1", "[::1]", ""].includes(h) ? 0 : 1)' "$ADMIN_URL"
}

section 'PostgreSQL'
if ! pg_reachable && is_local_url && [[ $(id -u) -eq 0 ]] && command -v pg_ctlcluster >/dev/null && [[ -d /etc/postgresql ]]; then
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  echo "PostgreSQL at $SHOWN_URL is not answering; starting the local cluster $version/main"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do pg_reachable && break; sleep 1; done
fi
if pg_reachable; then
  HAVE_PG=1
  echo "using $SHOWN_URL (each test app creates and drops its own database)"
  step_done ok
elif [[ "${CI:-}" == 'true' ]]; then
  echo "PostgreSQL is unreachable at $SHOWN_URL, and CI must run the PostgreSQL pass." >&2
  echo "Start PostgreSQL or point DATABASE_URL at a server where this user may create databases." >&2
  exit 1
else
  HAVE_PG=0
  echo "WARNING: PostgreSQL is unreachable at $SHOWN_URL; every database test runs on PGlite instead."
  echo "         Start PostgreSQL or set DATABASE_URL (a user allowed to create databases) to run it."
  step_done 'SKIPPED (unreachable; all database tests on PGlite)'
fi

# ---------------------------------------------------------------------------------------------------
if [[ $HAVE_PG -eq 1 ]]; then
  section 'Unit tests, web tests and the PGlite pass (embedded PGlite)'
  report_args unit
  LECTERN_SERVER_TESTS=pglite-smoke npx vitest run "${REPORT[@]}"
  step_done ok

  section 'Server database tests on PostgreSQL'
  report_args postgres
  LECTERN_SERVER_TESTS=database TEST_DATABASE_URL="$ADMIN_URL" npx vitest run --project server "${REPORT[@]}"
  step_done ok
else
  section 'Unit and integration tests (embedded PGlite)'
  report_args unit
  LECTERN_SERVER_TESTS=all npx vitest run "${REPORT[@]}"
  step_done ok
fi

# ---------------------------------------------------------------------------------------------------
section 'Build'
npm run build
step_done ok

# ---------------------------------------------------------------------------------------------------
section 'End-to-end tests (built server + Chromium)'
report_args e2e
# With PostgreSQL reachable, each journey file gets a database of its own there; smoke and student stay on
# the embedded database, which is what `npm start` runs (e2e/support/server.ts).
E2E_DB=()
if [[ $HAVE_PG -eq 1 ]]; then E2E_DB=(E2E_DATABASE_URL="$ADMIN_URL"); fi
env "${E2E_DB[@]}" CHROMIUM_PATH="$CHROMIUM" npm run test -w @lectern/e2e -- "${REPORT[@]}"
step_done ok
