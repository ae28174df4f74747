import { count, eq } from "drizzle-orm";
import type { App } from "../app.ts";
import type { Db } from "../db/client.ts";
import { coupons } from "../modules/commerce/coupons/tables.ts";
import { earnings } from "../modules/commerce/earnings/tables.ts";
import { SANDBOX_SIGNATURE } from "../modules/commerce/gateways/sandbox.ts";
import { transactions } from "../modules/commerce/ledger/tables.ts";
import { orders } from "../modules/commerce/orders/tables.ts";
import { demoSession } from "./demo-session.ts";

type Log = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };

/** How long ago the demo's purchases were made, one after another (days). */
const HISTORY_DAYS_AGO = [74, 47, 23, 9];

/** Moves a paid checkout, its order and its earnings `days` back in time (the demo's history only). */
async function backdate(db: Db, checkout: { transactionId: string; orderId: string }, days: number) {
  const at = new Date(Date.now() - days * 86_400_000);
  await db.transaction(async (tx) => {
    await tx.update(orders).set({ createdAt: at, paidAt: at }).where(eq(orders.id, checkout.orderId));
    await tx.update(transactions).set({ createdAt: at, paidAt: at }).where(eq(transactions.id, checkout.transactionId));
    await tx.update(earnings).set({ createdAt: at }).where(eq(earnings.transactionId, checkout.transactionId));
  });
}

/** Where the demo member's parcels go. */
const DEMO_ADDRESS = {
  shippingAddress: {
    recipientName: "Morgan Member",
    line1: "12 Harbour Road",
    city: "Brighton",
    region: "East Sussex",
    postalCode: "BN1 1AA",
    country: "GB",
    phone: "+44 1632 960000",
  },
};

/** The demo's coupon, which the README and the demo pages can name. */
export const DEMO_COUPON = { code: "WELCOME10", value: 0.1 } as const;

/**
 * A little payment history for the demo, made through the API and the sandbox gateway's signed callbacks like a
 * member's own: a coupon, two movies for sale and a performer subscription bought by the demo member, so the
 * performers' earnings, the admin's transactions and payouts are not empty on a first start. Made once: skipped
 * when the site has any transaction, or when the sandbox is not the gateway.
 */
export async function seedDemoPayments(app: App, db: Db, opts: { log?: Log } = {}) {
  const sandbox = app.services.sandbox;
  const [made] = await db.select({ n: count() }).from(transactions);
  if ((made?.n ?? 0) > 0 || app.services.payments.gatewayName !== "sandbox") return;
  const [admin, member] = [
    await demoSession(app, "admin", "demo payments"),
    await demoSession(app, "member", "demo payments"),
  ];
  try {
    const [coupon] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, DEMO_COUPON.code));
    if (!coupon) await admin("POST", "/admin/coupons", DEMO_COUPON);

    /** Pays a checkout as the sandbox page's approval does: the signed callback through the webhook route. */
    const pay = async (checkout: { transactionId: string }) => {
      const [t] = await db.select().from(transactions).where(eq(transactions.id, checkout.transactionId));
      if (!t) return;
      const { body, signature } = sandbox.signed({
        id: `approve:${t.id}`,
        type: "paid",
        transactionId: t.id,
        subscriptionRef: `sandbox-sub:${t.id}`,
        amountCents: t.amountCents,
        currency: t.currency,
      });
      await app.inject({
        method: "POST",
        url: "/payment/webhook/sandbox",
        headers: { "content-type": "application/json", [SANDBOX_SIGNATURE]: signature },
        payload: body,
      });
    };

    const sale = (await member("GET", "/user/assets/videos/search?access=sale&includeComing=false&limit=2")).data as {
      _id: string;
    }[];
    const galleries = (await member("GET", "/user/assets/galleries/search?access=sale&limit=2")).data as {
      _id: string;
    }[];
    const bought: { transactionId: string; orderId: string }[] = [];
    for (const [i, movie] of sale.entries()) {
      const body = i === 0 ? { couponCode: DEMO_COUPON.code } : {};
      bought.push(await member("POST", `/payment/purchase-video/${movie._id}`, body));
    }
    for (const gallery of galleries) {
      bought.push(await member("POST", `/payment/purchase-gallery/${gallery._id}`, {}));
    }
    for (const checkout of bought) await pay(checkout);
    // Spread over the last months, so the performers' earnings chart and the admin's lists have a history.
    for (const [i, checkout] of bought.entries()) {
      await backdate(db, checkout, HISTORY_DAYS_AGO[i % HISTORY_DAYS_AGO.length] as number);
    }
    const performer = (await member("GET", "/performers/search?limit=1")).data?.[0] as
      | { _id: string; monthlyPrice: number | null }
      | undefined;
    if (performer?.monthlyPrice) {
      await pay(await member("POST", "/payment/subscribe", { performerId: performer._id, type: "monthly" }));
    }
    // A store order: something shipped (already on its way, with its tracking code) and a download.
    const shipped = (
      (await member("GET", "/user/assets/products/search?type=physical&limit=20")).data as {
        _id: string;
        stock: number | null;
      }[]
    ).find((p) => (p.stock ?? 0) > 0);
    const download = (await member("GET", "/user/assets/products/search?type=digital&limit=1")).data?.[0] as
      | { _id: string }
      | undefined;
    const cart = [
      ...(shipped ? [{ _id: shipped._id, quantity: 1 }] : []),
      ...(download ? [{ _id: download._id }] : []),
    ];
    if (cart.length) {
      const order = await member("POST", "/payment/purchase-products", {
        products: cart,
        ...(shipped ? DEMO_ADDRESS : {}),
      });
      await pay(order);
      await backdate(db, order, 3);
      const lines = (await admin("GET", `/orders/details/${order.orderId}`)).lines as {
        _id: string;
        deliveryStatus: string | null;
      }[];
      const parcel = lines.find((l) => l.deliveryStatus === "created");
      if (parcel) {
        await admin("PUT", `/orders/${parcel._id}/update`, { deliveryStatus: "processing" });
        await admin("PUT", `/orders/${parcel._id}/update`, {
          deliveryStatus: "shipped",
          shippingCode: "1Z999AA10123456784",
        });
      }
    }
    opts.log?.info(
      {
        movies: sale.length,
        galleries: galleries.length,
        subscriptions: performer?.monthlyPrice ? 1 : 0,
        products: cart.length,
      },
      "demo payments made",
    );
  } finally {
    // The demo accounts' session lists show the people who log in, not the seed.
    for (const token of [admin, member]) {
      await app.inject({ method: "POST", url: "/auth/logout", headers: { authorization: `Bearer ${token}` } });
    }
  }
}
