import { randomUUID } from "node:crypto";
import { formatDate } from "@marquee/contracts/dates";
import type { RealtimeNotifier } from "@marquee/contracts/realtime-events";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { conflict, notFound } from "../../../platform/errors.ts";
import { type AuditActor, recordAudit } from "../../audit/service.ts";
import type { Actor } from "../../catalogue/access.ts";
import type { SettingsService } from "../../settings/service.ts";
import type { Accounts } from "../../users/accounts.ts";
import type { GatewayEvent, PaymentGateway } from "../gateways/gateway.ts";
import type { SandboxGateway } from "../gateways/sandbox.ts";
import { transactions } from "../ledger/tables.ts";
import { orderLines, orders } from "../orders/tables.ts";
import type { Subscribing } from "./subscribing.ts";
import { subscriptions } from "./tables.ts";

/**
 * What is done to a subscription after its checkout, by its member or an admin: cancelling its renewals, the
 * sandbox's simulations, and an admin's grant and revoke by hand. What changes a subscription's state goes through
 * the ledger's `applyEvent` or through `subscribing`, as the gateway's own events do.
 */
export function createSubscriptionActions(deps: {
  db: Db;
  gateway: Pick<PaymentGateway, "name" | "cancelSubscription">;
  /** The ledger's `applyEvent` (ledger/ledger.ts): a cancellation is recorded through it like the gateway's event. */
  applyEvent: (event: GatewayEvent) => Promise<unknown>;
  /** What a subscription sells and how it starts and ends (subscriptions/subscribing.ts). */
  subscribing: Pick<Subscribing, "grant" | "revoke" | "about">;
  settings: Pick<SettingsService, "get">;
  accounts: Pick<Accounts, "refs">;
  notify: RealtimeNotifier;
  /** The sandbox's signer, when the sandbox is the gateway: its simulations are sent with it. */
  sandbox?: Pick<SandboxGateway, "send">;
}) {
  const { db, gateway, applyEvent, subscribing, notify } = deps;

  /** A member's subscription (their own; an admin any), 404 for anyone else's. */
  async function subscriptionOf(actor: Actor, id: string) {
    const [s] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    if (!s || (s.userId !== actor.id && actor.role !== "admin")) throw notFound("Subscription");
    return s;
  }

  /**
   * Stops a subscription's renewals (the member's own, or an admin's choice): asked of the gateway first, then
   * recorded through the ledger at once, so the member sees it now and the gateway's own event changes nothing.
   * Access lasts until the paid period ends.
   */
  async function cancelSubscription(actor: Actor, id: string) {
    const s = await subscriptionOf(actor, id);
    const until = formatDate(s.expiresAt);
    if (s.status === "pending") throw conflict("This subscription has not started.");
    if (!s.renews || !s.gatewaySubscriptionId) {
      throw conflict(
        s.status === "expired"
          ? "This subscription has ended."
          : `This subscription does not renew; it ends on ${until}.`,
      );
    }
    if (s.gateway !== gateway.name) {
      throw conflict(`This subscription renews through ${s.gateway}, which is not the site's gateway now.`);
    }
    await gateway.cancelSubscription(s.gatewaySubscriptionId);
    await applyEvent({
      id: `cancel:${s.gatewaySubscriptionId}`,
      type: "cancelled",
      transactionId: null,
      subscriptionRef: s.gatewaySubscriptionId,
      amountCents: null,
      payload: { source: "member", by: actor.id },
    });
    return s.id;
  }

  /** Cancel without an id: the member's renewing site membership, or their subscription to `performerId`. */
  async function cancelCurrent(actor: Actor, performerId?: string) {
    const [s] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, actor.id),
          performerId ? eq(subscriptions.performerId, performerId) : eq(subscriptions.kind, "site"),
          eq(subscriptions.renews, true),
          inArray(subscriptions.status, ["active"]),
        ),
      )
      .limit(1);
    if (!s) throw notFound(performerId ? "Renewing subscription" : "Renewing membership");
    return cancelSubscription(actor, s.id);
  }

  /** The currency a subscription was bought in (its first order's), which its renewals are paid in. */
  async function renewalCurrency(orderId: string | null) {
    const [o] = orderId
      ? await db.select({ currency: orders.currency }).from(orders).where(eq(orders.id, orderId))
      : [];
    return o?.currency ?? (await deps.settings.get("currency"));
  }

  /**
   * The sandbox's simulations, from the admin's screen, so every path can be tried by hand: a renewal, a failed
   * renewal, a chargeback of the subscription's last payment. Each goes through the webhook like a real event.
   */
  async function simulate(id: string, event: "renewed" | "renewal_failed" | "chargeback", audit: AuditActor) {
    if (!deps.sandbox || gateway.name !== "sandbox") throw conflict("Only the sandbox gateway can simulate events.");
    const [s] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    if (!s) throw notFound("Subscription");
    if (!s.gatewaySubscriptionId || s.gateway !== "sandbox") {
      throw conflict("This subscription has no sandbox subscription to act on (it does not renew).");
    }
    // Recorded before the event is sent, as a refund is: what it does happens in the webhook's own transaction.
    await recordAudit(db, audit, {
      action: "subscriptions.simulate",
      subjectType: "subscription",
      subjectId: s.id,
      before: { status: s.status, expiresAt: s.expiresAt },
      after: { event },
    });
    const ref = s.gatewaySubscriptionId;
    const nonce = randomUUID();
    if (event === "chargeback") {
      const [last] = await db
        .select({ id: transactions.id, amountCents: transactions.amountCents, currency: transactions.currency })
        .from(transactions)
        .innerJoin(orderLines, eq(orderLines.orderId, transactions.orderId))
        .where(
          and(
            eq(transactions.userId, s.userId),
            eq(transactions.status, "paid"),
            eq(orderLines.itemKind, "subscription"),
            eq(orderLines.itemId, s.packageId ?? s.performerId ?? ""),
          ),
        )
        .orderBy(sql`${transactions.paidAt} desc`)
        .limit(1);
      if (!last) throw conflict("This subscription has no paid transaction to charge back.");
      await deps.sandbox.send({
        id: `chargeback:${nonce}`,
        type: "chargeback",
        transactionId: last.id,
        amountCents: last.amountCents,
        currency: last.currency,
      });
    } else {
      await deps.sandbox.send({
        id: `${event}:${nonce}`,
        type: event,
        transactionId: null,
        subscriptionRef: ref,
        gatewayRef: event === "renewed" ? `sandbox-renewal:${nonce}` : null,
        amountCents: event === "renewed" ? s.priceCents : null,
        currency: event === "renewed" ? await renewalCurrency(s.orderId) : null,
      });
    }
    return s.id;
  }

  /** An admin grants a site membership by hand, for `days`, with the reason (kept with who gave it). */
  async function grantMembership(
    admin: Actor & { username: string },
    input: { userId: string; packageId?: string; days: number; reason: string },
    audit: AuditActor,
  ) {
    if (!(await deps.accounts.refs([input.userId])).size) throw notFound("Member");
    const id = await subscribing.grant({ ...input, note: `Granted by ${admin.username}: ${input.reason}` }, audit);
    notify(input.userId, "notification", { type: "subscription", status: "granted", subscriptionId: id });
    return id;
  }

  /**
   * An admin revokes a membership or subscription by hand: its renewals are stopped at the gateway first (as a
   * member's cancel is), then access ends now, with the reason kept. Money is not given back: that is a refund.
   */
  async function revokeSubscription(
    admin: Actor & { username: string },
    id: string,
    reason: string,
    audit: AuditActor,
  ) {
    const [s] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    if (!s) throw notFound("Subscription");
    if (s.renews && s.gatewaySubscriptionId) await cancelSubscription(admin, id);
    const ended = await subscribing.revoke(id, `Revoked by ${admin.username}: ${reason}`, audit);
    const about = await subscribing.about(db, s);
    notify(ended.userId, "notification", { type: "subscription", status: "revoked", subscriptionId: id, ...about });
    return id;
  }

  return { cancelSubscription, cancelCurrent, simulate, grantMembership, revokeSubscription };
}
export type SubscriptionActions = ReturnType<typeof createSubscriptionActions>;
