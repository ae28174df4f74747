import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "../../db/columns.ts";
import { users } from "../users/tables.ts";

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
    priceCents: integer("price_cents").notNull().default(0),
    renews: boolean("renews").notNull().default(false),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date", precision: 3 }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date", precision: 3 }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true, mode: "date", precision: 3 }),
    gateway: text("gateway"),
    gatewaySubscriptionId: text("gateway_subscription_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("subscriptions_user_idx").on(t.userId, t.kind, t.expiresAt),
    index("subscriptions_performer_idx").on(t.performerId, t.expiresAt).where(sql`kind = 'performer'`),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;
