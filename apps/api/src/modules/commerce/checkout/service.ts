import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { conflict, notFound } from "../../../platform/errors.ts";
import { type AuditActor, recordAudit } from "../../audit/service.ts";
import type { Actor, Offer } from "../../catalogue/access.ts";
import type { Stock } from "../../products/stock.ts";
import type { SettingsService } from "../../settings/service.ts";
import type { Accounts } from "../../users/accounts.ts";
import type { AddressesService } from "../addresses/service.ts";
import type { Coupons } from "../coupons/coupons.ts";
import type { GatewayEvent, PaymentGateway, WebhookDelivery } from "../gateways/gateway.ts";
import { SANDBOX_SIGNATURE, type SandboxGateway } from "../gateways/sandbox.ts";
import { createPaymentHistory } from "../ledger/history.ts";
import { createLedger, type Notify, type TipLedgerHooks } from "../ledger/ledger.ts";
import { type TransactionRow, transactions } from "../ledger/tables.ts";
import { createSubscribing, type OffersPort } from "../subscriptions/subscribing.ts";
import type { Taxes } from "../taxes/service.ts";
import { createCheckouts } from "./checkout.ts";
import { createQuotes } from "./quote.ts";

export type { Checkout } from "./checkout.ts";

/** A transaction as the audit trail records it around a refund. */
const refundView = (t: TransactionRow) => ({
  status: t.status,
  amount: t.amountCents / 100,
  currency: t.currency,
  gateway: t.gateway,
  gatewayRef: t.gatewayRef,
  paidAt: t.paidAt,
});

/** Job names: the hourly reconciliation of payments left pending. */
export const PAYMENT_JOBS = { reconcile: "payments.reconcile", lapse: "subscriptions.lapse" } as const;

/** How long a checkout may stay pending (a closed tab, a lost callback) before the reconciliation expires it. */
export const PENDING_TTL_MS = 24 * 3600_000;
/** A checkout pending this long is asked about at a gateway that can be asked (a webhook may have been lost). */
export const LOOKUP_AFTER_MS = 3600_000;

/**
 * Payments (DESIGN section 6): checkouts (checkout.ts) and the ledger that settles them (ledger.ts), composed with
 * what acts on them afterwards: refunds, subscriptions' lapses, the gateway's webhooks, and the reconciliation of
 * payments left pending. What is done to one subscription (a cancel, a grant, a revoke, the sandbox's simulations)
 * is subscriptions/actions.ts, made with this service's `applyEvent` and `subscribing`.
 */
