import type { AdminConversation } from "@marquee/contracts/messages";
import { and, asc, desc, eq, gte, lt } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import type { EngageableObject, EngagingViewer } from "../../../platform/engageable.ts";
import { forbidden, notFound } from "../../../platform/errors.ts";
import type { Actor } from "../../catalogue/access.ts";
import { users } from "../../users/tables.ts";
import type { MessagePresenter } from "./present.ts";
import { conversations, messages } from "./tables.ts";

/** Messages either side of a reported one that its admin reads. */
const CONTEXT = 20;

/**
 * Messages and moderation (issue 25 section 2): either side reports a message into the reports queue; an admin reads
 * the conversation only around a reported message, and may remove the message (its text and media stop showing).
 */
export function createMessageModeration(deps: {
  db: Db;
  present: MessagePresenter;
  /** Whether a report names this message (the reports module). */
  isReported: (kind: "message", id: string) => Promise<boolean>;
}) {
  const { db } = deps;

  async function withConversation(id: string) {
    const [row] = await db
      .select({ m: messages, c: conversations })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(messages.id, id));
    return row ?? null;
  }

  /** The reports' target: a message opens for its conversation's two sides (and admins). */
  async function open(viewer: EngagingViewer | null, id: string): Promise<EngageableObject | null> {
    const row = await withConversation(id);
    if (!row || !viewer) return null;
    if (viewer.role !== "admin" && viewer.id !== row.c.fanId && viewer.id !== row.c.performerId) return null;
    const text = row.m.text || "Message";
    return {
      id,
      title: text.length > 60 ? `${text.slice(0, 59)}…` : text,
      performerIds: [row.c.performerId],
      link: `/messages/${row.c.id}`,
    };
  }

  /** Removes a reported message (or shows it again: null). */
  async function remove(id: string, reason: string | null): Promise<void> {
    const done = await db
      .update(messages)
      .set({ removedAt: reason === null ? null : new Date(), removedReason: reason })
      .where(eq(messages.id, id))
      .returning({ id: messages.id });
    if (!done.length) throw notFound("Message");
  }

  /** The admin's read of a conversation: only around a message someone reported, never otherwise. */
  async function context(admin: Actor, id: string): Promise<AdminConversation> {
    const row = await withConversation(id);
    if (!row) throw notFound("Message");
    if (!(await deps.isReported("message", id))) {
      throw forbidden("Admins read a conversation only around a reported message.");
    }
    const inConversation = eq(messages.conversationId, row.c.id);
    const [before, after, people] = await Promise.all([
      db
        .select()
        .from(messages)
        .where(and(inConversation, lt(messages.createdAt, row.m.createdAt)))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(CONTEXT),
      db
        .select()
        .from(messages)
        .where(and(inConversation, gte(messages.createdAt, row.m.createdAt)))
        .orderBy(asc(messages.createdAt), asc(messages.id))
        .limit(CONTEXT + 1),
      db
        .select({
          id: users.id,
          username: users.username,
          name: users.name,
          avatarKey: users.avatarKey,
          role: users.role,
        })
        .from(users)
        .where(eq(users.id, row.c.fanId))
        .union(
          db
            .select({
              id: users.id,
              username: users.username,
              name: users.name,
              avatarKey: users.avatarKey,
              role: users.role,
            })
            .from(users)
            .where(eq(users.id, row.c.performerId)),
        ),
    ]);
    const fan = people.find((p) => p.id === row.c.fanId);
    const performer = people.find((p) => p.id === row.c.performerId);
    if (!fan || !performer) throw notFound("Conversation");
    const ordered = [...before.reverse(), ...after];
    return {
      reportedId: id,
      fan: deps.present.conversation(performer.id, row.c, fan).with,
      performer: deps.present.conversation(fan.id, row.c, performer).with,
      data: await deps.present.messages(admin, ordered),
    };
  }

  return { open, remove, context };
}
export type MessageModeration = ReturnType<typeof createMessageModeration>;
