import Stripe from "stripe";
import { AppError, badRequest, conflict, unauthorized, unprocessable } from "../../../platform/errors.ts";
import type { CheckoutRequest, GatewayEvent, PaymentGateway } from "./gateway.ts";

/** What the Stripe adapter needs (config.ts reads it from the environment). */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another server speaking Stripe's API (the tests' stand-in); null: Stripe itself. */
  apiBase: { host: string; port: number; protocol: "http" | "https" } | null;
}

/** The header Stripe signs its webhook deliveries with. */
export const STRIPE_SIGNATURE = "stripe-signature";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Our transaction id, when a value carried back by Stripe is one (anything else is not ours). */
const ours = (value: unknown): string | null =>
  typeof value === "string" && UUID.test(value) ? value.toLowerCase() : null;
/** Stripe's currency ("usd") as the ledger writes it ("USD"); null when the event has none. */
const currencyOf = (value: string | null | undefined): string | null =>
  typeof value === "string" && value ? value.toUpperCase() : null;
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

/** Stripe's longest recurring interval: three years (1095 days, 156 weeks). */
const MAX_INTERVAL_DAYS = 3 * 365;
/** Stripe's longest trial, which carries a first period that differs from the renewals. */
const MAX_TRIAL_DAYS = 730;

/**
 * How a period in days is renewed by Stripe: in weeks when it is whole weeks, else in days, so a renewal falls
 * exactly when the ledger's paid period ends (Stripe's `month` and `year` follow the calendar, which a period in days
 * does not). Stripe allows at most three years between renewals.
 */
export function stripeInterval(days: number): { interval: "day" | "week"; interval_count: number } {
  if (!Number.isInteger(days) || days < 1 || days > MAX_INTERVAL_DAYS) {
    throw unprocessable(`Stripe renews a subscription every 1 to ${MAX_INTERVAL_DAYS} days; this one is ${days} days.`);
  }
  return days % 7 === 0 ? { interval: "week", interval_count: days / 7 } : { interval: "day", interval_count: days };
}

/**
 * The Checkout Session for a checkout: `payment` mode for a one-off payment; `subscription` mode for a recurring one,
 * whose price renews every `renewDays` for `renewCents`. When the first period differs from the renewals (another
 * length or another price: a coupon, a trial offer), it is a trial of `initialDays` with the first period's price as a
 * one-time line, so the first renewal falls at its end. Our transaction id rides along as `client_reference_id` and
 * in the metadata of the session, of its payment intent (one-off) or of its subscription (recurring), so that every
 * later event about the money can be traced back to it.
 */
export function sessionParams(req: CheckoutRequest): Stripe.Checkout.SessionCreateParams {
  const currency = req.currency.toLowerCase();
  const product_data = { name: req.description.slice(0, 250) || "Purchase" };
  const metadata = { transactionId: req.transactionId };
  const common = {
    client_reference_id: req.transactionId,
    metadata,
    success_url: req.successUrl,
    cancel_url: req.cancelUrl,
  };
  if (!req.recurring) {
    return {
      ...common,
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency, unit_amount: req.amountCents, product_data } }],
      payment_intent_data: { metadata },
    };
  }
  const { initialDays, renewDays, renewCents } = req.recurring;
  const renewal = {
    quantity: 1,
    price_data: { currency, unit_amount: renewCents, product_data, recurring: stripeInterval(renewDays) },
  };
  const plain = initialDays === renewDays && req.amountCents === renewCents;
  if (plain) return { ...common, mode: "subscription", line_items: [renewal], subscription_data: { metadata } };
  if (!Number.isInteger(initialDays) || initialDays < 1 || initialDays > MAX_TRIAL_DAYS) {
    throw unprocessable(`Stripe takes a first period of 1 to ${MAX_TRIAL_DAYS} days; this one is ${initialDays} days.`);
  }
  const first = req.amountCents
    ? [
        {
          quantity: 1,
          price_data: {
            currency,
            unit_amount: req.amountCents,
            product_data: { name: `${product_data.name} (first period)` },
          },
        },
      ]
    : [];
  return {
    ...common,
    mode: "subscription",
    line_items: [renewal, ...first],
    subscription_data: { metadata, trial_period_days: initialDays },
  };
}

/** What is kept of a Stripe event with the ledger's record of it: ids and amounts, not the buyer's details. */
function summary(event: Stripe.Event, extra: Record<string, unknown> = {}) {
  const object = event.data.object as { id?: string; object?: string };
  return { stripeEvent: event.id, type: event.type, object: object.object, objectId: object.id, ...extra };
}

const unreachable = (err: unknown) =>
  new AppError(503, "Service Unavailable", `Stripe could not be reached (${(err as Error).message}); try again.`);

