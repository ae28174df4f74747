import { MESSAGES_PER_MINUTE, type Message, type SendMessageBody } from "@marquee/contracts/messages";
import type { Checkout } from "@marquee/contracts/payments";
import type { RealtimeSender } from "@marquee/contracts/realtime-events";
import { and, arrayContains, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { conflict, forbidden, notFound, tooManyRequests, unprocessable } from "../../../platform/errors.ts";
import type { Throttle } from "../../../platform/throttle.ts";
import type { Actor, Viewer } from "../../catalogue/access.ts";
import type { Sale } from "../../commerce/checkout/checkout.ts";
import type { Ownership } from "../../commerce/ownership.ts";
import { requireContent, requireMediaToLock } from "../content.ts";
import type { VaultPort } from "../posts/present.ts";
import type { Conversations } from "./conversations.ts";
import { type MessagePresenter, sideOf } from "./present.ts";
import {
  type ConversationRow,
  conversations,
  type MessageRow,
  massMessages,
  messages,
  messagingSettings,
  welcomeMessages,
} from "./tables.ts";

const MINUTE = 60_000;
const field = (path: string, message: string) => [{ path, message }];

/** The inbox's line for a message: its first words, else what it carries. */
export function lastTextOf(text: string, kinds: readonly string[]): string {
  if (text) return text.length > 80 ? `${text.slice(0, 79)}…` : text;
  if (!kinds.length) return "";
  return kinds.every((k) => k === "photo") ? (kinds.length > 1 ? `${kinds.length} photos` : "Photo") : "Video";
}

const FIRST_REFUSALS = {
  followers: "This performer takes first messages from followers only. Follow them to write.",
  subscribers: "This performer takes first messages from subscribers only.",
} as const;

/**
 * Sending (issue 25 section 2): text from either side, vault media and a price from the performer. A paid message
 * is sold through commerce's checkout of one item (an order line of kind `message`): exactly once, refundable,
 * earned as its own line type; its media opens for the fan who paid only. Both sides are told live.
 */
export function createSending(deps: {
  db: Db;
  conversations: Conversations;
  present: MessagePresenter;
  vault: VaultPort;
  throttle: Pick<Throttle, "hit">;
  ownership: Pick<Ownership, "boughtOf" | "subscribedTo">;
  toUser: RealtimeSender;
  checkout: (buyer: Actor, sale: Sale) => Promise<Checkout>;
  kindsOf: (ids: readonly string[]) => Promise<string[]>;
}) {
  const { db, present } = deps;

  /** Whether the fan may write first to the performer, by the performer's setting. */
  async function mayWriteFirst(c: ConversationRow): Promise<string | null> {
    if (c.performerWrote) return null;
    const [row] = await db
      .select({ who: messagingSettings.whoMayWriteFirst })
      .from(messagingSettings)
      .where(eq(messagingSettings.performerId, c.performerId));
    const who = row?.who ?? "anyone";
    if (who === "anyone") return null;
    // Followers: a subscriber counts too.
    if (who === "followers" && (await deps.conversations.isAudience(c.fanId, c.performerId))) return null;
    if (who === "subscribers") {
      const subscribed = await deps.ownership.subscribedTo({ id: c.fanId, role: "user" }, [c.performerId]);
      if (subscribed.has(c.performerId)) return null;
    }
    return FIRST_REFUSALS[who];
  }

  async function send(me: Actor, conversationId: string, body: SendMessageBody): Promise<Message> {
    const { c } = await deps.conversations.mine(me, conversationId);
    const side = sideOf(c, me.id);
    if (c.fanBlockedAt || c.performerBlockedAt) throw forbidden("You cannot write in this conversation.");
    requireContent(body.text, body.attachmentIds.length, "message");
    if (side === "fan" && (body.attachmentIds.length || body.price != null)) {
      throw unprocessable(
        "Only the performer sends media in a conversation.",
        field("body.attachmentIds", "performers only"),
      );
    }
    requireMediaToLock(body);
    if (side === "fan") {
      const refusal = await mayWriteFirst(c);
      if (refusal) throw forbidden(refusal);
    }
    await deps.vault.attachable(me.id, body.attachmentIds);
    if ((await deps.throttle.hit(`message:${me.id}`, MINUTE)) > MESSAGES_PER_MINUTE) {
      throw tooManyRequests(`You can send at most ${MESSAGES_PER_MINUTE} messages a minute. Wait a moment.`);
    }
    const priceCents = body.price != null ? Math.round(body.price * 100) : null;
    return deliver(me, c, { text: body.text, attachmentIds: body.attachmentIds, priceCents });
  }

  /** Writes a message into the conversation, moves its inbox state, and tells both sides live. */
  async function deliver(
    me: Actor,
    c: ConversationRow,
    content: { text: string; attachmentIds: string[]; priceCents: number | null },
  ): Promise<Message> {
    const side = sideOf(c, me.id);
    const conversationId = c.id;
    const lastText = lastTextOf(content.text, await deps.kindsOf(content.attachmentIds));
    const row = await db.transaction(async (tx) => {
      await deps.vault.attachable(me.id, content.attachmentIds, tx);
      const [m] = await tx
        .insert(messages)
        .values({ conversationId, senderId: me.id, ...content })
        .returning();
      const made = m as MessageRow;
      await tx
        .update(conversations)
        .set({
          lastAt: made.createdAt,
          lastText,
          lastSenderId: me.id,
          ...(side === "fan"
            ? { performerUnread: sql`${conversations.performerUnread} + 1`, fanUnread: 0, fanReadAt: made.createdAt }
            : {
                fanUnread: sql`${conversations.fanUnread} + 1`,
                performerUnread: 0,
                performerReadAt: made.createdAt,
                performerWrote: true,
              }),
        })
        .where(eq(conversations.id, conversationId));
      return made;
    });
    const otherId = side === "fan" ? c.performerId : c.fanId;
    const [mineView] = await present.messages(me, [row]);
    const [theirView] = await present.messages({ id: otherId, role: "user" }, [row]);
    if (mineView) deps.toUser(me.id, "message:created", mineView);
    if (theirView) deps.toUser(otherId, "message:created", theirView);
    return mineView as Message;
  }

  /** Pays for a paid message's media, by the fan it was sent to. */
  async function unlock(
    buyer: Actor,
    messageId: string,
    billing: { billingCountry?: string; billingRegion?: string; couponCode?: string },
    ip: string,
  ): Promise<Checkout> {
    const [row] = await db
      .select({ m: messages, c: conversations })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(messages.id, messageId));
    if (!row || (row.c.fanId !== buyer.id && row.c.performerId !== buyer.id)) throw notFound("Message");
    if (row.m.priceCents === null) {
      throw unprocessable("This message is not for sale.", field("params.id", "not a paid message"));
    }
    if (row.m.senderId === buyer.id) throw conflict("You can already open this message.");
    const bought = await deps.ownership.boughtOf(buyer, [{ kind: "message", id: messageId }]);
    if (bought.size) throw conflict("You can already open this message.");
    const { other } = await deps.conversations.mine(buyer, row.c.id);
    const name = other.name || other.username;
    return deps.checkout(buyer, {
      kind: "message",
      itemId: messageId,
      lockKey: messageId,
      title: `Message from ${name}`,
      description: `Message from ${name}`,
      priceCents: row.m.priceCents,
      performerIds: [row.c.performerId],
      recurring: null,
      ...(billing.couponCode ? { couponCode: billing.couponCode } : {}),
      billing: { billingCountry: billing.billingCountry, billingRegion: billing.billingRegion, ip },
    });
  }

  /** Whether a viewer may open a vault item's files through a message that carries it. */
  async function mayViewItem(viewer: Viewer, vaultItemId: string): Promise<boolean> {
    if (!viewer) return false;
    const carriers = await db
      .select({ m: messages })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          arrayContains(messages.attachmentIds, [vaultItemId]),
          sql`(${conversations.fanId} = ${viewer.id} or ${conversations.performerId} = ${viewer.id})`,
        ),
      )
      .limit(50);
    const views = await present.messages(
      { id: viewer.id, role: viewer.role },
      carriers.map((r) => r.m),
    );
    return views.some((v) => !v.lock && !v.removed);
  }

  /** Whether a message carries the vault item (it may not be deleted then); read in the vault's deleting `tx`. */
  async function carries(vaultItemId: string, tx: Pick<Db, "select"> = db): Promise<boolean> {
    const item = [vaultItemId];
    const sent = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(arrayContains(messages.attachmentIds, item))
      .limit(1);
    if (sent.length) return true;
    // The welcome message each new subscriber will get, and a mass message still being sent, carry it too.
    const welcome = await tx
      .select({ id: welcomeMessages.performerId })
      .from(welcomeMessages)
      .where(arrayContains(welcomeMessages.attachmentIds, item))
      .limit(1);
    if (welcome.length) return true;
    const mass = await tx
      .select({ id: massMessages.id })
      .from(massMessages)
      .where(and(eq(massMessages.status, "sending"), arrayContains(massMessages.attachmentIds, item)))
      .limit(1);
    return mass.length > 0;
  }

  return { send, deliver, unlock, mayViewItem, carries };
}
export type Sending = ReturnType<typeof createSending>;
