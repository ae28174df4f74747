import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, detailPaths, type TestContext } from "../../../test/harness.ts";
import { resolvePayment } from "../../config.ts";
import { readPaymentSettings } from "./service.ts";
import { settings } from "./tables.ts";

/**
 * The payment gateway's settings (Admin → Settings → Payment): set and cleared by an admin, checked by the start's
 * rules, secrets never sent back, and the environment's variables shown as fixing their settings. This app runs with
 * STRIPE_SECRET_KEY in its environment (and the sandbox).
 */
let t: TestContext;
let admin: string;
let user: string;
let performer: string;

const ENV_KEY = "sk_test_from_the_environment";
const SECRET = "sk_live_never_sent_back_1234";
const WEBHOOK = "whsec_never_sent_back_5678";

beforeAll(async () => {
  t = await createTestContext({ STRIPE_SECRET_KEY: ENV_KEY });
  [admin, user, performer] = await Promise.all([t.login("admin"), t.login("user"), t.login("performer")]);
});
afterAll(() => t.close());

type Row = {
  key: string;
  value: unknown;
  isSet: boolean;
  secret: boolean;
  env: string | null;
  applies: string;
  group: string;
  public: boolean;
};
const put = (key: string, value: unknown, token = admin) =>
  t.request({ method: "PUT", url: `/admin/settings/${key}`, token, body: { value } });
const list = async () =>
  (
    await t.request({ method: "GET", url: "/admin/settings", token: admin, query: { group: "payment" } })
  ).json() as Row[];
const row = async (key: string) => (await list()).find((s) => s.key === key) as Row;

