// Movie search benchmark (DESIGN section 10): a PostgreSQL catalogue of 1,000,000 movies and 20,000 performers made
// by set-based SQL, then the movie search of the API (24 per page, with filters, and a page deep in the list through
// the cursor) under 50 connections, beside `/health` of the same process and beside pgbench running the very statements
// the API runs for each search (captured from an in-process app on the same database, values written in, the same
// clients for the same seconds). Prints figures and ratios, never asserts.
// Needs DATABASE_URL (a PostgreSQL server; the database `marquee_bench` on it is created, or reused with --reuse).
// Usage: npm run bench:catalogue [-- --reuse --seconds 10 --connections 50 --movies 1000000 --performers 20000
//        --depth 2000 --explain-plans]
import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import pg from "pg";
// @ts-expect-error the driver's own value encoding (no types), so pgbench gets the values the API sends
import pgUtils from "pg/lib/utils.js";
import { buildApp } from "../apps/api/src/app.ts";
import { loadConfig } from "../apps/api/src/config.ts";
import { migrationsFolder, openDatabase } from "../apps/api/src/db/client.ts";
import { hashPassword } from "../apps/api/src/modules/auth/service.ts";
import { THUMB_SIZES_MARKER } from "../apps/api/src/modules/videos/media.ts";
import { THUMB_SPECS } from "../apps/api/src/modules/videos/rows.ts";
import { openGeoIp } from "../apps/api/src/platform/geoip.ts";
import { createMemoryMailer } from "../apps/api/src/platform/mailer.ts";
import { DEMO_PASSWORD, seedDemo } from "../apps/api/src/seed/seed.ts";
// @ts-expect-error plain ESM helper shared with `npm start`
import { freePort, startApi, stop, waitFor } from "../scripts/processes.mjs";

