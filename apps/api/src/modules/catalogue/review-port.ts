import type { ReviewItem } from "@marquee/contracts/review";
import { type AnyColumn, and, asc, count, eq, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import type { Actor } from "./access.ts";

/** An admin's decision on a waiting item. */
export type ReviewDecisionIn = { state: "approved" } | { state: "refused"; reason: string };

/** What a decision changed, for the queue's answer, the audit trail and the performers' notifications. */
export interface Decided {
  id: string;
  title: string;
  performerIds: string[];
  listed: boolean;
  scheduledAt: Date | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * What each reviewed kind (movies, galleries, products) offers the review module (modules/review): its waiting
 * items oldest first, how many of a performer's items were approved (the "first N items" rule), and the decision.
 * `record` runs in the decision's transaction (the audit trail).
 */
export interface ReviewPort {
  queue(admin: Actor, limit: number): Promise<{ items: ReviewItem[]; total: number }>;
  approvedCountBy(userId: string): Promise<number>;
  decide(
    id: string,
    decision: ReviewDecisionIn,
    record?: (tx: Db, decided: Decided) => Promise<void>,
  ): Promise<Decided>;
}

interface ReviewColumns {
  id: AnyColumn;
  createdBy: AnyColumn;
  reviewState: AnyColumn;
  reviewSubmittedAt: AnyColumn;
}

/** A kind's waiting rows, oldest first (the partial index `<kind>_review_queue_idx`), and how many wait. */
export async function pendingRows<R>(db: Db, table: PgTable & ReviewColumns, limit: number) {
  const waiting = eq(table.reviewState, "pending") as SQL;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(waiting)
      .orderBy(asc(table.reviewSubmittedAt), asc(table.id))
      .limit(limit),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(waiting),
  ]);
  return { rows: rows as R[], total: counted?.n ?? 0 };
}

/** How many items `userId` made that an admin approved. */
export async function approvedBy(db: Db, table: PgTable & ReviewColumns, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(table as PgTable)
    .where(and(eq(table.createdBy, userId), eq(table.reviewState, "approved")));
  return row?.n ?? 0;
}

/** The row as the audit trail keeps it: what a reviewer decides on, without the search vector. */
export const auditView = (row: {
  status: string;
  listed: boolean;
  reviewState: string | null;
  reviewReason: string | null;
  title: string;
}) => ({
  title: row.title,
  status: row.status,
  listed: row.listed,
  reviewState: row.reviewState,
  reviewReason: row.reviewReason,
});
