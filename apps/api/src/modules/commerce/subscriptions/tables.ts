import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "../../../db/columns.ts";
import { users } from "../../users/tables.ts";

/**
 * Site memberships (`kind = site`) and performer subscriptions (`kind = performer`). Active means
 * `status` active or cancelled (cancel stops renewal only) and `expiresAt > now` (DESIGN section 5).
 * The money issue fills these from payments; the catalogue reads them for access.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["site", "performer"] }).notNull(),
    /** The performer subscribed to (kind performer). */
    performerId: uuid("performer_id"),
    /** The subscription package bought (kind site). */
    packageId: uuid("package_id"),
    period: text("period", { enum: ["monthly", "yearly", "single", "recurring", "free"] }).notNull(),
    status: text("status", { enum: ["pending", "active", "cancelled", "expired"] })
      .notNull()
      .default("pending"),
    /** What each renewal charges (the first payment is its order's; an offer may make it differ). */
    priceCents: integer("price_cents").notNull().default(0),
    /** The offer it was sold under (offers area), with the days its first period and its renewals last. */
    offerId: uuid("offer_id"),
    firstDays: integer("first_days"),
    renewDays: integer("renew_days"),
    renews: boolean("renews").notNull().default(false),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date", precision: 3 }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date", precision: 3 }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true, mode: "date", precision: 3 }),
    gateway: text("gateway"),
    gatewaySubscriptionId: text("gateway_subscription_id"),
    /** The order that bought it (its first payment); renewals are orders of their own. */
    orderId: uuid("order_id"),
    /** Why an admin granted or revoked it by hand (gateway `manual` for a grant), with who did. */
    adminNote: text("admin_note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("subscriptions_user_idx").on(t.userId, t.kind, t.expiresAt),
    index("subscriptions_performer_idx").on(t.performerId, t.expiresAt).where(sql`kind = 'performer'`),
    index("subscriptions_order_idx").on(t.orderId),
    uniqueIndex("subscriptions_gateway_ref_idx").on(t.gateway, t.gatewaySubscriptionId),
    index("subscriptions_lapsing_idx").on(t.expiresAt).where(sql`status in ('active', 'cancelled')`),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * A site membership package (DESIGN section 5): `single` (one period, no renewal), `recurring` (renewed every
 * `recurringPeriodDays` at the same price until cancelled) or `trial` (free, once per member). A price of 0 activates
 * at once, with no gateway.
 */
export const subscriptionPackages = pgTable(
  "subscription_packages",
  {
    id: idColumn(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    type: text("type", { enum: ["single", "recurring", "trial"] }).notNull(),
    priceCents: integer("price_cents").notNull(),
    initialPeriodDays: integer("initial_period_days").notNull(),
    recurringPeriodDays: integer("recurring_period_days"),
    active: boolean("active").notNull().default(true),
    ordering: integer("ordering").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("subscription_packages_active_idx").on(t.ordering).where(sql`active`)],
);
export type PackageRow = typeof subscriptionPackages.$inferSelect;
