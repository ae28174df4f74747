import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, detailPaths, IP_IN, newAccount, type TestContext } from "../../../../test/harness.ts";
import { digitalProduct, physicalProduct, saleMovie, TEST_ADDRESS } from "../../../../test/sales.ts";
import { auditLog } from "../../audit/tables.ts";
import { users } from "../../users/tables.ts";
import { earnings } from "../earnings/tables.ts";
import { transactions } from "../ledger/tables.ts";
import { orderLines, orders } from "../orders/tables.ts";
import { subscriptions } from "../subscriptions/tables.ts";
import { orderTaxes, taxEntries } from "./tables.ts";

/**
 * Taxes (issue 24 section 5): the admins' rates, the tax step of checkouts with its evidence, the ledger's net, tax
 * and gross per line, earnings from the net only, refunds that take the tax back, receipts and the tax report.
 */

let t: TestContext;
let admin: string;
let performer: string;
let user: string;
let member: string;

interface Checkout {
  paymentUrl: string;
  orderId: string;
  transactionId: string;
}

beforeAll(async () => {
  t = await createTestContext();
  [admin, performer, user, member] = await Promise.all([
    t.login("admin"),
    t.login("performer"),
    t.login("user"),
    t.login("member"),
  ]);
});
afterAll(() => t.close());

const addRate = (body: Record<string, unknown>, token = admin) =>
  t.request({ method: "POST", url: "/admin/taxes", token, body });

const buy = (id: string, body: Record<string, unknown>, token = user, ip: string = IP_IN.GB) =>
  t.request({
    method: "POST",
    url: `/payment/purchase-video/${id}`,
    token,
    body,
    headers: { "x-forwarded-for": ip },
  });