const { values } = parseArgs({
  options: {
    reuse: { type: "boolean", default: false },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    movies: { type: "string", default: "1000000" },
    performers: { type: "string", default: "20000" },
    depth: { type: "string", default: "2000" },
    "explain-plans": { type: "boolean", default: false },
    "generate-only": { type: "boolean", default: false },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const MOVIES = Number(values.movies);
const PERFORMERS = Number(values.performers);
const DEPTH = Number(values.depth);
const LIMIT = 24;
/** Mixed searches explained, to find the kinds that cost the most. */
const MIX_SAMPLES = 150;
/** Mixed searches pgbench runs (one script each, picked at random): their statements as the API ran them. */
const PGBENCH_MIX_SAMPLES = 60;
const PGBENCH = process.env.PGBENCH ?? "/usr/lib/postgresql/15/bin/pgbench";
const DB_NAME = "marquee_bench";
/** Bump when the generated data changes, so `--reuse` rebuilds an older catalogue. */
const GENERATOR_VERSION = 2;

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error("Set DATABASE_URL to a PostgreSQL server to run this benchmark (the database marquee_bench is made).");
  process.exit(2);
}
const benchUrl = Object.assign(new URL(serverUrl), { pathname: `/${DB_NAME}` }).toString();

// ---------------------------------------------------------------------------------------------------------------
// Word lists: names and titles read like real text, so full-text search and trigram matching work on realistic data.
// Lists are skewed when sampled (the first words are the most common), as words in a real catalogue are.

const FIRST = `Ava Mia Luna Zoe Ella Nora Lily Ruby Chloe Iris Maya Leah Aria Nina Sara Lola Eva Jade Rosa Alma Vera Ivy
  Cleo Hana Yuki Lena Mila Noa Tara Gia Liam Noah Leo Max Finn Kai Eli Jude Owen Theo Milo Ezra Luca Hugo Axel Rafe
  Dante Marco Nico Sam Alex Jordan Casey Riley Quinn Robin Sasha Remy Jules Avery Skye Blair`.split(/\s+/);
const LAST = `Stone Rivers Vale Hart Frost Bloom Knight Storm Lane West Wilde Fox Grey Black Rose Moon Cruz Reyes Silva
  Costa Rossi Moreau Laurent Novak Berg Holm Lind Kovac Petrov Ivanova Tanaka Sato Kim Park Chen Nguyen Khan Patel Singh
  Okafor Mensah Diallo Haddad Farah Cohen Levi Murphy Kelly Walsh Byrne Dubois Marin Varga Horvat Nagy Lopez Vega Luna
  Santos Ramos`.split(/\s+/);
const ADJECTIVES = `golden secret midnight silent wild lost hidden electric velvet crimson endless sweet burning frozen
  broken restless gentle dark bright lonely perfect summer winter autumn spring neon silver scarlet savage tender quiet
  loud private sacred wicked lucky final first last hungry sleepless distant urban rural tropical northern southern
  royal bitter strange curious daring fearless`.split(/\s+/);
const NOUNS = `night dream heart kiss fire road city rain ocean river garden desire secret game mirror shadow moon
  sun storm journey affair party weekend motel hotel island beach lesson promise temptation escape return chase dance
  song letter diary stranger lover neighbor roommate rival partner holiday vacation evening morning story session
  studio portrait`.split(/\s+/);
const PLACES = `Paris Berlin Tokyo Lisbon Prague Miami Havana Rome Vienna Oslo Sydney Bangkok Madrid Athens Dublin
  Montreal Seoul Istanbul Cairo Marrakesh Barcelona Amsterdam Budapest Warsaw Kyoto Venice Nice Ibiza Bali Cancun`.split(
  /\s+/,
);
const VERBS = `meets discovers follows remembers chases finds loses keeps shares hides reveals plans wins breaks
  crosses explores leaves visits`.split(/\s+/);
const TAGS = `romance solo couple outdoor indoor behind-the-scenes interview amateur pov vintage cosplay fitness
  dance massage roleplay lingerie bikini shower beach pool hotel car kitchen office studio natural glamour artistic
  fetish tease story music 4k hd vr premiere exclusive classic new trending award`.split(/\s+/);
const CATEGORIES = `Romance|Drama|Comedy|Documentary|Behind the Scenes|Interviews|Solo|Couples|Outdoor|Studio|Amateur
  |Art|Glamour|Fitness|Dance|Cosplay|Vintage|Roleplay|Music Video|Travel|Fashion|Fetish|Massage|Lingerie|Swimwear|POV
  |Virtual Reality|Shorts|Series|Premieres|Classics|Award Winners`
  .split("|")
  .map((c) => c.trim());
const COUNTRIES = "US GB DE FR ES IT NL SE PL CZ HU RO BR AR MX CO CA AU JP KR TH PH RU UA".split(" ");
const GENDERS = ["female", "female", "female", "male", "transgender", "non-binary"];
const HAIR = ["black", "brown", "blonde", "red", "auburn", "grey", "dyed"];
const EYES = ["brown", "blue", "green", "hazel", "grey"];
const BODY = ["slim", "athletic", "average", "curvy", "muscular"];
const ETHNICITY = ["asian", "black", "caucasian", "latina", "middle-eastern", "mixed"];
const LANGUAGES = ["en", "es", "fr", "de", "it", "pt", "ru", "ja", "ko", "pl"];

// ---------------------------------------------------------------------------------------------------------------
// The catalogue.

const ms = (t0: number) => performance.now() - t0;
const secs = (t0: number) => `${(ms(t0) / 1000).toFixed(1)} s`;

/** Names the data a catalogue was made from: the migrations, the generator and its sizes. */
function fingerprint() {
  const h = createHash("sha256");
  for (const f of readdirSync(migrationsFolder).sort())
    if (f.endsWith(".sql")) h.update(f).update(readFileSync(path.join(migrationsFolder, f)));
  h.update(JSON.stringify({ GENERATOR_VERSION, MOVIES, PERFORMERS }));
  return `marquee bench catalogue ${h.digest("hex").slice(0, 16)}`;
}

async function existingFingerprint(admin: pg.Client): Promise<string | null> {
  const r = await admin.query(
    `SELECT shobj_description(oid, 'pg_database') AS note FROM pg_database WHERE datname = $1`,
    [DB_NAME],
  );
  return r.rowCount ? ((r.rows[0].note as string | null) ?? "") : null;
}

/** Creates `marquee_bench` afresh, migrates it and fills it; returns the generation time in ms. */
async function generate(admin: pg.Client, note: string) {
  const started = performance.now();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  const database = await openDatabase({ url: benchUrl, poolSize: 2 });
  await database.migrate();
  await seedDemo(database.db); // admin, performer, member (with a site membership) and user
  await database.close();

  const c = new pg.Client({ connectionString: benchUrl });
  await c.connect();
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t0 = performance.now();
    const r = await c.query(sql, params);
    console.log(`  ${label}: ${secs(t0)}${r.rowCount ? ` (${r.rowCount.toLocaleString("en")} rows)` : ""}`);
    return r;
  };
  try {
    await c.query(`SET maintenance_work_mem = '512MB'`);
    await c.query(`SET synchronous_commit = off`);
    // Time-ordered ids (uuid v7, DESIGN section 4), made from the row's creation time as the API makes them.
    await c.query(`
      CREATE FUNCTION pg_temp.uuid7(ts timestamptz) RETURNS uuid LANGUAGE sql VOLATILE AS $$
        SELECT (lpad(to_hex(floor(extract(epoch FROM ts) * 1000)::bigint), 12, '0') || '7'
          || substr(md5(random()::text), 1, 3) || substr('89ab', 1 + floor(random() * 4)::int, 1)
          || substr(md5(random()::text), 1, 15))::uuid
      $$`);
    // A skewed pick from an array: the first elements are the most common (power 1 is uniform).
    await c.query(`
      CREATE FUNCTION pg_temp.pick(arr anyarray, skew float8) RETURNS anyelement LANGUAGE sql VOLATILE AS $$
        SELECT arr[1 + floor(power(random(), skew) * cardinality(arr))::int]
      $$`);
    const passwordHash = await hashPassword(DEMO_PASSWORD);

    await step(
      `${PERFORMERS.toLocaleString("en")} performer accounts`,
      `INSERT INTO users (id, username, email, name, password_hash, role, status, verified_email, bio, country,
         gender, created_at, updated_at)
       SELECT pg_temp.uuid7(ts), lower(f || '_' || l || '_' || g), 'performer' || g || '@bench.marquee.local',
         f || ' ' || l, $1, 'performer', 'active', true,
         f || ' is a ' || pg_temp.pick($5::text[], 1) || ' performer from ' || pg_temp.pick($6::text[], 1)
           || ' who loves ' || pg_temp.pick($7::text[], 1.5) || ' and ' || pg_temp.pick($7::text[], 1.5) || '.',
         pg_temp.pick($8::text[], 1.5), pg_temp.pick($9::text[], 1), ts, ts
       FROM (SELECT g, pg_temp.pick($3::text[], 1.4) AS f, pg_temp.pick($4::text[], 1.2) AS l,
               now() - interval '6 years' + (g::float8 / $2) * interval '6 years' AS ts
             FROM generate_series(1, $2::int) g OFFSET 0) s`,
      [passwordHash, PERFORMERS, FIRST, LAST, ADJECTIVES, PLACES, NOUNS, COUNTRIES, GENDERS],
    );
    await step(
      "performer profiles",
      `INSERT INTO performers (id, languages, ethnicity, body_type, hair_color, eye_color, height,
         sexual_orientation, monthly_price_cents, yearly_price_cents, status, views, likes, created_at, updated_at)
       SELECT id, ARRAY[pg_temp.pick($1::text[], 2)], pg_temp.pick($2::text[], 1), pg_temp.pick($3::text[], 1),
         pg_temp.pick($4::text[], 1.3), pg_temp.pick($5::text[], 1.3), (150 + floor(random() * 45))::int || ' cm',
         pg_temp.pick(ARRAY['straight','bisexual','gay','lesbian'], 1.5), 499 + floor(random() * 20)::int * 100,
         4999 + floor(random() * 10)::int * 1000, 'active', floor(power(random(), 3) * 2000000)::int,
         floor(power(random(), 3) * 50000)::int, created_at, created_at
       FROM users WHERE email LIKE '%@bench.marquee.local'`,
      [LANGUAGES, ETHNICITY, BODY, HAIR, EYES],
    );
    await step(
      `${CATEGORIES.length} categories`,
      `INSERT INTO categories (id, name, slug, "group", description, ordering, status)
       SELECT pg_temp.uuid7(now()), name, lower(regexp_replace(name, '[^A-Za-z0-9]+', '-', 'g')), 'video',
         name || ' movies', ord::int, 'active'
       FROM unnest($1::text[]) WITH ORDINALITY AS t(name, ord)`,
      [CATEGORIES],
    );

    // Secondary indexes are built once after the load (their definitions read from the catalogue, so they stay
    // exactly as the migration made them); the primary key stays and takes ids in ascending order.
    const { rows: indexes } = await c.query<{ name: string; def: string }>(
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
       WHERE i.schemaname = 'public' AND i.tablename = 'videos'
         AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname)`,
    );
    for (const i of indexes) await c.query(`DROP INDEX ${i.name}`);

    // Movies in the order they were released (as a real table grows), in chunks to show progress. Arrays of ids
    // are parameters, so each pick is one subscript.
    const performerIds = (
      await c.query<{ id: string }>(`SELECT id FROM users WHERE email LIKE '%@bench.marquee.local' ORDER BY created_at`)
    ).rows.map((r) => r.id);
    const categoryIds = (
      await c.query<{ id: string }>(`SELECT id FROM categories WHERE "group" = 'video' ORDER BY ordering`)
    ).rows.map((r) => r.id);
    const chunk = 100_000;
    const tLoad = performance.now();
    for (let from = 1; from <= MOVIES; from += chunk) {
      const to = Math.min(MOVIES, from + chunk - 1);
      const t0 = performance.now();
      await c.query(
        `INSERT INTO videos (id, slug, title, description, tags, access, price_cents, status, listed, scheduled_at,
           released_at, performer_ids, category_ids, created_by, processing_status, media_key, duration_sec, width,
           height, thumbnail_key, teaser_key, views, likes, favourites, comments, created_at, updated_at)
         SELECT id, lower(regexp_replace(title, '[^A-Za-z0-9]+', '-', 'g')) || '-' || g, title,
           'A ' || pg_temp.pick($3::text[], 1.6) || ' ' || pg_temp.pick($4::text[], 1.8) || ' in '
             || pg_temp.pick($5::text[], 1.3) || ': ' || lower(split_part(title, ' ', 1)) || ' '
             || pg_temp.pick($4::text[], 1.5) || ' ' || pg_temp.pick($7::text[], 1) || ' a '
             || pg_temp.pick($3::text[], 1.5) || ' ' || pg_temp.pick($4::text[], 1.5) || ', and nothing is '
             || pg_temp.pick($3::text[], 1.5) || ' again. Filmed in ' || pg_temp.pick($5::text[], 1) || '.',
           ARRAY(SELECT DISTINCT pg_temp.pick($8::text[], 1.5) FROM generate_series(1, 2 + g % 3)),
           access, CASE access WHEN 'sale' THEN 199 + floor(random() * 48)::int * 100 ELSE 0 END,
           status, status = 'active' AND processing = 'ready', sched, coalesce(sched, created),
           CASE WHEN p2 IS NULL OR p2 = p1 THEN ARRAY[p1] ELSE ARRAY[p1, p2] END,
           ARRAY(SELECT DISTINCT pg_temp.pick($10::uuid[], 1) FROM generate_series(1, 1 + (g / 3) % 3)),
           p1, processing, 'private/videos/' || id, 60 + floor(random() * 3000), 1280, 720,
           'public/videos/' || id || '/thumb', 'public/videos/' || id || '/teaser.mp4',
           views, floor(views * random() * 0.05)::int, floor(views * random() * 0.01)::int,
           floor(power(random(), 4) * 200)::int, created, created
         FROM (
           SELECT *, pg_temp.uuid7(created) AS id,
             CASE WHEN r_access < 0.4 THEN 'free' WHEN r_access < 0.85 THEN 'members' ELSE 'sale' END AS access
           FROM (
             SELECT g, now() - interval '5 years' + ((g - 1 + random()) / $6) * interval '5 years' AS created,
               -- announced movies were made in the last weeks, like the rows around them
               CASE WHEN g > $6 - 50000 AND g % 50 = 7 THEN now() + random() * interval '30 days' END AS sched,
               pg_temp.pick($9::uuid[], 1.3) AS p1,
               CASE WHEN g % 4 = 0 THEN pg_temp.pick($9::uuid[], 1) END AS p2,
               initcap(pg_temp.pick($3::text[], 1.6)) || ' ' || initcap(pg_temp.pick($4::text[], 1.8))
                 || CASE g % 5 WHEN 0 THEN ' in ' || pg_temp.pick($5::text[], 1.3)
                               WHEN 1 THEN ' ' || (2 + g % 4)::text ELSE '' END AS title,
               random() AS r_access,
               CASE g % 100 WHEN 13 THEN 'draft' WHEN 81 THEN 'inactive' ELSE 'active' END AS status,
               CASE g % 100 WHEN 47 THEN 'processing' ELSE 'ready' END AS processing,
               floor(power(random(), 3) * 500000)::int AS views
             FROM generate_series($1::int, $2::int) g OFFSET 0) a
           OFFSET 0) b`,
        [from, to, ADJECTIVES, NOUNS, PLACES, MOVIES, VERBS, TAGS, performerIds, categoryIds],
      );
      console.log(`  movies ${from.toLocaleString("en")}..${to.toLocaleString("en")}: ${secs(t0)}`);
    }
    console.log(`  ${MOVIES.toLocaleString("en")} movies loaded: ${secs(tLoad)}`);
    for (const i of indexes) await step(`index ${i.name}`, i.def);
    await step(
      "performer movie counts",
      `UPDATE performers p SET videos_count = n.n FROM (
         SELECT unnest(performer_ids) AS id, count(*)::int AS n FROM videos WHERE listed GROUP BY 1) n
       WHERE p.id = n.id`,
    );
    // As autovacuum would have by now on a live site: statistics, and the visibility map for index-only scans.
    await step("VACUUM ANALYZE", "VACUUM ANALYZE");
    await admin.query(`COMMENT ON DATABASE ${DB_NAME} IS '${note}'`);
  } finally {
    await c.end();
  }
  return ms(started);
}

/** The commit the API runs from, and whether its sources differ from it. */
function sourceState() {
  try {
    const git = (args: string[]) =>
      execFileSync("git", args, {
        cwd: path.dirname(migrationsFolder),
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      });
    const head = git(["rev-parse", "--short", "HEAD"]).trim();
    const dirty = git(["status", "--porcelain", "--", "../..", "../../../packages/contracts"]).trim();
    return dirty ? `${head} with uncommitted changes` : head;
  } catch {
    return "an unknown revision";
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Load.

/** `target` is a URL, or a function giving the next one (a mix of searches, so no cache can answer them all). */
async function load(
  target: string | (() => string),
  seconds: number,
  connections = CONNECTIONS,
  headers?: Record<string, string>,
) {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const url = typeof target === "string" ? target : target();
        const t0 = performance.now();
        try {
          if ((await httpGet(url, headers)) === 200) latencies.push(performance.now() - t0);
          else errors++;
        } catch {
          errors++;
        }
      }
    }),
  );
  // Requests still running at the deadline finish after it: the rate is over the time really taken.
  return summarize(latencies, (performance.now() - started) / 1000, errors);
}

/**
 * The load client: node:http over kept-alive connections, one per simulated visitor. It costs this process about
 * half of what `fetch` does per request, CPU the API and PostgreSQL share on one machine (pgbench, its own client,
 * is in C).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
function httpGet(url: string, headers?: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.on("error", reject);
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.resume();
    });
    req.on("error", reject);
  });
}

type Run = ReturnType<typeof summarize>;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? ((s[(s.length - 1) >> 1] as number) + (s[s.length >> 1] as number)) / 2 : Number.NaN;
};
function summarize(latencies: number[], seconds: number, errors: number) {
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN;
  return { rps: latencies.length / seconds, p50: q(0.5), p99: q(0.99), errors, latencies, seconds };
}

// CPU time each side spends per request, from /proc (Linux): on a shared machine this shows the cost of a search
// even when other work stretches the latencies.
const CLK_TCK = 100; // USER_HZ on every Linux architecture Node runs on

function cpuMsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK; // utime + stime
  } catch {
    return null;
  }
}

async function cpuSnapshot(db: pg.Client, apiPid: number) {
  const { rows } = await db.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
    [DB_NAME],
  );
  const backends = new Map(rows.map((r) => [r.pid, cpuMsOf(r.pid)]));
  return { api: cpuMsOf(apiPid), backends, client: process.cpuUsage() };
}

/** CPU ms per request of the API process, the PostgreSQL backends serving it, and this client. */
async function cpuPerRequest(
  db: pg.Client,
  apiPid: number,
  before: Awaited<ReturnType<typeof cpuSnapshot>>,
  n: number,
) {
  const after = await cpuSnapshot(db, apiPid);
  let pgMs = 0;
  // A backend that ended in between cannot be read any more; a new one starts from zero.
  for (const [pid, ms] of after.backends) if (ms !== null) pgMs += Math.max(0, ms - (before.backends.get(pid) ?? 0));
  const client = process.cpuUsage(before.client);
  return {
    api: before.api === null || after.api === null ? Number.NaN : (after.api - before.api) / n,
    pg: pgMs / n,
    client: (client.user + client.system) / 1000 / n,
  };
}

interface Page {
  data: { _id: string }[];
  total: number;
  totalCapped: boolean;
  next: string | null;
}

async function getPage(url: string): Promise<Page> {
  const res = await fetch(url);
  const body = await res.text();
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${body.slice(0, 500)}`);
  return JSON.parse(body) as Page;
}

// ---------------------------------------------------------------------------------------------------------------
// Plans: the SQL the search issues, captured from the driver of an in-process app on the same database, then
// explained with ANALYZE and BUFFERS.

interface Captured {
  text: string;
  values: unknown[];
}

// biome-ignore lint/suspicious/noExplicitAny: patching the driver's query method
const clientProto = pg.Client.prototype as any;
let capturing: Captured[] | null = null;
const originalQuery = clientProto.query;
clientProto.query = function (this: pg.Client, config: unknown, values?: unknown, ...rest: unknown[]) {
  if (capturing) {
    const text = typeof config === "string" ? config : (config as { text?: string })?.text;
    const vals = Array.isArray(values) ? values : ((config as { values?: unknown[] })?.values ?? []);
    // Not the job queue's polling, which runs beside the requests (pg-boss, schema `pgboss`).
    if (text && !/\bpgboss\./.test(text)) capturing.push({ text, values: vals });
  }
  return originalQuery.call(this, config, values, ...rest);
};

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: PlanNode[];
}

