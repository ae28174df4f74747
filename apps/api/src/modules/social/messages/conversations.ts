import type { Inbox, MessagePage, MessagingSettings } from "@marquee/contracts/messages";
import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import { forbidden, notFound, unprocessable } from "../../../platform/errors.ts";
import { encodeCursor, type Keyset, keysetClauses, nextCursor } from "../../../platform/paging.ts";
import type { Actor } from "../../catalogue/access.ts";
import type { Ownership } from "../../commerce/ownership.ts";
import { subscriptionTerms } from "../../performers/commerce-port.ts";
import { users } from "../../users/tables.ts";
import type { Follows } from "../follows/service.ts";
import { type CorrespondentRow, type MessagePresenter, sideOf } from "./present.ts";
import { type ConversationRow, conversations, messages, messagingSettings } from "./tables.ts";

export const messagesKeyset: Keyset = {
  name: "messages",
  key: messages.createdAt,
  kind: "timestamp",
  id: messages.id,
  direction: "desc",
};
const INBOX = "inbox";

const correspondentColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  avatarKey: users.avatarKey,
  role: users.role,
};

/**
 * Conversations (issue 25 section 2): one a member and a performer, opened by either (a performer only with their
 * followers and subscribers), read by its two sides only; an admin reads one only through a report.
 */
