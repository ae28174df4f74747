import type { EvidenceState, Receipt, TaxPlaces, TaxRate, TaxRateBody } from "@marquee/contracts/taxes";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { conflict, notFound, unprocessable } from "../../../platform/errors.ts";
import type { GeoIp } from "../../../platform/geoip.ts";
import { type AuditActor, recordAudit } from "../../audit/service.ts";
import { countryName } from "../../lookups/service.ts";
import type { SettingsService } from "../../settings/service.ts";
import { users } from "../../users/tables.ts";
import { orderLines, orders } from "../orders/tables.ts";
import { percentToBp, taxLine } from "./compute.ts";
import { createTaxReport } from "./report.ts";
import { orderTaxes, taxBilling, taxEntries, taxRates } from "./tables.ts";

/** What a checkout says of where the buyer is: the billing place they gave, and the address of its request. */
export interface BillingInput {
  billingCountry?: string;
  billingRegion?: string;
  ip?: string;
}

/** The tax a checkout applies: the rate for the billing place and the evidence of where the buyer is. */
export interface TaxPlan {
  billingCountry: string;
  billingRegion: string | null;
  ipCountry: string | null;
  evidence: EvidenceState;
  taxName: string | null;
  rateBp: number;
  pricesIncludeTax: boolean;
  /** Whether the buyer named the place in this checkout (then it is remembered for their next). */
  given: boolean;
}

const REGION = /^[A-Z]{2}-[A-Z0-9]{1,3}$/;
const cents = (n: number) => n / 100;
const field = (path: string, message: string) => unprocessable(message, [{ path, message }]);

