import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { conflict, notFound, tooManyRequests, unprocessable } from "../../../platform/errors.ts";
import type { Throttle } from "../../../platform/throttle.ts";
import { type AuditActor, recordAudit } from "../../audit/service.ts";
import { type CouponRow, coupons, couponUses } from "../coupons/tables.ts";

export interface CouponInput {
  code: string;
  value: number;
  expiresAt?: string | null;
  remainingUses?: number | null;
  active?: boolean;
}

const normal = (code: string) => code.trim().toUpperCase();

/**
 * Coupon codes tried (applied, or given at a checkout: one count for both) per account and per client address in a
 * window: enough for a member who mistypes, not for guessing codes (400 guesses in two seconds went unthrottled).
 */
export const COUPON_TRIES = { perAccount: 20, perAddress: 60, windowMs: 15 * 60_000 } as const;
export const COUPON_TRIES_MESSAGE = "Too many coupon codes tried. Try again in 15 minutes.";

const present = (c: CouponRow) => ({
  _id: c.id,
  code: c.code,
  value: c.value,
  expiresAt: c.expiresAt?.toISOString() ?? null,
  remainingUses: c.remainingUses,
  active: c.active,
  createdAt: c.createdAt.toISOString(),
});

/**
 * Coupons (DESIGN section 5): a member may apply one that is active, unexpired, not used up and not used by them
 * before; checkout applies it again on the server and claims the use with the order (commerce/checkout/service.ts); a
 * payment that fails or expires gives the use back.
 */
