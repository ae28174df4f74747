import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "../../../db/columns.ts";
import { users } from "../../users/tables.ts";
import { orderLines, orders } from "../orders/tables.ts";

/**
 * An admin's tax rate for a country (ISO 3166-1 alpha-2), or for one region of it (ISO 3166-2, such as ES-CN):
 * a region's rate wins over its country's. One rate per place.
 */
export const taxRates = pgTable(
  "tax_rates",
  {
    id: idColumn(),
    country: text("country").notNull(),
    /** null: the whole country. */
    region: text("region"),
    name: text("name").notNull(),
    /** The percent in basis points: 20% is 2000. */
    rateBp: integer("rate_bp").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("tax_rates_place_uq").on(t.country, sql`coalesce(${t.region}, '')`)],
);

/** The billing place a member last gave at checkout: what their next checkout uses when it names none. */
export const taxBilling = pgTable("tax_billing", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  country: text("country").notNull(),
  region: text("region"),
  updatedAt: updatedAt(),
});

/**
 * The tax of one order as its checkout worked it out, with the evidence of where the buyer is: the billing place
 * they gave and the GeoIP country of the checkout's request (null when the address has none).
 */
export const orderTaxes = pgTable("order_taxes", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  billingCountry: text("billing_country"),
  billingRegion: text("billing_region"),
  ipCountry: text("ip_country"),
  /** `match`, `mismatch` (billing country applied, the contradiction kept for review) or `no-geoip`. */
  evidence: text("evidence", { enum: ["match", "mismatch", "no-geoip"] }).notNull(),
  /** The rate applied (null name and 0: none for the place). */
  taxName: text("tax_name"),
  rateBp: integer("rate_bp").notNull(),
  pricesIncludeTax: boolean("prices_include_tax").notNull(),
  createdAt: createdAt(),
});

/**
 * The tax ledger: one row per order line when its payment is applied (positive), and one reversing it when the
 * payment is refunded or charged back (negative). The tax report sums these rows.
 */
export const taxEntries = pgTable(
  "tax_entries",
  {
    id: idColumn(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderLineId: uuid("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["sale", "refund"] }).notNull(),
    country: text("country").notNull(),
    region: text("region"),
    taxName: text("tax_name"),
    rateBp: integer("rate_bp").notNull(),
    netCents: integer("net_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    grossCents: integer("gross_cents").notNull(),
    at: timestamp("at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("tax_entries_line_kind_uq").on(t.orderLineId, t.kind),
    index("tax_entries_at_idx").on(t.at, t.country),
  ],
);
