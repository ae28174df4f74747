import { eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { users } from "../users/tables.ts";
import { performers } from "./tables.ts";

/**
 * What commerce asks of performers (issue 24), each inside the caller's database transaction: the rates and prices a
 * sale is recorded at, and the subscriber counter a subscription moves. The performers module owns its table; these
 * are the only reads and writes of it from outside.
 */

/** The performers' own commission rates, where set (null: the site's setting applies). */
export async function ownCommissionRates(via: Db | Tx, performerIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(performerIds)];
  if (!ids.length) return new Map();
  const rows = await via
    .select({ id: performers.id, rate: performers.commissionRate })
    .from(performers)
    .where(inArray(performers.id, ids));
  return new Map(rows.flatMap((r) => (r.rate === null ? [] : [[r.id, Number(r.rate)] as const])));
}

/** A performer's subscription prices (cents; null where not offered), status and names. */
export async function subscriptionTerms(via: Db | Tx, performerId: string) {
  const [row] = await via
    .select({
      id: performers.id,
      status: performers.status,
      monthly: performers.monthlyPriceCents,
      yearly: performers.yearlyPriceCents,
      name: users.name,
      username: users.username,
    })
    .from(performers)
    .innerJoin(users, eq(users.id, performers.id))
    .where(eq(performers.id, performerId));
  return row ?? null;
}

/** Moves a performer's subscriber count by one, never below zero. */
export async function countSubscriber(tx: Tx, performerId: string, by: 1 | -1): Promise<void> {
  await tx
    .update(performers)
    .set({ subscribersCount: sql`greatest(${performers.subscribersCount} + ${by}, 0)` })
    .where(eq(performers.id, performerId));
}

/** Moves a performer's follower count by one, never below zero (the follows module, issue 25). */
export async function countFollower(tx: Tx, performerId: string, by: 1 | -1): Promise<void> {
  await tx
    .update(performers)
    .set({ followersCount: sql`greatest(${performers.followersCount} + ${by}, 0)` })
    .where(eq(performers.id, performerId));
}

/** A performer's follower count (0 for no such performer). */
export async function followerCount(via: Db | Tx, performerId: string): Promise<number> {
  const [row] = await via
    .select({ n: performers.followersCount })
    .from(performers)
    .where(eq(performers.id, performerId));
  return row?.n ?? 0;
}
