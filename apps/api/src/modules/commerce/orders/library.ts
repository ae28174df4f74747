import type { LibraryEntry, LibraryList, LibraryQuery } from "@marquee/contracts/library";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { users } from "../../users/tables.ts";
import { subscriptionPackages, subscriptions } from "../subscriptions/tables.ts";
import { orderLines, orders } from "./tables.ts";

const PATHS = { video: "/movies/", gallery: "/galleries/", product: "/store/" } as const;

/**
 * A member's library (issue 23): what they bought (movies, galleries, products; each item once, at its last paid
 * order; refunded orders are not paid), their performer subscriptions and their site memberships, newest first, in
 * one paged query. Only ever the member's own.
 */
export function createLibrary(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  function union(userId: string) {
    const bought = db
      .select({
        key: sql<string>`${orderLines.itemKind} || ':' || ${orderLines.itemId}`.as("key"),
        kind: sql<string>`${orderLines.itemKind}`.as("kind"),
        itemId: sql<string>`${orderLines.itemId}::text`.as("item_id"),
        title: sql<string>`(array_agg(${orderLines.title} order by ${orders.paidAt} desc nulls last))[1]`.as("title"),
        ref: sql<string | null>`null::text`.as("ref"),
        at: sql<string>`max(coalesce(${orders.paidAt}, ${orders.createdAt}))`.as("at"),
        expiresAt: sql<string | null>`null::timestamptz`.as("expires_at"),
        status: sql<string | null>`null::text`.as("status"),
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.status, "paid"),
          inArray(orderLines.itemKind, ["video", "gallery", "product"]),
        ),
      )
      .groupBy(orderLines.itemKind, orderLines.itemId);
    const held = db
      .select({
        key: sql<string>`${subscriptions.id}::text`.as("key"),
        kind: sql<string>`case when ${subscriptions.kind} = 'site' then 'membership' else 'performer' end`.as("kind"),
        itemId:
          sql<string>`coalesce(${subscriptions.performerId}, ${subscriptions.packageId}, ${subscriptions.id})::text`.as(
            "item_id",
          ),
        title:
          sql<string>`case when ${subscriptions.kind} = 'site' then 'Membership: ' || coalesce(${subscriptionPackages.name}, 'site') else coalesce(${users.name}, ${users.username}, 'Performer') end`.as(
            "title",
          ),
        ref: sql<string | null>`${users.username}`.as("ref"),
        at: sql<string>`${subscriptions.startedAt}`.as("at"),
        expiresAt: sql<string | null>`${subscriptions.expiresAt}`.as("expires_at"),
        status: sql<string | null>`${subscriptions.status}`.as("status"),
      })
      .from(subscriptions)
      .leftJoin(users, eq(users.id, subscriptions.performerId))
      .leftJoin(subscriptionPackages, eq(subscriptionPackages.id, subscriptions.packageId))
      .where(
        and(
          eq(subscriptions.userId, userId),
          isNotNull(subscriptions.startedAt),
          inArray(subscriptions.status, ["active", "cancelled", "expired"]),
        ),
      );
    return bought.unionAll(held).as("entries");
  }

  type Row = {
    key: string;
    kind: string;
    itemId: string;
    title: string;
    ref: string | null;
    at: string | Date;
    expiresAt: string | Date | null;
    status: string | null;
  };
  const iso = (v: string | Date) => new Date(v).toISOString();

  function present(r: Row): LibraryEntry {
    const kind = r.kind as LibraryEntry["kind"];
    const link =
      kind === "performer"
        ? `/performers/${encodeURIComponent(r.ref ?? r.itemId)}`
        : kind === "membership"
          ? "/membership"
          : `${PATHS[kind]}${r.itemId}`;
    const expiresAt = r.expiresAt ? iso(r.expiresAt) : null;
    let status = r.status as LibraryEntry["status"];
    // Lapsed but not yet marked by the hourly job: it reads as it is.
    if (status && status !== "expired" && expiresAt && new Date(expiresAt) <= now()) status = "expired";
    return { _id: r.key, kind, itemId: r.itemId, title: r.title, link, acquiredAt: iso(r.at), expiresAt, status };
  }

  return {
    async list(userId: string, q: LibraryQuery): Promise<LibraryList> {
      const entries = union(userId);
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(entries)
          .orderBy(sql`${entries.at} desc`, sql`${entries.key} desc`)
          .limit(q.limit)
          .offset(q.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(entries),
      ]);
      return { data: (rows as Row[]).map(present), total: Number(count?.n ?? 0) };
    },
  };
}
export type Library = ReturnType<typeof createLibrary>;