export function createConversations(deps: {
  db: Db;
  present: MessagePresenter;
  follows: Pick<Follows, "isFollowing">;
  ownership: Pick<Ownership, "subscribedTo">;
}) {
  const { db, present } = deps;

  /** A conversation of `me` with the other side's account: 404 for anyone who is not one of its sides. */
  async function mine(me: Actor, id: string): Promise<{ c: ConversationRow; other: CorrespondentRow }> {
    const [row] = await db
      .select({ c: conversations, other: correspondentColumns })
      .from(conversations)
      .innerJoin(
        users,
        sql`${users.id} = case when ${conversations.fanId} = ${me.id} then ${conversations.performerId} else ${conversations.fanId} end`,
      )
      .where(and(eq(conversations.id, id), or(eq(conversations.fanId, me.id), eq(conversations.performerId, me.id))));
    if (!row) throw notFound("Conversation");
    return row;
  }

  /** Whether the member follows or subscribes to the performer (a performer writes first only to them). */
  async function isAudience(memberId: string, performerId: string): Promise<boolean> {
    if (await deps.follows.isFollowing(memberId, performerId)) return true;
    const subscribed = await deps.ownership.subscribedTo({ id: memberId, role: "user" }, [performerId]);
    return subscribed.has(performerId);
  }

  /**
   * Opens (or finds) the conversation of `me` with another account: with an active performer, `me` is the fan; a
   * performer opens one with a member who follows or subscribes to them. 422 naming the user for oneself or anyone
   * else.
   */
  async function open(me: Actor, otherId: string): Promise<MessagePage["conversation"]> {
    const refuse = (message: string) => unprocessable(message, [{ path: "params.userId", message }]);
    if (otherId === me.id) throw refuse("You cannot write to yourself.");
    const [existing] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        or(
          and(eq(conversations.fanId, me.id), eq(conversations.performerId, otherId)),
          and(eq(conversations.fanId, otherId), eq(conversations.performerId, me.id)),
        ),
      );
    if (existing) return conversationOf(me, existing.id);
    const other = await subscriptionTerms(db, otherId);
    let pair: { fanId: string; performerId: string };
    if (other?.status === "active") pair = { fanId: me.id, performerId: otherId };
    else if (me.role === "performer" && (await subscriptionTerms(db, me.id)) && (await isAudience(otherId, me.id))) {
      pair = { fanId: otherId, performerId: me.id };
    } else throw refuse("You can write to performers, and performers to their followers and subscribers.");
    await db.insert(conversations).values(pair).onConflictDoNothing();
    const [made] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.fanId, pair.fanId), eq(conversations.performerId, pair.performerId)));
    return conversationOf(me, (made as { id: string }).id);
  }

  async function conversationOf(me: Actor, id: string) {
    const { c, other } = await mine(me, id);
    return present.conversation(me.id, c, other);
  }

  /**
   * The member's conversations with a message, newest first: one query however many they have (each side's index
   * read up to the page's end, the two merged).
   */
  async function inbox(me: Actor, q: { limit: number; cursor?: string }): Promise<Inbox> {
    const keyset: Keyset = {
      name: INBOX,
      key: conversations.lastAt,
      kind: "timestamp",
      id: conversations.id,
      direction: "desc",
    };
    const { after, orderBy } = keysetClauses(keyset, q.cursor);
    const side = (column: AnyPgColumn, other: AnyPgColumn) =>
      db
        .select({ c: conversations, other: correspondentColumns })
        .from(conversations)
        .innerJoin(users, eq(users.id, other))
        .where(and(eq(column, me.id), isNotNull(conversations.lastAt), after))
        .orderBy(...orderBy)
        .limit(q.limit);
    const [asFan, asPerformer] = await Promise.all([
      side(conversations.fanId, conversations.performerId),
      me.role === "user" ? Promise.resolve([]) : side(conversations.performerId, conversations.fanId),
    ]);
    const rows = [...asFan, ...asPerformer]
      .sort((a, b) => {
        const [x, y] = [a.c.lastAt?.getTime() ?? 0, b.c.lastAt?.getTime() ?? 0];
        return x === y ? (a.c.id < b.c.id ? 1 : -1) : y - x;
      })
      .slice(0, q.limit);
    const last = rows[rows.length - 1];
    return {
      data: rows.map((r) => present.conversation(me.id, r.c, r.other)),
      next:
        rows.length === q.limit && last?.c.lastAt ? encodeCursor(INBOX, last.c.lastAt.toISOString(), last.c.id) : null,
    };
  }

  /**
   * How many messages wait unread across the member's conversations (the header's count). Only conversations with a
   * message have any: said so (`last_at is not null`), each side is read from its inbox index, not the whole table.
   */
  async function unread(me: Actor): Promise<{ unread: number }> {
    const [row] = await db
      .select({
        n: sql<number>`coalesce(sum(case when ${conversations.fanId} = ${me.id} then ${conversations.fanUnread} else ${conversations.performerUnread} end), 0)::int`,
      })
      .from(conversations)
      .where(
        and(or(eq(conversations.fanId, me.id), eq(conversations.performerId, me.id)), isNotNull(conversations.lastAt)),
      );
    return { unread: row?.n ?? 0 };
  }

  /** A page of a conversation's history, newest first: the conversation, then its messages. */
  async function history(me: Actor, id: string, q: { limit: number; cursor?: string }): Promise<MessagePage> {
    const { after, orderBy } = keysetClauses(messagesKeyset, q.cursor);
    const { c, other } = await mine(me, id);
    const { rows, data } = await present.page(me, and(eq(messages.conversationId, id), after), orderBy, q.limit);
    return {
      conversation: present.conversation(me.id, c, other),
      data,
      next: nextCursor(rows, q.limit, messagesKeyset.name, (m) => [m.createdAt, m.id]),
    };
  }

  /** Marks the conversation read by `me` now; answers when, for the other side to be told. */
  async function read(me: Actor, id: string) {
    const { c } = await mine(me, id);
    const at = new Date();
    const side = sideOf(c, me.id);
    await db
      .update(conversations)
      .set(side === "fan" ? { fanUnread: 0, fanReadAt: at } : { performerUnread: 0, performerReadAt: at })
      .where(eq(conversations.id, id));
    return { conversation: c, readAt: at, otherId: side === "fan" ? c.performerId : c.fanId };
  }

  /** Blocks (or unblocks) the other side: while either side blocks, neither writes. */
  async function block(me: Actor, id: string, blocked: boolean) {
    const { c } = await mine(me, id);
    const at = blocked ? new Date() : null;
    await db
      .update(conversations)
      .set(sideOf(c, me.id) === "fan" ? { fanBlockedAt: at } : { performerBlockedAt: at })
      .where(eq(conversations.id, id));
    return conversationOf(me, id);
  }

  async function settings(performer: Actor): Promise<MessagingSettings> {
    const [row] = await db.select().from(messagingSettings).where(eq(messagingSettings.performerId, performer.id));
    return { whoMayWriteFirst: row?.whoMayWriteFirst ?? "anyone" };
  }

  async function saveSettings(performer: Actor, body: MessagingSettings): Promise<MessagingSettings> {
    if (!(await subscriptionTerms(db, performer.id))) throw forbidden("Only performers set who may write first.");
    await db
      .insert(messagingSettings)
      .values({ performerId: performer.id, whoMayWriteFirst: body.whoMayWriteFirst })
      .onConflictDoUpdate({ target: messagingSettings.performerId, set: { whoMayWriteFirst: body.whoMayWriteFirst } });
    return settings(performer);
  }

  return { mine, open, inbox, unread, history, read, block, settings, saveSettings, isAudience };
}
export type Conversations = ReturnType<typeof createConversations>;
