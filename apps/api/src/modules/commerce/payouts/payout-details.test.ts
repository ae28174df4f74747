import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestContext,
  deliverSandbox,
  enrolTwoFactor,
  newAccount,
  type TestContext,
} from "../../../../test/harness.ts";
import { saleMovie } from "../../../../test/sales.ts";
import { createSecretBox } from "../../../platform/secret-box.ts";
import { auditLog } from "../../audit/tables.ts";
import { sessions } from "../../auth/tables.ts";
import { payoutDetails } from "../payouts/tables.ts";
import { maskAccount } from "./payout-details.ts";

/**
 * Payout details at rest (issue 22): sealed with the site's key (AES-256-GCM), read back whole by their owner and,
 * after the password again and on the record, by an admin; masked in the admins' lists; plain-text rows from before
 * are sealed; a key that does not open them gives a clear refusal on their own routes and breaks nothing else.
 */

let t: TestContext;
let admin: string;
let buyer: string;
const IBAN = "GB33 BUKB 2020 1555 5555 55";
const details = { method: "bank", accountName: "Pat Payee", account: IBAN };
const UNREADABLE =
  "The saved payout details cannot be read with this site's encryption key (TWO_FACTOR_SECRET, or " +
  "DATA_DIR/two-factor-secret), which is not the one they were saved with. Restore that key, or have the " +
  "performer enter their payout details again.";

beforeAll(async () => {
  t = await createTestContext();
  [admin, buyer] = await Promise.all([t.login("admin"), t.login("user")]);
});
afterAll(() => t.close());

/** A verified performer with two-factor sign-in on and a fresh password, so they may save payout details. */
async function payee() {
  const p = await newAccount(t, "performer", "payee");
  await enrolTwoFactor(t, p.token);
  return p;
}
const save = (token: string, body: unknown = details) =>
  t.request({ method: "PUT", url: "/performers/me/payout-details", token, body });
const own = (token: string) => t.request({ method: "GET", url: "/performers/me/payout-details", token });
const rowOf = async (id: string) =>
  (await t.database.db.select().from(payoutDetails).where(eq(payoutDetails.performerId, id)))[0];
const reveal = (id: string, token = admin) =>
  t.request({ method: "GET", url: `/admin/performers/${id}/payout-details`, token });
