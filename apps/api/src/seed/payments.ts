import { count, eq } from "drizzle-orm";
import type { App } from "../app.ts";
import type { Db } from "../db/client.ts";
import { SANDBOX_SIGNATURE } from "../modules/payments/sandbox.ts";
import { coupons, transactions } from "../modules/payments/tables.ts";
import { DEMO_PASSWORD } from "./seed.ts";

type Log = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };

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
  const login = async (username: string) => {
    const res = await app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { username, password: DEMO_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`demo payments: ${username} cannot log in (${res.statusCode})`);
    return res.json().token as string;
  };
  const call = async (token: string, method: "GET" | "POST", url: string, payload?: object) => {
    const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode >= 300)
      throw new Error(`demo payments: ${method} ${url} answered ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const [admin, member] = [await login("admin"), await login("member")];
  try {
    const [coupon] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, DEMO_COUPON.code));
    if (!coupon) await call(admin, "POST", "/admin/coupons", DEMO_COUPON);

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
      });
      await app.inject({
        method: "POST",
        url: "/payment/webhook/sandbox",
        headers: { "content-type": "application/json", [SANDBOX_SIGNATURE]: signature },
        payload: body,
      });
    };

    const sale = (await call(member, "GET", "/user/assets/videos/search?access=sale&includeComing=false&limit=2"))
      .data as { _id: string }[];
    for (const [i, movie] of sale.entries()) {
      await pay(
        await call(
          member,
          "POST",
          `/payment/purchase-video/${movie._id}`,
          i === 0 ? { couponCode: DEMO_COUPON.code } : {},
        ),
      );
    }
    const performer = (await call(member, "GET", "/performers/search?limit=1")).data?.[0] as
      | { _id: string; monthlyPrice: number | null }
      | undefined;
    if (performer?.monthlyPrice) {
      await pay(await call(member, "POST", "/payment/subscribe", { performerId: performer._id, type: "monthly" }));
    }
    opts.log?.info({ movies: sale.length, subscriptions: performer?.monthlyPrice ? 1 : 0 }, "demo payments made");
  } finally {
    // The demo accounts' session lists show the people who log in, not the seed.
    for (const token of [admin, member]) {
      await app.inject({ method: "POST", url: "/auth/logout", headers: { authorization: `Bearer ${token}` } });
    }
  }
}
