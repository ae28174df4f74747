import type { GatewayName } from "../ledger/tables.ts";

/** What a checkout asks a gateway for: a page where the buyer pays `amountCents` for the transaction. */
export interface CheckoutRequest {
  transactionId: string;
  amountCents: number;
  currency: string;
  /** What the buyer sees they are paying for. */
  description: string;
  /**
   * A subscription the gateway renews by itself: the first period (paid now, `amountCents`), then every `renewDays`
   * for `renewCents`. Null for a one-off payment.
   */
  recurring: { initialDays: number; renewDays: number; renewCents: number } | null;
  /** Where the buyer comes back to after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
}

/**
 * What a gateway said happened, in the ledger's terms; `id` is the gateway's own event id (unique per gateway).
 * - `paid`, `failed`, `expired`: the checkout of `transactionId` (for a subscription, `subscriptionRef` is the
 *   gateway's id of the subscription it started).
 * - `refunded`, `chargeback`: money taken back from a paid transaction, named by `transactionId` or by the
 *   gateway's own id of the payment (`gatewayRef`, e.g. a renewal's).
 * - `renewed` (a new period paid: `gatewayRef` is the gateway's id of that payment), `renewal_failed`, `cancelled`
 *   (renewal stopped; access lasts until the paid period ends): the subscription `subscriptionRef`.
 */
export interface GatewayEvent {
  id: string;
  type: "paid" | "failed" | "expired" | "refunded" | "chargeback" | "renewed" | "renewal_failed" | "cancelled";
  /** Our transaction, when the gateway carries it back (metadata, a custom field). */
  transactionId: string | null;
  /** The gateway's own id of the payment the event is about, when it has one. */
  gatewayRef?: string | null;
  /** The gateway's id of the subscription the event is about. */
  subscriptionRef?: string | null;
  /**
   * The amount the gateway says it took or gave back, and its currency (ISO 4217, upper case): for a `paid`,
   * `renewed`, `refunded` or `chargeback` both must be there and equal the transaction's (or the subscription's),
   * or the ledger flags the event instead of applying it (`moneyMismatch`, ledger-common.ts).
   */
  amountCents: number | null;
  currency?: string | null;
  payload: unknown;
}

/** One delivery to a gateway's webhook route, as it arrived. */
export interface WebhookDelivery {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  sourceIp: string;
  /** Path parameters of the route (CCBill's secret in the URL). */
  params?: Record<string, string>;
  /** Query parameters of the delivery (CCBill's `eventType`). */
  query?: Record<string, string>;
}

/** A paid transaction, as a refund asks the gateway about it. */
export interface PaidTransaction {
  id: string;
  gatewayRef: string | null;
  amountCents: number;
  currency: string;
}

/**
 * The gateway port (DESIGN section 6): each adapter makes checkouts and reads its webhooks. `parseWebhook` throws
 * an AppError (401) for a delivery it cannot authenticate, and a 400 for one it cannot read; an event it has no use
 * for is left out (an empty list is answered 200, so the gateway stops retrying).
 */
export interface PaymentGateway {
  name: GatewayName;
  createCheckout(req: CheckoutRequest): Promise<{ paymentUrl: string; gatewayRef: string | null }>;
  parseWebhook(delivery: WebhookDelivery): GatewayEvent[] | Promise<GatewayEvent[]>;
  /** Asks the gateway to give a paid transaction's money back; its refund event then reaches the webhook. */
  refund(t: PaidTransaction): Promise<void>;
  /** Stops a subscription's renewals at the gateway; its cancellation event then reaches the webhook. */
  cancelSubscription(subscriptionRef: string): Promise<void>;
  /**
   * For the reconciliation of a transaction left pending: what the gateway knows of it now (an event to apply), or
   * null when it cannot be asked or knows nothing more.
   */
  lookup?(t: { id: string; gatewayRef: string | null }): Promise<GatewayEvent | null>;
}
