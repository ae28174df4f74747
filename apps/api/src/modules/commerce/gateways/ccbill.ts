import { createHash, timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import { AppError, badRequest, conflict, unauthorized, unprocessable } from "../../../platform/errors.ts";
import type { CheckoutRequest, GatewayEvent, PaymentGateway, WebhookDelivery } from "./gateway.ts";

/** What the CCBill adapter needs (config.ts reads it from the environment). */
export interface CcbillSettings {
  /** The 6-digit main account and the 4-digit subaccount the FlexForm charges on. */
  account: string;
  subaccount: string;
  /** The FlexForm's Flex ID (FlexForms Payment Links in the CCBill admin). */
  flexFormId: string;
  /** The encryption key (salt) CCBill checks dynamic prices with. */
  salt: string;
  /** The secret in the webhook URL, `/payment/webhook/ccbill/<secret>`. */
  webhookSecret: string;
  /** The addresses and CIDR ranges webhooks are accepted from. */
  webhookIps: string[];
  /** DataLink (subscription management) credentials; null: cancellations are made in the CCBill admin. */
  datalink: { url: string; username: string; password: string } | null;
}

export const FLEXFORMS_URL = "https://api.ccbill.com/wap-frontflex/flexforms";

/** CCBill's currency codes (numeric ISO 4217), the currencies FlexForms dynamic pricing takes. */
export const CCBILL_CURRENCIES: Record<string, string> = {
  USD: "840",
  EUR: "978",
  GBP: "826",
  CAD: "124",
  AUD: "036",
  JPY: "392",
};

/**
 * The form field that carries our transaction id through the FlexForm. CCBill hands fields it does not know back in
 * its webhooks, prefixed `X-` (`X-marqueeTransactionId`); the name without the prefix is read as well. It is not
 * `transactionId`, which is CCBill's own id of the payment.
 */
export const TRANSACTION_FIELD = "marqueeTransactionId";

/** The length CCBill is told for a single (non-recurring) payment: nominal, as what was bought is kept for good. */
export const SINGLE_PERIOD_DAYS = 365;
/** `numRebills` for a subscription renewed until it is cancelled. */
export const UNLIMITED_REBILLS = 99;

/** Cents as CCBill writes prices: a decimal with two places ("10.00"). */
export const priceOf = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** A price CCBill sent ("10.00", "4.95", 12) in cents; null when absent, an error when not a price. */
function centsOf(value: string | undefined): number | null {
  if (value === undefined || value === "") return null;
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) throw badRequest(`The delivery's amount "${value.slice(0, 40)}" is not a price.`);
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}

/**
 * The currency of a CCBill price: `<family>Currency` ("USD") or `<family>CurrencyCode` (numeric ISO 4217, "840"), in
 * upper-case letters; a code CCBill prices are not made in stays as given (it then matches no order); null if absent.
 */
function currencyOf(fields: Record<string, string>, family: string): string | null {
  const name = (suffix: string) => (family ? `${family}${suffix}` : suffix.charAt(0).toLowerCase() + suffix.slice(1));
  const letters = fields[name("Currency")]?.trim();
  if (letters) return letters.toUpperCase().slice(0, 8);
  const code = fields[name("CurrencyCode")]?.trim();
  if (!code) return null;
  const known = Object.entries(CCBILL_CURRENCIES).find(([, n]) => Number(n) === Number(code));
  return known ? known[0] : `#${code.slice(0, 8)}`;
}

export interface DynamicPrice {
  initialPrice: string;
  initialPeriod: number;
  currencyCode: string;
  recurring?: { recurringPrice: string; recurringPeriod: number; numRebills: number };
}

/**
 * CCBill's `formDigest` for FlexForms dynamic pricing, as its "How to Create the formDigest Value" page gives it: the
 * MD5 (hex) of the values joined in this order, then the salt: initialPrice, initialPeriod, currencyCode for a single
 * billing; initialPrice, initialPeriod, recurringPrice, recurringPeriod, numRebills, currencyCode for a recurring one.
 */
export function formDigest(price: DynamicPrice, salt: string): string {
  const r = price.recurring;
  const parts = r
    ? [price.initialPrice, price.initialPeriod, r.recurringPrice, r.recurringPeriod, r.numRebills, price.currencyCode]
    : [price.initialPrice, price.initialPeriod, price.currencyCode];
  return createHash("md5")
    .update(`${parts.join("")}${salt}`)
    .digest("hex");
}