/** The chain of first children from the top, e.g. `Limit > Index Scan Backward using videos_newest_idx`. */
function describe(node: PlanNode, depth = 0): string {
  const name = [
    node["Node Type"],
    node["Index Name"] ? `using ${node["Index Name"]}` : "",
    node["Relation Name"] && !node["Index Name"] ? `on ${node["Relation Name"]}` : "",
    `(${node["Actual Rows"]} rows)`,
  ]
    .filter(Boolean)
    .join(" ");
  const child = node.Plans?.[0];
  return child && depth < 5 ? `${name} > ${describe(child, depth + 1)}` : name;
}

type App = Awaited<ReturnType<typeof buildApp>>;
interface Explained {
  sql: string;
  values: unknown[];
  planMs: number;
  runMs: number;
  buffers: number;
  shape: string;
}

/** Serves `url` in process, capturing every statement it issues. */
async function captureRequest(app: App, url: string, headers?: Record<string, string>) {
  capturing = [];
  try {
    const res = await app.inject({ method: "GET", url, headers });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return capturing;
  } finally {
    capturing = null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// pgbench: the same statements, run by PostgreSQL's own load client.

/** A value as the driver sends it, written into the statement as a literal of unknown type (as a parameter is). */
function literal(value: unknown): string {
  const v = pgUtils.prepareValue(value) as string | null;
  return v === null ? "NULL" : `'${String(v).replaceAll("'", "''")}'`;
}

/** The statements of one request as a pgbench script (simple protocol: the values written in). */
function pgbenchScript(statements: Captured[]): string {
  return statements
    .map((q) => `${q.text.replace(/\$(\d+)(?!\d)/g, (_, n) => literal(q.values[Number(n) - 1]))};\n`)
    .join("");
}

const execFileAsync = promisify(execFile);

/** pgbench over `scripts` (picked at random, equal weights) for `seconds`: transactions and their rate. */
async function pgbench(scripts: string[], seconds: number, clients: number) {
  const { stdout } = await execFileAsync(
    PGBENCH,
    [
      "-n",
      "-c",
      String(clients),
      "-j",
      String(Math.min(clients, cpus().length)),
      "-T",
      String(seconds),
      ...scripts.flatMap((f) => ["-f", `${f}@1`]),
      benchUrl,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1]);
  const done = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1]);
  const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
  if (!Number.isFinite(tps) || !Number.isFinite(done)) throw new Error(`pgbench printed no rate:\n${stdout}`);
  return { tps, done, failed, seconds: tps > 0 ? done / tps : seconds };
}