export function createCoupons(deps: { db: Db; throttle: Pick<Throttle, "hit">; now?: () => Date }) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  /**
   * Counts one coupon code tried by the member from the address, whatever comes of it, and refuses it (429) past
   * the account's or the address's limit (COUPON_TRIES). Called before the code is looked up, outside any database
   * transaction: by the apply route and by every checkout given a `couponCode`.
   */
  async function attempt(userId: string, ip: string) {
    const [perAccount, perAddress] = await Promise.all([
      deps.throttle.hit(`coupon:user:${userId}`, COUPON_TRIES.windowMs),
      deps.throttle.hit(`coupon:ip:${ip}`, COUPON_TRIES.windowMs),
    ]);
    if (perAccount > COUPON_TRIES.perAccount || perAddress > COUPON_TRIES.perAddress) {
      throw tooManyRequests(COUPON_TRIES_MESSAGE);
    }
  }

  /**
   * The coupon `code` as `userId` may use it now, or the reason they may not (404, 422 or 409); read through `tx`
   * when a checkout asks, so it sees the claims that checkout has just given back.
   */
  async function usable(userId: string, code: string, tx: Tx | Db = db): Promise<CouponRow> {
    const [c] = await tx
      .select()
      .from(coupons)
      .where(eq(coupons.code, normal(code)));
    if (!c) throw notFound("Coupon");
    if (!c.active) throw unprocessable("This coupon is not active.");
    if (c.expiresAt && c.expiresAt <= now()) throw unprocessable("This coupon has expired.");
    if (c.remainingUses !== null && c.remainingUses <= 0) throw unprocessable("This coupon has been used up.");
    const [used] = await tx
      .select({ id: couponUses.id })
      .from(couponUses)
      .where(and(eq(couponUses.couponId, c.id), eq(couponUses.userId, userId)));
    if (used) throw conflict("You have already used this coupon.");
    return c;
  }

  /**
   * Claims one use of the coupon for an order as it is made, in the checkout's database transaction: once per member
   * (a second order with it is refused while the first holds the claim) and never past the uses left. False when the
   * member already holds one or none are left.
   */
  async function claim(tx: Tx, couponId: string, userId: string, orderId: string): Promise<boolean> {
    const [use] = await tx
      .insert(couponUses)
      .values({ couponId, userId, orderId })
      .onConflictDoNothing()
      .returning({ id: couponUses.id });
    if (!use) return false;
    const [left] = await tx
      .update(coupons)
      .set({ remainingUses: sql`${coupons.remainingUses} - 1` })
      .where(and(eq(coupons.id, couponId), or(isNull(coupons.remainingUses), gt(coupons.remainingUses, 0))))
      .returning({ id: coupons.id });
    return !!left;
  }

  /** Gives an order's claim back when its payment failed or expired: the member may use the coupon again. */
  async function release(tx: Tx, orderId: string) {
    const [gone] = await tx
      .delete(couponUses)
      .where(eq(couponUses.orderId, orderId))
      .returning({ couponId: couponUses.couponId });
    if (!gone) return;
    await tx
      .update(coupons)
      .set({ remainingUses: sql`${coupons.remainingUses} + 1` })
      .where(and(eq(coupons.id, gone.couponId), sql`${coupons.remainingUses} is not null`));
  }

  /** An admin's new coupon, recorded in the audit trail in the same transaction. */
  async function create(input: CouponInput, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(coupons)
        .values({
          code: normal(input.code),
          value: input.value,
          expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
          remainingUses: input.remainingUses ?? null,
          active: input.active ?? true,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict("A coupon with this code exists.", [{ path: "body.code", message: "already taken" }]);
      const created = present(row);
      await recordAudit(tx, actor, {
        action: "coupons.create",
        subjectType: "coupon",
        subjectId: row.id,
        after: created,
      });
      return created;
    });
  }

  async function get(id: string) {
    const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
    if (!row) throw notFound("Coupon");
    return present(row);
  }

  /** An admin's change of a coupon, recorded with the coupon before and after in the same transaction. */
  async function update(id: string, input: Partial<CouponInput>, actor: AuditActor) {
    if (Object.values(input).every((v) => v === undefined)) return get(id);
    return db.transaction(async (tx) => {
      const [was] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
      if (!was) throw notFound("Coupon");
      const [row] = await tx
        .update(coupons)
        .set({
          ...(input.code !== undefined ? { code: normal(input.code) } : {}),
          ...(input.value !== undefined ? { value: input.value } : {}),
          ...(input.expiresAt !== undefined ? { expiresAt: input.expiresAt ? new Date(input.expiresAt) : null } : {}),
          ...(input.remainingUses !== undefined ? { remainingUses: input.remainingUses } : {}),
          ...(input.active !== undefined ? { active: input.active } : {}),
        })
        .where(eq(coupons.id, id))
        .returning()
        .catch((e: unknown) => {
          if (
            String(
              (e as { code?: string; cause?: { code?: string } })?.cause?.code ?? (e as { code?: string }).code,
            ) === "23505"
          ) {
            throw conflict("A coupon with this code exists.", [{ path: "body.code", message: "already taken" }]);
          }
          throw e;
        });
      const after = present(row as CouponRow);
      await recordAudit(tx, actor, {
        action: "coupons.update",
        subjectType: "coupon",
        subjectId: id,
        before: present(was),
        after,
      });
      return after;
    });
  }

  async function list(q: { limit: number; offset: number; active?: boolean }) {
    const where =
      q.active === undefined
        ? undefined
        : q.active
          ? and(eq(coupons.active, true), or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now())))
          : undefined;
    const [rows, [count]] = await Promise.all([
      db.select().from(coupons).where(where).orderBy(sql`${coupons.createdAt} desc`).limit(q.limit).offset(q.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(coupons).where(where),
    ]);
    return { data: rows.map(present), total: count?.n ?? 0 };
  }

  return {
    attempt,
    usable,
    claim,
    release,
    create,
    update,
    list,
    /** One coupon as admins see it. */
    get,
    /** What a member sees when they apply a coupon: its code and its value. */
    async apply(userId: string, code: string, ip: string) {
      await attempt(userId, ip);
      const c = await usable(userId, code);
      return { code: c.code, value: c.value };
    },
  };
}
export type Coupons = ReturnType<typeof createCoupons>;
