import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { throttleCounters } from "./throttle-table.ts";

/**
 * Fixed-window counters in the database, so every API process sees the same counts.
 * `hit` adds one and returns the count in the current window in one atomic statement, so a caller that hits
 * first and checks the returned count cannot be raced past its limit by parallel requests; `count` only reads.
 */
export function createThrottle(db: Db) {
  return {
    async hit(key: string, windowMs: number): Promise<number> {
      const windowSql = sql`now() - make_interval(secs => ${windowMs / 1000})`;
      const [row] = await db
        .insert(throttleCounters)
        .values({ key, count: 1, windowStart: sql`now()` })
        .onConflictDoUpdate({
          target: throttleCounters.key,
          set: {
            count: sql`CASE WHEN ${throttleCounters.windowStart} < ${windowSql} THEN 1 ELSE ${throttleCounters.count} + 1 END`,
            windowStart: sql`CASE WHEN ${throttleCounters.windowStart} < ${windowSql} THEN now() ELSE ${throttleCounters.windowStart} END`,
          },
        })
        .returning({ count: throttleCounters.count });
      return row?.count ?? 1;
    },
    async count(key: string, windowMs: number): Promise<number> {
      const [row] = await db
        .select({ count: throttleCounters.count })
        .from(throttleCounters)
        .where(
          sql`${throttleCounters.key} = ${key} AND ${throttleCounters.windowStart} >= now() - make_interval(secs => ${windowMs / 1000})`,
        );
      return row?.count ?? 0;
    },
    /** Deletes counters whose window ended more than `olderThanMs` ago. */
    async purgeStale(olderThanMs: number): Promise<number> {
      const gone = await db
        .delete(throttleCounters)
        .where(sql`${throttleCounters.windowStart} < now() - make_interval(secs => ${olderThanMs / 1000})`)
        .returning({ key: throttleCounters.key });
      return gone.length;
    },
    /** Gives back one earlier `hit` (an attempt that turned out not to count), never going below zero. */
    async release(key: string): Promise<void> {
      await db
        .update(throttleCounters)
        .set({ count: sql`GREATEST(${throttleCounters.count} - 1, 0)` })
        .where(eq(throttleCounters.key, key));
    },
    async reset(key: string): Promise<void> {
      await db.delete(throttleCounters).where(eq(throttleCounters.key, key));
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
