import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestContext,
  DEMO_PASSWORD,
  deliverSandbox,
  enrolTwoFactor,
  newAccount,
  type TestContext,
} from "../../../test/harness.ts";
import { saleMovie } from "../../../test/sales.ts";
import { coupons } from "../commerce/coupons/tables.ts";
import { transactions } from "../commerce/ledger/tables.ts";
import { payouts } from "../commerce/payouts/tables.ts";
import { subscriptionPackages } from "../commerce/subscriptions/tables.ts";
import { performers } from "../performers/tables.ts";
import { auditLog } from "./tables.ts";

/**
 * An admin's change and its audit record commit together (issue 22 section 5): every record carries the subject
 * before and after, and when the database refuses the record, the change is not made either. The refusal is the
 * database's own: a trigger, installed in this file's database only, that refuses audit rows from one address.
 */

let t: TestContext;
let admin: string;
let user: string;

/** Requests from this address have their audit record refused by the database (the trigger below). */
const REFUSED = "192.0.2.66";
const FINE = "198.51.100.20";

beforeAll(async () => {
  t = await createTestContext();
  [admin, user] = await Promise.all([t.login("admin"), t.login("user")]);
  await t.database.db.execute(sql`
    create function refuse_test_audit() returns trigger language plpgsql as $$
    begin
      if new.ip = '192.0.2.66' then
        raise exception 'audit records from 192.0.2.66 are refused in this test';
      end if;
      return new;
    end $$`);
  await t.database.db.execute(
    sql`create trigger refuse_test_audit before insert on audit_log for each row execute function refuse_test_audit()`,
  );
});
afterAll(() => t.close());

const as = (ip: string, method: "POST" | "PUT", url: string, body?: unknown) =>
  t.request({ method, url, token: admin, body, headers: { "x-forwarded-for": ip } });

/** The newest audit record of `action` on the subject. */
async function recorded(action: string, subjectId: string) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  return row;
}
const recordsOf = async (subjectId: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId))).length;

/** What the database answers when the audit record is refused: the request fails as a whole. */
function refused(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(500);
  expect(res.body).not.toContain("192.0.2.66");
}

/** A performer with two-factor sign-in on (a payout waits for it) and one paid sale to `user`: its transaction. */
async function performerWithSale(cents: number) {
  const p = await newAccount(t, "performer", "payee");
  const status = (await t.request({ method: "GET", url: "/auth/two-factor", token: p.token })).json();
  if (!status.enabled) await enrolTwoFactor(t, p.token, { password: DEMO_PASSWORD });
  const movie = await saleMovie(t, p.token, cents / 100);
  const res = await t.request({ method: "POST", url: `/payment/purchase-video/${movie}`, token: user });
  expect(res.statusCode, res.body).toBe(200);
  const { transactionId } = res.json() as { transactionId: string };
  const paid = await deliverSandbox(t, {
    id: `paid:${transactionId}`,
    type: "paid",
    transactionId,
    amountCents: cents,
  });
  expect(paid.json().received[0].outcome).toBe("applied");
  return { performerId: p.id, transactionId };
}

const statusOf = async (transactionId: string) =>
  (await t.database.db.select().from(transactions).where(eq(transactions.id, transactionId)))[0]?.status;

describe("a setting change", () => {
  it("is recorded with the value before and after, from the admin's address", async () => {
    expect((await as(FINE, "PUT", "/admin/settings/siteName", { value: "Before Club" })).statusCode).toBe(200);
    expect((await as(FINE, "PUT", "/admin/settings/siteName", { value: "After Club" })).statusCode).toBe(200);
    expect(await recorded("settings.update", "siteName")).toMatchObject({
      actorName: "admin",
      ip: FINE,
      subjectType: "setting",
      before: { value: "Before Club" },
      after: { value: "After Club" },
    });
  });

  it("is not made when its record is refused", async () => {
    const count = await recordsOf("siteName");
    refused(await as(REFUSED, "PUT", "/admin/settings/siteName", { value: "Unrecorded Club" }));
    const settings = await t.request({ method: "GET", url: "/settings/public" });
    expect(settings.json().siteName).toBe("After Club");
    expect(await recordsOf("siteName")).toBe(count);
  });
});

