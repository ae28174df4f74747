// `npm test`: typecheck, lint, unit, API integration (PostgreSQL when DATABASE_URL is set, else PGlite), the build,
// then on it the production layout (two API processes, a media worker, a bucket, a web server; when DATABASE_URL and
// REDIS_URL are set), `npm start` itself (a fresh machine's first run, its failure lines) and end-to-end in Chromium
// against the built servers. Ends with one "N passed, N failed" line.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { root } from "./processes.mjs";

const only = process.argv[2]; // e.g. `npm test -- api` runs one stage
const reports = mkdtempSync(path.join(tmpdir(), "marquee-report-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedStages = [];
/** Each failed test's file, name and the first lines of its error, repeated at the end where a log's tail shows it. */
const failures = [];

function run(name, cmd, args, env = {}) {
  if (only && !name.startsWith(only)) return;
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  console.log(
    `◀ ${name}: ${res.status === 0 ? "ok" : `failed (${res.status ?? res.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (res.status !== 0) failedStages.push(name);
}

function vitest(name, project, env = {}, files = []) {
  const out = path.join(reports, `${name}.json`);
  const projects = [project].flat().flatMap((p) => ["--project", p]);
  const args = ["vitest", "run", ...projects, "--reporter=default", "--reporter=json"];
  run(name, "npx", [...args, `--outputFile.json=${out}`, ...files], env);
  count(out);
}

/** Adds a vitest JSON report's counts to the totals (a stage that crashed before writing one adds none). */
function count(report) {
  try {
    const r = JSON.parse(readFileSync(report, "utf8"));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    for (const file of r.testResults ?? []) {
      const failed = (file.assertionResults ?? []).filter((t) => t.status === "failed");
      // A file that failed with no failed test (an error in its set-up) is a failure too.
      if (!failed.length && file.status === "failed")
        failed.push({ fullName: "(the file)", failureMessages: [file.message] });
      for (const t of failed) {
        const message = (t.failureMessages ?? []).join("\n").split("\n").slice(0, 12).join("\n");
        failures.push(`${path.relative(root, file.name)} > ${t.fullName}\n${message}`);
      }
    }
  } catch {}
}

/**
 * `project` in `shards` vitest processes at once, each with its own global set-up (for e2e: its own site, database and
 * browser), so a journey waiting on one site overlaps with another's work. Each shard's output is printed whole when
 * it ends.
 */
async function vitestShards(name, project, shards) {
  if (only && !name.startsWith(only)) return;
  console.log(`\n▶ ${name} (${shards} shards at once)`);
  const started = Date.now();
  const shard = (index) =>
    new Promise((resolve) => {
      const out = path.join(reports, `${name}-${index}.json`);
      const args = ["vitest", "run", "--project", project, `--shard=${index}/${shards}`, "--reporter=default"];
      const child = spawn("npx", [...args, "--reporter=json", `--outputFile.json=${out}`], {
        cwd: root,
        env: process.env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      const chunks = [];
      child.stdout.on("data", (c) => chunks.push(c));
      child.stderr.on("data", (c) => chunks.push(c));
      child.on("close", (code) => {
        console.log(`\n── ${name}, shard ${index} of ${shards} ──`);
        process.stdout.write(Buffer.concat(chunks));
        resolve({ ok: code === 0, out });
      });
    });
  const results = await Promise.all(Array.from({ length: shards }, (_, i) => shard(i + 1)));
  const ok = results.every((r) => r.ok);
  console.log(`◀ ${name}: ${ok ? "ok" : "failed"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!ok) failedStages.push(name);
  for (const { out } of results) count(out);
}

/** FFMPEG_PATH and FFPROBE_PATH naming the npm packages' static build, when PATH has another ffmpeg; else null. */
function bundledMediaTools() {
  const onPath = (process.env.PATH ?? "")
    .split(path.delimiter)
    .some((dir) => dir && existsSync(path.join(dir, "ffmpeg")));
  if (!onPath) return null;
  const require = createRequire(path.join(root, "apps/api/package.json"));
  return {
    FFMPEG_PATH: require("@ffmpeg-installer/ffmpeg").path,
    FFPROBE_PATH: require("@ffprobe-installer/ffprobe").path,
  };
}

run("typecheck", "npm", ["run", "typecheck"]);
run("lint", "npx", ["biome", "check", "."]);
vitest("unit", "unit");
// The API suite runs on PostgreSQL when DATABASE_URL is set, else on PGlite. With a server, PGlite still runs the
// files about the embedded database itself (its client, migrations and demo data, start-up, jobs, the crash test,
// concurrent claims); the rest of PGlite's part is every end-to-end journey, whose servers always run on it. Both
// in full cost a CI run seven more minutes for the same SQL twice.
const EMBEDDED_DB_FILES = [
  "apps/api/src/db",
  "apps/api/src/seed",
  "apps/api/src/main",
  "apps/api/src/platform/jobs.test.ts",
  "apps/api/src/modules/commerce/ledger/ledger.crash.test.ts",
  // Concurrent coupon claims: PGlite answers them one after the other, the server at once; both are asserted.
  "apps/api/src/modules/commerce/checkout/payments.test.ts",
];
if (process.env.DATABASE_URL) {
  vitest("api (PostgreSQL)", "api", { TEST_DB: "postgres" });
  vitest("api (PGlite, the embedded database's own)", "api", { TEST_DB: "pglite" }, EMBEDDED_DB_FILES);
} else {
  vitest("api (PGlite)", "api", { TEST_DB: "pglite" });
  console.log("\n(DATABASE_URL is not set: the API suite ran on PGlite)");
}
// The stages above used the ffmpeg on PATH when there is one; the bundled build must pass the media tests too.
const bundled = bundledMediaTools();
if (bundled) {
  const files = ["apps/api/src/platform/media/video.unit.test.ts", "apps/api/src/modules/videos/videos.media.test.ts"];
  vitest("media (bundled ffmpeg)", ["unit", "api"], { TEST_DB: "pglite", ...bundled }, files);
} else console.log("\n(no ffmpeg on PATH: the stages above used the bundled build)");
run("build", "npm", ["run", "build"]);
if (!failedStages.includes("build")) {
  // The production layout (README, Production, Layout): two API processes, a media worker, PostgreSQL, Redis, the
  // tests' S3 server and the built web server, each a process of its own. Without a database server or Redis it
  // cannot run, and says so.
  const missingForScale = ["DATABASE_URL", "REDIS_URL"].filter((name) => !process.env[name]?.trim());
  if (!missingForScale.length) vitest("scale", "scale");
  else {
    const what = missingForScale.join(" and ");
    console.log(
      `\n(${what} ${missingForScale.length > 1 ? "are" : "is"} not set: the scale test (two API processes, a media worker, PostgreSQL, Redis and a bucket) did not run)`,
    );
  }
  // `npm start` as a newcomer runs it: a first start killed mid-catalogue and the next, its failure lines.
  vitest("start", "start");
  // Two sites at once: a journey spends much of its time waiting on its site (a transcode, a poll), which the other
  // shard's work fills. E2E_SHARDS=1 runs them one after the other.
  const shards = Number(process.env.E2E_SHARDS || 2);
  if (shards > 1) await vitestShards("e2e", "e2e", shards);
  else vitest("e2e", "e2e");
}

if (failures.length) console.log(`\nFailed tests:\n\n${failures.join("\n\n")}`);
console.log(`\nStages failed: ${failedStages.length ? failedStages.join(", ") : "none"}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStages.length ? 1 : 0);
