import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A stand-in for the part of Stripe's API the adapter uses, on 127.0.0.1, for the official SDK to talk to
 * (STRIPE_API_BASE): Checkout Sessions, payment intents, invoices and their payments, charges, refunds and
 * subscription cancellation. It keeps what it was asked, so tests can check the SDK's real requests, and it answers
 * a repeated Idempotency-Key with its first answer, as Stripe does.
 */

type Obj = Record<string, unknown>;

/** Stripe's form encoding (`a[b][0][c]=1`) read back into objects and arrays. */
export function decodeForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Obj = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1] as string);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Obj;
    });
  }
  return root;
}

export interface Recorded {
  method: string;
  path: string;
  query: Obj;
  body: Obj;
  headers: IncomingMessage["headers"];
}

export interface FakeStripe {
  origin: string;
  requests: Recorded[];
  sessions: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  invoices: Map<string, Obj>;
  /** Invoice payments: which invoice each payment intent paid. */
  invoicePayments: Obj[];
  charges: Map<string, Obj>;
  /** Marks a session paid as Stripe would once the buyer paid: a payment intent (or a subscription and its first invoice). */
  pay(sessionId: string): Obj;
  /** The payment intent that paid an invoice. */
  paymentIntentOf(invoiceId: string): string;
  /** A renewal of a subscription: an invoice (billing_reason subscription_cycle) paid by a new payment intent. */
  renew(subscriptionId: string, amount: number): { invoice: Obj; paymentIntent: Obj };
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: Recorded[] = [];
  const sessions = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const invoicePayments: Obj[] = [];
  const charges = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const answered = new Map<string, unknown>();
  let n = 0;
  const next = (prefix: string) => `${prefix}_test_${(++n).toString().padStart(6, "0")}`;

  const intent = (amount: number, metadata: Obj = {}) => {
    const pi = { id: next("pi"), object: "payment_intent", amount, currency: "usd", metadata, latest_charge: null };
    const charge = {
      id: next("ch"),
      object: "charge",
      amount,
      currency: "usd",
      payment_intent: pi.id,
      refunded: false,
      metadata: {},
    };
    pi.latest_charge = charge.id as never;
    paymentIntents.set(pi.id, pi);
    charges.set(charge.id, charge);
    return pi;
  };

  const invoiceFor = (subscription: string, metadata: Obj, amount: number, reason: string) => {
    const pi = intent(amount);
    const invoice = {
      id: next("in"),
      object: "invoice",
      billing_reason: reason,
      amount_paid: amount,
      amount_due: amount,
      currency: "usd",
      status: "paid",
      parent: { type: "subscription_details", subscription_details: { subscription, metadata }, quote_details: null },
    };
    invoices.set(invoice.id, invoice);
    invoicePayments.push({
      id: next("inpay"),
      object: "invoice_payment",
      invoice: invoice.id,
      status: "paid",
      payment: { type: "payment_intent", payment_intent: pi.id },
    });
    return { invoice, paymentIntent: pi };
  };

