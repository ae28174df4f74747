import type { SendMessageBody, WelcomeAnswer } from "@marquee/contracts/messages";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { forbidden, notFound } from "../../../platform/errors.ts";
import type { Actor } from "../../catalogue/access.ts";
import { subscriptionTerms } from "../../performers/commerce-port.ts";
import { requireMessageContent } from "../content.ts";
import type { VaultPort } from "../posts/present.ts";
import type { Sending } from "./sending.ts";
import { conversations, welcomeMessages } from "./tables.ts";

/**
 * The welcome message (issue 25 section 2): a performer sets one (text, vault media, maybe a price) and it goes out
 * from them to each new subscriber, in their conversation, once a subscription starts. Changing it changes what
 * later subscribers get; a message already sent stays as it was.
 */
export function createWelcome(deps: {
  db: Db;
  vault: VaultPort;
  sending: Pick<Sending, "deliver">;
  log: { error(obj: object, msg?: string): void };
}) {
  const { db } = deps;

  async function ofPerformer(performer: Actor): Promise<WelcomeAnswer> {
    const [row] = await db.select().from(welcomeMessages).where(eq(welcomeMessages.performerId, performer.id));
    if (!row) return { welcome: null };
    const files = await deps.vault.attachments(row.attachmentIds, true, performer.id);
    return {
      welcome: {
        text: row.text,
        price: row.priceCents === null ? null : row.priceCents / 100,
        attachments: row.attachmentIds.flatMap((id) => {
          const a = files.get(id);
          return a ? [a] : [];
        }),
      },
    };
  }

  async function save(performer: Actor, body: SendMessageBody): Promise<WelcomeAnswer> {
    if (!(await subscriptionTerms(db, performer.id))) throw forbidden("Only performers have a welcome message.");
    requireMessageContent(body);
    const values = {
      text: body.text,
      attachmentIds: body.attachmentIds,
      priceCents: body.price != null ? Math.round(body.price * 100) : null,
      updatedAt: new Date(),
    };
    await db.transaction(async (tx) => {
      await deps.vault.attachable(performer.id, body.attachmentIds, tx);
      await tx
        .insert(welcomeMessages)
        .values({ performerId: performer.id, ...values })
        .onConflictDoUpdate({ target: welcomeMessages.performerId, set: values });
    });
    return ofPerformer(performer);
  }

  async function remove(performer: Actor): Promise<void> {
    const gone = await db
      .delete(welcomeMessages)
      .where(eq(welcomeMessages.performerId, performer.id))
      .returning({ id: welcomeMessages.performerId });
    if (!gone.length) throw notFound("Welcome message");
  }

  /** Sends the performer's welcome message to a new subscriber (the ledger's `subscribed`, after its commit). */
  async function greet(userId: string, performerId: string): Promise<void> {
    const [row] = await db.select().from(welcomeMessages).where(eq(welcomeMessages.performerId, performerId));
    if (!row || userId === performerId) return;
    await db.insert(conversations).values({ fanId: userId, performerId }).onConflictDoNothing();
    const [c] = await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.fanId, userId), eq(conversations.performerId, performerId)));
    // A fan who blocked the performer (or was blocked) gets nothing.
    if (!c || c.fanBlockedAt || c.performerBlockedAt) return;
    await deps.sending.deliver({ id: performerId, role: "performer" }, c, {
      text: row.text,
      attachmentIds: row.attachmentIds,
      priceCents: row.priceCents,
    });
  }

  /** `greet` for the ledger's after-commit hook: never throws (a failed welcome is logged, the payment stands). */
  const subscribed = (userId: string, performerId: string) => {
    void greet(userId, performerId).catch((err) =>
      deps.log.error({ err, userId, performerId }, "welcome message failed"),
    );
  };

  return { ofPerformer, save, remove, greet, subscribed };
}
export type Welcome = ReturnType<typeof createWelcome>;
