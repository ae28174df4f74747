import type { PayoutDetails, PayoutDetailsBody } from "@marquee/contracts/payments";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { payoutDetails } from "./tables.ts";

type Row = typeof payoutDetails.$inferSelect;
const present = (r: Row): PayoutDetails => ({
  method: r.method,
  accountName: r.accountName,
  account: r.account,
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * Where performers want to be paid. The routes ask for two-factor sign-in and a fresh password before a change
 * (issue 22); the admin reads them beside what each performer is owed.
 */
export function createPayoutDetails(db: Db) {
  return {
    async of(performerId: string): Promise<PayoutDetails | null> {
      const [row] = await db.select().from(payoutDetails).where(eq(payoutDetails.performerId, performerId));
      return row ? present(row) : null;
    },

    async ofMany(performerIds: string[]): Promise<Map<string, PayoutDetails>> {
      if (!performerIds.length) return new Map();
      const rows = await db.select().from(payoutDetails).where(inArray(payoutDetails.performerId, performerIds));
      return new Map(rows.map((r) => [r.performerId, present(r)]));
    },

    async set(performerId: string, body: PayoutDetailsBody): Promise<PayoutDetails> {
      const [row] = await db
        .insert(payoutDetails)
        .values({ performerId, ...body })
        .onConflictDoUpdate({ target: payoutDetails.performerId, set: { ...body, updatedAt: new Date() } })
        .returning();
      return present(row as Row);
    },
  };
}
export type PayoutDetailsService = ReturnType<typeof createPayoutDetails>;
