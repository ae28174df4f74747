/**
 * Messages (issue 25 section 2): the inbox and a conversation as the browser keeps them from the API's pages and the
 * socket's `message:created` / `message:read` events. Pure functions; routes/messages*.tsx hold the state.
 */
import type { Conversation, Message } from "@marquee/contracts/messages";

export const MESSAGES_PATH = "/messages";
/** Equal to MESSAGE_MAX of @marquee/contracts/messages (not imported, to keep zod out of the browser). */
export const MESSAGE_MAX = 2000;
/** The inbox's page size (the loader's first page and each "Load more"). */
export const INBOX_PAGE_SIZE = 20;
/** A conversation's page size (the newest page, then each "Older messages"). */
export const HISTORY_PAGE_SIZE = 30;

export const conversationPath = (id: string) => `${MESSAGES_PATH}/${encodeURIComponent(id)}`;
/** An admin's read of a reported message with the conversation around it. */
export const adminMessagePath = (id: string) => `/admin/messages/${encodeURIComponent(id)}`;

/** A message's first words as the inbox shows them (the API's own rule for its `lastText`). */
export function firstWords(m: Pick<Message, "text" | "attachments">): string {
  if (m.text) return m.text.length > 80 ? `${m.text.slice(0, 79)}…` : m.text;
  const kinds = m.attachments.map((a) => a.kind);
  if (!kinds.length) return "";
  return kinds.every((k) => k === "photo") ? (kinds.length > 1 ? `${kinds.length} photos` : "Photo") : "Video";
}

/**
 * The inbox once a message arrived live: its conversation moves to the top with the message's first words and, from
 * the other side, one more unread (none while `openId` is the conversation on screen). Null when the conversation is
 * not listed: the caller reads the first page again.
 */
export function inboxReceived(list: Conversation[], m: Message, openId: string | null = null): Conversation[] | null {
  const found = list.find((c) => c._id === m.conversationId);
  if (!found) return null;
  const counts = !m.fromMe && openId !== m.conversationId;
  const moved: Conversation = {
    ...found,
    lastText: firstWords(m),
    lastAt: m.createdAt,
    lastFromMe: m.fromMe,
    unread: m.fromMe ? 0 : found.unread + (counts ? 1 : 0),
  };
  return [moved, ...list.filter((c) => c._id !== m.conversationId)];
}

/** The inbox after the other side of a conversation read it (its read state). */
export function inboxRead(list: Conversation[], conversationId: string, readAt: string): Conversation[] {
  return list.map((c) => (c._id === conversationId ? { ...c, readByThemAt: latest(c.readByThemAt, readAt) } : c));
}

/** Pages of the inbox joined: each conversation once, where it came first. */
export function inboxJoined(list: Conversation[], more: Conversation[]): Conversation[] {
  const seen = new Set(list.map((c) => c._id));
  return [...list, ...more.filter((c) => !seen.has(c._id))];
}

const time = (iso: string) => Date.parse(iso);

/** The later of two instants (null: none yet). */
export function latest(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return time(a) >= time(b) ? a : b;
}

/**
 * A conversation's messages, oldest first, with `more` added (a page from the API, newest first, or one that came
 * live): each message once (the newer copy wins: a removal or a purchase changes it), in the order they were sent.
 */
export function withMessages(shown: Message[], more: Message[]): Message[] {
  const byId = new Map(shown.map((m) => [m._id, m]));
  for (const m of more) byId.set(m._id, m);
  return [...byId.values()].sort((a, b) => time(a.createdAt) - time(b.createdAt) || (a._id < b._id ? -1 : 1));
}

/** The id of the viewer's last message when the other side has read it ("Seen" goes under it), else null. */
export function seenId(messages: Message[], readByThemAt: string | null): string | null {
  if (!readByThemAt) return null;
  const mine = messages.filter((m) => m.fromMe).at(-1);
  if (!mine) return null;
  return time(mine.createdAt) <= time(readByThemAt) ? mine._id : null;
}

/** The count on the header's messages link: nothing at 0 (or unknown), "99+" beyond 99. */
export function unreadBadge(unread: number | null): string | null {
  if (!unread || unread < 0) return null;
  return unread > 99 ? "99+" : String(unread);
}