/** Explains each statement a request issues with ANALYZE and BUFFERS. */
async function explainRequest(app: App, c: pg.Client, url: string, headers?: Record<string, string>) {
  const queries = (await captureRequest(app, url, headers)).filter((q) => /^\s*(select|with)\b/i.test(q.text));
  const out: Explained[] = [];
  for (const q of queries) {
    const r = await c.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${q.text}`, q.values);
    const plan = r.rows[0]["QUERY PLAN"][0] as { Plan: PlanNode; "Planning Time": number; "Execution Time": number };
    out.push({
      sql: q.text,
      values: q.values,
      planMs: plan["Planning Time"],
      runMs: plan["Execution Time"],
      buffers: (plan.Plan["Shared Hit Blocks"] ?? 0) + (plan.Plan["Shared Read Blocks"] ?? 0),
      shape: describe(plan.Plan),
    });
  }
  return out;
}

async function printExplained(label: string, list: Explained[], c: pg.Client) {
  console.log(`  ${label} (${list.length} queries):`);
  for (const q of list) {
    console.log(
      `    plan ${q.planMs.toFixed(2)} ms + run ${q.runMs.toFixed(2)} ms, ${q.buffers} buffers: ${q.shape}\n      ${q.sql.replace(/\s+/g, " ").slice(0, 90)}...`,
    );
    if (values["explain-plans"]) {
      const text = await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.values);
      console.log(`      SQL: ${q.sql}\n      values: ${JSON.stringify(q.values)}`);
      for (const row of text.rows) console.log(`      ${row["QUERY PLAN"]}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
// One run at a time: a second run would drop the database under the first. The lock lasts as long as `admin`.
const RUN_LOCK = 7244530101;
if (!(await admin.query("SELECT pg_try_advisory_lock($1) AS ok", [RUN_LOCK])).rows[0].ok) {
  console.log(`Another bench:catalogue run is using ${DB_NAME}; waiting for it to finish...`);
  await admin.query("SELECT pg_advisory_lock($1)", [RUN_LOCK]);
}
const note = fingerprint();
const have = await existingFingerprint(admin);
if (values.reuse && have === note) {
  console.log(`Reusing the catalogue in ${DB_NAME} (${note}).`);
} else {
  if (values.reuse)
    console.log(`--reuse: ${DB_NAME} ${have === null ? "does not exist" : "was made from other migrations or sizes"}.`);
  console.log(
    `Generating ${MOVIES.toLocaleString("en")} movies and ${PERFORMERS.toLocaleString("en")} performers in ${DB_NAME}:`,
  );
  const took = await generate(admin, note);
  console.log(`Catalogue generated in ${(took / 1000).toFixed(1)} s.`);
}
if (values["generate-only"]) {
  await admin.end();
  process.exit(0);
}

const c = new pg.Client({ connectionString: benchUrl });
await c.connect();
const stats = await c.query<{ movies: number; listed: number; size: string }>(
  `SELECT count(*)::int AS movies, count(*) FILTER (WHERE listed)::int AS listed,
     pg_size_pretty(pg_total_relation_size('videos')) AS size FROM videos`,
);
const st = stats.rows[0] as { movies: number; listed: number; size: string };
// Filter values a visitor would pick: a mid-list category, the busiest performer, a common title word.
const category = (
  await c.query<{ id: string; name: string }>(
    `SELECT id, name FROM categories WHERE "group" = 'video' ORDER BY ordering OFFSET 4 LIMIT 1`,
  )
).rows[0] as { id: string; name: string };
const performer = (
  await c.query<{ id: string; name: string; n: number }>(
    `SELECT p.id, u.name, p.videos_count AS n FROM performers p JOIN users u ON u.id = p.id
     ORDER BY p.videos_count DESC LIMIT 1`,
  )
).rows[0] as { id: string; name: string; n: number };
const word = NOUNS[0] as string;
const tag = TAGS[0] as string;

const mediaDir = await mkdtemp(path.join(tmpdir(), "marquee-bench-catalogue-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env: Record<string, string | undefined> = {
  ...process.env,
  DATABASE_URL: benchUrl,
  API_PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: mediaDir,
  // Production mode wants the public URL; nothing here mails or renders links.
  PUBLIC_URL: "http://127.0.0.1",
  // Nothing is sold here.
  PAYMENT_GATEWAY: "sandbox",
  LOG_LEVEL: "warn",
  SEED_DEMO: "false",
  // The search itself is measured: visitors' answers are not reused (API_LIST_CACHE_MS, 1 s by default), else the
  // fixed searches below would measure that cache.
  API_LIST_CACHE_MS: "0",
  NODE_ENV: "production",
};
// The fabricated movies name thumbnails that were never stored. A site's first start looks for missing thumbnail
// sizes once and marks them done (videos/media.ts); the bench's fresh media folder starts as such a site's would
// after that, rather than measuring a million-file scan beside the searches.
const marker = path.join(mediaDir, "media", THUMB_SIZES_MARKER);
await mkdir(path.dirname(marker), { recursive: true });
await writeFile(marker, THUMB_SPECS.map((s) => s.name).join(","));
const api = startApi(env);
// Never leave the API running: Ctrl-C, a closed pipe or a crash of this script stops it too.
process.once("exit", () => api.exitCode === null && api.kill("SIGKILL"));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
const search = "/user/assets/videos/search";
const MEMBER_LABEL = "page 1, newest, as member";
let inProcess: { app: App; database: Awaited<ReturnType<typeof openDatabase>> } | null = null;
try {
  await waitFor(`${base}/health`, api);
  const token = (
    (await (
      await fetch(`${base}/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "member", password: DEMO_PASSWORD }),
      })
    ).json()) as { token: string }
  ).token;

  // The deep page: follow `next` from the first page, as a visitor scrolling far would.
  const tWalk = performance.now();
  let deep = `${search}?limit=${LIMIT}`;
  for (let i = 1; i < DEPTH; i++) {
    const page = await getPage(`${base}${deep}`);
    if (!page.next) break;
    deep = `${search}?limit=${LIMIT}&cursor=${encodeURIComponent(page.next)}`;
  }
  const walkMs = ms(tWalk);
  const deepRow = (DEPTH - 1) * LIMIT;

  // A mix of searches as many visitors make them: a random performer, category (with or without an access kind),
  // word or tag each time, in different sorts. No two consecutive requests are likely to be the same.
  const someArtists = (
    await c.query<{ id: string }>("SELECT id FROM performers TABLESAMPLE SYSTEM (10) LIMIT 1000")
  ).rows.map((r) => r.id);
  const allCategories = (await c.query<{ id: string }>(`SELECT id FROM categories WHERE "group" = 'video'`)).rows.map(
    (r) => r.id,
  );
  const any = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)] as T;
  const sorts = ["newest", "popular", "oldest", "price"];
  const mixedSearch = () => {
    const r = Math.random();
    const sortBy = any(sorts);
    const p = `${search}?limit=${LIMIT}&sortBy=${sortBy}`;
    if (r < 0.25) return { kind: `performer, ${sortBy}`, path: `${p}&performerIds=${any(someArtists)}` };
    if (r < 0.5) {
      const access = Math.random() < 0.5 ? any(["free", "members", "sale"]) : null;
      return {
        kind: `category${access ? ` + ${access}` : ""}, ${sortBy}`,
        path: `${p}&categoryIds=${any(allCategories)}${access ? `&access=${access}` : ""}`,
      };
    }
    if (r < 0.7)
      return { kind: `q, ${sortBy}`, path: `${p}&q=${encodeURIComponent(any([...NOUNS, ...ADJECTIVES, ...PLACES]))}` };
    if (r < 0.85) {
      const access = Math.random() < 0.5 ? any(["free", "members", "sale"]) : null;
      return {
        kind: `tag${access ? ` + ${access}` : ""}, ${sortBy}`,
        path: `${p}&tags=${any(TAGS)}${access ? `&access=${access}` : ""}`,
      };
    }
    return { kind: `no filter, ${sortBy}`, path: p };
  };
  const mixed = () => `${base}${mixedSearch().path}`;

  const scenarios: { label: string; url: string; mix?: () => string }[] = [
    { label: "page 1, newest", url: `${search}?limit=${LIMIT}` },
    {
      label: `category "${category.name}" + members`,
      url: `${search}?limit=${LIMIT}&categoryIds=${category.id}&access=members`,
    },
    { label: `performer (${performer.n} movies)`, url: `${search}?limit=${LIMIT}&performerIds=${performer.id}` },
    { label: `q=${word}`, url: `${search}?limit=${LIMIT}&q=${word}` },
    { label: `tags=${tag}, price`, url: `${search}?limit=${LIMIT}&tags=${tag}&sortBy=price` },
    { label: "popular", url: `${search}?limit=${LIMIT}&sortBy=popular` },
    { label: `deep: cursor at row ${deepRow.toLocaleString("en")}`, url: deep },
    {
      label: `deep: offset ${deepRow.toLocaleString("en")} (compare)`,
      url: `${search}?limit=${LIMIT}&offset=${deepRow}`,
    },
    { label: "mixed filters and sorts (a random one each time)", url: "", mix: mixed },
  ];
  for (const s of scenarios) {
    if (s.mix) continue;
    const page = await getPage(`${base}${s.url}`);
    s.label += ` [${page.total}${page.totalCapped ? "+" : ""} found]`;
  }

  // The statements each search issues, captured from an app in this process on the same database (the API's code
  // and settings), for pgbench to run. Each is captured the second time it is asked, as the API runs it under load:
  // the planner estimate and the count of its filter are then held (reading.ts). In the mix the API meets some
  // filters for the first time, with their counts to make: pgbench's side is the cheaper one, the ratio a floor.
  const database = await openDatabase({ url: benchUrl, poolSize: 2 });
  const config = loadConfig({ ...env, NODE_ENV: "test", LOG_LEVEL: "silent", MEDIA_DIR: mediaDir });
  inProcess = {
    database,
    app: await buildApp({ config, database, mailer: createMemoryMailer(), geoip: await openGeoIp() }),
  };
  const app = inProcess.app;
  await app.ready();
  const scriptDir = path.join(mediaDir, "pgbench");
  await mkdir(scriptDir, { recursive: true });
  const memberHeaders = { authorization: `Bearer ${token}` };
  const scriptsOf = new Map<string, string[]>();
  let scriptCount = 0;
  const writeScript = async (statements: Captured[]) => {
    const file = path.join(scriptDir, `search-${++scriptCount}.sql`);
    await writeFile(file, pgbenchScript(statements));
    return file;
  };
  const statementCounts: string[] = [];
  for (const s of [...scenarios, { label: MEMBER_LABEL, url: scenarios[0]?.url ?? "", member: true }]) {
    if ("mix" in s && s.mix) {
      const files: string[] = [];
      let n = 0;
      for (let i = 0; i < PGBENCH_MIX_SAMPLES; i++) {
        const url = s.mix();
        await captureRequest(app, url);
        const statements = await captureRequest(app, url);
        n += statements.length;
        files.push(await writeScript(statements));
      }
      scriptsOf.set(s.label, files);
      statementCounts.push(`mix ${(n / PGBENCH_MIX_SAMPLES).toFixed(1)} on average`);
    } else {
      const headers = "member" in s ? memberHeaders : undefined;
      await captureRequest(app, s.url, headers);
      const statements = await captureRequest(app, s.url, headers);
      scriptsOf.set(s.label, [await writeScript(statements)]);
      statementCounts.push(`${s.label.replace(/ \[.*\]$/, "")} ${statements.length}`);
    }
  }

  const [load1] = loadavg();
  console.log(
    `\nMachine: ${cpus().length} cores, load average ${load1?.toFixed(1)} before the run (other work skews the figures). ` +
      `API at ${sourceState()}.`,
  );
  console.log(
    `Movie search: ${st.movies.toLocaleString("en")} movies (${st.listed.toLocaleString("en")} listed, videos ${st.size}), ` +
      `${PERFORMERS.toLocaleString("en")} performers; ${CONNECTIONS} connections, ${SECONDS} s each, ${LIMIT} per page; ` +
      `API, PostgreSQL and this client on one machine. Cursor walk to row ${deepRow.toLocaleString("en")}: ` +
      `${DEPTH} pages in ${(walkMs / 1000).toFixed(1)} s.`,
  );
  // Warm-up: the JIT compiles the search path and PostgreSQL's caches fill before anything is measured.
  await load(`${base}/health`, 2);
  await load(mixed, 5);
  await load(`${base}${scenarios[0]?.url}`, 2);
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (x: number, d = 1) => x.toFixed(d).padStart(8);
  const healthBefore = await cpuSnapshot(c, api.pid);
  const health = await load(`${base}/health`, SECONDS);
  const healthCpu = await cpuPerRequest(c, api.pid, healthBefore, health.rps * SECONDS);
  const cpuCols = (x: { api: number; pg: number; client: number }) =>
    `${num(x.api, 2)} ${num(x.pg, 2)} ${num(x.client, 2)}`;
  console.log(
    `\n  ${pad("", 52)} ${"".padStart(26)} ${"/health beside".padStart(17)} ${"CPU ms per request".padStart(26)} ${"pgbench beside".padStart(17)}\n` +
      `  ${pad("request", 52)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"req/s".padStart(8)} ${"ratio".padStart(8)} ${"API".padStart(8)} ${"Postgres".padStart(8)} ${"client".padStart(8)} ${"tps".padStart(8)} ${"ratio".padStart(8)} errors`,
  );
  console.log(
    `  ${pad("/health (reference)", 52)} ${num(health.rps, 0)} ${num(health.p50)} ${num(health.p99)} ${"".padStart(17)} ${cpuCols(healthCpu)} ${"".padStart(17)} ${String(health.errors).padStart(6)}`,
  );
  const results: Record<string, Run> = {};
  // The same first page for a logged-in member: the token is checked and the viewer's entitlements read.
  const runs = [...scenarios, { label: MEMBER_LABEL, url: scenarios[0]?.url ?? "", member: true }];
  for (const s of runs) {
    const headers = "member" in s ? { authorization: `Bearer ${token}` } : undefined;
    const target = "mix" in s && s.mix ? s.mix : `${base}${s.url}`;
    await load(target, 1, CONNECTIONS, headers); // warm-up
    // In slices of 2 s, each after 1 s of /health and followed by 2 s of pgbench running the same statements with
    // as many clients: the ratios compare them under the same machine load, however the rest of the machine's work
    // comes and goes.
    const lat: number[] = [];
    const hLat: number[] = [];
    let secs = 0;
    let hSecs = 0;
    let errors = 0;
    const cpu = { api: 0, pg: 0, client: 0 };
    const sql = { done: 0, seconds: 0, failed: 0 };
    const scripts = scriptsOf.get(s.label) ?? [];
    for (let done = 0; done < SECONDS; done += 2) {
      const h = await load(`${base}/health`, 1);
      hLat.push(...h.latencies);
      hSecs += h.seconds;
      const before = await cpuSnapshot(c, api.pid);
      const r = await load(target, Math.min(2, SECONDS - done), CONNECTIONS, headers);
      const used = await cpuPerRequest(c, api.pid, before, 1);
      for (const k of ["api", "pg", "client"] as const) cpu[k] += used[k];
      lat.push(...r.latencies);
      secs += r.seconds;
      errors += r.errors;
      const b = await pgbench(scripts, Math.min(2, SECONDS - done), CONNECTIONS);
      sql.done += b.done;
      sql.seconds += b.seconds;
      sql.failed += b.failed;
    }
    const tps = sql.done / sql.seconds;
    const run = summarize(lat, secs, errors);
    const beside = summarize(hLat, hSecs, 0);
    for (const k of ["api", "pg", "client"] as const) cpu[k] /= lat.length;
    results[s.label] = { ...run, healthRps: beside.rps, pgbenchTps: tps } as Run;
    console.log(
      `  ${pad(s.label, 52)} ${num(run.rps, 0)} ${num(run.p50)} ${num(run.p99)} ${num(beside.rps, 0)} ${(run.rps / beside.rps).toFixed(2).padStart(8)} ${cpuCols(cpu)} ${num(tps, 0)} ${(run.rps / tps).toFixed(2).padStart(8)} ${String(run.errors).padStart(6)}${sql.failed ? ` (pgbench: ${sql.failed} failed)` : ""}`,
    );
  }

  console.log(
    `  pgbench: ${PGBENCH} -M simple, ${CONNECTIONS} clients, the statements an in-process app issued for the same ` +
      `request (values written in); the mix as ${PGBENCH_MIX_SAMPLES} scripts of sampled searches, picked at random.` +
      `\n  Statements per request: ${statementCounts.join("; ")}.`,
  );
  const first = results[scenarios[0]?.label ?? ""];
  const deepR = results[scenarios.find((s) => s.label.startsWith("deep: cursor"))?.label ?? ""];
  // The budgets hold for every search; the offset page is there only for comparison.
  const filtered = scenarios.filter((s) => !s.label.includes("offset")).map((s) => results[s.label]);
  const worstP99 = Math.max(...filtered.map((r) => r?.p99 ?? Number.NaN));
  const worstRatio = Math.min(...filtered.map((r) => (r?.rps ?? 0) / ((r as { healthRps?: number })?.healthRps ?? 1)));
  console.log("\nBudgets (DESIGN section 10):");
  console.log(
    `  p99 <= 20 ms at ${CONNECTIONS} connections: worst search p99 ${worstP99.toFixed(1)} ms (${(worstP99 / 20).toFixed(2)}x the budget)`,
  );
  console.log(
    `  req/s >= 30% of /health: lowest search ratio ${(worstRatio * 100).toFixed(0)}% (${(worstRatio / 0.3).toFixed(2)}x the budget)`,
  );
  // Issue 26: the search at half the rate of its own SQL or more (the offset page is there only for comparison).
  const sqlRatios = runs
    .filter((s) => !s.label.includes("offset"))
    .map((s) => {
      const r = results[s.label] as (Run & { pgbenchTps: number }) | undefined;
      return { label: s.label, ratio: r ? r.rps / r.pgbenchTps : Number.NaN };
    });
  const worstSql = sqlRatios.reduce((a, b) => (b.ratio < a.ratio ? b : a));
  console.log(
    `  req/s >= 0.5 of pgbench running the same statements: lowest ${worstSql.ratio.toFixed(2)} (${worstSql.label}), ` +
      `median ${median(sqlRatios.map((r) => r.ratio)).toFixed(2)}`,
  );
  if (first && deepR) {
    // Side by side, half the connections each: both see the same machine, whatever else runs on it.
    const deepUrl = scenarios.find((s) => s.label.startsWith("deep: cursor"))?.url ?? "";
    const [a, b] = await Promise.all([
      load(`${base}${scenarios[0]?.url}`, SECONDS, CONNECTIONS / 2),
      load(`${base}${deepUrl}`, SECONDS, CONNECTIONS / 2),
    ]);
    console.log(
      `  deep page through the cursor <= 2x page 1, side by side (${CONNECTIONS / 2} connections each): ` +
        `p50 ${(b.p50 / a.p50).toFixed(2)}x (${b.p50.toFixed(1)} / ${a.p50.toFixed(1)} ms), ` +
        `p99 ${(b.p99 / a.p99).toFixed(2)}x (${b.p99.toFixed(1)} / ${a.p99.toFixed(1)} ms); ` +
        `from the table above, one after the other: p50 ${(deepR.p50 / first.p50).toFixed(2)}x, p99 ${(deepR.p99 / first.p99).toFixed(2)}x`,
    );
  }

  // Unloaded latency: what one request costs when nothing waits in line (the figures above include queueing).
  console.log("\nOne connection, 3 s each (cost of a request without queueing):");
  for (const s of scenarios) {
    const r = await load(s.mix ?? `${base}${s.url}`, 3, 1);
    console.log(`  ${pad(s.label, 52)} p50 ${num(r.p50, 2)} ms  p99 ${num(r.p99, 2)} ms`);
  }

  // Plans of the SQL the search issues, on the in-process app over the same database.
  console.log("\nEXPLAIN (ANALYZE, BUFFERS) of the queries each search issues:");
  {
    for (const s of runs) {
      if ("mix" in s) continue;
      const headers = "member" in s ? { authorization: `Bearer ${token}` } : undefined;
      await printExplained(s.label, await explainRequest(app, c, s.url, headers), c);
    }
    // The mix, by kind of search: database time per request (planning + execution of every statement).
    console.log(
      `\n  Mixed searches, ${MIX_SAMPLES} sampled, database time per request by kind (slowest statement shown):`,
    );
    const kinds = new Map<string, { n: number; total: number; worst: number; worstPath: string; worstShape: string }>();
    for (let i = 0; i < MIX_SAMPLES; i++) {
      const m = mixedSearch();
      const list = await explainRequest(app, c, m.path);
      const total = list.reduce((t, q) => t + q.planMs + q.runMs, 0);
      const k = kinds.get(m.kind) ?? { n: 0, total: 0, worst: -1, worstPath: "", worstShape: "" };
      k.n++;
      k.total += total;
      if (total > k.worst) {
        const slowest = list.reduce((a, b) => (b.planMs + b.runMs > a.planMs + a.runMs ? b : a));
        Object.assign(k, { worst: total, worstPath: m.path, worstShape: slowest.shape });
      }
      kinds.set(m.kind, k);
    }
    for (const [kind, k] of [...kinds].sort((a, b) => b[1].total / b[1].n - a[1].total / a[1].n)) {
      console.log(
        `    ${pad(kind, 34)} n=${String(k.n).padStart(3)} mean ${num(k.total / k.n, 2)} ms, max ${num(k.worst, 2)} ms\n      ${k.worstPath.replace(search, "")}\n      ${k.worstShape}`,
      );
    }
  }
} finally {
  await inProcess?.app.close();
  await inProcess?.database.close();
  await stop(api);
  await c.end();
  await admin.end();
  await rm(mediaDir, { recursive: true, force: true });
}
