import { findUnstorableText } from "@marquee/contracts/input";
import {
  appliedCoupon,
  checkout,
  coupon,
  couponBody,
  couponCode,
  couponList,
  couponsQuery,
  couponUpdateBody,
  earningList,
  earningStats,
  earningsQuery,
  earningsRange,
  purchaseBody,
  sandboxDecisionBody,
  sandboxPayment,
  searchTransactionsQuery,
  transactionList,
  transactionsQuery,
  webhookAnswer,
} from "@marquee/contracts/payments";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../platform/access.ts";
import { AppError, badRequest } from "../../platform/errors.ts";
import type { Coupons } from "./coupons.ts";
import type { createEarnings } from "./earnings.ts";
import { SANDBOX_SIGNATURE } from "./sandbox.ts";
import type { PaymentsService } from "./service.ts";

const tags = ["payments"];
const byId = z.strictObject({ id: z.uuid() });
const WEBHOOK_PATH = "/payment/webhook/sandbox";
/** A gateway posts whatever the site's state: geo-blocking and maintenance never stop a payment's news. */
const gatewayCall = { access: "public", geo: "open", maintenance: "open" } as const;

const dateOf = (iso?: string) => (iso ? new Date(iso) : undefined);
type WebhookAnswer = z.infer<typeof webhookAnswer>;

export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  earnings: ReturnType<typeof createEarnings>;
  coupons: Coupons;
}> = async (app, { payments, earnings, coupons }) => {
  /** A sandbox callback, sent through the gateway's own webhook route like a real gateway's event. */
  async function deliverSandbox({ body, signature }: { body: string; signature: string }): Promise<WebhookAnswer> {
    const delivered = await app.inject({
      method: "POST",
      url: WEBHOOK_PATH,
      headers: { "content-type": "application/json", [SANDBOX_SIGNATURE]: signature },
      payload: body,
    });
    const answer = delivered.json() as WebhookAnswer & { error?: string; message?: string };
    if (delivered.statusCode !== 200) {
      throw new AppError(delivered.statusCode, answer.error ?? "Error", answer.message ?? "The payment failed.");
    }
    return answer;
  }

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
      handler: async (req) => payments.purchase(currentUser(req), kind, req.params.id, req.body?.couponCode),
    });
  }

  app.post("/coupons/:code/apply-coupon", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "Whether the member may use the coupon now: its code and value, or why not (unknown 404; inactive, expired or used up 422; already used by them 409). Checkout applies it again.",
      params: z.strictObject({ code: couponCode }),
      response: { 200: appliedCoupon },
    },
    handler: async (req) => coupons.apply(currentUser(req).id, req.params.code),
  });

  app.get("/admin/coupons", {
    config: { access: "admin" },
    schema: { tags: ["admin"], querystring: couponsQuery, response: { 200: couponList } },
    handler: async (req) => coupons.list(req.query),
  });

  app.post("/admin/coupons", {
    config: { access: "admin" },
    schema: { tags: ["admin"], body: couponBody, response: { 201: coupon } },
    handler: async (req, reply) => reply.status(201).send(await coupons.create(req.body)),
  });

  app.put("/admin/coupons/:id", {
    config: { access: "admin" },
    schema: { tags: ["admin"], params: byId, body: couponUpdateBody, response: { 200: coupon } },
    handler: async (req) => coupons.update(req.params.id, req.body),
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
      response: { 200: webhookAnswer },
    },
    handler: async (req) => deliverSandbox(await payments.refundCallback(req.params.id)),
  });

  app.get("/payment/sandbox/:id", {
    config: { access: "user" },
    schema: {
      tags,
      description: "The sandbox payment page's data: the buyer's own pending payment.",
      params: byId,
      response: { 200: sandboxPayment },
    },
    handler: async (req) => payments.sandboxView(currentUser(req).id, req.params.id),
  });

  app.post("/payment/sandbox/:id", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "The buyer approves or declines on the sandbox payment page; the decision reaches the ledger as the sandbox gateway's signed callback, through its webhook route.",
      params: byId,
      body: sandboxDecisionBody,
      response: { 200: sandboxPayment },
    },
    handler: async (req) => {
      const user = currentUser(req);
      await deliverSandbox(await payments.sandboxCallback(user.id, req.params.id, req.body.decision));
      return payments.sandboxView(user.id, req.params.id);
    },
  });

  // The webhook reads its body as it came: the signature is over those bytes.
  await app.register(async (hooks) => {
    // What no gateway sends and the database cannot store (a NUL, an unpaired surrogate) is refused as it would be
    // anywhere else, before the signature is checked.
    hooks.addHook("preValidation", async (req) => {
      if (!Buffer.isBuffer(req.body)) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(req.body.toString("utf8"));
      } catch {
        return;
      }
      const details = findUnstorableText(parsed, "body");
      if (details.length) throw badRequest(details.map((d) => `${d.path}: ${d.message}`).join("; "), details);
    });
    hooks.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    hooks.post(WEBHOOK_PATH, {
      config: gatewayCall,
      schema: { tags, description: "The sandbox gateway's signed callbacks.", response: { 200: webhookAnswer } },
      handler: async (req) =>
        payments.receive({
          rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          headers: req.headers,
          sourceIp: req.ip,
        }),
    });
  });
};