describe("the payment settings", () => {
  it("lists the gateway and its keys in the payment group, unset, secrets marked, read at start", async () => {
    const rows = await list();
    expect(rows.map((s) => s.key)).toEqual([
      "currency",
      "currencySymbol",
      "paymentGateway",
      "stripeSecretKey",
      "stripeWebhookSecret",
      "ccbillAccount",
      "ccbillSubaccount",
      "ccbillFlexformId",
      "ccbillSalt",
      "ccbillWebhookSecret",
      "ccbillWebhookIps",
      "ccbillDatalinkUsername",
      "ccbillDatalinkPassword",
      "checkoutHoldMinutes",
      "checkoutHoldMaxUnits",
      "taxPricesIncludeTax",
    ]);
    expect(rows.find((s) => s.key === "paymentGateway")).toMatchObject({
      value: "",
      isSet: false,
      secret: false,
      env: null,
      applies: "start",
      public: false,
    });
    expect(rows.find((s) => s.key === "stripeWebhookSecret")).toMatchObject({
      value: null,
      isSet: false,
      secret: true,
      applies: "start",
    });
    expect(rows.find((s) => s.key === "currency")).toMatchObject({ applies: "now", secret: false, env: null });
  });

  it("tells which settings the environment fixes (its variable wins), without its value", async () => {
    const res = await t.request({ method: "GET", url: "/admin/settings", token: admin });
    expect((res.json() as Row[]).find((s) => s.key === "stripeSecretKey")).toMatchObject({
      env: "STRIPE_SECRET_KEY",
      value: null,
    });
    expect(res.body).not.toContain(ENV_KEY);
    expect((await row("stripeWebhookSecret")).env).toBeNull();
  });

  it("lets an admin set them; the answer says they apply at the next start and never carries a secret", async () => {
    const gateway = await put("paymentGateway", "stripe");
    expect(gateway.statusCode).toBe(200);
    expect(gateway.json()).toMatchObject({ key: "paymentGateway", value: "stripe", isSet: true, applies: "start" });

    const secret = await put("stripeWebhookSecret", `  ${WEBHOOK} `);
    expect(secret.statusCode).toBe(200);
    expect(secret.json()).toMatchObject({ key: "stripeWebhookSecret", value: null, isSet: true, secret: true });
    expect(secret.body).not.toContain(WEBHOOK);

    const overridden = await put("stripeSecretKey", SECRET);
    expect(overridden.statusCode).toBe(200);
    expect(overridden.json()).toMatchObject({ value: null, isSet: true, env: "STRIPE_SECRET_KEY" });
    expect(overridden.body).not.toContain(SECRET);

    // Stored trimmed, as the start reads it.
    const stored = await readPaymentSettings(t.database.db);
    expect(stored).toMatchObject({ paymentGateway: "stripe", stripeSecretKey: SECRET, stripeWebhookSecret: WEBHOOK });

    // Nowhere in the admin list, nor in the public settings.
    const all = await t.request({ method: "GET", url: "/admin/settings", token: admin });
    for (const value of [SECRET, WEBHOOK, ENV_KEY]) expect(all.body).not.toContain(value);
    const pub = await t.request({ method: "GET", url: "/settings/public" });
    expect(pub.json()).not.toHaveProperty("paymentGateway");
    for (const value of [SECRET, WEBHOOK, "stripe"]) expect(pub.body).not.toContain(value);
    const keys = await t.request({ method: "POST", url: "/settings/keys", body: { keys: ["stripeSecretKey"] } });
    expect(keys.statusCode).toBe(400);
  });

  it("tells what the next start would run: the environment's key wins over the stored one", async () => {
    const res = await t.request({ method: "GET", url: "/admin/settings/payment", token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ running: "sandbox", nextStart: { gateway: "stripe", problem: null } });
    const config = resolvePayment(
      { env: "test", gatewayEnv: { STRIPE_SECRET_KEY: ENV_KEY } },
      await readPaymentSettings(t.database.db),
    );
    expect(config.stripe).toMatchObject({ secretKey: ENV_KEY, webhookSecret: WEBHOOK });
  });

  it("clears a setting given an empty string", async () => {
    const res = await put("stripeWebhookSecret", "");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key: "stripeWebhookSecret", value: null, isSet: false, updatedAt: null });
    expect(await readPaymentSettings(t.database.db)).not.toHaveProperty("stripeWebhookSecret");
    // With the gateway still stripe, the next start would stop, and the admin is told the line now.
    const status = (await t.request({ method: "GET", url: "/admin/settings/payment", token: admin })).json();
    expect(status.nextStart.gateway).toBeNull();
    expect(status.nextStart.problem).toMatch(
      /^STRIPE_WEBHOOK_SECRET is not set, nor the admin setting stripeWebhookSecret \(Admin → Settings → Payment\)/,
    );
    expect((await put("paymentGateway", "")).json()).toMatchObject({ value: "", isSet: false });
    expect((await row("paymentGateway")).isSet).toBe(false);
  });

  it.each([
    ["paymentGateway", "paypal", "sandbox, stripe or ccbill"],
    ["stripeSecretKey", "pk_live_public", "the secret API key"],
    ["stripeWebhookSecret", "wh_not_a_signing_value", "whsec_"],
    ["ccbillAccount", "9001", "6-digit"],
    ["ccbillSubaccount", "abcd", "4-digit"],
    ["ccbillFlexformId", "has spaces in it", "Flex ID"],
    ["ccbillWebhookSecret", "short", "at least 24"],
    ["ccbillWebhookIps", "64.38.212.0/33, 10.0.0.1", "comma list"],
    ["ccbillSalt", 12345, "string"],
    ["ccbillDatalinkPassword", null, "string"],
  ])("refuses %s = %j with 400 naming the field", async (key, value, words) => {
    const res = await put(key, value);
    expect(res.statusCode).toBe(400);
    expect(detailPaths(res)).toContain("body.value");
    expect(res.json().message).toContain(key);
    expect(res.json().message).toContain(words);
    // A refused secret is not repeated either.
    if (typeof value === "string" && (await row(key)).secret) expect(res.body).not.toContain(value);
  });

  it("is for admins only", async () => {
    expect((await put("paymentGateway", "ccbill", "")).statusCode).toBe(401);
    expect((await put("paymentGateway", "ccbill", user)).statusCode).toBe(403);
    expect((await put("stripeSecretKey", SECRET, performer)).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/admin/settings/payment" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/admin/settings/payment", token: user })).statusCode).toBe(403);
    expect((await readPaymentSettings(t.database.db)).paymentGateway).toBeUndefined();
  });
});

describe("a start with a bad stored payment setting", () => {
  it("stops with one line naming the admin setting (as main.ts resolves it after migrating)", async () => {
    // Written past the API's checks, as an older version or a hand edit of the database could leave it.
    await t.database.db
      .insert(settings)
      .values([
        { key: "paymentGateway", value: "ccbill" },
        { key: "ccbillAccount", value: "12" },
        { key: "ccbillSubaccount", value: "0000" },
        { key: "ccbillFlexformId", value: "flex-1" },
        { key: "ccbillSalt", value: "salt" },
        { key: "ccbillWebhookSecret", value: "0123456789abcdef0123456789abcdef" },
      ])
      .onConflictDoNothing();
    const start = async () =>
      resolvePayment({ env: "production", gatewayEnv: {} }, await readPaymentSettings(t.database.db));
    await expect(start()).rejects.toThrow(
      /^the admin setting ccbillAccount \(Admin → Settings → Payment\) is "12" \(expected the 6-digit main account number, e\.g\. 900100\)\. Set CCBILL_ACCOUNT in the environment \(it wins over the admin setting\), or start with PAYMENT_GATEWAY=sandbox and fix it in Admin → Settings → Payment\.$/,
    );
    const status = (await t.request({ method: "GET", url: "/admin/settings/payment", token: admin })).json();
    expect(status.nextStart.problem).toMatch(/^the admin setting ccbillAccount /);
  });
});
