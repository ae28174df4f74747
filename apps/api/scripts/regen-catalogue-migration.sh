#!/usr/bin/env bash
# Session tool: regenerate the not-yet-landed catalogue migration (0002) from the tables. Removed before landing.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -f src/db/migrations/0002_*.sql src/db/migrations/meta/0002_snapshot.json
node -e '
const fs=require("fs");const p="src/db/migrations/meta/_journal.json";
const j=JSON.parse(fs.readFileSync(p));j.entries=j.entries.filter(e=>e.idx<2);fs.writeFileSync(p,JSON.stringify(j,null,2));'
npx drizzle-kit generate --name catalogue
