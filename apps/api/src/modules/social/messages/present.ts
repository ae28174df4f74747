import type { Conversation, Message } from "@marquee/contracts/messages";
import { inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import type { Storage } from "../../../platform/storage.ts";
import type { Actor } from "../../catalogue/access.ts";
import type { Ownership } from "../../commerce/ownership.ts";
import { avatarUrls } from "../../users/service.ts";
import type { AttachedItem } from "../../vault/rows.ts";
import type { VaultPort } from "../posts/present.ts";
import { type ConversationRow, type MessageRow, messages as messageTable } from "./tables.ts";

/** The other side of a conversation, as read with it (one join). */
export interface CorrespondentRow {
  id: string;
  username: string;
  name: string;
  avatarKey: string | null;
  role: "user" | "performer" | "admin";
}

/** Which side of the conversation `userId` is. */
export const sideOf = (c: Pick<ConversationRow, "fanId" | "performerId">, userId: string) =>
  c.performerId === userId ? ("performer" as const) : ("fan" as const);

export function createMessagePresenter(deps: {
  db: Db;
  storage: Pick<Storage, "publicUrl">;
  ownership: Pick<Ownership, "boughtColumn">;
  vault: VaultPort;
  currency: () => Promise<string>;
}) {
  function conversation(me: string, c: ConversationRow, other: CorrespondentRow): Conversation {
    const side = sideOf(c, me);
    return {
      _id: c.id,
      with: {
        _id: other.id,
        username: other.username,
        name: other.name || other.username,
        avatar: avatarUrls(deps.storage, other.avatarKey).avatar,
        role: other.role,
      },
      lastText: c.lastText,
      lastAt: c.lastAt?.toISOString() ?? null,
      lastFromMe: c.lastSenderId === me,
      unread: side === "fan" ? c.fanUnread : c.performerUnread,
      readByThemAt: (side === "fan" ? c.performerReadAt : c.fanReadAt)?.toISOString() ?? null,
      blockedByMe: !!(side === "fan" ? c.fanBlockedAt : c.performerBlockedAt),
      blockedByThem: !!(side === "fan" ? c.performerBlockedAt : c.fanBlockedAt),
    };
  }

  /** The columns messages are read with: each row, its attachments, and whether the viewer bought it. */
  const columns = (viewer: Actor) => ({
    m: messageTable,
    attached: deps.vault.attachedColumn(messageTable.attachmentIds),
    bought: deps.ownership.boughtColumn(viewer, "message", messageTable.id),
  });
  type Loaded = { m: MessageRow; attached: AttachedItem[]; bought: boolean };

  /** One page of a conversation as `viewer` sees it, with its rows (for the cursor): one query. */
  async function page(viewer: Actor, where: SQL | undefined, orderBy: SQL[], limit: number) {
    const loaded = await deps.db
      .select(columns(viewer))
      .from(messageTable)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit);
    return { rows: loaded.map((l) => l.m), data: await view(viewer, loaded) };
  }

  /** Messages read or written elsewhere, as `viewer` sees them, in the order given: one query. */
  async function messages(viewer: Actor, rows: readonly MessageRow[]): Promise<Message[]> {
    if (!rows.length) return [];
    const loaded = await deps.db
      .select(columns(viewer))
      .from(messageTable)
      .where(
        inArray(
          messageTable.id,
          rows.map((r) => r.id),
        ),
      );
    const byId = new Map(loaded.map((l) => [l.m.id, l]));
    return view(
      viewer,
      rows.flatMap((r) => byId.get(r.id) ?? []),
    );
  }

  /**
   * Messages as `viewer` sees them: a paid message's attachments open for its sender, an admin, and the fan who paid;
   * everyone else gets their blurred previews.
   */
  async function view(viewer: Actor, loaded: readonly Loaded[]): Promise<Message[]> {
    const currency = await deps.currency();
    return loaded.map(({ m, attached, bought }) => {
      const base = {
        _id: m.id,
        conversationId: m.conversationId,
        senderId: m.senderId,
        fromMe: m.senderId === viewer.id,
        currency,
        createdAt: m.createdAt.toISOString(),
      };
      if (m.removedAt) {
        return {
          ...base,
          text: "",
          price: null,
          lock: null,
          isBought: false,
          attachments: [],
          removed: m.removedReason ?? "Removed by a moderator.",
        };
      }
      const paid = m.priceCents !== null && m.senderId !== viewer.id && viewer.role !== "admin";
      const locked = paid && !bought;
      const items = new Map(attached.map((i) => [i.id, i]));
      return {
        ...base,
        text: m.text,
        price: m.priceCents === null ? null : m.priceCents / 100,
        lock: locked ? ("sale" as const) : null,
        isBought: paid && bought,
        attachments: m.attachmentIds.flatMap((id) => {
          const item = items.get(id);
          return item ? [deps.vault.attachmentOf(item, !locked, viewer.id)] : [];
        }),
        removed: null,
      };
    });
  }

  return { conversation, page, messages };
}
export type MessagePresenter = ReturnType<typeof createMessagePresenter>;