/** The FlexForm address for a checkout: the price, signed with the salt, and our transaction id riding along. */
export function paymentUrl(settings: CcbillSettings, req: CheckoutRequest): string {
  const currencyCode = CCBILL_CURRENCIES[req.currency.toUpperCase()];
  if (!currencyCode) {
    throw unprocessable(
      `CCBill takes ${Object.keys(CCBILL_CURRENCIES).join(", ")}; the site's currency is ${req.currency}.`,
    );
  }
  const price: DynamicPrice = {
    initialPrice: priceOf(req.amountCents),
    initialPeriod: req.recurring ? req.recurring.initialDays : SINGLE_PERIOD_DAYS,
    currencyCode,
    ...(req.recurring
      ? {
          recurring: {
            recurringPrice: priceOf(req.recurring.renewCents),
            recurringPeriod: req.recurring.renewDays,
            numRebills: UNLIMITED_REBILLS,
          },
        }
      : {}),
  };
  const query = new URLSearchParams({
    clientAccnum: settings.account,
    clientSubacc: settings.subaccount,
    initialPrice: price.initialPrice,
    initialPeriod: String(price.initialPeriod),
    ...(price.recurring
      ? {
          recurringPrice: price.recurring.recurringPrice,
          recurringPeriod: String(price.recurring.recurringPeriod),
          numRebills: String(price.recurring.numRebills),
        }
      : {}),
    currencyCode,
    formDigest: formDigest(price, settings.salt),
    [TRANSACTION_FIELD]: req.transactionId,
  });
  return `${FLEXFORMS_URL}/${encodeURIComponent(settings.flexFormId)}?${query}`;
}

/** The source addresses webhooks are accepted from, as a matcher (an IPv4-mapped IPv6 address counts as IPv4). */
export function addressMatcher(ranges: string[]) {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, bits] = range.split("/") as [string, string | undefined];
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (ip: string) => {
    const plain = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? "ipv6" : "ipv4");
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sha256 = (s: string) => createHash("sha256").update(s).digest();

/** A webhook's fields, form-encoded (CCBill's original format) or JSON, as strings. */
function fieldsOf(delivery: WebhookDelivery): Record<string, string> {
  const type = String(delivery.headers["content-type"] ?? "").toLowerCase();
  const text = delivery.rawBody.toString("utf8");
  const fields: Record<string, string> = {};
  if (type.includes("json")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw badRequest("The delivery is not JSON.");
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      throw badRequest("The delivery is not an object.");
    for (const [k, v] of Object.entries(parsed)) {
      if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") fields[k] = String(v);
    }
    return fields;
  }
  for (const [k, v] of new URLSearchParams(text)) fields[k] ??= v;
  return fields;
}

/** What each CCBill event means to the ledger (Expiration is left out: see the README's Gateways section). */
const EVENT_TYPES: Record<string, GatewayEvent["type"]> = {
  NewSaleSuccess: "paid",
  NewSaleFailure: "failed",
  RenewalSuccess: "renewed",
  RenewalFailure: "renewal_failed",
  Cancellation: "cancelled",
  Refund: "refunded",
  Void: "refunded",
  Chargeback: "chargeback",
};

/**
 * The CCBill gateway (DESIGN section 6): FlexForms with dynamic pricing signed by `formDigest`, and CCBill's
 * webhooks. CCBill does not sign its webhooks, so a delivery is taken only from the configured source ranges and with
 * the secret in its URL; both are checked before the body is read.
 */
