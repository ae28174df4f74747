import { formatDate } from "@marquee/contracts/dates";
import { and, eq, gt, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { conflict, notFound, unprocessable } from "../../../platform/errors.ts";
import { type AuditActor, recordAudit } from "../../audit/service.ts";
import { countSubscriber, subscriptionTerms } from "../../performers/commerce-port.ts";
import { users } from "../../users/tables.ts";
import type { OfferRow } from "../offers/tables.ts";
import { applyOffer, scopeOf, unavailable } from "../offers/terms.ts";
import { type PackageRow, type SubscriptionRow, subscriptionPackages, subscriptions } from "./tables.ts";

const DAY_MS = 24 * 3600_000;
/** A performer subscription's periods (DESIGN section 5: monthly or yearly at the performer's prices). */
export const PERFORMER_PERIOD_DAYS = { monthly: 30, yearly: 365 } as const;

/** What a member asks to subscribe to: a site membership package, or a performer monthly or yearly. */
export type SubscribeTarget =
  | { packageId: string }
  | { performerId: string; type: "monthly" | "yearly" }
  | { offerId: string; couponCode?: string };

/** What subscribing asks of the offers area (commerce/offers): find an offer, claim it with an order, give it back. */
export interface OffersPort {
  find(id: string): Promise<OfferRow | null>;
  /** Whether the member already had a trial in this scope (a performer's id, or `site`). */
  hadTrial(via: Tx | Db, userId: string, scope: string): Promise<boolean>;
  claim(
    tx: Tx,
    claim: { promo: NonNullable<SubscriptionOffer["promo"]>; userId: string; orderId: string },
  ): Promise<void>;
  release(tx: Tx, orderId: string): Promise<void>;
}

/** A subscription as a checkout sells it; `itemId` (the package or the performer) names its order line. */
export interface SubscriptionOffer {
  kind: "site" | "performer";
  itemId: string;
  title: string;
  /** Who or what it is of ("Alex", "Membership: Gold"), for an offer's title. */
  subject: string;
  /** What the checkout charges now. */
  priceCents: number;
  /** What each renewal charges (the regular price, unless an offer says otherwise). */
  renewCents: number;
  /** The offer it is sold under, if any. */
  promo: { offerId: string; kind: OfferRow["kind"]; scope: string } | null;
  performerIds: string[];
  period: SubscriptionRow["period"];
  initialDays: number;
  /** Days between renewals, null when it does not renew. */
  renewDays: number | null;
  trial: boolean;
}

/** Dates in messages read as on the pages: "26 Dec 2026". */
const fmt = (d: Date) => formatDate(d);

/** A subscription as the audit trail records an admin's grant or revocation of it. */
const auditView = (s: SubscriptionRow) => ({
  userId: s.userId,
  kind: s.kind,
  performerId: s.performerId,
  packageId: s.packageId,
  status: s.status,
  renews: s.renews,
  expiresAt: s.expiresAt,
  note: s.adminNote,
});

/**
 * The subscriptions side of the ledger (DESIGN section 5): what a subscribe checkout sells, and what its payment,
 * renewals, refunds and lapse do to the member's subscription, each in the ledger's database transaction.
 * Active means `expiresAt > now`; a renewal extends from the old expiry; cancelling stops renewal only.
 */
export function createSubscribing(deps: { db: Db; now?: () => Date; offers?: OffersPort }) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  /** The member's subscriptions that still give access: to the site (any package) or to one performer. */
  const activeOf = (tx: Tx | Db, userId: string, target: { kind: "site" } | { kind: "performer"; id: string }) =>
    tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.kind, target.kind),
          target.kind === "performer" ? eq(subscriptions.performerId, target.id) : undefined,
          inArray(subscriptions.status, ["active", "cancelled"]),
          gt(subscriptions.expiresAt, now()),
        ),
      )
      .limit(1);

  /** What `target` sells to `userId`, or why it cannot: unknown, inactive, no price, already theirs. */
  async function offerFor(userId: string, target: SubscribeTarget): Promise<SubscriptionOffer> {
    if ("offerId" in target) return promoted(userId, target);
    if ("packageId" in target) {
      const [p] = await db.select().from(subscriptionPackages).where(eq(subscriptionPackages.id, target.packageId));
      if (!p) throw notFound("Package");
      if (!p.active) throw unprocessable("This membership package is not offered any more.");
      const [current] = await activeOf(db, userId, { kind: "site" });
      if (current?.expiresAt) throw conflict(`You are already a member until ${fmt(current.expiresAt)}.`);
      if (p.type === "trial") {
        const [had] = await db
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(
            and(
              eq(subscriptions.userId, userId),
              eq(subscriptions.packageId, p.id),
              isNotNull(subscriptions.startedAt),
            ),
          )
          .limit(1);
        if (had) throw conflict("You have already had this free trial.");
      }
      return packageOffer(p);
    }
    if (target.performerId === userId) throw unprocessable("You cannot subscribe to yourself.");
    const p = await subscriptionTerms(db, target.performerId);
    if (p?.status !== "active") throw notFound("Performer");
    const priceCents = target.type === "monthly" ? p.monthly : p.yearly;
    if (!priceCents || priceCents <= 0) {
      throw unprocessable(`${p.name || p.username} has no ${target.type} subscription price.`);
    }
    const [current] = await activeOf(db, userId, { kind: "performer", id: p.id });
    if (current?.expiresAt) {
      throw conflict(`You are already subscribed to ${p.name || p.username} until ${fmt(current.expiresAt)}.`);
    }
    return performerOffer(p, target.type, priceCents);
  }

  /**
   * An offer's subscription (commerce/offers): checked before anything else (a member's second trial is refused
   * as such), then the subscription it is on as usual, with the offer's terms applied. A coupon does not go with it.
   */
  async function promoted(userId: string, target: { offerId: string; couponCode?: string }) {
    if (target.couponCode) {
      throw unprocessable("A coupon cannot be used with an offer: the offer's price is the price.", [
        { path: "body.couponCode", message: "not with an offer" },
      ]);
    }
    const o = await deps.offers?.find(target.offerId);
    if (!o) throw notFound("Offer");
    const why = unavailable(o, now());
    if (why) throw conflict(why);
    if (o.kind === "trial" && (await deps.offers?.hadTrial(db, userId, scopeOf(o)))) {
      throw conflict(await trialHad(o));
    }
    const base = await offerFor(
      userId,
      o.performerId ? { performerId: o.performerId, type: o.period ?? "monthly" } : { packageId: o.packageId ?? "" },
    );
    return applyOffer(o, base);
  }

  /** The refusal of a member's second trial. */
  async function trialHad(o: OfferRow) {
    if (!o.performerId) return "You have already had a free trial membership.";
    const p = await subscriptionTerms(db, o.performerId);
    return `You have already had a free trial with ${p?.name || p?.username || "this performer"}.`;
  }

  /** What a performer's subscription of `type` sells for `priceCents`, as usual. */
  const performerOffer = (
    p: { id: string; name: string | null; username: string },
    type: "monthly" | "yearly",
    priceCents: number,
  ): SubscriptionOffer => {
    const days = PERFORMER_PERIOD_DAYS[type];
    return {
      kind: "performer",
      itemId: p.id,
      title: `${p.name || p.username}: ${type} subscription`,
      subject: p.name || p.username,
      priceCents,
      renewCents: priceCents,
      promo: null,
      performerIds: [p.id],
      period: type,
      initialDays: days,
      renewDays: days,
      trial: false,
    };
  };

  /**
   * What an offer sells, as anyone may read it before subscribing (no member's checks): its subscription as usual,
   * with the offer applied; null when the performer or package cannot be subscribed to at all.
   */
  async function catalogueOffer(o: OfferRow): Promise<SubscriptionOffer | null> {
    if (o.performerId) {
      const p = await subscriptionTerms(db, o.performerId);
      const type = o.period ?? "monthly";
      const price = type === "monthly" ? p?.monthly : p?.yearly;
      if (p?.status !== "active" || !price || price <= 0) return null;
      return applyOffer(o, performerOffer(p, type, price));
    }
    const [p] = await db
      .select()
      .from(subscriptionPackages)
      .where(eq(subscriptionPackages.id, o.packageId ?? ""));
    return p ? applyOffer(o, packageOffer(p)) : null;
  }

  const packageOffer = (p: PackageRow): SubscriptionOffer => ({
    kind: "site",
    itemId: p.id,
    title: `Membership: ${p.name}`,
    subject: `Membership: ${p.name}`,
    priceCents: p.type === "trial" ? 0 : p.priceCents,
    renewCents: p.type === "trial" ? 0 : p.priceCents,
    promo: null,
    performerIds: [],
    period: p.type === "recurring" ? "recurring" : p.type === "trial" ? "free" : "single",
    initialDays: p.initialPeriodDays,
    renewDays: p.type === "recurring" ? (p.recurringPeriodDays ?? p.initialPeriodDays) : null,
    trial: p.type === "trial",
  });

  /** The subscription a checkout opens, pending until its order is paid. */
  async function open(tx: Tx, userId: string, offer: SubscriptionOffer, orderId: string, gateway: string) {
    await tx.insert(subscriptions).values({
      userId,
      kind: offer.kind,
      performerId: offer.kind === "performer" ? offer.itemId : null,
      packageId: offer.kind === "site" ? offer.itemId : null,
      period: offer.period,
      status: "pending",
      // What its renewals charge: the first payment is the order's.
      priceCents: offer.renewCents,
      offerId: offer.promo?.offerId ?? null,
      firstDays: offer.initialDays,
      renewDays: offer.renewDays,
      renews: offer.renewDays !== null,
      gateway,
      orderId,
    });
    if (offer.promo) await deps.offers?.claim(tx, { promo: offer.promo, userId, orderId });
  }

  /** The offer a pending order's subscription was opened under (null: none), so a checkout reuses only its like. */
  async function offerOfOrder(tx: Tx, orderId: string) {
    const [s] = await tx
      .select({ offerId: subscriptions.offerId })
      .from(subscriptions)
      .where(eq(subscriptions.orderId, orderId));
    return s?.offerId ?? null;
  }

  /** The days of a pending subscription's first period (from its package, or the performer period). */
  async function initialDays(tx: Tx, s: SubscriptionRow) {
    if (s.firstDays !== null) return s.firstDays;
    if (s.kind === "performer")
      return s.period === "yearly" ? PERFORMER_PERIOD_DAYS.yearly : PERFORMER_PERIOD_DAYS.monthly;
    const [p] = await tx
      .select({ days: subscriptionPackages.initialPeriodDays })
      .from(subscriptionPackages)
      .where(eq(subscriptionPackages.id, s.packageId ?? ""));
    return p?.days ?? 30;
  }

  async function renewDays(tx: Tx, s: SubscriptionRow) {
    if (s.renewDays !== null) return s.renewDays;
    if (s.kind === "performer")
      return s.period === "yearly" ? PERFORMER_PERIOD_DAYS.yearly : PERFORMER_PERIOD_DAYS.monthly;
    const [p] = await tx
      .select({ every: subscriptionPackages.recurringPeriodDays, first: subscriptionPackages.initialPeriodDays })
      .from(subscriptionPackages)
      .where(eq(subscriptionPackages.id, s.packageId ?? ""));
    return p?.every ?? p?.first ?? 30;
  }

  /**
   * The order's payment starts its subscription: active from now for its first period, with the gateway's id of
   * the subscription when it renews. Answers the performers whose subscriber count rose.
   */
  async function activate(tx: Tx, orderId: string, subscriptionRef: string | null) {
    const [s] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.orderId, orderId), eq(subscriptions.status, "pending")))
      .for("update");
    if (!s) return null;
    const started = now();
    const expires = new Date(started.getTime() + (await initialDays(tx, s)) * DAY_MS);
    await tx
      .update(subscriptions)
      .set({
        status: "active",
        startedAt: started,
        expiresAt: expires,
        gatewaySubscriptionId: s.renews ? subscriptionRef : null,
        renews: s.renews && subscriptionRef !== null,
      })
      .where(eq(subscriptions.id, s.id));
    if (s.kind === "performer" && s.performerId) await countSubscriber(tx, s.performerId, 1);
    return { ...s, expiresAt: expires };
  }

  /** A checkout that failed or expired: its subscription never started. */
  async function drop(tx: Tx, orderId: string) {
    await tx.delete(subscriptions).where(and(eq(subscriptions.orderId, orderId), eq(subscriptions.status, "pending")));
    // Its offer's claim goes back with it (a trial's too: it was never had).
    await deps.offers?.release(tx, orderId);
  }

  /** The subscription a gateway's renewal, failure or cancellation is about. */
  async function byRef(tx: Tx, gateway: string, ref: string, lock: boolean) {
    const query = tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.gateway, gateway), eq(subscriptions.gatewaySubscriptionId, ref)));
    const [s] = lock ? await query.for("update") : await query;
    return s ?? null;
  }

  /**
   * A renewal paid: the expiry moves one renewal period on from the old expiry (not from now), or from now when the
   * subscription had already lapsed.
   */
  async function extend(tx: Tx, s: SubscriptionRow) {
    const days = await renewDays(tx, s);
    const from = s.expiresAt && s.expiresAt > now() ? s.expiresAt : now();
    const expiresAt = new Date(from.getTime() + days * DAY_MS);
    await tx
      .update(subscriptions)
      .set({ expiresAt, status: s.status === "expired" ? "active" : s.status })
      .where(eq(subscriptions.id, s.id));
    if (s.status === "expired" && s.kind === "performer" && s.performerId) await countSubscriber(tx, s.performerId, 1);
    return expiresAt;
  }

  /** Renewal stopped (by the member or the gateway): access lasts until the paid period ends. */
  async function stopRenewal(tx: Tx, s: SubscriptionRow) {
    await tx
      .update(subscriptions)
      .set({ renews: false, status: s.status === "active" ? "cancelled" : s.status, cancelledAt: now() })
      .where(eq(subscriptions.id, s.id));
  }

  /**
   * A refund or chargeback of a subscription's payment ends it now: access stops, renewal too. `itemId` is the
   * order line's package or performer. Answers the ended subscription (its gateway id, to stop renewals there).
   */
  async function end(tx: Tx, userId: string, itemId: string) {
    const [s] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          or(eq(subscriptions.packageId, itemId), eq(subscriptions.performerId, itemId)),
          inArray(subscriptions.status, ["active", "cancelled"]),
        ),
      )
      .for("update");
    if (!s) return null;
    await tx
      .update(subscriptions)
      .set({ status: "expired", expiresAt: now(), renews: false })
      .where(eq(subscriptions.id, s.id));
    if (s.kind === "performer" && s.performerId) await countSubscriber(tx, s.performerId, -1);
    return s;
  }

  /**
   * Lapsed subscriptions (the paid period over, no renewal came) become `expired`; access already ended with
   * `expiresAt`. Answers who lapsed, to be told.
   */
  async function expireLapsed() {
    return db.transaction(async (tx) => {
      const lapsed = await tx
        .update(subscriptions)
        .set({ status: "expired" })
        .where(and(inArray(subscriptions.status, ["active", "cancelled"]), sql`${subscriptions.expiresAt} <= ${now()}`))
        .returning();
      for (const s of lapsed) if (s.kind === "performer" && s.performerId) await countSubscriber(tx, s.performerId, -1);
      return lapsed;
    });
  }

  /**
   * An admin's grant of a site membership by hand (a comp, a support case): active from now for `days`, through no
   * gateway and for no money, with the reason kept. Refused while the member already has one.
   */
  async function grant(input: { userId: string; packageId?: string; days: number; note: string }, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const [current] = await activeOf(tx, input.userId, { kind: "site" });
      if (current?.expiresAt) throw conflict(`This member is already a member until ${fmt(current.expiresAt)}.`);
      if (input.packageId) {
        const [p] = await tx
          .select({ id: subscriptionPackages.id })
          .from(subscriptionPackages)
          .where(eq(subscriptionPackages.id, input.packageId));
        if (!p) throw notFound("Package");
      }
      const started = now();
      const [row] = await tx
        .insert(subscriptions)
        .values({
          userId: input.userId,
          kind: "site",
          packageId: input.packageId ?? null,
          period: "free",
          status: "active",
          priceCents: 0,
          renews: false,
          startedAt: started,
          expiresAt: new Date(started.getTime() + input.days * DAY_MS),
          gateway: "manual",
          adminNote: input.note,
        })
        .returning();
      const made = row as SubscriptionRow;
      // Recorded in the audit trail in the grant's own transaction.
      await recordAudit(tx, actor, {
        action: "subscriptions.grant",
        subjectType: "subscription",
        subjectId: made.id,
        before: { userId: input.userId, membership: null },
        after: { userId: input.userId, membership: auditView(made) },
      });
      return made.id;
    });
  }

  /** An admin's revocation by hand: access ends now, with the reason kept (renewals are stopped by the caller). */
  async function revoke(id: string, note: string, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const [s] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
      if (!s) throw notFound("Subscription");
      if (!(s.status === "active" || s.status === "cancelled") || !s.expiresAt || s.expiresAt <= now()) {
        throw conflict("This subscription gives no access now; there is nothing to revoke.");
      }
      const [ended] = await tx
        .update(subscriptions)
        .set({ status: "expired", expiresAt: now(), renews: false, adminNote: note })
        .where(eq(subscriptions.id, s.id))
        .returning();
      if (s.kind === "performer" && s.performerId) await countSubscriber(tx, s.performerId, -1);
      // Recorded in the audit trail in the revocation's own transaction.
      await recordAudit(tx, actor, {
        action: "subscriptions.revoke",
        subjectType: "subscription",
        subjectId: s.id,
        before: auditView(s),
        after: auditView(ended as SubscriptionRow),
      });
      return s;
    });
  }

  /**
   * What a notification about `s` says of it: a performer subscription names its performer (their name, else their
   * username); a site membership says nothing more.
   */
  async function about(tx: Tx | Db, s: Pick<SubscriptionRow, "kind" | "performerId">): Promise<{ performer?: string }> {
    if (s.kind !== "performer" || !s.performerId) return {};
    const [p] = await tx
      .select({ name: users.name, username: users.username })
      .from(users)
      .where(eq(users.id, s.performerId));
    return p ? { performer: p.name || p.username } : {};
  }

  return {
    offerFor,
    catalogueOffer,
    offerOfOrder,
    activeOf,
    open,
    activate,
    drop,
    byRef,
    extend,
    stopRenewal,
    end,
    expireLapsed,
    grant,
    revoke,
    about,
  };
}
export type Subscribing = ReturnType<typeof createSubscribing>;
