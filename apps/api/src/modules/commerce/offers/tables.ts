import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "../../../db/columns.ts";
import { users } from "../../users/tables.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date", precision: 3 });

/** What an offer changes about a subscription (issue 24 section 3). */
export const OFFER_KINDS = ["discount", "trial", "bundle"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/**
 * A promotion on a performer's subscription (`performerId`, made by the performer) or on a site membership package
 * (`packageId`, made by an admin):
 * - `discount`: `percentOff` off the first period (of `period`, monthly or yearly for a performer); renews at the
 *   regular price;
 * - `trial`: `trialDays` free, once per member and performer (or per member for the site), no renewal;
 * - `bundle`: `months` (3, 6 or 12) for `bundleCents`, renewing as the same bundle at the same price.
 * `maxClaims` and `endsAt` limit it; `claims` counts the checkouts that hold one (a failed or expired payment gives
 * its claim back), counted under the row's lock so two checkouts never take the last one.
 */
export const offers = pgTable(
  "offers",
  {
    id: idColumn(),
    performerId: uuid("performer_id").references(() => users.id, { onDelete: "cascade" }),
    packageId: uuid("package_id"),
    kind: text("kind", { enum: OFFER_KINDS }).notNull(),
    title: text("title").notNull().default(""),
    /** For a performer's discount or trial: which of their periods it is on (a bundle is its own). */
    period: text("period", { enum: ["monthly", "yearly"] }),
    percentOff: integer("percent_off"),
    trialDays: integer("trial_days"),
    months: integer("months"),
    bundleCents: integer("bundle_cents"),
    maxClaims: integer("max_claims"),
    claims: integer("claims").notNull().default(0),
    endsAt: at("ends_at"),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("offers_performer_idx").on(t.performerId, t.createdAt),
    index("offers_package_idx").on(t.packageId, t.createdAt),
  ],
);
export type OfferRow = typeof offers.$inferSelect;

/**
 * A checkout's claim of an offer, made with its order. `scope` is the performer's id or `site`: a member has one
 * trial per scope ever, which the partial unique index enforces even when two checkouts race. A checkout that never
 * gets paid gives its claim back (the row goes, the count drops).
 */
export const offerClaims = pgTable(
  "offer_claims",
  {
    id: idColumn(),
    offerId: uuid("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: uuid("order_id").notNull(),
    kind: text("kind", { enum: OFFER_KINDS }).notNull(),
    scope: text("scope").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("offer_claims_order_idx").on(t.orderId),
    uniqueIndex("offer_claims_one_trial_idx").on(t.userId, t.scope).where(sql`kind = 'trial'`),
    index("offer_claims_offer_idx").on(t.offerId),
  ],
);

/** A performer's tracking link (/r/CODE): its clicks are counted here, its sign-ups in `trackingSignups`. */
export const trackingLinks = pgTable(
  "tracking_links",
  {
    id: idColumn(),
    performerId: uuid("performer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    clicks: integer("clicks").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tracking_links_code_idx").on(t.code), index("tracking_links_performer_idx").on(t.performerId)],
);
export type TrackingLinkRow = typeof trackingLinks.$inferSelect;

/** A member who signed up after clicking a tracking link (the link's cookie came with the sign-up): one link each. */
export const trackingSignups = pgTable(
  "tracking_signups",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    linkId: uuid("link_id")
      .notNull()
      .references(() => trackingLinks.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("tracking_signups_link_idx").on(t.linkId)],
);