/** What the admins' list of who is owed shows of `id`. */
async function owedRow(id: string) {
  const res = await t.request({ method: "GET", url: "/admin/payouts/due?limit=100", token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { performerId: string; payoutDetails: unknown }[]).find((d) => d.performerId === id);
}
/** `buyer` buys a movie of `seller`'s and the sandbox pays it: `seller` is owed money. */
async function sellFor(seller: { token: string }) {
  const movieId = await saleMovie(t, seller.token, 4);
  const res = await t.request({ method: "POST", url: `/payment/purchase-video/${movieId}`, token: buyer });
  expect(res.statusCode, res.body).toBe(200);
  const { transactionId } = res.json();
  const paid = await deliverSandbox(t, { id: `paid:${transactionId}`, type: "paid", transactionId, amountCents: 400 });
  expect(paid.json().received[0].outcome).toBe("applied");
}

describe("payout details at rest", () => {
  it("are sealed in the database, and their owner reads them back whole", async () => {
    const p = await payee();
    const saved = await save(p.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().payoutDetails).toMatchObject(details);

    const row = await rowOf(p.id);
    const stored = JSON.stringify(row);
    for (const plain of [IBAN, IBAN.replace(/\s/g, ""), "Pat Payee", "1555 5555"]) expect(stored).not.toContain(plain);
    expect(row).toMatchObject({ legacyAccount: null, legacyAccountName: null, accountHint: "•••• 5555" });
    expect(row?.sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);

    const read = await own(p.token);
    expect(read.statusCode).toBe(200);
    expect(read.json().payoutDetails).toMatchObject(details);
  });

  it("do not open on another performer's row (a sealed value copied across)", async () => {
    const [a, b] = [await payee(), await payee()];
    expect((await save(a.token)).statusCode).toBe(200);
    expect((await save(b.token, { method: "paypal", accountName: "Bea", account: "bea@example.com" })).statusCode).toBe(
      200,
    );
    const sealedA = (await rowOf(a.id))?.sealed as string;
    await t.database.db.update(payoutDetails).set({ sealed: sealedA }).where(eq(payoutDetails.performerId, b.id));
    const read = await own(b.token);
    expect(read.statusCode).toBe(409);
    expect(read.json()).toMatchObject({ error: "PayoutDetailsUnreadable", message: UNREADABLE });
  });

  it("sealed with another key: a clear refusal on their routes, nothing else breaks, saving again mends them", async () => {
    const p = await payee();
    await sellFor(p);
    expect((await save(p.token)).statusCode).toBe(200);
    // What a change of TWO_FACTOR_SECRET (or a lost DATA_DIR/two-factor-secret) leaves: details sealed by another key.
    const otherKey = createSecretBox("a-key-this-site-does-not-have", "payout-details");
    await t.database.db
      .update(payoutDetails)
      .set({ sealed: otherKey.seal(JSON.stringify({ accountName: "Pat Payee", account: IBAN }), p.id) })
      .where(eq(payoutDetails.performerId, p.id));

    const read = await own(p.token);
    expect(read.statusCode).toBe(409);
    expect(read.json()).toMatchObject({ error: "PayoutDetailsUnreadable", message: UNREADABLE });
    const adminRead = await reveal(p.id);
    expect(adminRead.statusCode).toBe(409);
    expect(adminRead.json().message).toBe(UNREADABLE);
    // The admins' list, the performer's earnings and a payout do not need the sealed part.
    expect(await owedRow(p.id)).toMatchObject({ payoutDetails: { method: "bank", accountHint: "•••• 5555" } });
    expect((await t.request({ method: "GET", url: "/earning/performer/stats", token: p.token })).statusCode).toBe(200);
    const paid = await t.request({ method: "POST", url: "/admin/payouts", token: admin, body: { performerId: p.id } });
    expect(paid.statusCode, paid.body).toBe(201);

    // Entered again, they are sealed with this site's key.
    const again = await t.request({
      method: "POST",
      url: "/auth/reauthenticate",
      token: p.token,
      body: { password: "marquee-demo" },
    });
    expect(again.statusCode).toBe(200);
    expect((await save(p.token)).statusCode).toBe(200);
    expect((await own(p.token)).json().payoutDetails).toMatchObject(details);
  });

  it("saved in plain text before: sealed at start, or when first read", async () => {
    const [first, second] = [await payee(), await payee()];
    await t.database.db.insert(payoutDetails).values([
      { performerId: first.id, method: "bank", legacyAccountName: "Old Payee", legacyAccount: IBAN },
      { performerId: second.id, method: "paypal", legacyAccountName: "Sam Old", legacyAccount: "sam@example.com" },
    ]);
    // Read before the start's pass: sealed on the way.
    expect((await own(second.token)).json().payoutDetails).toMatchObject({
      method: "paypal",
      accountName: "Sam Old",
      account: "sam@example.com",
    });
    expect(await rowOf(second.id)).toMatchObject({ legacyAccount: null, accountHint: "s•••@example.com" });

    // What the API does as it starts.
    expect(await t.app.services.payoutDetails.sealLegacy()).toBe(1);
    expect(await t.app.services.payoutDetails.sealLegacy()).toBe(0);
    const row = await rowOf(first.id);
    expect(JSON.stringify(row)).not.toContain("Old Payee");
    expect(JSON.stringify(row)).not.toContain("1555");
    expect(row).toMatchObject({ legacyAccount: null, legacyAccountName: null, accountHint: "•••• 5555" });
    expect((await own(first.token)).json().payoutDetails).toMatchObject({
      method: "bank",
      accountName: "Old Payee",
      account: IBAN,
    });
  });
});

describe("what admins see", () => {
  it("lists show the account masked; the whole of it needs the password again and is recorded", async () => {
    const p = await payee();
    await sellFor(p);
    expect((await save(p.token)).statusCode).toBe(200);
    const listed = await owedRow(p.id);
    expect(listed?.payoutDetails).toEqual({
      method: "bank",
      accountHint: "•••• 5555",
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(listed)).not.toContain("Pat Payee");

    // Signed in a while ago: the password first.
    const me = (await t.request({ method: "GET", url: "/users/me", token: admin })).json()._id as string;
    await t.database.db
      .update(sessions)
      .set({ reauthenticatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(sessions.userId, me));
    const stale = await reveal(p.id);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error).toBe("ReauthenticationRequired");
    expect(
      (
        await t.request({
          method: "POST",
          url: "/auth/reauthenticate",
          token: admin,
          body: { password: "marquee-demo" },
        })
      ).statusCode,
    ).toBe(200);
    const shown = await reveal(p.id);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().payoutDetails).toMatchObject(details);

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, p.id));
    expect(entry).toMatchObject({ action: "payouts.view-details", subjectType: "performer", actorId: me });
    expect(JSON.stringify(entry)).not.toContain("5555");

    // Only admins.
    for (const token of [p.token, buyer]) expect((await reveal(p.id, token)).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/admin/performers/${p.id}/payout-details` })).statusCode).toBe(401);
    expect((await reveal("not-an-id")).statusCode).toBe(400);
  });

  it("masks every kind of account", () => {
    expect(maskAccount("GB33 BUKB 2020 1555 5555 55")).toBe("•••• 5555");
    expect(maskAccount("pat@example.com")).toBe("p•••@example.com");
    expect(maskAccount("123456")).toBe("•••• 56");
    expect(maskAccount("1234")).toBe("••••");
  });
});
