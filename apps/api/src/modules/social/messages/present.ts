import type { Conversation, Message } from "@marquee/contracts/messages";
import type { Storage } from "../../../platform/storage.ts";
import type { Actor } from "../../catalogue/access.ts";
import type { Ownership } from "../../commerce/ownership.ts";
import { avatarUrls } from "../../users/service.ts";
import type { VaultPort } from "../posts/present.ts";
import type { ConversationRow, MessageRow } from "./tables.ts";

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
  storage: Pick<Storage, "publicUrl">;
  ownership: Pick<Ownership, "boughtOf">;
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

  /**
   * Messages as `viewer` sees them: a paid message's attachments open for its sender, an admin, and the fan who paid;
   * everyone else gets their blurred previews. One query for the purchases and one per state of the attachments.
   */
  async function messages(viewer: Actor, rows: readonly MessageRow[]): Promise<Message[]> {
    const paid = rows.filter(
      (m) => m.priceCents !== null && !m.removedAt && m.senderId !== viewer.id && viewer.role !== "admin",
    );
    const bought = await deps.ownership.boughtOf(
      viewer,
      paid.map((m) => ({ kind: "message" as const, id: m.id })),
    );
    const locked = new Set(paid.filter((m) => !bought.has(`message:${m.id}`)).map((m) => m.id));
    const [open, closed, currency] = await Promise.all([
      deps.vault.attachments(
        rows.filter((m) => !locked.has(m.id)).flatMap((m) => m.attachmentIds),
        true,
        viewer.id,
      ),
      deps.vault.attachments(
        rows.filter((m) => locked.has(m.id)).flatMap((m) => m.attachmentIds),
        false,
        viewer.id,
      ),
      deps.currency(),
    ]);
    return rows.map((m) => {
      const files = locked.has(m.id) ? closed : open;
      if (m.removedAt) {
        return {
          _id: m.id,
          conversationId: m.conversationId,
          senderId: m.senderId,
          fromMe: m.senderId === viewer.id,
          text: "",
          price: null,
          currency,
          lock: null,
          isBought: false,
          attachments: [],
          removed: m.removedReason ?? "Removed by a moderator.",
          createdAt: m.createdAt.toISOString(),
        };
      }
      return {
        _id: m.id,
        conversationId: m.conversationId,
        senderId: m.senderId,
        fromMe: m.senderId === viewer.id,
        text: m.text,
        price: m.priceCents === null ? null : m.priceCents / 100,
        currency,
        lock: locked.has(m.id) ? ("sale" as const) : null,
        isBought: bought.has(`message:${m.id}`),
        attachments: m.attachmentIds.flatMap((id) => {
          const a = files.get(id);
          return a ? [a] : [];
        }),
        removed: null,
        createdAt: m.createdAt.toISOString(),
      };
    });
  }

  return { conversation, messages };
}
export type MessagePresenter = ReturnType<typeof createMessagePresenter>;
