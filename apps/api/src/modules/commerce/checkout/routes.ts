import { entityId } from "@marquee/contracts/common";
import { findUnstorableText } from "@marquee/contracts/input";
import {
  appliedCoupon,
  checkout,
  coupon,
  couponBody,
  couponCode,
  couponList,
  couponQuote,
  couponQuoteBody,
  couponsQuery,
  couponUpdateBody,
  earningList,
  earningStats,
  earningsQuery,
  earningsRange,
  earningsTimelineQuery,
  earningTimeline,
  purchaseBody,
  purchaseProductsBody,
  refundAnswer,
  sandboxDecisionBody,
  sandboxPayment,
  searchTransactionsQuery,
  transaction,
  transactionList,
  transactionsQuery,
  webhookAnswer,
} from "@marquee/contracts/payments";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../../platform/access.ts";
import { badRequest, notFound } from "../../../platform/errors.ts";
import { actorOf } from "../../audit/service.ts";
import type { Coupons } from "../coupons/coupons.ts";
import type { createEarnings } from "../earnings/earnings.ts";
import type { WebhookDelivery } from "../gateways/gateway.ts";
import type { SandboxGateway } from "../gateways/sandbox.ts";
import type { GatewayName } from "../ledger/tables.ts";
import type { PaymentsService } from "./service.ts";

const tags = ["payments"];
const byId = z.strictObject({ id: entityId });
/** Each gateway's webhook route; only the configured gateway's is registered. */
export const WEBHOOK_PATHS = {
  sandbox: "/payment/webhook/sandbox",
  stripe: "/payment/webhook/stripe",
  // CCBill does not sign its webhooks: the secret in the URL is half of what authenticates them (ccbill.ts).
  ccbill: "/payment/webhook/ccbill/:secret",
} as const satisfies Record<GatewayName, string>;
/** A gateway posts whatever the site's state: geo-blocking and maintenance never stop a payment's news. */
const gatewayCall = { access: "public", geo: "open", maintenance: "open" } as const;

const dateOf = (iso?: string) => (iso ? new Date(iso) : undefined);

