import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { conflict, notFound, unprocessable } from "../../platform/errors.ts";
import { type CouponRow, coupons, couponUses } from "./tables.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface CouponInput {
  code: string;
  value: number;
  expiresAt?: string | null;
  remainingUses?: number | null;
  active?: boolean;
}

const normal = (code: string) => code.trim().toUpperCase();

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
 * before; checkout applies it again on the server (payments/service.ts), and its use counts when the order is paid.
 */
export function createCoupons(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  /** The coupon `code` as `userId` may use it now, or the reason they may not (404, 422 or 409). */
  async function usable(userId: string, code: string): Promise<CouponRow> {
    const [c] = await db
      .select()
      .from(coupons)
      .where(eq(coupons.code, normal(code)));
    if (!c) throw notFound("Coupon");
    if (!c.active) throw unprocessable("This coupon is not active.");
    if (c.expiresAt && c.expiresAt <= now()) throw unprocessable("This coupon has expired.");
    if (c.remainingUses !== null && c.remainingUses <= 0) throw unprocessable("This coupon has been used up.");
    const [used] = await db
      .select({ id: couponUses.id })
      .from(couponUses)
      .where(and(eq(couponUses.couponId, c.id), eq(couponUses.userId, userId)));
    if (used) throw conflict("You have already used this coupon.");
    return c;
  }

  /**
   * Counts the use of a paid order's coupon, in the payment's own database transaction: once per member (a second
   * paid order with the same coupon is not counted again) and never below zero uses left.
   */
  async function recordUse(tx: Tx, couponId: string, userId: string, orderId: string) {
    const [use] = await tx
      .insert(couponUses)
      .values({ couponId, userId, orderId })
      .onConflictDoNothing()
      .returning({ id: couponUses.id });
    if (!use) return false;
    await tx
      .update(coupons)
      .set({ remainingUses: sql`greatest(${coupons.remainingUses} - 1, 0)` })
      .where(and(eq(coupons.id, couponId), sql`${coupons.remainingUses} is not null`));
    return true;
  }

  async function create(input: CouponInput) {
    const [row] = await db
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
    return present(row);
  }

  async function update(id: string, input: Partial<CouponInput>) {
    if (Object.values(input).every((v) => v === undefined)) {
      const [same] = await db.select().from(coupons).where(eq(coupons.id, id));
      if (!same) throw notFound("Coupon");
      return present(same);
    }
    const [row] = await db
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
          String((e as { code?: string; cause?: { code?: string } })?.cause?.code ?? (e as { code?: string }).code) ===
          "23505"
        ) {
          throw conflict("A coupon with this code exists.", [{ path: "body.code", message: "already taken" }]);
        }
        throw e;
      });
    if (!row) throw notFound("Coupon");
    return present(row);
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
    usable,
    recordUse,
    create,
    update,
    list,
    /** What a member sees when they apply a coupon: its code and its value. */
    async apply(userId: string, code: string) {
      const c = await usable(userId, code);
      return { code: c.code, value: c.value };
    },
  };
}
export type Coupons = ReturnType<typeof createCoupons>;