  function route(method: string, path: string, query: Obj, body: Obj): [number, unknown] {
    const notFound: [number, unknown] = [
      404,
      { error: { type: "invalid_request_error", code: "resource_missing", message: `No such object: ${path}` } },
    ];
    const [, , kind, id, ...rest] = path.split("/");
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const items = (body.line_items as Obj[]) ?? [];
      const trial = (body.subscription_data as Obj | undefined)?.trial_period_days;
      // What is due today: every line, but a recurring one during a trial.
      const total = items.reduce((sum: number, item) => {
        const price = item.price_data as Obj;
        return sum + (trial && price.recurring ? 0 : Number(price.unit_amount) * Number(item.quantity ?? 1));
      }, 0);
      const session = {
        id: next("cs"),
        object: "checkout.session",
        mode: body.mode,
        url: "",
        status: "open",
        payment_status: "unpaid",
        amount_total: total,
        currency: (items[0]?.price_data as Obj | undefined)?.currency ?? "usd",
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        payment_intent: null,
        subscription: null,
        invoice: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        _params: body,
      };
      session.url = `https://checkout.stripe.com/c/pay/${session.id}`;
      sessions.set(session.id, session);
      return [200, session];
    }
    if (kind === "checkout" && id === "sessions" && method === "GET") {
      const session = sessions.get(rest[0] as string);
      return session ? [200, session] : notFound;
    }
    if (kind === "payment_intents" && method === "GET") {
      const pi = paymentIntents.get(id as string);
      return pi ? [200, pi] : notFound;
    }
    if (kind === "charges" && method === "GET") {
      const charge = charges.get(id as string);
      return charge ? [200, charge] : notFound;
    }
    if (kind === "invoices" && method === "GET") {
      const invoice = invoices.get(id as string);
      if (!invoice) return notFound;
      const expand = (query.expand as string[] | undefined) ?? [];
      return [
        200,
        expand.includes("payments")
          ? {
              ...invoice,
              payments: { object: "list", data: invoicePayments.filter((p) => p.invoice === invoice.id) },
            }
          : invoice,
      ];
    }
    if (path === "/v1/invoice_payments" && method === "GET") {
      const wanted = ((query.payment as Obj | undefined)?.payment_intent as string | undefined) ?? null;
      const expand = (query.expand as string[] | undefined) ?? [];
      const data = invoicePayments
        .filter((p) => !wanted || (p.payment as Obj).payment_intent === wanted)
        .map((p) => (expand.includes("data.invoice") ? { ...p, invoice: invoices.get(p.invoice as string) } : p));
      return [200, { object: "list", data, has_more: false, url: "/v1/invoice_payments" }];
    }
    if (path === "/v1/refunds" && method === "POST") {
      const pi = paymentIntents.get(body.payment_intent as string);
      if (!pi) return notFound;
      const charge = charges.get(pi.latest_charge as string) as Obj;
      if (charge.refunded) {
        return [
          400,
          {
            error: {
              type: "invalid_request_error",
              code: "charge_already_refunded",
              message: `Charge ${charge.id} has already been refunded.`,
            },
          },
        ];
      }
      charge.refunded = true;
      charge.amount_refunded = pi.amount;
      const refund = {
        id: next("re"),
        object: "refund",
        amount: pi.amount,
        payment_intent: pi.id,
        charge: charge.id,
        metadata: body.metadata ?? {},
        status: "succeeded",
      };
      refunds.set(refund.id, refund);
      return [200, refund];
    }
    if (kind === "subscriptions" && method === "DELETE") {
      return [200, { id, object: "subscription", status: "canceled", metadata: {} }];
    }
    return notFound;
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const body = decodeForm(Buffer.concat(chunks).toString("utf8"));
      const query = decodeForm(url.search.slice(1));
      const method = req.method ?? "GET";
      requests.push({ method, path: url.pathname, query, body, headers: req.headers });
      const key = req.headers["idempotency-key"];
      const replay = typeof key === "string" && method === "POST" ? answered.get(`${url.pathname} ${key}`) : undefined;
      const [status, answer] = (replay as [number, unknown] | undefined) ?? route(method, url.pathname, query, body);
      if (typeof key === "string" && method === "POST") answered.set(`${url.pathname} ${key}`, [status, answer]);
      res.writeHead(status, { "content-type": "application/json", "request-id": `req_${n}` });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    paymentIntents,
    invoices,
    invoicePayments,
    charges,
    pay(sessionId) {
      const session = sessions.get(sessionId) as Obj;
      const params = session._params as Obj;
      session.status = "complete";
      session.payment_status = "paid";
      if (session.mode === "payment") {
        const metadata = ((params.payment_intent_data as Obj | undefined)?.metadata as Obj) ?? {};
        session.payment_intent = intent(Number(session.amount_total), metadata).id;
      } else {
        const subscription = next("sub");
        const metadata = ((params.subscription_data as Obj | undefined)?.metadata as Obj) ?? {};
        const { invoice } = invoiceFor(subscription, metadata, Number(session.amount_total), "subscription_create");
        session.subscription = subscription;
        session.invoice = invoice.id;
      }
      const { _params, ...visible } = session;
      return visible;
    },
    paymentIntentOf(invoiceId) {
      const payment = invoicePayments.find((p) => p.invoice === invoiceId)?.payment as { payment_intent: string };
      return payment.payment_intent;
    },
    renew(subscriptionId, amount) {
      return invoiceFor(subscriptionId, {}, amount, "subscription_cycle");
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe webhook delivery of `object` as event `type`, signed as Stripe signs it (the SDK's own test helper). */
export function signedEvent(
  type: string,
  object: Obj,
  secret: string,
  opts: { id?: string; timestamp?: number } = {},
): { id: string; payload: string; signature: string } {
  const id = opts.id ?? `evt_test_${Math.random().toString(36).slice(2, 14)}`;
  const payload = JSON.stringify({
    id,
    object: "event",
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });
  return { id, payload, signature };
}

/** A Stripe-Signature header for any payload (the SDK's own test helper). */
export const signPayload = (payload: string, secret: string) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });
