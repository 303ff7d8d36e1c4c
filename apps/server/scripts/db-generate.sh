#!/usr/bin/env bash
# Generates the next SQL migration from src/db/schema. Pass a name: npm run db:generate -- add_exams
set -euo pipefail
cd "$(dirname "$0")/.."
npx drizzle-kit generate --name "${1:-change}"
