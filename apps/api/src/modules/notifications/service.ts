import {
  type LiveNotification,
  NOTIFICATIONS_KEPT,
  type Notification,
  type NotificationsQuery,
} from "@marquee/contracts/notifications";
import type { RealtimeEvents, RealtimeNotifier, RealtimeSender } from "@marquee/contracts/realtime-events";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../platform/errors.ts";
import { formatNotification } from "./format.ts";
import { aboutComment, type NotificationRow, notifications } from "./tables.ts";

/** The realtime event that is stored; every other event only goes live. */
export const STORED_EVENT = "notification";
/** The most members one `notifyMany` call takes (its INSERT's parameters stay far below PostgreSQL's limit). */
export const NOTIFY_MANY_MAX = 1000;

function present(row: NotificationRow): Notification {
  return {
    _id: row.id,
    type: row.type,
    text: row.text,
    link: row.link,
    read: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    data: row.payload,
  };
}

/**
 * Notifications (issue 12): `notify` is what every module calls (app.ts passes it for the old live-only one, so
 * their calls did not change). A `notification` is stored for its member, at most NOTIFICATIONS_KEPT each (the
 * oldest go on insert), then sent live as stored. It never throws and never blocks its caller: modules call it after
 * their transaction has committed (the ledger in its `after` hooks), so a failure to store is logged and the event
 * still goes live, without its `_id`. A member's are stored and sent in the order they were told. `settled()` waits
 * for what is being stored (tests, shutdown).
 */
export function createNotificationsService(deps: {
  db: Db;
  /** The realtime sender (a no-op until the socket server is attached). */
  send: RealtimeSender;
  log: { error(obj: object, msg?: string): void };
  now?: () => Date;
}) {
  const { db } = deps;
  const pending = new Set<Promise<void>>();
  /** Each member's last notification being stored: theirs are stored and sent one after another, in call order. */
  const tails = new Map<string, Promise<void>>();
  const mine = (userId: string, id: string) => and(eq(notifications.userId, userId), eq(notifications.id, id));

  /** Stores one notification and drops the member's oldest beyond the cap (an index range of the newest ones). */
  async function store(userId: string, type: string, payload: Record<string, unknown>) {
    const { text, link } = formatNotification(type, payload);
    const [row] = await db
      .insert(notifications)
      .values({ userId, type, payload, text, link, ...(deps.now ? { createdAt: deps.now() } : {}) })
      .returning();
    await db.execute(sql`
      delete from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.id} in (
        select ${notifications.id} from ${notifications} where ${notifications.userId} = ${userId}
        order by ${notifications.createdAt} desc, ${notifications.id} desc offset ${NOTIFICATIONS_KEPT}
      )`);
    return row as NotificationRow;
  }

  const notify: RealtimeNotifier = (userId, event, payload) => {
    if (event !== STORED_EVENT) {
      // Any other event's payload is already as it travels (`RealtimeNotified`).
      deps.send(userId, event, payload as RealtimeEvents[typeof event]);
      return;
    }
    const fields = payload && typeof payload === "object" ? (payload as Record<string, unknown>) : {};
    const { type: rawType, ...rest } = fields;
    const type = typeof rawType === "string" && rawType ? rawType.slice(0, 60) : "general";
    const job = (tails.get(userId) ?? Promise.resolve())
      .then(() => store(userId, type, rest))
      .then(
        (row): LiveNotification => {
          const { data: _data, readAt: _readAt, ...stored } = present(row);
          return { ...fields, ...stored };
        },
        (err: unknown): LiveNotification => {
          deps.log.error({ err, userId, type }, "a notification could not be stored");
          const when = (deps.now?.() ?? new Date()).toISOString();
          return { ...fields, ...formatNotification(type, rest), _id: null, type, read: false, createdAt: when };
        },
      )
      .then((live) => deps.send(userId, STORED_EVENT, live))
      .catch((err: unknown) => deps.log.error({ err, userId, type }, "a notification could not be sent"))
      .finally(() => {
        pending.delete(job);
        if (tails.get(userId) === job) tails.delete(userId);
      });
    pending.add(job);
    tails.set(userId, job);
  };

  /**
   * The same notification for many members (news of a new item to a performer's followers): one INSERT for the
   * batch, one statement that drops each of them's oldest beyond NOTIFICATIONS_KEPT, then each sent live as stored.
   * Callers pass batches of at most NOTIFY_MANY_MAX members; unlike `notify` it is awaited and throws on a failure
   * to store (the caller's job logs it).
   */
  async function notifyMany(userIds: readonly string[], type: string, payload: Record<string, unknown>) {
    const ids = [...new Set(userIds)];
    if (!ids.length) return 0;
    if (ids.length > NOTIFY_MANY_MAX) throw new Error(`notifyMany takes at most ${NOTIFY_MANY_MAX} members`);
    const { text, link } = formatNotification(type, payload);
    const createdAt = deps.now?.();
    const rows = await db
      .insert(notifications)
      .values(ids.map((userId) => ({ userId, type, payload, text, link, ...(createdAt ? { createdAt } : {}) })))
      .returning();
    await db.execute(sql`
      delete from ${notifications} where ${notifications.id} in (
        select id from (
          select ${notifications.id} as id, row_number() over (
            partition by ${notifications.userId} order by ${notifications.createdAt} desc, ${notifications.id} desc
          ) as n
          from ${notifications} where ${inArray(notifications.userId, ids)}
        ) ranked where n > ${NOTIFICATIONS_KEPT}
      )`);
    for (const row of rows) {
      const { data: _data, readAt: _readAt, ...stored } = present(row);
      deps.send(row.userId, STORED_EVENT, { ...payload, ...stored });
    }
    return rows.length;
  }

  async function list(userId: string, q: NotificationsQuery) {
    const where = and(eq(notifications.userId, userId), q.unread ? isNull(notifications.readAt) : undefined);
    const [rows, [count], unread] = await Promise.all([
      db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ total: sql<number>`count(*)::int` }).from(notifications).where(where),
      unreadCount(userId),
    ]);
    return { data: rows.map(present), total: count?.total ?? 0, unread };
  }

  async function unreadCount(userId: string) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  }

  /** Marks one of the member's own notifications read (when it was read stays the first time's); 404 for others'. */
  async function markRead(userId: string, id: string) {
    const [updated] = await db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(mine(userId, id))
      .returning();
    if (!updated) throw notFound("Notification");
    return present(updated);
  }

  async function markAllRead(userId: string) {
    const done = await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return { updated: done.length, unread: await unreadCount(userId) };
  }

  /**
   * Deletes the notifications about these comments (a reply, a comment on one's item, a report), in the caller's
   * transaction: the one that deletes the comments. What they pointed at is gone; a member's list keeps no dead
   * links. A notification still being stored is not waited for.
   */
  async function forgetComments(tx: Db, commentIds: readonly string[]) {
    if (!commentIds.length) return;
    await tx
      .delete(notifications)
      .where(and(sql`${notifications.payload} ? 'commentId'`, inArray(aboutComment, [...commentIds])));
  }

  /** Resolves once every notification being stored and sent is done. */
  async function settled() {
    while (pending.size) await Promise.allSettled([...pending]);
  }

  return { notify, notifyMany, list, unreadCount, markRead, markAllRead, forgetComments, settled };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
