/**
 * What the ledger's crash test (modules/commerce/ledger/ledger.crash.test.ts) and its benchmark (bench/payments.ts) share:
 * a throwaway PostgreSQL database with buyers, performers and movies for sale, the API as a real `node` process on
 * it, checkouts through that API, the sandbox gateway's signed callbacks posted over loopback, and a check of the
 * whole ledger in SQL against what the gateway's events imply.
 */
import { createHmac, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
// @ts-expect-error plain ESM helper shared with `npm start`
import { freePort, startApi, stop, waitFor } from "../../../scripts/processes.mjs";
import { openDatabase } from "../src/db/client.ts";
import { sessions } from "../src/modules/auth/tables.ts";
import { coupons } from "../src/modules/commerce/coupons/tables.ts";
import {
  createSandboxGateway,
  SANDBOX_SIGNATURE,
  type SandboxCallback,
} from "../src/modules/commerce/gateways/sandbox.ts";
import { performers } from "../src/modules/performers/tables.ts";
import { users } from "../src/modules/users/tables.ts";
import { markVerifiedWithoutDocuments } from "../src/modules/verification/applications.ts";
import { videos } from "../src/modules/videos/tables.ts";
import { uuidv7 } from "../src/platform/ids.ts";
import { hashToken } from "../src/platform/tokens.ts";

/** The coupon some checkouts use: 15% off. */
export const COUPON = { code: "LEDGER15", value: 0.15 } as const;
/** The site's default commission (DESIGN section 5; the settings' default). */
export const DEFAULT_RATE = 0.2;

// ---------------------------------------------------------------------------------------------------------------
// The database.

/** A database of its own on the server at `serverUrl`, migrated; `drop()` removes it. */
export async function throwawayDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return {
    name,
    url,
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface Movie {
  id: string;
  priceCents: number;
  performerIds: string[];
}
export interface Buyer {
  id: string;
  token: string;
}

/**
 * Performers, movies for sale (one to three performers each, prices in odd cents so that shares and commissions
 * round) and buyers with a session each, written straight into the database: registering is throttled per address,
 * and none of this is what is under test.
 */
export async function seedShop(url: string, n: { performers: number; movies: number; buyers: number }) {
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    const db = database.db;
    const tag = randomBytes(3).toString("hex");
    const person = (kind: string, i: number, role: "user" | "performer") => ({
      id: uuidv7(),
      username: `${kind}${tag}${i}`,
      email: `${kind}${tag}${i}@ledger.test`,
      name: `${kind} ${i}`,
      passwordHash: "not-a-password",
      role,
      verifiedEmail: true,
    });
    const performerRows = Array.from({ length: n.performers }, (_, i) => person("performer", i, "performer"));
    await db.insert(users).values(performerRows);
    await db.insert(performers).values(performerRows.map((p) => ({ id: p.id })));
    await markVerifiedWithoutDocuments(
      db,
      performerRows.map((p) => p.id),
      "Test fixture",
    );

    const movies: Movie[] = Array.from({ length: n.movies }, (_, i) => {
      const count = 1 + (i % 3);
      const performerIds = Array.from(
        { length: Math.min(count, n.performers) },
        (_, k) => performerRows[(i + k * 7) % n.performers]?.id as string,
      );
      // 1.01 .. 49.99, never a round figure: 3 performers of 1001 cents get 334, 334 and 333.
      return { id: uuidv7(), priceCents: 101 + ((i * 1237) % 4899), performerIds: [...new Set(performerIds)] };
    });
    for (let i = 0; i < movies.length; i += 500) {
      await db.insert(videos).values(
        movies.slice(i, i + 500).map((m, k) => ({
          id: m.id,
          slug: `ledger-${tag}-${i + k}`,
          title: `Ledger movie ${i + k}`,
          access: "sale" as const,
          priceCents: m.priceCents,
          status: "active" as const,
          listed: true,
          performerIds: m.performerIds,
          createdBy: m.performerIds[0] as string,
          processingStatus: "ready" as const,
          mediaKey: `private/videos/${m.id}`,
          durationSec: 3,
        })),
      );
    }

    const buyerRows = Array.from({ length: n.buyers }, (_, i) => person("buyer", i, "user"));
    const buyers: Buyer[] = buyerRows.map((u) => ({ id: u.id, token: randomBytes(32).toString("base64url") }));
    for (let i = 0; i < buyers.length; i += 500) {
      await db.insert(users).values(buyerRows.slice(i, i + 500));
      await db.insert(sessions).values(
        buyers.slice(i, i + 500).map((b) => ({
          userId: b.id,
          tokenHash: hashToken(b.token),
          expiresAt: new Date(Date.now() + 86_400_000),
        })),
      );
    }
    await db.insert(coupons).values({ code: COUPON.code, value: COUPON.value });
    return { performers: performerRows.map((p) => p.id), movies, buyers };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The API process.

/**
 * The API (apps/api/src/main.ts) as its own `node` process on the database at `url`, in production mode with the
 * sandbox gateway, on a free loopback port. Its sandbox secret is derived from MEDIA_SECRET as app.ts derives it, so
 * `sign` makes callbacks it accepts. `start()` (again after a kill) waits for `/health`.
 */
export async function ledgerApi(url: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "marquee-ledger-"));
  const port: number = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const mediaSecret = randomBytes(24).toString("base64url");
  const env: Record<string, string | undefined> = {
    NODE_ENV: "production",
    PUBLIC_URL: base,
    PAYMENT_GATEWAY: "sandbox",
    DATABASE_URL: url,
    API_PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    MEDIA_SECRET: mediaSecret,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    REDIS_URL: undefined,
  };
  const sandbox = createSandboxGateway({
    secret: createHmac("sha256", mediaSecret).update("marquee:sandbox-gateway").digest("base64url"),
    publicUrl: base,
  });
  let child: ReturnType<typeof startApi> | undefined;
  return {
    base,
    get child(): import("node:child_process").ChildProcess | undefined {
      return child;
    },
    sign: (event: SandboxCallback) => sandbox.signed(event),
    async start() {
      child = startApi(env, { stdio: ["ignore", "inherit", "inherit"] });
      await waitFor(`${base}/health`, child, 60_000);
    },
    /** SIGKILL, as the kernel's OOM killer or a pulled plug would; resolves once the process is gone. */
    async kill() {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const gone = new Promise((r) => c.once("exit", r));
      c.kill("SIGKILL");
      await gone;
    },
    /** The process's resident set, in bytes (Linux). */
    async rss() {
      const { readFile } = await import("node:fs/promises");
      const status = await readFile(`/proc/${child?.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
    },
    async close() {
      await stop(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type LedgerApi = Awaited<ReturnType<typeof ledgerApi>>;

/** Runs `fn` over `items`, `concurrency` at a time, in order of the list. */
export async function inPool<T>(items: readonly T[], concurrency: number, fn: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i] as T, i);
      }
    }),
  );
}

export interface Purchase {
  buyer: Buyer;
  movie: Movie;
  coupon: boolean;
  transactionId: string;
  orderId: string;
  amountCents: number;
}

/** Checkouts through the API (`POST /payment/purchase-video/:id`), as the buyers' clicks make them. */
export async function checkouts(
  api: LedgerApi,
  url: string,
  wanted: Array<{ buyer: Buyer; movie: Movie; coupon: boolean }>,
  concurrency = 8,
): Promise<Purchase[]> {
  const made: Array<Omit<Purchase, "amountCents">> = [];
  // Each buyer clicks from an address of their own, as the proxy in front (trusted on loopback) reports it: one
  // address for every buyer would hit the per-address throttles (coupon tries) that guard against one guesser.
  const addresses = new Map<string, string>();
  const addressOf = (b: Buyer) => {
    let a = addresses.get(b.id);
    if (!a) {
      const n = addresses.size + 1;
      a = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      addresses.set(b.id, a);
    }
    return a;
  };
  await inPool(wanted, concurrency, async (w) => {
    const res = await fetch(`${api.base}/payment/purchase-video/${w.movie.id}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${w.buyer.token}`,
        "content-type": "application/json",
        "x-forwarded-for": addressOf(w.buyer),
      },
      body: JSON.stringify(w.coupon ? { couponCode: COUPON.code.toLowerCase() } : {}),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`checkout of ${w.movie.id}: ${res.status} ${text}`);
    const { transactionId, orderId } = JSON.parse(text) as { transactionId: string; orderId: string };
    made.push({ ...w, transactionId, orderId });
  });
  // What the gateway is asked to take: the transaction's amount, as the database has it.
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: string; amount_cents: number }>("SELECT id, amount_cents FROM transactions");
    const amounts = new Map(rows.map((r) => [r.id, r.amount_cents]));
    return made.map((m) => ({ ...m, amountCents: amounts.get(m.transactionId) as number }));
  } finally {
    await c.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The gateway's side.

/**
 * The sandbox page's callbacks, with the ids it gives them (payments/history.ts, payments/sandbox.ts); those that move
 * money name their currency (the site's, USD in tests), as the page does.
 */
export const events = {
  paid: (p: Purchase, id = `approve:${p.transactionId}`): SandboxCallback => ({
    id,
    type: "paid",
    transactionId: p.transactionId,
    subscriptionRef: `sandbox-sub:${p.transactionId}`,
    amountCents: p.amountCents,
    currency: "USD",
  }),
  declined: (p: Purchase): SandboxCallback => ({
    id: `decline:${p.transactionId}`,
    type: "failed",
    transactionId: p.transactionId,
    subscriptionRef: null,
    amountCents: p.amountCents,
  }),
  refunded: (p: Purchase): SandboxCallback => ({
    id: `refund:${p.transactionId}`,
    type: "refunded",
    transactionId: p.transactionId,
    amountCents: p.amountCents,
    currency: "USD",
  }),
};

export interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** Posts signed callbacks to the sandbox's webhook route over kept-alive loopback connections. */
export function webhookClient(base: string, maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const { hostname, port } = new URL(base);
  const post = (signed: { body: string; signature: string }) =>
    new Promise<Answer>((resolve, reject) => {
      const started = performance.now();
      const req = http.request(
        {
          host: hostname,
          port,
          path: "/payment/webhook/sandbox",
          method: "POST",
          agent,
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(signed.body),
            [SANDBOX_SIGNATURE]: signed.signature,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString("utf8"),
              ms: performance.now() - started,
            }),
          );
        },
      );
      req.on("error", reject);
      req.setTimeout(30_000, () => req.destroy(new Error("no answer within 30 s")));
      req.end(signed.body);
    });
  return { post, close: () => agent.destroy() };
}

/** One delivery of the gateway's: an event posted `copies` times at once (1 by default). */
export interface Delivery {
  event: SandboxCallback;
  copies?: number;
  /**
   * An event this one waits for: it is posted only once that one was answered 200 in this run, as a gateway sends a
   * refund only after the payment went through. Without it, a refund may overtake its payment.
   */
  after?: string;
}

export interface Driven {
  answers: Array<Answer & { id: string }>;
  /** Deliveries that got no answer (the connection refused or cut, e.g. by a kill). */
  errors: string[];
  /** Deliveries not posted: left when `stop()` said so. */
  unsent: number;
}

/**
 * Posts `deliveries` in their order, `concurrency` at a time, through `client`; a delivery whose `after` has not been
 * answered yet goes back in the queue behind the others. `onAnswer` sees each answer as it comes; once `stop()`
 * says so, nothing more is posted.
 */
export async function drive(
  api: Pick<LedgerApi, "sign">,
  client: ReturnType<typeof webhookClient>,
  deliveries: readonly Delivery[],
  opts: { concurrency: number; stop?: () => boolean; onAnswer?: (a: Answer, d: Delivery) => void },
): Promise<Driven> {
  const queue = [...deliveries];
  const ok = new Set<string>();
  const out: Driven = { answers: [], errors: [], unsent: 0 };
  let waiting = 0;
  const worker = async () => {
    for (;;) {
      if (opts.stop?.()) return;
      const d = queue.shift();
      if (!d) return;
      if (d.after && !ok.has(d.after)) {
        queue.push(d);
        // Only deliveries waiting on others left: give those in flight a moment.
        if (++waiting >= queue.length) await new Promise((r) => setTimeout(r, 5));
        continue;
      }
      waiting = 0;
      const signed = api.sign(d.event);
      await Promise.all(
        Array.from({ length: d.copies ?? 1 }, () =>
          client.post(signed).then(
            (a) => {
              out.answers.push({ ...a, id: d.event.id });
              if (a.status === 200) ok.add(d.event.id);
              opts.onAnswer?.(a, d);
            },
            (err: Error) => {
              out.errors.push(`${d.event.id}: ${err.message}`);
            },
          ),
        ),
      );
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  out.unsent = queue.length;
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The check.

/** What the gateway's events say became of a transaction. */
export type Fate = "paid" | "refunded" | "failed";

/**
 * A line's amount shared as DESIGN section 5 and the README document it: equal shares among the line's performers
 * (each once, in their order), the cents that do not divide going one each to the first ones. Written here again on
 * purpose, so the check does not reuse the code it checks.
 */
function expectedShares(totalCents: number, performerIds: string[]): Map<string, number> {
  const ids = [...new Set(performerIds)];
  const base = Math.floor(totalCents / ids.length);
  return new Map(ids.map((id, i) => [id, base + (i < totalCents - base * ids.length ? 1 : 0)]));
}
/** The commission on `gross` at `rate`, rounded half up to the cent. */
const commissionOf = (gross: number, rate: number) => Math.floor((gross * Math.round(rate * 10_000) + 5_000) / 10_000);

export interface LedgerReport {
  /** Broken invariants: what the ledger must never show, whatever was delivered, in what order. */
  invariants: string[];
  /** Transactions the ledger shows otherwise than the gateway's events say (e.g. paid, when refunded). */
  fates: string[];
  counts: Record<string, number>;
}

/**
 * Reads the whole ledger and compares it with `fates` (each transaction's fate by the gateway's events) and `sent`
 * (every event id delivered at least once):
 * - each transaction and its order in the state its events imply, paid ones with `paid_at`;
 * - one stored gateway event per event id sent, none more; one applied `paid` event per transaction paid;
 * - one sale earning per performer of each line of a paid or refunded transaction, none for any other; the shares
 *   add up to the line's total, each with the commission at `rate` and the net, to the cent; one reversal of each
 *   sale earning of a refunded transaction and none of a paid one;
 * - the coupon's use kept by each paid order that had it, and given back by each declined one;
 * - the totals of all earnings equal the paid lines' totals less the commission, computed here.
 */
export async function checkLedger(
  url: string,
  fates: ReadonlyMap<string, Fate>,
  sent: ReadonlySet<string>,
  rate = DEFAULT_RATE,
): Promise<LedgerReport> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const q = async <R extends pg.QueryResultRow>(text: string) => (await c.query<R>(text)).rows;
    // One client: one query at a time.
    const txs = await q<{
      id: string;
      status: string;
      paid_at: Date | null;
      order_id: string;
      order_status: string;
      coupon: boolean;
      uses: string;
    }>(`SELECT t.id, t.status, t.paid_at, o.id AS order_id, o.status AS order_status,
            o.coupon_id IS NOT NULL AS coupon,
            (SELECT count(*) FROM coupon_uses u WHERE u.order_id = o.id) AS uses
          FROM transactions t JOIN orders o ON o.id = t.order_id`);
    const stored = await q<{
      event_id: string;
      type: string;
      outcome: string;
      transaction_id: string | null;
      n: string;
    }>(
      `SELECT event_id, min(type) AS type, min(outcome) AS outcome, min(transaction_id::text) AS transaction_id,
            count(*) AS n
          FROM gateway_events WHERE gateway = 'sandbox' GROUP BY event_id`,
    );
    const lines = await q<{ id: string; transaction_id: string; total_cents: number; performer_ids: string[] }>(
      `SELECT l.id, t.id AS transaction_id, l.total_cents, l.performer_ids
          FROM order_lines l JOIN transactions t ON t.order_id = l.order_id`,
    );
    const earned = await q<{
      id: string;
      performer_id: string;
      order_line_id: string;
      transaction_id: string;
      reversal_of: string | null;
      gross_cents: number;
      commission_rate: string;
      commission_cents: number;
      net_cents: number;
    }>("SELECT * FROM earnings");
    const invariants: string[] = [];
    const wrongFates: string[] = [];
    const status = new Map(txs.map((t) => [t.id, t]));
    const ORDER_STATUS: Record<string, string> = { paid: "paid", refunded: "refunded", failed: "failed" };

    for (const [id, fate] of fates) {
      const t = status.get(id);
      if (!t) {
        invariants.push(`transaction ${id} is missing`);
        continue;
      }
      if (t.status !== fate) wrongFates.push(`transaction ${id} is ${t.status}, its events say ${fate}`);
      if (t.order_status !== ORDER_STATUS[t.status]) {
        invariants.push(`transaction ${id} is ${t.status} but its order is ${t.order_status}`);
      }
      if ((t.status === "paid" || t.status === "refunded") && !t.paid_at) {
        invariants.push(`transaction ${id} is ${t.status} with no paid_at`);
      }
      const uses = Number(t.uses);
      if (t.coupon && t.status === "paid" && uses !== 1) {
        invariants.push(`paid order ${t.order_id} holds ${uses} uses of its coupon`);
      }
      if (t.coupon && t.status === "failed" && uses !== 0) {
        invariants.push(`declined order ${t.order_id} kept ${uses} uses of its coupon`);
      }
      if (uses > 1) invariants.push(`order ${t.order_id} holds ${uses} coupon uses`);
    }
    for (const t of txs) if (!fates.has(t.id)) invariants.push(`transaction ${t.id} was never checked out here`);

    // Events: one row per event id delivered, none that was not; one applied payment per paid transaction.
    const storedIds = new Set(stored.map((e) => e.event_id));
    for (const e of stored) {
      if (Number(e.n) !== 1) invariants.push(`event ${e.event_id} is stored ${e.n} times`);
      if (!sent.has(e.event_id)) invariants.push(`event ${e.event_id} is stored but was never delivered`);
    }
    for (const id of sent) if (!storedIds.has(id)) invariants.push(`event ${id} was delivered but is not stored`);
    const appliedPaid = new Map<string, number>();
    for (const e of stored) {
      if (e.type === "paid" && e.outcome === "applied" && e.transaction_id) {
        appliedPaid.set(e.transaction_id, (appliedPaid.get(e.transaction_id) ?? 0) + 1);
      }
    }
    for (const t of txs) {
      const n = appliedPaid.get(t.id) ?? 0;
      const wasPaid = t.status === "paid" || t.status === "refunded";
      if (n !== (wasPaid ? 1 : 0)) invariants.push(`transaction ${t.id} (${t.status}) has ${n} applied payments`);
    }

    // Earnings, line by line.
    const lineById = new Map(lines.map((l) => [l.id, l]));
    const sales = earned.filter((e) => e.reversal_of === null);
    const reversals = new Map(earned.filter((e) => e.reversal_of !== null).map((e) => [e.reversal_of, e]));
    const salesByLine = new Map<string, typeof sales>();
    for (const e of sales) salesByLine.set(e.order_line_id, [...(salesByLine.get(e.order_line_id) ?? []), e]);
    const expected = { gross: 0, commission: 0, net: 0 };
    for (const l of lines) {
      const t = status.get(l.transaction_id);
      const wasPaid = t?.status === "paid" || t?.status === "refunded";
      const got = salesByLine.get(l.id) ?? [];
      if (!wasPaid) {
        if (got.length) invariants.push(`line ${l.id} of a ${t?.status} transaction has ${got.length} earnings`);
        continue;
      }
      const shares = expectedShares(l.total_cents, l.performer_ids);
      if (got.length !== shares.size) {
        invariants.push(`line ${l.id} has ${got.length} sale earnings for ${shares.size} performers`);
      }
      for (const [performerId, gross] of shares) {
        const mine = got.filter((e) => e.performer_id === performerId);
        const e = mine[0];
        if (mine.length !== 1 || !e) {
          invariants.push(`line ${l.id}: performer ${performerId} has ${mine.length} sale earnings`);
          continue;
        }
        const commission = commissionOf(gross, rate);
        const want = `${gross}/${commission}/${gross - commission} at ${rate}`;
        const have = `${e.gross_cents}/${e.commission_cents}/${e.net_cents} at ${Number(e.commission_rate)}`;
        if (want !== have) invariants.push(`earning ${e.id} is ${have} (gross/commission/net), expected ${want}`);
        if (t?.status === "paid") {
          expected.gross += gross;
          expected.commission += commission;
          expected.net += gross - commission;
        }
        const back = reversals.get(e.id);
        if (t?.status === "refunded") {
          const undone = back ? `${back.gross_cents}/${back.commission_cents}/${back.net_cents}` : "no reversal";
          if (undone !== `${-e.gross_cents}/${-e.commission_cents}/${-e.net_cents}`) {
            invariants.push(`earning ${e.id} of a refunded transaction has ${undone}`);
          }
        } else if (back) invariants.push(`earning ${e.id} of a paid transaction is reversed`);
      }
    }
    for (const e of earned) {
      const t = status.get(e.transaction_id);
      if (t?.status !== "paid" && t?.status !== "refunded") {
        invariants.push(`earning ${e.id} belongs to a ${t?.status ?? "missing"} transaction`);
      }
      if (!lineById.has(e.order_line_id)) invariants.push(`earning ${e.id} has no order line`);
    }
    const sum = (k: "gross_cents" | "commission_cents" | "net_cents") => earned.reduce((s, e) => s + e[k], 0);
    const totals = { gross: sum("gross_cents"), commission: sum("commission_cents"), net: sum("net_cents") };
    for (const k of ["gross", "commission", "net"] as const) {
      if (totals[k] !== expected[k]) {
        invariants.push(`earnings' ${k} add up to ${totals[k]} cents, the paid lines to ${expected[k]}`);
      }
    }

    const count = (s: string) => txs.filter((t) => t.status === s).length;
    return {
      invariants,
      fates: wrongFates,
      counts: {
        transactions: txs.length,
        paid: count("paid"),
        refunded: count("refunded"),
        failed: count("failed"),
        pending: count("pending"),
        events: stored.length,
        saleEarnings: sales.length,
        reversals: reversals.size,
        grossCents: totals.gross,
        commissionCents: totals.commission,
        netCents: totals.net,
      },
    };
  } finally {
    await c.end();
  }
}
