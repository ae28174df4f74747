import { describe, expect, it } from "vitest";
import type { CheckoutRequest } from "./gateway.ts";
import { sessionParams, stripeInterval } from "./stripe.ts";

const req: CheckoutRequest = {
  transactionId: "3f0b8c2e-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
  amountCents: 1500,
  currency: "USD",
  description: "Membership",
  recurring: null,
  successUrl: "https://fans.example.com/payment/success?transaction=x",
  cancelUrl: "https://fans.example.com/payment/cancel?transaction=x",
};

describe("Stripe's renewal interval for a period in days", () => {
  it("is whole weeks when it can be, else days, so a renewal falls exactly when the paid period ends", () => {
    expect(stripeInterval(7)).toEqual({ interval: "week", interval_count: 1 });
    expect(stripeInterval(28)).toEqual({ interval: "week", interval_count: 4 });
    expect(stripeInterval(30)).toEqual({ interval: "day", interval_count: 30 });
    expect(stripeInterval(365)).toEqual({ interval: "day", interval_count: 365 });
    expect(stripeInterval(1092)).toEqual({ interval: "week", interval_count: 156 });
    expect(stripeInterval(1095)).toEqual({ interval: "day", interval_count: 1095 });
  });

  it("refuses what Stripe cannot renew (more than three years, under a day) with a 422", () => {
    for (const days of [0, 1096, 2.5]) expect(() => stripeInterval(days)).toThrow(/Stripe renews a subscription/);
  });
});

describe("the Checkout Session", () => {
  it("is a one-off payment traced by the session's, the payment intent's metadata and client_reference_id", () => {
    expect(sessionParams(req)).toEqual({
      mode: "payment",
      client_reference_id: req.transactionId,
      metadata: { transactionId: req.transactionId },
      payment_intent_data: { metadata: { transactionId: req.transactionId } },
      success_url: req.successUrl,
      cancel_url: req.cancelUrl,
      line_items: [
        { quantity: 1, price_data: { currency: "usd", unit_amount: 1500, product_data: { name: "Membership" } } },
      ],
    });
  });

  it("is a subscription renewed at its price when the first period is like the others", () => {
    const params = sessionParams({ ...req, recurring: { initialDays: 30, renewDays: 30, renewCents: 1500 } });
    expect(params).toMatchObject({
      mode: "subscription",
      subscription_data: { metadata: { transactionId: req.transactionId } },
      line_items: [{ price_data: { unit_amount: 1500, recurring: { interval: "day", interval_count: 30 } } }],
    });
    expect(params.subscription_data?.trial_period_days).toBeUndefined();
    expect(params.payment_intent_data).toBeUndefined();
  });

  it("makes a different first period a trial of its length, paid by a one-time line", () => {
    const params = sessionParams({
      ...req,
      amountCents: 299,
      recurring: { initialDays: 3, renewDays: 28, renewCents: 1999 },
    });
    expect(params.subscription_data).toEqual({ metadata: { transactionId: req.transactionId }, trial_period_days: 3 });
    expect(params.line_items).toEqual([
      {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: 1999,
          product_data: { name: "Membership" },
          recurring: { interval: "week", interval_count: 4 },
        },
      },
      {
        quantity: 1,
        price_data: { currency: "usd", unit_amount: 299, product_data: { name: "Membership (first period)" } },
      },
    ]);
    // A free trial has nothing to pay now.
    const free = sessionParams({
      ...req,
      amountCents: 0,
      recurring: { initialDays: 7, renewDays: 30, renewCents: 999 },
    });
    expect(free.line_items).toHaveLength(1);
    expect(free.subscription_data?.trial_period_days).toBe(7);
    expect(() => sessionParams({ ...req, recurring: { initialDays: 800, renewDays: 30, renewCents: 999 } })).toThrow(
      /first period of 1 to 730 days/,
    );
  });
});
