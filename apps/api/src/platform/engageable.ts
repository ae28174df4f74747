import type { CommentObjectType } from "@marquee/contracts/comments";
import { eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";

/** The counters an object may keep of what members do with it. */
export type Counter = "likes" | "favourites" | "comments";
export type Counts = Partial<Record<Counter, number>>;

/** Who asks: a signed-in user (with their role) or a visitor (null). */
export interface EngagingViewer {
  id: string;
  role: "user" | "performer" | "admin";
}

/** What comments and reactions need of the object they are on. */
export interface EngageableObject {
  id: string;
  title: string;
  /** Its performers: they are told of new comments and may remove comments on it. */
  performerIds: string[];
  /** Its page in the web app (for notifications and the admin's lists). */
  link: string;
  /** The id whose room (`object:<id>`) watches it: its own, or for a comment the object it is on. */
  room?: string;
}

/**
 * An object members comment on or react to (a movie, gallery, product, performer, post or comment), as its own
 * module exposes it: the comments and reactions services never read another module's tables (DESIGN section 2).
 */
export interface Engageable {
  /** The object if the viewer may open its page; null when it does not exist for them (unlisted, draft: 404). */
  open(viewer: EngagingViewer | null, id: string): Promise<EngageableObject | null>;
  /**
   * Adds `by` to the object's counters in the caller's transaction (locking its row until it ends) and answers
   * every counter it keeps after the change; counters it does not keep are ignored. null: the object is gone.
   */
  count(tx: Db, id: string, by: Counts): Promise<Counts | null>;
}

/**
 * Deletes what members left on an object (its comments with their replies and likes, its reactions) in the caller's
 * transaction: the one that deletes the object, after its DELETE, so a comment or reaction written meanwhile either
 * waits for the row and finds it gone or is committed before and deleted here. Comments and reactions have no
 * foreign key to what they are on; wired in engagement.ts (`forgetEngagementOf`), each module is given it for its own object type.
 */
export type ForgetEngagement<T extends CommentObjectType = CommentObjectType> = (
  tx: Db,
  objectType: T,
  id: string,
) => Promise<void>;

/**
 * `Engageable.count` over a table with counter columns (named by their property names): one UPDATE ... RETURNING,
 * so concurrent changes add up exactly (each waits for the row lock). Never below zero: demo data carry counts
 * without reactions behind them.
 */
export function tableCounter<T extends PgTable>(
  table: T,
  counters: Partial<Record<Counter, keyof T["_"]["columns"] & string>>,
  /** Written back as it is (a like is not an edit of the object), so the update locks the row and `$onUpdate` stays off. */
  keep: keyof T["_"]["columns"] & string,
): Engageable["count"] {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const id = columns.id as PgColumn;
  const kept = columns[keep] as PgColumn;
  return async (tx, objectId, by) => {
    const set: Record<string, SQL> = { [keep]: sql`${kept}` };
    const returning: Record<string, PgColumn> = { id };
    for (const [name, prop] of Object.entries(counters) as [Counter, string][]) {
      const column = columns[prop] as PgColumn;
      returning[name] = column;
      const delta = by[name];
      if (delta) set[prop] = sql`greatest(0, ${column} + ${delta})`;
    }
    const [row] = (await tx
      .update(table)
      .set(set as never)
      .where(eq(id, objectId))
      .returning(returning)) as Record<string, unknown>[];
    if (!row) return null;
    const out: Counts = {};
    for (const name of Object.keys(counters) as Counter[]) out[name] = Number(row[name]);
    return out;
  };
}