const rateView = (r: typeof taxRates.$inferSelect): TaxRate => ({
  _id: r.id,
  country: r.country,
  countryName: countryName(r.country) ?? r.country,
  region: r.region,
  name: r.name,
  rate: r.rateBp / 100,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * Taxes (issue 24 section 5): the admins' rates, the plan a checkout applies (the billing country's rate, checked
 * against the GeoIP country), the tax ledger's rows when a payment is applied or taken back, receipts and the tax
 * report.
 *
 * Evidence (EU VAT practice asks for two pieces of evidence that do not contradict each other): the billing country
 * the buyer gives decides the rate, and the GeoIP country of the checkout's request is recorded beside it. When they
 * disagree the billing country's rate is still applied (GeoIP is the weaker piece: travel, VPNs) and the order is
 * recorded as a `mismatch`, which the tax report counts per country so the operator can gather a third piece (the
 * card's country, the buyer's confirmation) before filing. A request with no GeoIP country is `no-geoip`.
 */
export function createTaxes(deps: {
  db: Db;
  geoip: GeoIp;
  settings: Pick<SettingsService, "get">;
  /** The site's public address: the seller on receipts. */
  publicUrl: string;
}) {
  const { db } = deps;

  /** A rate's values checked one by one, each refusal a 422 naming its field. */
  function checked(body: TaxRateBody) {
    const country = body.country.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(country) || !countryName(country)) {
      throw field("body.country", "Use an ISO 3166-1 alpha-2 country code such as GB.");
    }
    const region = body.region?.trim().toUpperCase() || null;
    if (region && (!REGION.test(region) || !region.startsWith(`${country}-`))) {
      throw field("body.region", `Use an ISO 3166-2 code of ${country} such as ${country}-AB, or leave it empty.`);
    }
    const name = body.name.trim();
    if (name.length < 1 || name.length > 40) throw field("body.name", "Give the tax a name of 1 to 40 characters.");
    const rateBp = Number.isFinite(body.rate) ? percentToBp(body.rate) : null;
    if (rateBp === null || rateBp < 0 || rateBp > 10_000) {
      throw field("body.rate", "Give a percent from 0 to 100 with at most two decimals.");
    }
    return { country, region, name, rateBp };
  }

  async function taken(tx: Tx, v: { country: string; region: string | null }, except?: string) {
    const [row] = await tx
      .select({ id: taxRates.id })
      .from(taxRates)
      .where(
        and(
          eq(taxRates.country, v.country),
          sql`coalesce(${taxRates.region}, '') = ${v.region ?? ""}`,
          except ? sql`${taxRates.id} <> ${except}` : undefined,
        ),
      );
    if (row) {
      throw conflict(`${v.region ?? v.country} has a rate already: change that one.`, [
        { path: v.region ? "body.region" : "body.country", message: "has a rate already" },
      ]);
    }
  }

  async function pricesIncludeTax() {
    return deps.settings.get("taxPricesIncludeTax");
  }

  /** The rate for a place: its region's, else its country's, else none. */
  function rateFor(rates: (typeof taxRates.$inferSelect)[], country: string, region: string | null) {
    return (
      (region ? rates.find((r) => r.country === country && r.region === region) : undefined) ??
      rates.find((r) => r.country === country && r.region === null) ??
      null
    );
  }

  /**
   * The tax of a checkout: null while the site has no rate at all (nothing is asked of the buyer). Otherwise the
   * billing country is required (the one given, else the one the buyer gave last time), and its region when the
   * country has regional rates: an ISO 3166-2 code, or the country's own code for elsewhere in it (its country-wide
   * rate, or none); each refusal is a 422 naming the field.
   */
  async function plan(on: Tx | Db | null, buyerId: string, input: BillingInput = {}): Promise<TaxPlan | null> {
    const tx = on ?? db;
    const rates = await tx.select().from(taxRates);
    let country = input.billingCountry?.trim().toUpperCase() || null;
    let region = input.billingRegion?.trim().toUpperCase() || null;
    const given = !!country;
    if (country && !countryName(country)) {
      throw field("body.billingCountry", "Choose your billing country from the list.");
    }
    if (!country) {
      const [saved] = await tx.select().from(taxBilling).where(eq(taxBilling.userId, buyerId));
      if (saved) [country, region] = [saved.country, region ?? saved.region];
    }
    if (!country) {
      if (!rates.length) return null;
      throw field("body.billingCountry", "Choose your billing country: the tax depends on it.");
    }
    // The country's own code as the region: elsewhere in the country than its regions with rates of their own.
    const elsewhere = region === country;
    if (elsewhere) region = null;
    if (region && (!REGION.test(region) || !region.startsWith(`${country}-`))) {
      throw field("body.billingRegion", "Choose your region from the list.");
    }
    const regional = rates.filter((r) => r.country === country && r.region);
    if (regional.length && !region && !elsewhere) {
      throw field("body.billingRegion", `Choose your region in ${countryName(country)}: the tax depends on it.`);
    }
    const rate = rateFor(rates, country, region);
    const ipCountry = input.ip ? deps.geoip.country(input.ip) : null;
    return {
      billingCountry: country,
      billingRegion: region,
      ipCountry,
      evidence: ipCountry === null ? "no-geoip" : ipCountry === country ? "match" : "mismatch",
      taxName: rate?.name ?? null,
      rateBp: rate?.rateBp ?? 0,
      pricesIncludeTax: await pricesIncludeTax(),
      given,
    };
  }

  return {
    plan,
    ...createTaxReport({ db, settings: deps.settings }),

    /** A line's net, tax and gross under a plan (no plan: no tax). */
    line(priceCents: number, p: TaxPlan | null) {
      return taxLine(priceCents, p?.rateBp ?? 0, p?.pricesIncludeTax ?? false);
    },

    /** Inside the checkout's transaction: the order's evidence kept, and the billing place remembered. */
    async record(tx: Tx, buyerId: string, orderId: string, p: TaxPlan | null) {
      if (!p) return;
      await tx.insert(orderTaxes).values({
        orderId,
        billingCountry: p.billingCountry,
        billingRegion: p.billingRegion,
        ipCountry: p.ipCountry,
        evidence: p.evidence,
        taxName: p.taxName,
        rateBp: p.rateBp,
        pricesIncludeTax: p.pricesIncludeTax,
      });
      if (p.given) {
        await tx
          .insert(taxBilling)
          .values({ userId: buyerId, country: p.billingCountry, region: p.billingRegion })
          .onConflictDoUpdate({
            target: taxBilling.userId,
            set: { country: p.billingCountry, region: p.billingRegion, updatedAt: new Date() },
          });
      }
    },

    /** Whether a pending order was made under the same plan (else a new checkout replaces it). */
    async samePlan(tx: Tx, orderId: string, p: TaxPlan | null) {
      const [row] = await tx.select().from(orderTaxes).where(eq(orderTaxes.orderId, orderId));
      if (!row || !p) return !row && !p;
      return (
        row.billingCountry === p.billingCountry &&
        row.billingRegion === p.billingRegion &&
        row.rateBp === p.rateBp &&
        row.pricesIncludeTax === p.pricesIncludeTax
      );
    },

    /** Where taxes are charged: the checkout's billing country list. */
    async places(): Promise<TaxPlaces> {
      const rates = await db.select().from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.region));
      const byCountry = new Map<string, string[]>();
      for (const r of rates) {
        const regions = byCountry.get(r.country) ?? [];
        if (r.region) regions.push(r.region);
        byCountry.set(r.country, regions);
      }
      return {
        pricesIncludeTax: await pricesIncludeTax(),
        countries: [...byCountry].map(([country, regions]) => ({
          country,
          name: countryName(country) ?? country,
          regions,
        })),
      };
    },

    async list(): Promise<TaxRate[]> {
      const rows = await db.select().from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.region));
      return rows.map(rateView);
    },

    async create(body: TaxRateBody, actor: AuditActor): Promise<TaxRate> {
      const v = checked(body);
      return db.transaction(async (tx) => {
        await taken(tx, v);
        const [row] = await tx.insert(taxRates).values(v).returning();
        const view = rateView(row as typeof taxRates.$inferSelect);
        await recordAudit(tx, actor, {
          action: "taxes.rate-create",
          subjectType: "tax-rate",
          subjectId: view._id,
          after: view,
        });
        return view;
      });
    },

    async update(id: string, body: TaxRateBody, actor: AuditActor): Promise<TaxRate> {
      const v = checked(body);
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(taxRates).where(eq(taxRates.id, id)).for("update");
        if (!before) throw notFound("Tax rate");
        await taken(tx, v, id);
        const [row] = await tx.update(taxRates).set(v).where(eq(taxRates.id, id)).returning();
        const view = rateView(row as typeof taxRates.$inferSelect);
        await recordAudit(tx, actor, {
          action: "taxes.rate-update",
          subjectType: "tax-rate",
          subjectId: id,
          before: rateView(before),
          after: view,
        });
        return view;
      });
    },

    async remove(id: string, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx.delete(taxRates).where(eq(taxRates.id, id)).returning();
        if (!before) throw notFound("Tax rate");
        await recordAudit(tx, actor, {
          action: "taxes.rate-delete",
          subjectType: "tax-rate",
          subjectId: id,
          before: rateView(before),
        });
      });
    },

    /**
     * A renewal's tax (inside the ledger's transaction): renewals keep the plan their subscription was sold under
     * (its first order's billing place and rate), as the gateway charges the same amount each time. The plan is
     * copied to the renewal's order (for its receipt and the tax ledger) and the charge `grossCents` split into net
     * and tax by its rate; null when the first order had no tax plan.
     *
     * The charge was worked out at checkout as `line(net)`; the net is found again from it as a tax-inclusive price
     * is, which gives that same net whichever way the site's prices are set (the tax's rounding is under half a cent).
     */
    async renewal(tx: Tx, firstOrderId: string, renewalOrderId: string, grossCents: number) {
      const [t] = await tx.select().from(orderTaxes).where(eq(orderTaxes.orderId, firstOrderId));
      if (!t) return null;
      const { createdAt: _at, orderId: _first, ...plan } = t;
      await tx.insert(orderTaxes).values({ ...plan, orderId: renewalOrderId });
      return { ...taxLine(grossCents, t.rateBp, true), pricesIncludeTax: t.pricesIncludeTax };
    },

    /**
     * The ledger's side (inside the event's transaction): the order's lines entered in the tax ledger when its
     * payment is applied, and reversed (negative) when it is refunded or charged back. Orders without a tax plan
     * (before taxes, sites without rates) enter nothing.
     */
    async entered(tx: Tx, orderId: string, kind: "sale" | "refund") {
      const [t] = await tx.select().from(orderTaxes).where(eq(orderTaxes.orderId, orderId));
      if (!t?.billingCountry) return;
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
      if (!lines.length) return;
      const sign = kind === "sale" ? 1 : -1;
      await tx
        .insert(taxEntries)
        .values(
          lines.map((l) => ({
            orderId,
            orderLineId: l.id,
            kind,
            country: t.billingCountry as string,
            region: t.billingRegion,
            taxName: t.taxName,
            rateBp: t.rateBp,
            netCents: sign * l.netCents,
            taxCents: sign * l.taxCents,
            grossCents: sign * l.grossCents,
          })),
        )
        .onConflictDoNothing();
    },

    /** The buyer's receipt for one of their orders (an admin may read any); 404 for anyone else's. */
    async receipt(viewer: { id: string; role: string }, orderId: string): Promise<Receipt> {
      const [o] = await db
        .select({ order: orders, username: users.username })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, orderId));
      if (!o || (o.order.userId !== viewer.id && viewer.role !== "admin")) throw notFound("Order");
      const lines = await db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.createdAt), asc(orderLines.id));
      const [t] = await db.select().from(orderTaxes).where(eq(orderTaxes.orderId, orderId));
      const sum = (k: "netCents" | "taxCents" | "grossCents") => lines.reduce((n, l) => n + l[k], 0);
      return {
        orderId,
        status: o.order.status,
        currency: o.order.currency,
        createdAt: o.order.createdAt.toISOString(),
        paidAt: o.order.paidAt?.toISOString() ?? null,
        seller: { name: await deps.settings.get("siteName"), url: deps.publicUrl },
        buyer: { username: o.username },
        lines: lines.map((l) => ({
          title: l.title,
          quantity: l.quantity,
          net: cents(l.netCents),
          tax: cents(l.taxCents),
          gross: cents(l.grossCents),
        })),
        net: cents(sum("netCents")),
        tax: cents(sum("taxCents")),
        gross: cents(sum("grossCents")),
        taxDetails: t
          ? {
              name: t.taxName,
              rate: t.rateBp / 100,
              pricesIncludeTax: t.pricesIncludeTax,
              billingCountry: t.billingCountry,
              billingRegion: t.billingRegion,
              ipCountry: t.ipCountry,
              evidence: t.evidence,
            }
          : null,
      };
    },
  };
}
export type Taxes = ReturnType<typeof createTaxes>;
