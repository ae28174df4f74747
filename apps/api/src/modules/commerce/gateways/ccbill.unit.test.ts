import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  addressMatcher,
  type CcbillSettings,
  createCcbillGateway,
  formDigest,
  paymentUrl,
  priceOf,
  TRANSACTION_FIELD,
} from "./ccbill.ts";
import type { CheckoutRequest, WebhookDelivery } from "./gateway.ts";

/** The example values of CCBill's "How to Create the formDigest Value" page (FlexForms). */
const DOC_SALT = "7d901dad245fd0ff6bc20d06";

const settings: CcbillSettings = {
  account: "900100",
  subaccount: "0000",
  flexFormId: "687fa3e0-e60d-4466-88e2-181fa56dd6a9",
  salt: DOC_SALT,
  webhookSecret: "0123456789abcdef0123456789abcdef",
  webhookIps: ["64.38.212.0/24", "64.38.215.0/24", "64.38.240.0/24", "64.38.241.0/24"],
  datalink: null,
};

const TX = "3f0b8c2e-1a2b-4c3d-8e9f-0a1b2c3d4e5f";

describe("formDigest", () => {
  it("matches CCBill's documented single-billing example", () => {
    // 10.00 for 30 days in USD: "10.0030840" + salt, hashed, is a7459445d0e5dc0963fe736dc5cf900b on CCBill's page.
    expect(formDigest({ initialPrice: "10.00", initialPeriod: 30, currencyCode: "840" }, DOC_SALT)).toBe(
      "a7459445d0e5dc0963fe736dc5cf900b",
    );
  });

  it("matches CCBill's documented recurring example (its dynamic pricing error-codes page)", () => {
    // 10.00 for 30 days, then 10.00 every 30 days, 99 rebills, USD: formDigest=48f0b12e4307e64edb781c479665c899.
    expect(
      formDigest(
        {
          initialPrice: "10.00",
          initialPeriod: 30,
          currencyCode: "840",
          recurring: { recurringPrice: "10.00", recurringPeriod: 30, numRebills: 99 },
        },
        DOC_SALT,
      ),
    ).toBe("48f0b12e4307e64edb781c479665c899");
  });

  it("writes cents as CCBill's two-decimal prices", () => {
    expect([0, 5, 99, 100, 999, 1250, 123456].map(priceOf)).toEqual([
      "0.00",
      "0.05",
      "0.99",
      "1.00",
      "9.99",
      "12.50",
      "1234.56",
    ]);
  });
});

describe("the FlexForm address", () => {
  const req: CheckoutRequest = {
    transactionId: TX,
    amountCents: 999,
    currency: "USD",
    description: "A movie",
    recurring: null,
    successUrl: "https://fans.example.com/payment/success",
    cancelUrl: "https://fans.example.com/payment/cancel",
  };

  it("carries the signed price and our transaction id", () => {
    const url = new URL(paymentUrl(settings, req));
    expect(`${url.origin}${url.pathname}`).toBe(
      "https://api.ccbill.com/wap-frontflex/flexforms/687fa3e0-e60d-4466-88e2-181fa56dd6a9",
    );
    const q = Object.fromEntries(url.searchParams);
    expect(q).toEqual({
      clientAccnum: "900100",
      clientSubacc: "0000",
      initialPrice: "9.99",
      initialPeriod: "365",
      currencyCode: "840",
      formDigest: createHash("md5").update(`9.99365840${DOC_SALT}`).digest("hex"),
      [TRANSACTION_FIELD]: TX,
    });
  });

  it("adds the recurring price, period and unlimited rebills for a subscription", () => {
    const url = new URL(
      paymentUrl(settings, {
        ...req,
        currency: "eur",
        amountCents: 495,
        recurring: { initialDays: 3, renewDays: 30, renewCents: 1999 },
      }),
    );
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      initialPrice: "4.95",
      initialPeriod: "3",
      recurringPrice: "19.99",
      recurringPeriod: "30",
      numRebills: "99",
      currencyCode: "978",
      formDigest: createHash("md5").update(`4.95319.993099978${DOC_SALT}`).digest("hex"),
    });
  });

  it("refuses a currency CCBill does not take", () => {
    expect(() => paymentUrl(settings, { ...req, currency: "SEK" })).toThrow(
      /CCBill takes USD, EUR, GBP, CAD, AUD, JPY/,
    );
  });
});

