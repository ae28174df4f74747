import { createHmac, timingSafeEqual } from "node:crypto";
import { entityId } from "@marquee/contracts/common";
import { z } from "zod";
import { badRequest, unauthorized } from "../../../platform/errors.ts";
import type { GatewayEvent, PaymentGateway } from "./gateway.ts";

/** The header that carries the sandbox callback's signature: hex HMAC-SHA256 of the raw body. */
export const SANDBOX_SIGNATURE = "x-sandbox-signature";

const callback = z.strictObject({
  id: z.string().min(1).max(200),
  type: z.enum(["paid", "failed", "expired", "refunded", "chargeback", "renewed", "renewal_failed", "cancelled"]),
  transactionId: entityId.nullable(),
  gatewayRef: z.string().min(1).max(200).nullable().optional(),
  subscriptionRef: z.string().min(1).max(200).nullable().optional(),
  amountCents: z.number().int().min(0).nullable(),
  /** The amount's currency: a callback that moves money says it, as a real gateway's does. */
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .nullable()
    .optional(),
});
export type SandboxCallback = z.infer<typeof callback>;

/**
 * The sandbox gateway, the default: the checkout is a page of the web app (`/payment/sandbox/<transaction>`) where the
 * buyer approves or declines; the decision comes back as a callback signed with the sandbox secret, through the same
 * webhook route and the same ledger code as a real gateway's events.
 */
export function createSandboxGateway(opts: { secret: string; publicUrl: string }) {
  const mac = (body: Buffer | string) => createHmac("sha256", opts.secret).update(body).digest("hex");
  const signed = (event: SandboxCallback) => {
    const body = JSON.stringify(event);
    return { body, signature: mac(body) };
  };
  /** How a callback reaches the ledger: set by the payments service (the function its webhook route calls). */
  let deliver: ((callback: { body: string; signature: string }) => Promise<unknown>) | null = null;
  const send = async (event: SandboxCallback) => {
    if (!deliver) throw new Error("The sandbox gateway has no webhook route to post to.");
    await deliver(signed(event));
  };

  const gateway: PaymentGateway = {
    name: "sandbox",
    async createCheckout(req) {
      return {
        paymentUrl: `${opts.publicUrl.replace(/\/+$/, "")}/payment/sandbox/${req.transactionId}`,
        gatewayRef: null,
      };
    },
    parseWebhook({ rawBody, headers }) {
      const given = headers[SANDBOX_SIGNATURE];
      const expected = Buffer.from(mac(rawBody));
      const actual = Buffer.from(typeof given === "string" ? given : "");
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
        throw unauthorized("The callback's signature is missing or wrong.");
      }
      let parsed: SandboxCallback;
      try {
        parsed = callback.parse(JSON.parse(rawBody.toString("utf8")));
      } catch {
        throw badRequest("The callback is not a sandbox event.");
      }
      const event: GatewayEvent = { ...parsed, payload: parsed };
      return [event];
    },
    // The sandbox gives money back and stops renewals at once, with the callback a real gateway would send later.
    async refund(t) {
      await send({
        id: `refund:${t.id}`,
        type: "refunded",
        transactionId: t.id,
        amountCents: t.amountCents,
        currency: t.currency,
      });
    },
    async cancelSubscription(subscriptionRef) {
      await send({
        id: `cancel:${subscriptionRef}`,
        type: "cancelled",
        transactionId: null,
        subscriptionRef,
        amountCents: null,
      });
    },
  };

  return {
    gateway,
    /** A signed callback body for `event`, as the sandbox page's decision sends it. */
    signed,
    /** Sends a simulated event (a renewal, a failed renewal, a chargeback) through the webhook's receiver. */
    send,
    /** Where the callbacks go: the payments service's webhook receiver (checkout/service.ts). */
    attach(to: (callback: { body: string; signature: string }) => Promise<unknown>) {
      deliver = to;
    },
  };
}
export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