export function createPaymentsService(deps: {
  db: Db;
  gateway: PaymentGateway;
  settings: Pick<SettingsService, "get">;
  offers: Record<Offer["kind"], (viewer: Actor, idOrSlug: string) => Promise<Offer>>;
  coupons: Pick<Coupons, "attempt" | "usable" | "claim" | "release">;
  /** The store's physical stock, held by checkouts and given back by the ledger. */
  stock: Stock;
  /** The member's saved shipping addresses: a checkout that ships remembers its address (commerce/addresses). */
  addresses: Pick<AddressesService, "remember">;
  notify: Notify;
  accounts: Pick<Accounts, "refs">;
  log?: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  now?: () => Date;
  /** The sandbox's signer, when the sandbox is the gateway: its payment page's decisions are signed with it. */
  sandbox?: SandboxGateway;
  /** The site's public address: where the buyer comes back to from the gateway. */
  publicUrl: string;
  /** What tips add to the ledger's payments and refunds (commerce/tips/ledger-hooks.ts). */
  tips?: TipLedgerHooks;
  /** A member's subscription to a performer started (paid), told after its commit: the welcome message (issue 25). */
  subscribed?: (userId: string, performerId: string) => void;
  /** The tax step of checkouts and the tax ledger's rows (commerce/taxes). */
  taxes: Taxes;
  /** The offers a subscription may be sold under (commerce/offers). */
  promotions?: OffersPort;
}) {
  const { db, gateway, notify } = deps;
  const subscribing = createSubscribing({ db, now: deps.now, ...(deps.promotions ? { offers: deps.promotions } : {}) });
  const ledger = createLedger({
    db,
    gateway,
    settings: deps.settings,
    coupons: deps.coupons,
    notify,
    subscribing,
    stock: deps.stock,
    log: deps.log,
    ...(deps.tips ? { tips: deps.tips } : {}),
    ...(deps.subscribed ? { subscribed: deps.subscribed } : {}),
    taxes: deps.taxes,
  });
  const { applyEvent } = ledger;
  const { quote, taxablePrice, taxableStore } = createQuotes({
    offers: deps.offers,
    coupons: deps.coupons,
    subscribing,
  });
  const { purchase, subscribe, purchaseProducts, single } = createCheckouts({
    db,
    gateway,
    offers: deps.offers,
    coupons: deps.coupons,
    stock: deps.stock,
    addresses: deps.addresses,
    settings: deps.settings,
    subscribing,
    ledger,
    publicUrl: deps.publicUrl,
    taxes: deps.taxes,
  });

  /**
   * An admin's refund of a paid transaction, asked of the gateway; the gateway's refund event then reverses the
   * grant and the earnings like any other event (the sandbox sends it at once). Answers the status it is in now.
   *
   * Money moves at the gateway, outside any database transaction, so the audit record is written first (with the
   * transaction as it was, read under a row lock): no refund is ever asked without its record. A refusal of the
   * gateway is recorded after it (`payments.refund-failed`) and answered as before.
   */
  async function refund(transactionId: string, actor: AuditActor) {
    const t = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(transactions).where(eq(transactions.id, transactionId)).for("update");
      if (!row) throw notFound("Transaction");
      if (row.status !== "paid") throw conflict(`Only a paid transaction can be refunded; this one is ${row.status}.`);
      if (row.gateway !== gateway.name) {
        throw conflict(
          `This payment went through ${row.gateway}, which is not the site's gateway now: refund it there.`,
        );
      }
      const before = refundView(row);
      await recordAudit(tx, actor, {
        action: "payments.refund",
        subjectType: "transaction",
        subjectId: row.id,
        before,
        after: { ...before, refund: `asked of ${row.gateway}` },
      });
      return row;
    });
    try {
      await gateway.refund({ id: t.id, gatewayRef: t.gatewayRef, amountCents: t.amountCents, currency: t.currency });
    } catch (err) {
      await recordAudit(db, actor, {
        action: "payments.refund-failed",
        subjectType: "transaction",
        subjectId: t.id,
        before: { refund: `asked of ${t.gateway}` },
        after: { refund: "refused", reason: err instanceof Error ? err.message : String(err) },
      }).catch((recordErr: unknown) => deps.log?.error({ err: recordErr }, "a refused refund could not be recorded"));
      throw err;
    }
    const [now] = await db.select({ status: transactions.status }).from(transactions).where(eq(transactions.id, t.id));
    return { transactionId: t.id, status: now?.status ?? t.status };
  }

  /** Subscriptions whose paid period ended without a renewal become expired; their members are told. */
  async function lapse() {
    const lapsed = await subscribing.expireLapsed();
    for (const s of lapsed) {
      const about = await subscribing.about(db, s);
      notify(s.userId, "notification", { type: "subscription", status: "expired", subscriptionId: s.id, ...about });
    }
    if (lapsed.length) deps.log?.info({ lapsed: lapsed.length }, "subscriptions lapsed");
    return { lapsed: lapsed.length };
  }

  /** A delivery to this gateway's webhook route: authenticated and read by the adapter, then applied event by event. */
  async function receive(delivery: WebhookDelivery) {
    // An event the ledger has no use for (a Stripe event type it does not read) is answered with nothing received:
    // a 200, so the gateway stops sending it (the port's rule, gateway.ts).
    const events = await gateway.parseWebhook(delivery);
    const outcomes = [];
    for (const event of events) outcomes.push({ id: event.id, outcome: await applyEvent(event) });
    return { received: outcomes };
  }

  const history = createPaymentHistory({ db, accounts: deps.accounts, sandbox: deps.sandbox });
  /**
   * The sandbox's callbacks (the buyer's decision on its page, a simulated renewal, a refund) go straight to the
   * function the webhook route calls, signature and all: the same checks and the same ledger as a real gateway's.
   */
  const receiveSandbox = (callback: { body: string; signature: string }) =>
    receive({
      rawBody: Buffer.from(callback.body),
      headers: { [SANDBOX_SIGNATURE]: callback.signature },
      sourceIp: "127.0.0.1",
      params: {},
      query: {},
    });
  deps.sandbox?.attach(receiveSandbox);

  /** The buyer approves or declines on the sandbox page: answers the payment as the page then shows it. */
  async function decideSandbox(userId: string, transactionId: string, decision: "approve" | "decline") {
    await receiveSandbox(await history.sandboxCallback(userId, transactionId, decision));
    return history.sandboxView(userId, transactionId);
  }

  /**
   * Settles the transactions left pending (a closed tab, a lost webhook), and logs what it did. A gateway that can be
   * asked (Stripe's `lookup`) is asked about each one pending for more than LOOKUP_AFTER_MS: what it answers (paid,
   * expired) is applied through the ledger like its webhook, under the event id the lookup gives, so the late webhook
   * itself changes nothing. What stays pending longer than PENDING_TTL_MS expires (recorded under its own event id,
   * so a second run or a late gateway event changes nothing), unless the gateway could not be asked: then it waits
   * for the next run rather than risk expiring a payment that went through.
   */
  async function reconcile(): Promise<{ paid: number; expired: number; unreachable: number }> {
    const now = (deps.now?.() ?? new Date()).getTime();
    const ttlCutoff = new Date(now - PENDING_TTL_MS);
    const cutoff = gateway.lookup ? new Date(now - LOOKUP_AFTER_MS) : ttlCutoff;
    const stale = await db
      .select({
        id: transactions.id,
        amountCents: transactions.amountCents,
        gatewayRef: transactions.gatewayRef,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .where(
        and(
          eq(transactions.status, "pending"),
          eq(transactions.gateway, gateway.name),
          sql`${transactions.createdAt} < ${cutoff}`,
        ),
      )
      .orderBy(transactions.createdAt)
      .limit(1000);
    const done = { paid: 0, expired: 0, unreachable: 0 };
    for (const t of stale) {
      let known: GatewayEvent | null = null;
      if (gateway.lookup) {
        try {
          known = await gateway.lookup({ id: t.id, gatewayRef: t.gatewayRef });
        } catch (err) {
          done.unreachable++;
          deps.log?.error({ err, transactionId: t.id }, "the gateway could not be asked about a pending payment");
          continue;
        }
      }
      if (known) {
        if ((await applyEvent(known)) === "applied" && (known.type === "paid" || known.type === "expired")) {
          done[known.type]++;
        }
        continue;
      }
      if (t.createdAt >= ttlCutoff) continue;
      const outcome = await applyEvent({
        id: `reconcile-expired:${t.id}`,
        type: "expired",
        transactionId: t.id,
        amountCents: t.amountCents,
        payload: { source: "reconciliation", pendingSince: t.createdAt.toISOString() },
      });
      if (outcome === "applied") done.expired++;
    }
    if (stale.length) deps.log?.info({ pending: stale.length, ...done }, "payments left pending were reconciled");
    return done;
  }

  return {
    /** The gateway payments go through. */
    gatewayName: gateway.name,
    /**
     * What a subscription sells, offers applied (commerce/offers reads it for an offer's terms; subscriptions/actions.ts
     * grants and revokes through it).
     */
    subscribing,
    purchase,
    /** A coupon's discount on one item, before the checkout (read only: nothing is claimed). */
    quote,
    /** What one item's tax is worked out on at checkout: its price now, less a coupon (the tax's quote). */
    taxablePrice,
    /** What a store checkout's lines are taxed on: their prices less the coupon (the cart's tax quote). */
    taxableStore,
    subscribe,
    purchaseProducts,
    /** A checkout of one item another commerce module sells (tips): see checkout.ts `single`. */
    single,
    lapse,
    refund,
    receive,
    applyEvent,
    reconcile,
    searchTransactions: history.searchTransactions,
    sandboxView: history.sandboxView,
    decideSandbox,
    async registerJobs(jobs: { work(name: string, handler: () => Promise<void>): Promise<void> }) {
      await jobs.work(PAYMENT_JOBS.reconcile, async () => {
        await reconcile();
      });
      await jobs.work(PAYMENT_JOBS.lapse, async () => {
        await lapse();
      });
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