describe("the source ranges", () => {
  it("takes CCBill's published ranges, IPv4-mapped addresses, single addresses and IPv6", () => {
    const ok = addressMatcher(settings.webhookIps);
    expect(["64.38.212.1", "64.38.215.254", "64.38.240.7", "::ffff:64.38.241.9"].every(ok)).toBe(true);
    expect(["64.38.213.1", "127.0.0.1", "10.0.0.1", "", "not-an-ip", "::1"].some(ok)).toBe(false);
    const other = addressMatcher(["203.0.113.5", "2001:db8::/32"]);
    expect(other("203.0.113.5")).toBe(true);
    expect(other("203.0.113.6")).toBe(false);
    expect(other("2001:db8::42")).toBe(true);
  });
});

describe("CCBill's webhooks", () => {
  const gateway = createCcbillGateway(settings);
  const post = (
    eventType: string,
    fields: Record<string, string>,
    opts: { ip?: string; secret?: string; json?: boolean } = {},
  ): WebhookDelivery => ({
    rawBody: Buffer.from(opts.json ? JSON.stringify(fields) : new URLSearchParams(fields).toString()),
    headers: { "content-type": opts.json ? "application/json" : "application/x-www-form-urlencoded" },
    sourceIp: opts.ip ?? "64.38.212.10",
    params: { secret: opts.secret ?? settings.webhookSecret },
    query: { eventType },
  });
  const parse = async (d: WebhookDelivery) => gateway.parseWebhook(d);

  it("reads each event the ledger uses, with an id made of its type, payment and time", async () => {
    const sale = {
      subscriptionId: "1000000000",
      transactionId: "0912191101000000159",
      timestamp: "2012-08-05 15:18:17",
      subscriptionInitialPrice: "9.99",
      billedInitialPrice: "9.99",
      subscriptionCurrencyCode: "840",
      [`X-${TRANSACTION_FIELD}`]: TX,
    };
    expect(await parse(post("NewSaleSuccess", sale))).toEqual([
      {
        id: "NewSaleSuccess:0912191101000000159:2012-08-05 15:18:17",
        type: "paid",
        transactionId: TX,
        gatewayRef: "0912191101000000159",
        subscriptionRef: "1000000000",
        amountCents: 999,
        currency: "USD",
        payload: expect.objectContaining({ eventType: "NewSaleSuccess", amount: 999, currency: "USD" }),
      },
    ]);
    // JSON deliveries read the same; the field without the X- prefix too.
    const { [`X-${TRANSACTION_FIELD}`]: _, ...plain } = sale;
    expect(await parse(post("NewSaleSuccess", { ...plain, [TRANSACTION_FIELD]: TX }, { json: true }))).toMatchObject([
      { type: "paid", transactionId: TX, amountCents: 999 },
    ]);
    const cases: [string, Record<string, string>, object][] = [
      [
        "NewSaleFailure",
        { transactionId: "t1", timestamp: "x", [`X-${TRANSACTION_FIELD}`]: TX },
        { type: "failed", transactionId: TX, gatewayRef: "t1" },
      ],
      [
        "RenewalSuccess",
        { subscriptionId: "s1", transactionId: "t2", billedAmount: "19.99", timestamp: "y" },
        { type: "renewed", subscriptionRef: "s1", gatewayRef: "t2", amountCents: 1999, transactionId: null },
      ],
      [
        "RenewalFailure",
        { subscriptionId: "s1", transactionId: "t3", timestamp: "z" },
        { type: "renewal_failed", subscriptionRef: "s1" },
      ],
      [
        "Cancellation",
        { subscriptionId: "s1", timestamp: "w", reason: "Too expensive" },
        { type: "cancelled", subscriptionRef: "s1", id: "Cancellation:s1:w" },
      ],
      [
        "Refund",
        { subscriptionId: "s1", transactionId: "t4", amount: "9.99", timestamp: "v" },
        { type: "refunded", gatewayRef: "t4", amountCents: 999 },
      ],
      [
        "Chargeback",
        { subscriptionId: "s1", transactionId: "t5", amount: "9.99", timestamp: "u" },
        { type: "chargeback", gatewayRef: "t5", amountCents: 999 },
      ],
      ["Void", { subscriptionId: "s1", transactionId: "t6", timestamp: "q" }, { type: "refunded", gatewayRef: "t6" }],
    ];
    for (const [eventType, fields, expected] of cases) {
      expect(await parse(post(eventType, fields)), eventType).toMatchObject([expected]);
    }
  });

  it("leaves out what the ledger has no use for (Expiration, UserReactivation) with no event", async () => {
    expect(await parse(post("Expiration", { subscriptionId: "s1", timestamp: "t" }))).toEqual([]);
    expect(await parse(post("UserReactivation", { subscriptionId: "s1", timestamp: "t" }))).toEqual([]);
  });

  it("takes a delivery only from the configured ranges and with the secret in the URL", async () => {
    const sale = { transactionId: "t1", subscriptionId: "s1", timestamp: "t" };
    await expect(parse(post("NewSaleSuccess", sale, { secret: "wrong" }))).rejects.toMatchObject({ statusCode: 401 });
    await expect(parse(post("NewSaleSuccess", sale, { secret: "" }))).rejects.toMatchObject({ statusCode: 401 });
    await expect(parse(post("NewSaleSuccess", sale, { ip: "203.0.113.9" }))).rejects.toMatchObject({ statusCode: 401 });
    // Before the body is read: an outsider learns nothing from a bad body either.
    await expect(
      parse({ ...post("NewSaleSuccess", sale, { ip: "203.0.113.9" }), rawBody: Buffer.from("{") }),
    ).rejects.toMatchObject({ statusCode: 401 });
  });

  it("refuses what it cannot read with a 400", async () => {
    await expect(parse(post("", { transactionId: "t1" }))).rejects.toMatchObject({ statusCode: 400 });
    await expect(parse(post("NewSaleSuccess", { timestamp: "t" }))).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      parse(post("NewSaleSuccess", { transactionId: "t1", subscriptionInitialPrice: "ten" })),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(
      parse({ ...post("NewSaleSuccess", {}, { json: true }), rawBody: Buffer.from("[1]") }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    // A transaction field that is not ours is not taken for one.
    expect(
      await parse(post("NewSaleSuccess", { transactionId: "t1", [`X-${TRANSACTION_FIELD}`]: "1; drop table" })),
    ).toMatchObject([{ transactionId: null, gatewayRef: "t1" }]);
  });

  it("sends refunds to the CCBill admin, and cancellations too without DataLink credentials (409)", async () => {
    await expect(gateway.refund({ id: TX, gatewayRef: "t1", amountCents: 999, currency: "USD" })).rejects.toMatchObject(
      {
        statusCode: 409,
        message: expect.stringMatching(/refunded in the CCBill admin/),
      },
    );
    await expect(gateway.cancelSubscription("s1")).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/Cancel this subscription in the CCBill admin/),
    });
  });

  it("cancels through DataLink when it has credentials, and reports CCBill's refusal as a 409", async () => {
    const asked: URL[] = [];
    let answer = "<?xml version='1.0' standalone='yes'?>\n<results>1</results>";
    const withDatalink = createCcbillGateway(
      {
        ...settings,
        datalink: { url: "https://datalink.example/utils/subscriptionManagement.cgi", username: "api", password: "pw" },
      },
      {
        fetch: (async (url: URL) => {
          asked.push(url);
          return new Response(answer, { status: 200 });
        }) as typeof fetch,
      },
    );
    await withDatalink.cancelSubscription("1071776966");
    expect(Object.fromEntries(asked[0]?.searchParams ?? [])).toEqual({
      clientAccnum: "900100",
      clientSubacc: "",
      usingSubacc: "0000",
      username: "api",
      password: "pw",
      action: "cancelSubscription",
      returnXML: "1",
      subscriptionId: "1071776966",
    });
    answer = "<results>0</results>";
    await expect(withDatalink.cancelSubscription("1071776966")).rejects.toMatchObject({ statusCode: 409 });
  });
});
