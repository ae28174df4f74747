import type { GatewayName } from "./tables.ts";

/** What a checkout asks a gateway for: a page where the buyer pays `amountCents` for the transaction. */
export interface CheckoutRequest {
  transactionId: string;
  amountCents: number;
  currency: string;
  /** What the buyer sees they are paying for. */
  description: string;
}

/** What a gateway said happened, in the ledger's terms; `id` is the gateway's own event id (unique). */
export interface GatewayEvent {
  id: string;
  type: "paid" | "failed" | "expired" | "refunded";
  /** Our transaction, when the gateway carries it back (metadata, a custom field). */
  transactionId: string | null;
  /** The amount the gateway says it took (checked against the transaction's). */
  amountCents: number | null;
  payload: unknown;
}

/** One delivery to a gateway's webhook route, as it arrived. */
export interface WebhookDelivery {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  sourceIp: string;
}

/**
 * The gateway port (DESIGN section 6): each adapter makes checkouts and reads its webhooks. `parseWebhook` throws
 * an AppError (401) for a delivery it cannot authenticate, and a 400 for one it cannot read.
 */
export interface PaymentGateway {
  name: GatewayName;
  createCheckout(req: CheckoutRequest): Promise<{ paymentUrl: string; gatewayRef: string | null }>;
  parseWebhook(delivery: WebhookDelivery): GatewayEvent[];
}