async function checkout(id: string, body: Record<string, unknown>, token = user, ip?: string): Promise<Checkout> {
  const res = await buy(id, body, token, ip);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The buyer approves on the sandbox's page: the sandbox charges the transaction's amount. */
async function approve(c: Checkout, token = user) {
  const res = await t.request({
    method: "POST",
    url: `/payment/sandbox/${c.transactionId}`,
    token,
    body: { decision: "approve" },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().status).toBe("paid");
}

const linesOf = (orderId: string) => t.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
const setIncluding = (value: boolean) =>
  t.request({ method: "PUT", url: "/admin/settings/taxPricesIncludeTax", token: admin, body: { value } });

describe("tax rates", () => {
  it("are an admin's: a member is refused with 403, a visitor with 401", async () => {
    expect((await addRate({ country: "DE", name: "VAT", rate: 19 }, user)).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/admin/taxes", token: user })).statusCode).toBe(403);
    expect(
      (await t.request({ method: "GET", url: "/admin/taxes/report?from=2026-01-01&to=2026-01-31", token: performer }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: "POST", url: "/admin/taxes", body: { country: "DE", name: "VAT", rate: 19 } }))
        .statusCode,
    ).toBe(401);
  });

  it("refuses each bad value with 422 naming its field", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ country: "XX", name: "VAT", rate: 19 }, "body.country", "Use an ISO 3166-1 alpha-2 country code such as GB."],
      [
        { country: "DE", region: "FR-75", name: "VAT", rate: 19 },
        "body.region",
        "Use an ISO 3166-2 code of DE such as DE-AB, or leave it empty.",
      ],
      [{ country: "DE", name: "  ", rate: 19 }, "body.name", "Give the tax a name of 1 to 40 characters."],
      [
        { country: "DE", name: "VAT", rate: 7.255 },
        "body.rate",
        "Give a percent from 0 to 100 with at most two decimals.",
      ],
      [
        { country: "DE", name: "VAT", rate: 101 },
        "body.rate",
        "Give a percent from 0 to 100 with at most two decimals.",
      ],
      [
        { country: "DE", name: "VAT", rate: -1 },
        "body.rate",
        "Give a percent from 0 to 100 with at most two decimals.",
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await addRate(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toMatchObject({ message, details: [{ path, message }] });
    }
    expect(detailPaths(await addRate({ country: "DE", name: "VAT" }))).toContain("body.rate");
  });

  it("are added, listed, changed and removed, each change in the audit trail", async () => {
    const made = await addRate({ country: "nl", name: "BTW", rate: 9 });
    expect(made.statusCode, made.body).toBe(201);
    const rate = made.json();
    expect(rate).toMatchObject({ country: "NL", countryName: "Netherlands", region: null, name: "BTW", rate: 9 });
    const twice = await addRate({ country: "NL", name: "VAT", rate: 21 });
    expect(twice.statusCode).toBe(409);
    expect(detailPaths(twice)).toEqual(["body.country"]);

    const changed = await t.request({
      method: "PUT",
      url: `/admin/taxes/${rate._id}`,
      token: admin,
      body: { country: "NL", name: "BTW", rate: 21 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ rate: 21 });
    const list = (await t.request({ method: "GET", url: "/admin/taxes", token: admin })).json();
    expect(list).toEqual([expect.objectContaining({ _id: rate._id, country: "NL", rate: 21 })]);

    const removed = await t.request({ method: "DELETE", url: `/admin/taxes/${rate._id}`, token: admin });
    expect(removed.statusCode).toBe(204);
    expect((await t.request({ method: "GET", url: "/admin/taxes", token: admin })).json()).toEqual([]);
    const again = await t.request({ method: "DELETE", url: `/admin/taxes/${rate._id}`, token: admin });
    expect(again.statusCode).toBe(404);

    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subjectId, rate._id));
    expect(audit.map((a) => a.action).sort()).toEqual(["taxes.rate-create", "taxes.rate-delete", "taxes.rate-update"]);
  });

  it("asks nothing of buyers while the site has no rate", async () => {
    const movie = await saleMovie(t, performer, 5);
    const c = await checkout(movie, {});
    const [tx] = await t.database.db.select().from(transactions).where(eq(transactions.id, c.transactionId));
    expect(tx?.amountCents).toBe(500);
    const [line] = await linesOf(c.orderId);
    expect(line).toMatchObject({ netCents: 500, taxCents: 0, grossCents: 500, totalCents: 500 });
    expect(await t.database.db.select().from(orderTaxes).where(eq(orderTaxes.orderId, c.orderId))).toEqual([]);
  });
});

