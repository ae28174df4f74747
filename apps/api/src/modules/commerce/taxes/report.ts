import type { TaxReport } from "@marquee/contracts/taxes";
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { unprocessable } from "../../../platform/errors.ts";
import { countryName } from "../../lookups/service.ts";
import type { SettingsService } from "../../settings/service.ts";
import { orderTaxes, taxEntries } from "./tables.ts";

const cents = (n: number) => n / 100;
const field = (path: string, message: string) => unprocessable(message, [{ path, message }]);

/** The tax report (taxes/service.ts): the tax ledger summed for filing, as JSON and as CSV. */
export function createTaxReport(deps: { db: Db; settings: Pick<SettingsService, "get"> }) {
  const { db } = deps;

  /** One CSV cell: quoted when it holds a comma, a quote or a line break; a formula's first character defused. */
  const cell = (v: string | number | null) => {
    const text = v === null ? "" : typeof v === "number" ? v.toFixed(2) : /^[=+\-@]/.test(v) ? `'${v}` : v;
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };

  /**
   * The tax report for filing: the tax ledger's rows from `from` to `to` (whole UTC days, both included) summed
   * per country, region and rate: sales less refunds, each row and the totals in major units.
   */
  async function report(from: string, to: string): Promise<TaxReport> {
    const start = new Date(`${from}T00:00:00.000Z`);
    const end = new Date(`${to}T00:00:00.000Z`);
    if (Number.isNaN(start.getTime())) throw field("querystring.from", "Give a day such as 2026-01-31.");
    if (Number.isNaN(end.getTime())) throw field("querystring.to", "Give a day such as 2026-01-31.");
    if (start > end) throw field("querystring.from", "The period starts after it ends.");
    end.setUTCDate(end.getUTCDate() + 1);
    const rows = await db
      .select({
        country: taxEntries.country,
        region: taxEntries.region,
        taxName: taxEntries.taxName,
        rateBp: taxEntries.rateBp,
        orders: sql<number>`count(distinct ${taxEntries.orderId}) filter (where ${taxEntries.kind} = 'sale')`.mapWith(
          Number,
        ),
        refunds:
          sql<number>`count(distinct ${taxEntries.orderId}) filter (where ${taxEntries.kind} = 'refund')`.mapWith(
            Number,
          ),
        net: sql<number>`coalesce(sum(${taxEntries.netCents}), 0)`.mapWith(Number),
        tax: sql<number>`coalesce(sum(${taxEntries.taxCents}), 0)`.mapWith(Number),
        gross: sql<number>`coalesce(sum(${taxEntries.grossCents}), 0)`.mapWith(Number),
        mismatches:
          sql<number>`count(distinct ${taxEntries.orderId}) filter (where ${taxEntries.kind} = 'sale' and ${orderTaxes.evidence} = 'mismatch')`.mapWith(
            Number,
          ),
      })
      .from(taxEntries)
      .innerJoin(orderTaxes, eq(orderTaxes.orderId, taxEntries.orderId))
      .where(and(gte(taxEntries.at, start), lt(taxEntries.at, end)))
      .groupBy(taxEntries.country, taxEntries.region, taxEntries.taxName, taxEntries.rateBp)
      .orderBy(asc(taxEntries.country), sql`${taxEntries.region} nulls first`, asc(taxEntries.rateBp));
    const total = (k: "net" | "tax" | "gross") => cents(rows.reduce((n, r) => n + r[k], 0));
    return {
      from,
      to,
      currency: await deps.settings.get("currency"),
      rows: rows.map((r) => ({
        country: r.country,
        countryName: countryName(r.country) ?? r.country,
        region: r.region,
        taxName: r.taxName,
        rate: r.rateBp / 100,
        orders: r.orders,
        refunds: r.refunds,
        net: cents(r.net),
        tax: cents(r.tax),
        gross: cents(r.gross),
        mismatches: r.mismatches,
      })),
      totals: { net: total("net"), tax: total("tax"), gross: total("gross") },
    };
  }

  /** The tax report as CSV (one row per country, region and rate, then the totals), for filing. */
  async function reportCsv(from: string, to: string): Promise<string> {
    const r = await report(from, to);
    const head = [
      "country",
      "country_name",
      "region",
      "tax",
      "rate_percent",
      "orders",
      "refunds",
      "mismatches",
      "net",
      "tax_amount",
      "gross",
      "currency",
    ];
    const rows = r.rows.map((x) =>
      [
        cell(x.country),
        cell(x.countryName),
        cell(x.region),
        cell(x.taxName),
        cell(x.rate),
        String(x.orders),
        String(x.refunds),
        String(x.mismatches),
        cell(x.net),
        cell(x.tax),
        cell(x.gross),
        cell(r.currency),
      ].join(","),
    );
    const total = [
      "TOTAL",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      cell(r.totals.net),
      cell(r.totals.tax),
      cell(r.totals.gross),
      cell(r.currency),
    ].join(",");
    return `${[head.join(","), ...rows, total].join("\n")}\n`;
  }

  return { report, reportCsv };
}
