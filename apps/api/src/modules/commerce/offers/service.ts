import { randomBytes } from "node:crypto";
import { BUNDLE_MONTHS, type OfferBody, type OfferTerms, type TrackingLink } from "@marquee/contracts/offers";
import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { conflict, notFound, unprocessable } from "../../../platform/errors.ts";
import type { Throttle } from "../../../platform/throttle.ts";
import { type AuditActor, recordAudit } from "../../audit/service.ts";
import type { Actor } from "../../catalogue/access.ts";
import { subscriptionTerms } from "../../performers/commerce-port.ts";
import type { SettingsService } from "../../settings/service.ts";
import { users } from "../../users/tables.ts";
import { transactions } from "../ledger/tables.ts";
import type { OffersPort, Subscribing } from "../subscriptions/subscribing.ts";
import { subscriptionPackages } from "../subscriptions/tables.ts";
import { type OfferRow, offerClaims, offers, trackingLinks, trackingSignups } from "./tables.ts";
import { unavailable } from "./terms.ts";

const field = (name: string, message: string) => [{ path: `body.${name}`, message }];

/** An offer as its maker sees it. */
const present = (o: OfferRow) => ({
  _id: o.id,
  kind: o.kind,
  title: o.title,
  performerId: o.performerId,
  packageId: o.packageId,
  period: o.period,
  percentOff: o.percentOff,
  trialDays: o.trialDays,
  months: o.months,
  price: o.bundleCents === null ? null : o.bundleCents / 100,
  maxClaims: o.maxClaims,
  claims: o.claims,
  endsAt: o.endsAt?.toISOString() ?? null,
  active: o.active,
  link: `/offers/${o.id}`,
  createdAt: o.createdAt.toISOString(),
});

/**
 * Promotions (issue 24 section 3): performers' offers on their subscription and admins' on site packages (first-period
 * discounts, free-trial links, multi-month bundles), the claims checkouts make of them, and performers' tracking links
 * with their clicks, sign-ups and paid conversions. Checkouts reach the offers through subscribing's `OffersPort`.
 */
/** How long a second click on a link from the same address is not counted again. */
export const CLICK_WINDOW_MS = 30 * 60_000;