describe("a checkout in a taxed country", () => {
  let movie: string;
  let paidOrder: Checkout;

  beforeAll(async () => {
    expect((await addRate({ country: "DE", name: "VAT", rate: 19 })).statusCode).toBe(201);
    expect((await addRate({ country: "ES", name: "IVA", rate: 21 })).statusCode).toBe(201);
    expect((await addRate({ country: "ES", region: "ES-CN", name: "IGIC", rate: 7 })).statusCode).toBe(201);
    movie = await saleMovie(t, performer, 10);
  });

  it("lists where tax is charged for the billing country field", async () => {
    const res = await t.request({ method: "GET", url: "/taxes/places" });
    expect(res.json()).toEqual({
      pricesIncludeTax: false,
      countries: [
        { country: "DE", name: "Germany", regions: [] },
        { country: "ES", name: "Spain", regions: ["ES-CN"] },
      ],
    });
  });

  it("requires the billing country, and the region where the country has regional rates (422 naming the field)", async () => {
    const none = await buy(movie, {}, member);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({
      message: "Choose your billing country: the tax depends on it.",
      details: [{ path: "body.billingCountry" }],
    });
    const unknown = await buy(movie, { billingCountry: "ZZ" }, member);
    expect(unknown.statusCode).toBe(422);
    expect(detailPaths(unknown)).toEqual(["body.billingCountry"]);
    const spain = await buy(movie, { billingCountry: "ES" }, member);
    expect(spain.statusCode).toBe(422);
    expect(spain.json()).toMatchObject({
      message: "Choose your region in Spain: the tax depends on it.",
      details: [{ path: "body.billingRegion" }],
    });
  });

  it("quotes the tax before paying: net, tax and gross for the billing place", async () => {
    const quote = async (body: Record<string, unknown>) =>
      t.request({ method: "POST", url: "/taxes/quote", token: member, body: { kind: "video", id: movie, ...body } });
    expect((await quote({ billingCountry: "DE" })).json()).toMatchObject({
      net: 10,
      tax: 1.9,
      gross: 11.9,
      taxName: "VAT",
      rate: 19,
      country: "DE",
    });
    expect((await quote({ billingCountry: "ES", billingRegion: "ES-CN" })).json()).toMatchObject({
      net: 10,
      tax: 0.7,
      gross: 10.7,
      taxName: "IGIC",
    });
    expect((await quote({ billingCountry: "US" })).json()).toMatchObject({ net: 10, tax: 0, gross: 10, taxName: null });
    // Elsewhere in Spain than its regions with rates: the country's own code, and its country-wide rate.
    expect((await quote({ billingCountry: "ES", billingRegion: "ES" })).json()).toMatchObject({
      tax: 2.1,
      taxName: "IVA",
      region: null,
    });
    // With a coupon applied, the tax is on the price it leaves, as at checkout; a code that cannot be used is named.
    const coupon = await t.request({
      method: "POST",
      url: "/admin/coupons",
      token: admin,
      body: { code: "TAXHALF", value: 0.5 },
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
    expect((await quote({ billingCountry: "DE", couponCode: "taxhalf" })).json()).toMatchObject({
      net: 5,
      tax: 0.95,
      gross: 5.95,
    });
    const unknownCoupon = await quote({ billingCountry: "DE", couponCode: "NOSUCH" });
    expect(unknownCoupon.statusCode).toBe(422);
    expect(unknownCoupon.json()).toMatchObject({ message: "There is no coupon with this code." });
    expect(detailPaths(unknownCoupon)).toEqual(["body.couponCode"]);
    const missing = await quote({});
    expect(missing.statusCode).toBe(422);
    expect(detailPaths(missing)).toEqual(["body.billingCountry"]);
  });

  it("quotes a cart's tax with its coupon as the store checkout then charges it, line by line", async () => {
    const [mug, book] = await Promise.all([physicalProduct(t, performer, 15), digitalProduct(t, performer, 4.99)]);
    const made = await t.request({
      method: "POST",
      url: "/admin/coupons",
      token: admin,
      body: { code: "CARTHALF", value: 0.5 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const products = [
      { _id: mug, quantity: 2 },
      { _id: book, quantity: 1 },
    ];
    const quote = (body: Record<string, unknown>) =>
      t.request({ method: "POST", url: "/taxes/quote/store", token: member, body: { products, ...body } });
    const full = await quote({ billingCountry: "DE" });
    expect(full.statusCode, full.body).toBe(200);
    // 30.00 + 4.99 and 19% of each line: 5.70 + 0.95.
    expect(full.json()).toMatchObject({ title: "3 items from the store", net: 34.99, tax: 6.65, gross: 41.64 });
    const halved = (await quote({ billingCountry: "DE", couponCode: "carthalf" })).json();
    expect(halved).toMatchObject({ net: 17.5, taxName: "VAT", rate: 19 });
    // The checkout charges what the quote said.
    const bought = await t.request({
      method: "POST",
      url: "/payment/purchase-products",
      token: member,
      body: { products, couponCode: "CARTHALF", billingCountry: "DE", ...TEST_ADDRESS },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const [tx] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, bought.json().transactionId));
    expect(tx?.amountCents).toBe(Math.round(halved.gross * 100));
    const lines = await linesOf(bought.json().orderId);
    expect(lines.reduce((n, l) => n + l.taxCents, 0)).toBe(Math.round(halved.tax * 100));
    // A product that cannot be bought names its line.
    const gone = await quote({ billingCountry: "DE", products: [{ _id: "01a21e58-9488-7a9f-ad26-ebdd2c720d9d" }] });
    expect(gone.statusCode).toBe(422);
    expect(detailPaths(gone)).toEqual(["body.products.0._id"]);
  });

  it("charges net + tax through the sandbox; the line holds net, tax and gross, the evidence is on the order", async () => {
    // The billing country is Germany, the address is in Great Britain: Germany's rate, the mismatch kept.
    paidOrder = await checkout(movie, { billingCountry: "de" }, user, IP_IN.GB);
    const [tx] = await t.database.db.select().from(transactions).where(eq(transactions.id, paidOrder.transactionId));
    expect(tx?.amountCents).toBe(1190);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, paidOrder.orderId));
    expect(order).toMatchObject({ originalCents: 1000, totalCents: 1190 });
    const view = await t.request({ method: "GET", url: `/payment/sandbox/${paidOrder.transactionId}`, token: user });
    expect(view.json().amount).toBe(11.9);
    await approve(paidOrder);
    const [line] = await linesOf(paidOrder.orderId);
    expect(line).toMatchObject({
      unitPriceCents: 1000,
      netCents: 1000,
      taxCents: 190,
      grossCents: 1190,
      totalCents: 1190,
    });
    const [evidence] = await t.database.db.select().from(orderTaxes).where(eq(orderTaxes.orderId, paidOrder.orderId));
    expect(evidence).toMatchObject({
      billingCountry: "DE",
      billingRegion: null,
      ipCountry: "GB",
      evidence: "mismatch",
      taxName: "VAT",
      rateBp: 1900,
      pricesIncludeTax: false,
    });
  });

  it("computes the performers' earnings from the net only", async () => {
    const rows = await t.database.db.select().from(earnings).where(eq(earnings.transactionId, paidOrder.transactionId));
    expect(rows.reduce((n, r) => n + r.grossCents, 0)).toBe(1000);
    expect(rows.reduce((n, r) => n + r.commissionCents, 0)).toBe(200);
    expect(rows.reduce((n, r) => n + r.netCents, 0)).toBe(800);
  });

  it("remembers the billing place for the buyer's next checkout, and the evidence matches from a German address", async () => {
    const other = await saleMovie(t, performer, 3);
    const c = await checkout(other, {}, user, "85.214.132.117");
    const [evidence] = await t.database.db.select().from(orderTaxes).where(eq(orderTaxes.orderId, c.orderId));
    expect(evidence?.billingCountry).toBe("DE");
    expect(["match", "no-geoip"]).toContain(evidence?.evidence);
    expect((await linesOf(c.orderId))[0]).toMatchObject({ netCents: 300, taxCents: 57, grossCents: 357 });
  });

  it("derives the net from the listed price when prices include tax", async () => {
    expect((await setIncluding(true)).statusCode).toBe(200);
    try {
      const other = await saleMovie(t, performer, 9.99);
      const c = await checkout(other, { billingCountry: "ES", billingRegion: "ES-CN" }, member);
      // 999 / 1.07 = 933.6 → 934 net, 65 tax.
      expect((await linesOf(c.orderId))[0]).toMatchObject({ netCents: 934, taxCents: 65, grossCents: 999 });
      const [tx] = await t.database.db.select().from(transactions).where(eq(transactions.id, c.transactionId));
      expect(tx?.amountCents).toBe(999);
      await approve(c, member);
      const rows = await t.database.db.select().from(earnings).where(eq(earnings.transactionId, c.transactionId));
      expect(rows.reduce((n, r) => n + r.grossCents, 0)).toBe(934);
    } finally {
      await setIncluding(false);
    }
  });

  it("shows the buyer a receipt: the site as seller, the lines' net, tax and gross, the evidence; 404 for others", async () => {
    const res = await t.request({ method: "GET", url: `/orders/${paidOrder.orderId}/receipt`, token: user });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      orderId: paidOrder.orderId,
      status: "paid",
      seller: { name: "Marquee" },
      buyer: { username: "user" },
      lines: [{ net: 10, tax: 1.9, gross: 11.9, quantity: 1 }],
      net: 10,
      tax: 1.9,
      gross: 11.9,
      taxDetails: { name: "VAT", rate: 19, billingCountry: "DE", ipCountry: "GB", evidence: "mismatch" },
    });
    const other = await t.request({ method: "GET", url: `/orders/${paidOrder.orderId}/receipt`, token: member });
    expect(other.statusCode).toBe(404);
    expect(
      (await t.request({ method: "GET", url: `/orders/${paidOrder.orderId}/receipt`, token: admin })).statusCode,
    ).toBe(200);
  });

  it("takes the tax back with a refund", async () => {
    const res = await t.request({
      method: "POST",
      url: `/admin/transactions/${paidOrder.transactionId}/refund`,
      token: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db
      .select({
        kind: taxEntries.kind,
        net: taxEntries.netCents,
        tax: taxEntries.taxCents,
        gross: taxEntries.grossCents,
      })
      .from(taxEntries)
      .where(eq(taxEntries.orderId, paidOrder.orderId));
    expect(rows.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: "refund", net: -1000, tax: -190, gross: -1190 },
      { kind: "sale", net: 1000, tax: 190, gross: 1190 },
    ]);
    const reversed = await t.database.db
      .select()
      .from(earnings)
      .where(eq(earnings.transactionId, paidOrder.transactionId));
    expect(reversed.reduce((n, r) => n + r.netCents, 0)).toBe(0);
  });

  it("reports per country and period, each sum equal to the raw rows recomputed in SQL", async () => {
    // A second German sale that stays paid, from a new buyer.
    const other = await saleMovie(t, performer, 4.5);
    const c = await checkout(other, { billingCountry: "DE" }, member, IP_IN.US);
    await approve(c, member);
    const today = new Date().toISOString().slice(0, 10);
    const res = await t.request({
      method: "GET",
      url: "/admin/taxes/report",
      token: admin,
      query: { from: today, to: today },
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as {
      rows: Array<{
        country: string;
        region: string | null;
        net: number;
        tax: number;
        gross: number;
        orders: number;
        refunds: number;
        mismatches: number;
      }>;
      totals: { net: number; tax: number; gross: number };
    };
    // Recomputed from the order lines of the paid and refunded orders with their evidence, in SQL.
    const raw = await t.database.db.execute<{
      country: string;
      region: string | null;
      net: string;
      tax: string;
      gross: string;
    }>(sql`
      select ot.billing_country as country, ot.billing_region as region,
        sum(case when o.status = 'paid' then ol.net_cents else 0 end) as net,
        sum(case when o.status = 'paid' then ol.tax_cents else 0 end) as tax,
        sum(case when o.status = 'paid' then ol.gross_cents else 0 end) as gross
      from order_lines ol join orders o on o.id = ol.order_id join order_taxes ot on ot.order_id = o.id
      where o.status in ('paid', 'refunded')
      group by 1, 2 order by 1, 2 nulls first`);
    const rawRows = (raw as unknown as { rows?: unknown[] }).rows ?? (raw as unknown as unknown[]);
    expect(
      report.rows.map((r) => ({ country: r.country, region: r.region, net: r.net, tax: r.tax, gross: r.gross })),
    ).toEqual(
      (rawRows as Array<{ country: string; region: string | null; net: string; tax: string; gross: string }>).map(
        (r) => ({
          country: r.country,
          region: r.region,
          net: Number(r.net) / 100,
          tax: Number(r.tax) / 100,
          gross: Number(r.gross) / 100,
        }),
      ),
    );
    const de = report.rows.find((r) => r.country === "DE");
    // Sales 10.00 + 4.50 (+ tax 1.90 + 0.86), the first refunded: 4.50 net, 0.86 tax left.
    expect(de).toMatchObject({ net: 4.5, tax: 0.86, gross: 5.36, orders: 2, refunds: 1, mismatches: 2 });
    const sum = (k: "net" | "tax" | "gross") => Math.round(report.rows.reduce((n, r) => n + r[k] * 100, 0)) / 100;
    expect(report.totals).toEqual({ net: sum("net"), tax: sum("tax"), gross: sum("gross") });
    const entries = await t.database.db
      .select({ tax: sql<number>`sum(${taxEntries.taxCents})`.mapWith(Number) })
      .from(taxEntries)
      .where(and(inArray(taxEntries.country, ["DE", "ES"])));
    expect(entries[0]?.tax).toBe(Math.round(report.totals.tax * 100));

    const bad = await t.request({
      method: "GET",
      url: "/admin/taxes/report",
      token: admin,
      query: { from: today, to: "2000-01-01" },
    });
    expect(bad.statusCode).toBe(422);
    expect(detailPaths(bad)).toEqual(["querystring.from"]);
  });
});

describe("the tax report as CSV", () => {
  it("has a row per country, region and rate and a totals row, for admins only", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const query = { from: today, to: today };
    const res = await t.request({ method: "GET", url: "/admin/taxes/report/csv", token: admin, query });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body.trim().split("\n");
    expect(lines[0]).toBe(
      "country,country_name,region,tax,rate_percent,orders,refunds,mismatches,net,tax_amount,gross,currency",
    );
    expect(lines).toContain("DE,Germany,,VAT,19.00,2,1,2,4.50,0.86,5.36,USD");
    expect(lines.at(-1)).toMatch(/^TOTAL,/);
    const user_ = await t.request({ method: "GET", url: "/admin/taxes/report/csv", token: user, query });
    expect(user_.statusCode).toBe(403);
  });
});

describe("a renewal on a taxed site", () => {
  it("charges the first payment's tax again, records it in the tax ledger, and a refund of it takes it back", async () => {
    const buyer = await newAccount(t, "user");
    const [p] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, "performer"));
    const res = await t.request({
      method: "POST",
      url: "/payment/subscribe",
      token: buyer.token,
      body: { performerId: p?.id, type: "monthly", billingCountry: "ES", billingRegion: "ES-CN" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json() as Checkout;
    await approve(first, buyer.token);
    const [sub] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, first.orderId));
    const [firstLine] = await linesOf(first.orderId);
    // What each renewal charges is the first period's gross: the price and IGIC's 7%.
    expect(sub?.priceCents).toBe(firstLine?.grossCents);
    expect(firstLine?.taxCents).toBeGreaterThan(0);
    const renewed = await t.request({
      method: "POST",
      url: `/admin/subscriptions/${sub?.id}/simulate`,
      token: admin,
      body: { event: "renewed" },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const [renewal] = await t.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, buyer.id), sql`${transactions.orderId} <> ${first.orderId}`));
    expect(renewal?.amountCents).toBe(firstLine?.grossCents);
    expect((await linesOf(renewal?.orderId ?? ""))[0]).toMatchObject({
      netCents: firstLine?.netCents,
      taxCents: firstLine?.taxCents,
      grossCents: firstLine?.grossCents,
    });
    const paid = await t.database.db
      .select()
      .from(earnings)
      .where(eq(earnings.transactionId, renewal?.id ?? ""));
    expect(paid.reduce((n, r) => n + r.grossCents, 0)).toBe(firstLine?.netCents);
    const refund = await t.request({ method: "POST", url: `/admin/transactions/${renewal?.id}/refund`, token: admin });
    expect(refund.statusCode, refund.body).toBe(200);
    const entries = await t.database.db
      .select({ kind: taxEntries.kind, region: taxEntries.region, tax: taxEntries.taxCents })
      .from(taxEntries)
      .where(eq(taxEntries.orderId, renewal?.orderId ?? ""));
    const tax = firstLine?.taxCents ?? 0;
    expect(entries.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: "refund", region: "ES-CN", tax: -tax },
      { kind: "sale", region: "ES-CN", tax },
    ]);
  });
});