describe("a coupon", () => {
  it("is recorded as created, and changed with the coupon before and after", async () => {
    const made = await as(FINE, "POST", "/admin/coupons", { code: "BEFORE10", value: 0.1 });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json()._id as string;
    expect(await recorded("coupons.create", id)).toMatchObject({
      before: null,
      after: { _id: id, code: "BEFORE10", value: 0.1, active: true },
    });
    const changed = await as(FINE, "PUT", `/admin/coupons/${id}`, { value: 0.25, remainingUses: 5 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await recorded("coupons.update", id)).toMatchObject({
      before: { code: "BEFORE10", value: 0.1, remainingUses: null, active: true },
      after: { code: "BEFORE10", value: 0.25, remainingUses: 5, active: true },
    });
  });

  it("is neither created nor changed when its record is refused", async () => {
    refused(await as(REFUSED, "POST", "/admin/coupons", { code: "UNRECORDED", value: 0.5 }));
    expect(await t.database.db.select().from(coupons).where(eq(coupons.code, "UNRECORDED"))).toEqual([]);
    const [c] = await t.database.db.select().from(coupons).where(eq(coupons.code, "BEFORE10"));
    const id = (c as { id: string }).id;
    const count = await recordsOf(id);
    refused(await as(REFUSED, "PUT", `/admin/coupons/${id}`, { active: false, value: 0.9 }));
    const list = await t.request({ method: "GET", url: "/admin/coupons", token: admin, query: { limit: "100" } });
    expect(list.json().data.find((x: { _id: string }) => x._id === id)).toMatchObject({ value: 0.25, active: true });
    expect(await recordsOf(id)).toBe(count);
  });
});

describe("a membership package", () => {
  it("is recorded as created, and changed with the package before and after", async () => {
    const made = await as(FINE, "POST", "/admin/packages", {
      name: "Audited month",
      type: "recurring",
      price: 9.99,
      initialPeriodDays: 30,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json()._id as string;
    expect(await recorded("packages.create", id)).toMatchObject({
      before: null,
      after: { name: "Audited month", price: 9.99, recurringPeriodDays: 30 },
    });
    expect((await as(FINE, "PUT", `/admin/packages/${id}`, { price: 12.5, active: false })).statusCode).toBe(200);
    expect(await recorded("packages.update", id)).toMatchObject({
      before: { name: "Audited month", price: 9.99, active: true },
      after: { name: "Audited month", price: 12.5, active: false },
    });
  });

  it("is neither created nor changed when its record is refused", async () => {
    const body = { name: "Unrecorded week", type: "single", price: 3, initialPeriodDays: 7 };
    refused(await as(REFUSED, "POST", "/admin/packages", body));
    const named = (name: string) =>
      t.database.db.select().from(subscriptionPackages).where(eq(subscriptionPackages.name, name));
    expect(await named("Unrecorded week")).toEqual([]);
    const id = ((await named("Audited month"))[0] as { id: string }).id;
    refused(await as(REFUSED, "PUT", `/admin/packages/${id}`, { price: 1 }));
    expect(await named("Audited month")).toMatchObject([{ priceCents: 1250, active: false }]);
  });
});

describe("a payout", () => {
  it("is recorded with what was owed before and the payout after", async () => {
    const { performerId } = await performerWithSale(2000);
    const res = await as(FINE, "POST", "/admin/payouts", { performerId, note: "November" });
    expect(res.statusCode, res.body).toBe(201);
    const payout = res.json();
    expect(await recorded("payouts.pay", performerId)).toMatchObject({
      actorName: "admin",
      ip: FINE,
      before: { owed: payout.amount, currency: "USD", unpaidLines: 1, payout: null },
      after: {
        owed: 0,
        unpaidLines: 0,
        payout: { _id: payout._id, amount: payout.amount, lines: 1, note: "November" },
      },
    });
    expect(payout.amount).toBeGreaterThan(0);
  });

  it("is not made when its record is refused: the performer is still owed", async () => {
    const { performerId } = await performerWithSale(1500);
    refused(await as(REFUSED, "POST", "/admin/payouts", { performerId }));
    expect(await t.database.db.select().from(payouts).where(eq(payouts.performerId, performerId))).toEqual([]);
    const due = await t.request({ method: "GET", url: "/admin/payouts/due", token: admin, query: { limit: "100" } });
    expect(due.json().data.find((d: { performerId: string }) => d.performerId === performerId)).toMatchObject({
      lines: 1,
    });
    expect(await recordsOf(performerId)).toBe(0);
  });
});

describe("a refund", () => {
  it("is recorded before the gateway is asked, with the transaction before and the refund asked after", async () => {
    const { transactionId } = await performerWithSale(1200);
    const res = await as(FINE, "POST", `/admin/transactions/${transactionId}/refund`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ transactionId, status: "refunded" });
    const entry = await recorded("payments.refund", transactionId);
    expect(entry).toMatchObject({
      actorName: "admin",
      ip: FINE,
      before: { status: "paid", amount: 12, currency: "USD", gateway: "sandbox" },
      after: { status: "paid", amount: 12, currency: "USD", gateway: "sandbox", refund: "asked of sandbox" },
    });
  });

  it("is not asked of the gateway when its record is refused: the payment stays paid", async () => {
    const { transactionId } = await performerWithSale(800);
    refused(await as(REFUSED, "POST", `/admin/transactions/${transactionId}/refund`));
    expect(await statusOf(transactionId)).toBe("paid");
    expect(await recordsOf(transactionId)).toBe(0);
  });
});

describe("a commission rate and a country block", () => {
  it("record the rate before and after, and neither is changed when its record is refused", async () => {
    const p = await newAccount(t, "performer", "rated");
    const rate = (r: number | null, ip: string) => as(ip, "PUT", `/admin/performers/${p.id}/commission`, { rate: r });
    expect((await rate(0.1, FINE)).statusCode).toBe(200);
    expect(await recorded("performers.commission", p.id)).toMatchObject({
      before: { rate: null },
      after: { rate: 0.1 },
    });
    refused(await rate(0.5, REFUSED));
    const [row] = await t.database.db
      .select({ rate: performers.commissionRate })
      .from(performers)
      .where(eq(performers.id, p.id));
    expect(row?.rate).toBe(0.1);

    refused(await as(REFUSED, "POST", "/admin/country-block", { countryCode: "FR" }));
    const blocked = await t.request({ method: "GET", url: "/admin/country-block", token: admin });
    expect(blocked.json()).toEqual([]);
    expect(await recordsOf("FR")).toBe(0);
  });
});
