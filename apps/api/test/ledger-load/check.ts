/**
 * The check of the ledger's load (see ./shop.ts): the whole ledger read in SQL and compared with what the gateway's
 * events imply.
 */
import pg from "pg";

/** The site's default commission (DESIGN section 5; the settings' default). */
export const DEFAULT_RATE = 0.2;

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