export function createCcbillGateway(settings: CcbillSettings, opts: { fetch?: typeof fetch } = {}): PaymentGateway {
  const allowed = addressMatcher(settings.webhookIps);
  const secret = sha256(settings.webhookSecret);
  const request = opts.fetch ?? fetch;

  /** One DataLink (subscription management) call; its `<results>` code, 1 when done. */
  async function datalink(action: string, params: Record<string, string>, instead: string) {
    if (!settings.datalink) throw conflict(instead);
    const url = new URL(settings.datalink.url);
    // As CCBill's "Cancel Subscription" example: the subaccount as usingSubacc, clientSubacc left empty.
    for (const [k, v] of Object.entries({
      clientAccnum: settings.account,
      clientSubacc: "",
      usingSubacc: settings.subaccount,
      username: settings.datalink.username,
      password: settings.datalink.password,
      action,
      returnXML: "1",
      ...params,
    })) {
      url.searchParams.set(k, v);
    }
    let text: string;
    try {
      const res = await request(url, { signal: AbortSignal.timeout(20_000) });
      text = await res.text();
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
    } catch (err) {
      throw new AppError(
        503,
        "Service Unavailable",
        `CCBill's DataLink could not be reached (${(err as Error).message}).`,
      );
    }
    const code = /<results>\s*(-?\d+)\s*<\/results>/i.exec(text)?.[1];
    return code ?? "unreadable";
  }

  return {
    name: "ccbill",
    async createCheckout(req) {
      // CCBill names the payment only once it is made (its webhook carries our transaction back).
      return { paymentUrl: paymentUrl(settings, req), gatewayRef: null };
    },

    parseWebhook(delivery) {
      const given = delivery.params?.secret ?? "";
      if (!timingSafeEqual(sha256(given), secret)) throw unauthorized("The webhook URL's secret is wrong.");
      if (!allowed(delivery.sourceIp)) {
        throw unauthorized("Webhooks are accepted only from CCBill's addresses (CCBILL_WEBHOOK_IPS).");
      }
      const eventType = delivery.query?.eventType ?? "";
      if (!/^[A-Za-z]{1,64}$/.test(eventType)) throw badRequest("The delivery names no eventType.");
      const fields = fieldsOf(delivery);
      const type = EVENT_TYPES[eventType];
      if (!type) return [];
      const txn = fields.transactionId?.trim() || null;
      const subscription = fields.subscriptionId?.trim() || null;
      if (!txn && !subscription) throw badRequest("The delivery names no transactionId or subscriptionId.");
      const carried = (fields[`X-${TRANSACTION_FIELD}`] ?? fields[TRANSACTION_FIELD])?.trim();
      // The amount and its currency, read from the same family of fields (what the subscription was priced in,
      // else what the card was billed): the ledger applies nothing that lacks either.
      const families =
        type === "paid"
          ? [
              ["subscriptionInitialPrice", "subscription"],
              ["billedInitialPrice", "billed"],
            ]
          : type === "renewed"
            ? [
                ["billedAmount", "billed"],
                ["accountingAmount", "accounting"],
              ]
            : type === "refunded" || type === "chargeback"
              ? [
                  ["amount", ""],
                  ["accountingAmount", "accounting"],
                ]
              : [];
      const family = families.find(
        ([price]) => fields[price as string] !== undefined && fields[price as string] !== "",
      );
      const amount = family ? centsOf(fields[family[0] as string]) : null;
      const currency = family ? currencyOf(fields, family[1] as string) : null;
      // CCBill gives its events no id: its event type, the payment (or the subscription) and the time it happened
      // name one, and a redelivery of the same post carries the same three.
      const id = `${eventType}:${txn ?? subscription}:${fields.timestamp ?? ""}`.slice(0, 200);
      const event: GatewayEvent = {
        id,
        type,
        transactionId: carried && UUID.test(carried) ? carried.toLowerCase() : null,
        gatewayRef: txn,
        subscriptionRef: subscription,
        amountCents: amount,
        currency,
        payload: {
          eventType,
          transactionId: txn,
          subscriptionId: subscription,
          timestamp: fields.timestamp ?? null,
          amount: amount,
          currency,
          reason: fields.reason ?? fields.failureReason ?? null,
        },
      };
      return [event];
    },

    async refund() {
      throw conflict(
        "CCBill payments are refunded in the CCBill admin (Transactions, Refund); its Refund webhook then reverses the purchase here.",
      );
    },

    async cancelSubscription(subscriptionRef) {
      const code = await datalink(
        "cancelSubscription",
        { subscriptionId: subscriptionRef },
        "Cancel this subscription in the CCBill admin (no DataLink credentials are set); its Cancellation webhook then ends the renewals here.",
      );
      if (code !== "1") throw conflict(`CCBill refused to cancel the subscription (DataLink result ${code}).`);
    },
  };
}