export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  earnings: ReturnType<typeof createEarnings>;
  coupons: Coupons;
  /** The site's gateway: its webhook route is the one registered. */
  gateway: GatewayName;
  /** The sandbox, when it is the gateway: its payment page's routes are served. */
  sandbox?: SandboxGateway;
}> = async (app, { payments, earnings, coupons, gateway, sandbox }) => {
  app.get("/earning/performer/stats", {
    config: { access: "performer" },
    schema: {
      tags,
      description: "The performer's own earnings between optional dates: gross, commission, net, paid and unpaid.",
      querystring: earningsRange,
      response: { 200: earningStats },
    },
    handler: async (req) => earnings.stats(currentUser(req).id, dateOf(req.query.from), dateOf(req.query.to)),
  });

  app.get("/earning/performer/timeline", {
    config: { access: "performer" },
    schema: {
      tags,
      description:
        "The performer's own earnings over time: gross, commission, net, sales and refunds in every bucket (`day`, `week` or `month`, UTC) between optional dates, empty buckets as zeros. By default the last twelve months (thirty days by day); without an interval, a day up to 62 days, a week up to a year, else a month. At most 400 buckets.",
      querystring: earningsTimelineQuery,
      response: { 200: earningTimeline },
    },
    handler: async (req) =>
      earnings.timeline(currentUser(req).id, {
        from: dateOf(req.query.from),
        to: dateOf(req.query.to),
        interval: req.query.interval,
      }),
  });

  app.get("/earning/performer/search", {
    config: { access: "performer" },
    schema: {
      tags,
      description: "The performer's own earning lines, newest first (a refund is a line of its own, negative).",
      querystring: earningsQuery,
      response: { 200: earningList },
    },
    handler: async (req) =>
      earnings.search(currentUser(req).id, {
        limit: req.query.limit,
        offset: req.query.offset,
        from: dateOf(req.query.from),
        to: dateOf(req.query.to),
      }),
  });

  for (const [kind, noun] of [
    ["video", "movie"],
    ["gallery", "gallery"],
  ] as const) {
    app.post(`/payment/purchase-${kind}/:id`, {
      config: { access: "user" },
      schema: {
        tags,
        description: `Buys a ${noun} sold on its own (access: sale): an order and a pending transaction at the database's price; answers where to pay. A second call while the first is pending answers the same payment.`,
        params: byId,
        body: purchaseBody,
        response: { 200: checkout },
      },
      handler: async (req) =>
        payments.purchase(currentUser(req), kind, req.params.id, req.body?.couponCode, req.ip, {
          billingCountry: req.body?.billingCountry,
          billingRegion: req.body?.billingRegion,
        }),
    });
  }

  app.post("/payment/purchase-products", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "Buys the cart: each product once with its quantity, an optional coupon over the whole order, and `shippingAddress` (recipient, two address lines, town, region, postal code, a country of GET /countries/list, phone; each refused field named with a sentence) when a product is shipped: the order keeps a copy, and the member's saved addresses remember it unless `saveAddress` is false. The physical stock is held for checkoutHoldMinutes (409 when short; at most checkoutHoldMaxUnits physical items, else 422); prices come from the database. A new store checkout replaces the buyer's pending one. Answers where to pay.",
      body: purchaseProductsBody,
      response: { 200: checkout },
    },
    handler: async (req) => payments.purchaseProducts(currentUser(req), req.body, req.ip),
  });

  app.post("/coupons/:code/apply-coupon", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "Whether the member may use the coupon now: its code and value, or why not (unknown 404; inactive, expired or used up 422; already used by them 409). Checkout applies it again.",
      params: z.strictObject({ code: couponCode }),
      response: { 200: appliedCoupon },
    },
    handler: async (req) => coupons.apply(currentUser(req).id, req.params.code, req.ip),
  });

  app.post("/coupons/quote", {
    config: { access: "user" },
    schema: {
      tags: ["payments"],
      description:
        "What a coupon takes off one item before checkout (a movie or gallery, a membership package, a performer's subscription): the coupon's code and value, the item's title, its price and the discounted price. Read only: the coupon's use is claimed by the checkout, never here. A code that cannot be used now is a 422 naming `body.couponCode`; an item that cannot be bought answers as its checkout would.",
      body: couponQuoteBody,
      response: { 200: couponQuote },
    },
    handler: async (req) => payments.quote(currentUser(req), req.body, req.ip),
  });

  app.get("/admin/coupons", {
    config: { access: "admin" },
    schema: { tags: ["admin"], querystring: couponsQuery, response: { 200: couponList } },
    handler: async (req) => coupons.list(req.query),
  });

  app.post("/admin/coupons", {
    config: { access: "admin" },
    schema: { tags: ["admin"], body: couponBody, response: { 201: coupon } },
    handler: async (req, reply) => reply.status(201).send(await coupons.create(req.body, actorOf(req))),
  });

  app.put("/admin/coupons/:id", {
    config: { access: "admin" },
    schema: { tags: ["admin"], params: byId, body: couponUpdateBody, response: { 200: coupon } },
    handler: async (req) => coupons.update(req.params.id, req.body, actorOf(req)),
  });

  app.get("/payment/transactions", {
    config: { access: "user" },
    schema: {
      tags,
      description: "The member's own payments, newest first.",
      querystring: transactionsQuery,
      response: { 200: transactionList },
    },
    handler: async (req) => payments.searchTransactions({ ...currentUser(req), role: "user" }, req.query),
  });

  app.get("/payment/transactions/:id", {
    config: { access: "user" },
    schema: {
      tags,
      description: "One of the member's own payments (what the success page follows until it is settled).",
      params: byId,
      response: { 200: transaction },
    },
    handler: async (req) => {
      const { data } = await payments.searchTransactions(currentUser(req), { limit: 1, offset: 0, id: req.params.id });
      const [found] = data;
      if (!found) throw notFound("Transaction");
      return found;
    },
  });

  app.get("/transactions/user/search", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "Payments, newest first: a member's own; an admin's of everyone (filter by `userId`), with who paid.",
      querystring: searchTransactionsQuery,
      response: { 200: transactionList },
    },
    handler: async (req) => payments.searchTransactions(currentUser(req), req.query),
  });

  app.post("/admin/transactions/:id/refund", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      description:
        "Refunds a paid transaction through its gateway; the refund event reverses the grant and the performers' earnings.",
      params: byId,
      response: { 200: refundAnswer },
    },
    handler: async (req) => payments.refund(req.params.id, actorOf(req)),
  });

  app.get("/payment/sandbox/:id", {
    config: { access: "user" },
    schema: {
      tags,
      description: "The sandbox payment page's data: the buyer's own pending payment.",
      params: byId,
      response: { 200: sandboxPayment },
    },
    handler: async (req) => {
      if (!sandbox) throw notFound("Sandbox payment");
      return payments.sandboxView(currentUser(req).id, req.params.id);
    },
  });

  app.post("/payment/sandbox/:id", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "The buyer approves or declines on the sandbox payment page; the decision reaches the ledger as the sandbox gateway's signed callback, through the webhook's receive function.",
      params: byId,
      body: sandboxDecisionBody,
      response: { 200: sandboxPayment },
    },
    handler: async (req) => {
      if (!sandbox) throw notFound("Sandbox payment");
      return payments.decideSandbox(currentUser(req).id, req.params.id, req.body.decision);
    },
  });

  // The webhook reads its body as it came: the signature is over those bytes.
  await app.register(async (hooks) => {
    // What no gateway sends and the database cannot store (a NUL, an unpaired surrogate) is refused as it would be
    // anywhere else, before the signature is checked.
    hooks.addHook("preValidation", async (req) => {
      if (!Buffer.isBuffer(req.body)) return;
      const text = req.body.toString("utf8");
      let parsed: unknown;
      if (String(req.headers["content-type"] ?? "").includes("x-www-form-urlencoded")) {
        parsed = Object.fromEntries(new URLSearchParams(text));
      } else {
        try {
          parsed = JSON.parse(text);
        } catch {
          return;
        }
      }
      const details = findUnstorableText(parsed, "body");
      if (details.length) throw badRequest(details.map((d) => `${d.path}: ${d.message}`).join("; "), details);
    });
    const raw = { parseAs: "buffer", bodyLimit: 256 * 1024 } as const;
    hooks.addContentTypeParser("application/json", raw, (_req, body, done) => done(null, body));
    // CCBill posts form-encoded webhooks unless it is set to JSON.
    hooks.addContentTypeParser("application/x-www-form-urlencoded", raw, (_req, body, done) => done(null, body));
    const delivery = (req: {
      body: unknown;
      headers: WebhookDelivery["headers"];
      ip: string;
      params: unknown;
      query: unknown;
    }): WebhookDelivery => ({
      rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      headers: req.headers,
      // The client's address as the trusted proxies (TRUSTED_PROXIES) tell it: what CCBill's ranges are checked on.
      sourceIp: req.ip,
      params: strings(req.params),
      query: strings(req.query),
    });
    const descriptions: Record<GatewayName, string> = {
      sandbox: "The sandbox gateway's signed callbacks.",
      stripe:
        "Stripe's webhook events, verified on the raw body with the endpoint's signing secret (Stripe-Signature).",
      ccbill:
        "CCBill's webhooks (eventType in the query), taken only from CCBILL_WEBHOOK_IPS and with the secret in the path: CCBill does not sign them.",
    };
    hooks.post(WEBHOOK_PATHS[gateway], {
      config: gatewayCall,
      schema: {
        tags,
        description: descriptions[gateway],
        ...(gateway === "ccbill" ? { params: z.object({ secret: z.string().max(200) }) } : {}),
        response: { 200: webhookAnswer },
      },
      handler: async (req) => payments.receive(delivery(req)),
    });
  });
};

/** The string values of a parsed path or query (a repeated query parameter counts once, the first). */
function strings(values: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!values || typeof values !== "object") return out;
  for (const [k, v] of Object.entries(values)) {
    const first = Array.isArray(v) ? v[0] : v;
    if (typeof first === "string") out[k] = first;
  }
  return out;
}