/** A refusal from Stripe's API about what was asked (not a network failure): a 409 with Stripe's reason. */
function refused(err: unknown, what: string): AppError {
  if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeCardError) {
    return conflict(`Stripe refused to ${what}: ${err.message}`);
  }
  return unreachable(err);
}

/**
 * The Stripe gateway (DESIGN section 6), with the official SDK: Checkout Sessions for one-off payments and
 * subscriptions, webhooks verified with `constructEvent` on the raw body, refunds and cancellations through the API.
 * Events are named by Stripe's event id, so a redelivery is recognised by the ledger.
 */
export function createStripeGateway(settings: StripeSettings, client?: Stripe): PaymentGateway {
  const stripe =
    client ??
    new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: "Marquee" },
      ...(settings.apiBase ?? {}),
    });

  /**
   * Our transaction behind a payment intent: its own metadata (a one-off payment), else the invoice it paid: the
   * first invoice of a subscription carries the subscription's metadata (ours); a renewal's is named by the invoice.
   */
  async function paymentOf(
    paymentIntent: string | null,
  ): Promise<{ transactionId: string | null; gatewayRef: string | null }> {
    const none = { transactionId: null, gatewayRef: null };
    if (!paymentIntent) return none;
    try {
      const pi = await stripe.paymentIntents.retrieve(paymentIntent);
      const transactionId = ours(pi.metadata?.transactionId);
      if (transactionId) return { transactionId, gatewayRef: null };
      const payments = await stripe.invoicePayments.list({
        payment: { type: "payment_intent", payment_intent: paymentIntent },
        limit: 1,
        expand: ["data.invoice"],
      });
      const invoice = payments.data[0]?.invoice;
      if (!invoice || typeof invoice === "string" || invoice.deleted) {
        return { transactionId: null, gatewayRef: typeof invoice === "string" ? invoice : null };
      }
      if (invoice.billing_reason === "subscription_create") {
        const fromSubscription = ours(invoice.parent?.subscription_details?.metadata?.transactionId);
        if (fromSubscription) return { transactionId: fromSubscription, gatewayRef: null };
      }
      return { transactionId: null, gatewayRef: invoice.id ?? null };
    } catch (err) {
      // A payment this account does not know (another mode, another account) names nothing of ours: the ledger
      // records the event and flags it. Anything else is a failure to ask: Stripe will deliver the event again.
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return none;
      throw unreachable(err);
    }
  }

  /** The payment intent that paid a checkout (a session) or a renewal (an invoice), to refund it. */
  async function paymentIntentOf(gatewayRef: string | null): Promise<string> {
    const fromInvoice = async (invoiceId: string) => {
      const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ["payments"] });
      const paid = invoice.payments?.data.find((p) => p.status === "paid") ?? invoice.payments?.data[0];
      return idOf(paid?.payment.payment_intent);
    };
    let found: string | null = null;
    try {
      if (gatewayRef?.startsWith("cs_")) {
        const session = await stripe.checkout.sessions.retrieve(gatewayRef);
        found = idOf(session.payment_intent);
        const invoice = idOf(session.invoice);
        if (!found && invoice) found = await fromInvoice(invoice);
      } else if (gatewayRef?.startsWith("in_")) {
        found = await fromInvoice(gatewayRef);
      }
    } catch (err) {
      throw refused(err, "find the payment");
    }
    if (!found) {
      throw conflict("Stripe has no payment to refund for this transaction; refund it in the Stripe dashboard.");
    }
    return found;
  }

  async function eventsOf(event: Stripe.Event): Promise<GatewayEvent[]> {
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
      case "checkout.session.async_payment_failed":
      case "checkout.session.expired": {
        const session = event.data.object;
        let type: GatewayEvent["type"];
        if (event.type === "checkout.session.expired") type = "expired";
        else if (event.type === "checkout.session.async_payment_failed") type = "failed";
        // A delayed payment method (a bank debit) completes the session unpaid: its outcome is an event of its own.
        else if (session.payment_status === "unpaid") return [];
        else type = "paid";
        return [
          {
            id: event.id,
            type,
            transactionId: ours(session.metadata?.transactionId) ?? ours(session.client_reference_id),
            gatewayRef: session.id,
            subscriptionRef: idOf(session.subscription),
            amountCents: type === "paid" ? session.amount_total : null,
            currency: type === "paid" ? currencyOf(session.currency) : null,
            payload: summary(event, {
              paymentStatus: session.payment_status,
              amountTotal: session.amount_total,
              currency: session.currency,
            }),
          },
        ];
      }
      case "invoice.paid":
      case "invoice.payment_failed": {
        const invoice = event.data.object;
        // The first invoice of a subscription is its checkout's payment (checkout.session.completed says it).
        if (invoice.billing_reason !== "subscription_cycle") return [];
        const paid = event.type === "invoice.paid";
        return [
          {
            id: event.id,
            type: paid ? "renewed" : "renewal_failed",
            transactionId: null,
            gatewayRef: invoice.id ?? null,
            subscriptionRef: idOf(invoice.parent?.subscription_details?.subscription),
            amountCents: paid ? invoice.amount_paid : null,
            currency: paid ? currencyOf(invoice.currency) : null,
            payload: summary(event, {
              amountPaid: invoice.amount_paid,
              amountDue: invoice.amount_due,
              currency: invoice.currency,
            }),
          },
        ];
      }
      case "customer.subscription.deleted": {
        const subscription = event.data.object;
        return [
          {
            id: event.id,
            type: "cancelled",
            transactionId: null,
            subscriptionRef: subscription.id,
            amountCents: null,
            payload: summary(event, { status: subscription.status }),
          },
        ];
      }
      case "charge.refunded": {
        const charge = event.data.object;
        // The ledger knows whole refunds: a partial one (from the dashboard) is left to the admin.
        if (!charge.refunded) return [];
        const found = await paymentOf(idOf(charge.payment_intent));
        return [
          {
            id: event.id,
            type: "refunded",
            ...found,
            amountCents: charge.amount_refunded,
            currency: currencyOf(charge.currency),
            payload: summary(event, { amountRefunded: charge.amount_refunded, currency: charge.currency }),
          },
        ];
      }
      case "charge.dispute.created": {
        const dispute = event.data.object;
        let paymentIntent = idOf(dispute.payment_intent);
        const charge = idOf(dispute.charge);
        if (!paymentIntent && charge) {
          try {
            paymentIntent = idOf((await stripe.charges.retrieve(charge)).payment_intent);
          } catch (err) {
            if (!(err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404)) {
              throw unreachable(err);
            }
          }
        }
        const found = await paymentOf(paymentIntent);
        return [
          {
            id: event.id,
            type: "chargeback",
            ...found,
            amountCents: dispute.amount,
            currency: currencyOf(dispute.currency),
            payload: summary(event, { amount: dispute.amount, currency: dispute.currency, reason: dispute.reason }),
          },
        ];
      }
      default:
        return [];
    }
  }

  return {
    name: "stripe",
    async createCheckout(req) {
      let session: Stripe.Checkout.Session;
      try {
        // The same pending transaction asked again (a second click) gets the same session back.
        session = await stripe.checkout.sessions.create(sessionParams(req), {
          idempotencyKey: `checkout:${req.transactionId}`,
        });
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw refused(err, "open a checkout");
      }
      if (!session.url) throw new AppError(503, "Service Unavailable", "Stripe answered a checkout without a page.");
      return { paymentUrl: session.url, gatewayRef: session.id };
    },

    async parseWebhook({ rawBody, headers }) {
      const signature = headers[STRIPE_SIGNATURE];
      if (typeof signature !== "string" || !signature) {
        throw unauthorized("The delivery has no Stripe signature.");
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw unauthorized("The delivery's Stripe signature is wrong or too old.");
        }
        throw badRequest("The delivery is not a Stripe event.");
      }
      if (!event || typeof event.id !== "string" || typeof event.type !== "string" || !event.data?.object) {
        throw badRequest("The delivery is not a Stripe event.");
      }
      return eventsOf(event);
    },

    async refund(t) {
      const paymentIntent = await paymentIntentOf(t.gatewayRef);
      try {
        // One refund per transaction, however often it is asked: Stripe answers a repeat with the first refund.
        await stripe.refunds.create(
          { payment_intent: paymentIntent, metadata: { transactionId: t.id } },
          { idempotencyKey: `refund:${t.id}` },
        );
      } catch (err) {
        throw refused(err, "refund");
      }
    },

    async cancelSubscription(subscriptionRef) {
      try {
        await stripe.subscriptions.cancel(subscriptionRef);
      } catch (err) {
        throw refused(err, "cancel the subscription");
      }
    },

    async lookup(t) {
      if (!t.gatewayRef?.startsWith("cs_")) return null;
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(t.gatewayRef);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw unreachable(err);
      }
      const base = {
        id: `lookup:${session.id}`,
        transactionId: t.id,
        gatewayRef: session.id,
        subscriptionRef: idOf(session.subscription),
      };
      const payload = {
        source: "lookup",
        session: session.id,
        status: session.status,
        paymentStatus: session.payment_status,
      };
      if (session.status === "complete" && session.payment_status !== "unpaid") {
        return {
          ...base,
          type: "paid",
          amountCents: session.amount_total,
          currency: currencyOf(session.currency),
          payload: { ...payload, amountTotal: session.amount_total, currency: session.currency },
        };
      }
      if (session.status === "expired") return { ...base, type: "expired", amountCents: null, payload };
      return null;
    },
  };
}
