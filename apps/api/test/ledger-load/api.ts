/**
 * The ledger's load (see ./shop.ts): the API as a real `node` process on the throwaway database, checkouts through
 * that API, and the sandbox gateway's signed callbacks posted to it over loopback.
 */
import { createHmac, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
// @ts-expect-error plain ESM helper shared with `npm start`
import { freePort, startApi, stop, waitFor } from "../../../../scripts/processes.mjs";
import {
  createSandboxGateway,
  SANDBOX_SIGNATURE,
  type SandboxCallback,
} from "../../src/modules/commerce/gateways/sandbox.ts";
import { type Buyer, COUPON, type Movie } from "./shop.ts";

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