export function createOffers(deps: {
  db: Db;
  settings: Pick<SettingsService, "get">;
  /** Filled in once subscribing is made (commerce/wiring.ts): what an offer's subscription sells. */
  subscribing: () => Pick<Subscribing, "catalogueOffer">;
  /** Counts each address's clicks on a link, so that a link's clicks are unique ones. */
  throttle: Pick<Throttle, "hit">;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  /** The rows one offer needs, per kind, each missing one a 422 naming its field. */
  function rowOf(input: OfferBody, target: { performerId: string } | { packageId: string }) {
    const base = {
      kind: input.kind,
      title: input.title ?? "",
      maxClaims: input.maxClaims ?? null,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
      ...("performerId" in target ? { performerId: target.performerId } : { packageId: target.packageId }),
    };
    if (base.endsAt && base.endsAt <= now()) {
      throw unprocessable("The end date has to be in the future.", field("endsAt", "in the future"));
    }
    switch (input.kind) {
      case "discount":
        if (!input.percentOff) {
          throw unprocessable("How much off the first period? Enter a percent.", field("percentOff", "required"));
        }
        return {
          ...base,
          percentOff: input.percentOff,
          period: "performerId" in target ? (input.period ?? "monthly") : null,
        };
      case "trial":
        if (!input.trialDays) throw unprocessable("How many free days?", field("trialDays", "required"));
        return { ...base, trialDays: input.trialDays };
      case "bundle":
        if (!input.months || !(BUNDLE_MONTHS as readonly number[]).includes(input.months)) {
          throw unprocessable("A bundle is of 3, 6 or 12 months.", field("months", "3, 6 or 12"));
        }
        if (!input.price) throw unprocessable("What does the whole bundle cost?", field("price", "required"));
        return { ...base, months: input.months, bundleCents: Math.round(input.price * 100) };
    }
  }

  /** A performer's offer must be on a price they have (monthly or yearly; a bundle's is its own). */
  async function checkPerformer(performerId: string, input: OfferBody) {
    const p = await subscriptionTerms(db, performerId);
    if (!p) throw notFound("Performer");
    const period = input.period ?? "monthly";
    const price = period === "monthly" ? p.monthly : p.yearly;
    if (input.kind === "discount" && (!price || price <= 0)) {
      throw unprocessable(
        `Set a ${period} subscription price first: the discount is taken off it.`,
        field("period", "no price"),
      );
    }
    if (input.kind === "bundle" && (!p.monthly || p.monthly <= 0)) {
      throw unprocessable(
        "Set a monthly subscription price first: a bundle is sold beside it.",
        field("kind", "no monthly price"),
      );
    }
  }

  async function insert(tx: Tx | Db, row: ReturnType<typeof rowOf>) {
    const [made] = await tx.insert(offers).values(row).returning();
    return made as OfferRow;
  }

  /** One offer, its maker's (a performer's own; an admin's package offers); 404 for anyone else. */
  async function ownOffer(actor: Actor, id: string) {
    const [o] = await db.select().from(offers).where(eq(offers.id, id));
    if (!o) throw notFound("Offer");
    const mine = actor.role === "admin" ? o.packageId !== null : o.performerId === actor.id;
    if (!mine) throw notFound("Offer");
    return o;
  }

  /** The offers port subscribing uses (subscribing.ts `OffersPort`). */
  const port: OffersPort = {
    async find(id) {
      const [o] = await db.select().from(offers).where(eq(offers.id, id));
      return o ?? null;
    },
    async hadTrial(via, userId, scope) {
      const [had] = await via
        .select({ id: offerClaims.id })
        .from(offerClaims)
        .where(and(eq(offerClaims.userId, userId), eq(offerClaims.scope, scope), eq(offerClaims.kind, "trial")))
        .limit(1);
      return Boolean(had);
    },
    /**
     * Counted under the offer row's lock: the update re-reads the row when another checkout took a claim first, so
     * the last claim goes to one checkout only. A member's second trial in a scope hits the unique index.
     */
    async claim(tx, { promo, userId, orderId }) {
      const at = now();
      const [taken] = await tx
        .update(offers)
        .set({ claims: sql`${offers.claims} + 1` })
        .where(
          and(
            eq(offers.id, promo.offerId),
            eq(offers.active, true),
            or(isNull(offers.endsAt), gt(offers.endsAt, at)),
            or(isNull(offers.maxClaims), lt(offers.claims, offers.maxClaims)),
          ),
        )
        .returning();
      if (!taken) {
        const [fresh] = await tx.select().from(offers).where(eq(offers.id, promo.offerId));
        throw conflict((fresh && unavailable(fresh, at)) || "This offer has been used up: none are left.");
      }
      const [made] = await tx
        .insert(offerClaims)
        .values({ offerId: promo.offerId, userId, orderId, kind: promo.kind, scope: promo.scope })
        .onConflictDoNothing()
        .returning({ id: offerClaims.id });
      if (!made) {
        throw conflict(
          promo.scope === "site"
            ? "You have already had a free trial membership."
            : "You have already had a free trial with this performer.",
        );
      }
    },
    async release(tx, orderId) {
      const [gone] = await tx.delete(offerClaims).where(eq(offerClaims.orderId, orderId)).returning();
      if (gone) {
        await tx
          .update(offers)
          .set({ claims: sql`greatest(${offers.claims} - 1, 0)` })
          .where(eq(offers.id, gone.offerId));
      }
    },
  };

  /** The tracking links' sign-ups and, of those members, who paid since signing up and how much. */
  async function linkFigures(ids: string[]) {
    if (!ids.length) return new Map<string, { signups: number; conversions: number; revenueCents: number }>();
    const signups = await db
      .select({ linkId: trackingSignups.linkId, n: sql<number>`count(*)::int` })
      .from(trackingSignups)
      .where(inArray(trackingSignups.linkId, ids))
      .groupBy(trackingSignups.linkId);
    const paid = await db
      .select({
        linkId: trackingSignups.linkId,
        members: sql<number>`count(distinct ${transactions.userId})::int`,
        cents: sql<number>`coalesce(sum(${transactions.amountCents}), 0)::int`,
      })
      .from(trackingSignups)
      .innerJoin(
        transactions,
        and(
          eq(transactions.userId, trackingSignups.userId),
          eq(transactions.status, "paid"),
          isNotNull(transactions.paidAt),
          gte(transactions.paidAt, trackingSignups.createdAt),
        ),
      )
      .where(inArray(trackingSignups.linkId, ids))
      .groupBy(trackingSignups.linkId);
    const out = new Map(ids.map((id) => [id, { signups: 0, conversions: 0, revenueCents: 0 }]));
    for (const s of signups) (out.get(s.linkId) as { signups: number }).signups = s.n;
    for (const p of paid) {
      const f = out.get(p.linkId) as { conversions: number; revenueCents: number };
      f.conversions = p.members;
      f.revenueCents = p.cents;
    }
    return out;
  }

  return {
    port,

    /** A performer's new offer on their own subscription. */
    async createOwn(performer: Actor, input: OfferBody) {
      const row = rowOf(input, { performerId: performer.id });
      await checkPerformer(performer.id, input);
      return present(await insert(db, row));
    },

    /** The performer's offers, newest first. */
    async listOwn(performerId: string) {
      const rows = await db
        .select()
        .from(offers)
        .where(eq(offers.performerId, performerId))
        .orderBy(desc(offers.createdAt));
      return { total: rows.length, data: rows.map(present) };
    },

    /** An admin's new offer on a site package (not a free trial package), recorded in the audit trail. */
    async createForPackage(packageId: string, input: OfferBody, actor: AuditActor) {
      const [p] = await db.select().from(subscriptionPackages).where(eq(subscriptionPackages.id, packageId));
      if (!p) throw notFound("Package");
      if (p.type === "trial")
        throw unprocessable("A free package has no price to make an offer on.", field("kind", "free package"));
      const row = rowOf(input, { packageId });
      return db.transaction(async (tx) => {
        const made = present(await insert(tx, row));
        await recordAudit(tx, actor, {
          action: "offers.create",
          subjectType: "offer",
          subjectId: made._id,
          after: made,
        });
        return made;
      });
    },

    /** Every site package offer, newest first (one package's with `packageId`). */
    async listPackageOffers(packageId?: string) {
      const rows = await db
        .select()
        .from(offers)
        .where(packageId ? eq(offers.packageId, packageId) : isNotNull(offers.packageId))
        .orderBy(desc(offers.createdAt));
      return { total: rows.length, data: rows.map(present) };
    },

    /** Stops (or restarts) an offer: its maker's only. Claims already made keep their terms. */
    async setActive(actor: Actor, id: string, active: boolean, audit?: AuditActor) {
      const o = await ownOffer(actor, id);
      return db.transaction(async (tx) => {
        const [row] = await tx.update(offers).set({ active }).where(eq(offers.id, o.id)).returning();
        const after = present(row as OfferRow);
        if (audit) {
          await recordAudit(tx, audit, {
            action: "offers.update",
            subjectType: "offer",
            subjectId: o.id,
            before: present(o),
            after,
          });
        }
        return after;
      });
    },

    /** What an offer sells, in plain terms, for its page (anyone may read it). */
    async terms(id: string): Promise<OfferTerms> {
      const o = await port.find(id);
      if (!o) throw notFound("Offer");
      const sold = await deps.subscribing().catalogueOffer(o);
      if (!sold) throw notFound("Offer");
      const currency = await deps.settings.get("currency");
      let performer: OfferTerms["performer"] = null;
      let pkg: OfferTerms["package"] = null;
      let regularCents = sold.renewCents;
      if (o.performerId) {
        const p = await subscriptionTerms(db, o.performerId);
        performer = { _id: o.performerId, username: p?.username ?? "", name: p?.name || p?.username || "" };
        regularCents = (o.period === "yearly" ? p?.yearly : p?.monthly) ?? 0;
      } else {
        const [p] = await db
          .select()
          .from(subscriptionPackages)
          .where(eq(subscriptionPackages.id, o.packageId ?? ""));
        pkg = { _id: o.packageId ?? "", name: p?.name ?? "" };
        regularCents = p?.priceCents ?? 0;
      }
      const reason = unavailable(o, now());
      return {
        _id: o.id,
        kind: o.kind,
        title: o.title || sold.title,
        performer,
        package: pkg,
        currency,
        regularPrice: regularCents / 100,
        chargedNow: sold.priceCents / 100,
        firstDays: sold.initialDays,
        renews: sold.renewDays !== null,
        renewPrice: sold.renewDays === null ? null : sold.renewCents / 100,
        renewDays: sold.renewDays,
        endsAt: o.endsAt?.toISOString() ?? null,
        claimsLeft: o.maxClaims === null ? null : Math.max(0, o.maxClaims - o.claims),
        available: reason === null,
        reason,
      };
    },

    /** A performer's new tracking link, with a code of its own. */
    async createLink(performer: Actor, name: string) {
      const code = randomBytes(6).toString("base64url");
      const [row] = await db.insert(trackingLinks).values({ performerId: performer.id, name, code }).returning();
      return (await this.links(performer.id)).data.find((l) => l._id === row?.id) as TrackingLink;
    },

    /** The performer's tracking links with their clicks, sign-ups and paid conversions. */
    async links(performerId: string): Promise<{ total: number; data: TrackingLink[] }> {
      const rows = await db
        .select()
        .from(trackingLinks)
        .where(eq(trackingLinks.performerId, performerId))
        .orderBy(desc(trackingLinks.createdAt));
      const figures = await linkFigures(rows.map((r) => r.id));
      return {
        total: rows.length,
        data: rows.map((r) => {
          const f = figures.get(r.id) ?? { signups: 0, conversions: 0, revenueCents: 0 };
          return {
            _id: r.id,
            name: r.name,
            code: r.code,
            link: `/r/${r.code}`,
            clicks: r.clicks,
            signups: f.signups,
            conversions: f.conversions,
            revenue: f.revenueCents / 100,
            createdAt: r.createdAt.toISOString(),
          };
        }),
      };
    },

    /**
     * A click on a tracking link, answered with where it leads (the performer's profile). It is counted once per
     * client address and link in CLICK_WINDOW_MS, as link trackers count unique clicks: a reload, or a script posting
     * in a loop, does not inflate the figure a performer judges the link by.
     */
    async click(code: string, ip: string) {
      const [link] = await db
        .select({ id: trackingLinks.id, performerId: trackingLinks.performerId })
        .from(trackingLinks)
        .where(eq(trackingLinks.code, code));
      if (!link) throw notFound("Link");
      if ((await deps.throttle.hit(`link-click:${link.id}:${ip}`, CLICK_WINDOW_MS)) === 1) {
        await db
          .update(trackingLinks)
          .set({ clicks: sql`${trackingLinks.clicks} + 1` })
          .where(eq(trackingLinks.id, link.id));
      }
      const [u] = await db.select({ username: users.username }).from(users).where(eq(users.id, link.performerId));
      return { username: u?.username ?? "", code };
    },

    /** A sign-up that came with a tracking link's code: counted for that link (an unknown code counts for none). */
    async attributeSignup(userId: string, code: string) {
      const [link] = await db.select({ id: trackingLinks.id }).from(trackingLinks).where(eq(trackingLinks.code, code));
      if (!link) return;
      await db.insert(trackingSignups).values({ userId, linkId: link.id }).onConflictDoNothing();
    },
  };
}
export type Offers = ReturnType<typeof createOffers>;
