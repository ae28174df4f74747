import {
  MASS_MESSAGES_PER_DAY,
  type MassMessage,
  type MassMessageBody,
  type Message,
} from "@marquee/contracts/messages";
import type { RealtimeSender } from "@marquee/contracts/realtime-events";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { conflict, forbidden, tooManyRequests, unprocessable } from "../../../platform/errors.ts";
import { uuidv7 } from "../../../platform/ids.ts";
import type { Jobs } from "../../../platform/jobs.ts";
import type { Throttle } from "../../../platform/throttle.ts";
import type { Actor } from "../../catalogue/access.ts";
import type { Ownership } from "../../commerce/ownership.ts";
import { subscriptionTerms } from "../../performers/commerce-port.ts";
import { requireMessageContent } from "../content.ts";
import type { Follows } from "../follows/service.ts";
import type { VaultPort } from "../posts/present.ts";
import type { MessagePresenter } from "./present.ts";
import { lastTextOf } from "./sending.ts";
import { conversations, type MassMessageRow, type MessageRow, massMessages, messages } from "./tables.ts";

/** Recipients written per transaction: a batch's rows in a few statements, never one row per round trip. */
export const MASS_BATCH = 1000;
export const MASS_JOB = "messages.mass-send";
const DAY = 86_400_000;

type Reader = (
  performerId: string,
  q: { limit: number; cursor?: string },
) => Promise<{ ids: string[]; next: string | null }>;

/**
 * Mass messages (issue 25 section 2): one message (free or paid) from a performer to all their followers, their
 * subscribers, or both, leaving out chosen lists. A background job writes it in batches of MASS_BATCH: the fans'
 * conversations (made where missing), their copies of the message and their inbox state, and the job's place, in one
 * short transaction each, so no transaction stays open for the whole send and a job that dies goes on from its last
 * batch. Each fan gets their own copy: a paid one opens for whoever pays for theirs. A performer sends one at a time,
 * at most MASS_MESSAGES_PER_DAY a day.
 */
export function createMassMessages(deps: {
  db: Db;
  jobs: Pick<Jobs, "send" | "work">;
  vault: VaultPort;
  present: MessagePresenter;
  throttle: Pick<Throttle, "hit">;
  follows: Pick<Follows, "followerIds" | "amongFollowers">;
  ownership: Pick<Ownership, "subscriberIds" | "subscribersAmong" | "soldCount">;
  toUser: RealtimeSender;
  kindsOf: (ids: readonly string[]) => Promise<string[]>;
  log: { error(obj: object, msg?: string): void };
}) {
  const { db } = deps;
  const readers: Record<MassMessageRow["stage"], Reader> = {
    followers: deps.follows.followerIds,
    subscribers: deps.ownership.subscriberIds,
  };

  async function start(performer: Actor, body: MassMessageBody): Promise<MassMessage> {
    if (!(await subscriptionTerms(db, performer.id))) throw forbidden("Only performers send mass messages.");
    requireMessageContent(body);
    if (body.exclude.includes(body.audience as "subscribers" | "followers") || body.exclude.length === 2) {
      throw unprocessable("Leaving out that list leaves nobody to send to.", [
        { path: "body.exclude", message: "leaves nobody" },
      ]);
    }
    await deps.vault.attachable(performer.id, body.attachmentIds);
    const [sending] = await db
      .select({ id: massMessages.id })
      .from(massMessages)
      .where(and(eq(massMessages.performerId, performer.id), eq(massMessages.status, "sending")));
    if (sending) throw conflict("A mass message of yours is still being sent. Wait until it is done.");
    if ((await deps.throttle.hit(`mass-message:${performer.id}`, DAY)) > MASS_MESSAGES_PER_DAY) {
      throw tooManyRequests(`You can send at most ${MASS_MESSAGES_PER_DAY} mass messages a day.`);
    }
    const [row] = await db.transaction(async (tx) => {
      await deps.vault.attachable(performer.id, body.attachmentIds, tx);
      return tx
        .insert(massMessages)
        .values({
          performerId: performer.id,
          text: body.text,
          attachmentIds: body.attachmentIds,
          priceCents: body.price != null ? Math.round(body.price * 100) : null,
          audience: body.audience,
          exclude: body.exclude,
          stage: body.audience === "subscribers" ? "subscribers" : "followers",
        })
        .returning();
    });
    const made = row as MassMessageRow;
    await deps.jobs.send(MASS_JOB, { id: made.id }, { singletonKey: made.id });
    return (await present([made]))[0] as MassMessage;
  }

  /** Which of a batch get it: not the performer, not in a left-out list, and for `both` each member once. */
  async function recipients(m: MassMessageRow, ids: string[]): Promise<string[]> {
    let out = ids.filter((id) => id !== m.performerId);
    const leaveOutFollowers = m.exclude.includes("followers") || (m.audience === "both" && m.stage === "subscribers");
    if (leaveOutFollowers && out.length) {
      const following = await deps.follows.amongFollowers(m.performerId, out);
      out = out.filter((id) => !following.has(id));
    }
    if (m.exclude.includes("subscribers") && out.length) {
      const subscribed = await deps.ownership.subscribersAmong(m.performerId, out);
      out = out.filter((id) => !subscribed.has(id));
    }
    return [...new Set(out)];
  }

  /** Writes one batch: conversations, copies, inbox state and the job's place, in one transaction. */
  async function writeBatch(
    m: MassMessageRow,
    fans: string[],
    next: { stage: MassMessageRow["stage"]; cursor: string | null; done: boolean },
    lastText: string,
  ) {
    return db.transaction(async (tx) => {
      // Locked: a second worker on the same job waits here and finds the place moved on.
      const [current] = await tx.select().from(massMessages).where(eq(massMessages.id, m.id)).for("update");
      if (!current || current.stage !== m.stage || current.cursor !== m.cursor || current.status !== "sending")
        return null;
      let copies: MessageRow[] = [];
      if (fans.length) {
        await tx
          .insert(conversations)
          .values(fans.map((fanId) => ({ fanId, performerId: m.performerId })))
          .onConflictDoNothing();
        const open = await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(
            and(
              eq(conversations.performerId, m.performerId),
              inArray(conversations.fanId, fans),
              isNull(conversations.fanBlockedAt),
              isNull(conversations.performerBlockedAt),
              // Nobody gets it twice (a member with two live subscriptions comes in two batches).
              sql`not exists (select 1 from ${messages} where ${messages.conversationId} = ${conversations.id} and ${messages.massMessageId} = ${m.id})`,
            ),
          );
        const at = new Date();
        if (open.length) {
          copies = await tx
            .insert(messages)
            .values(
              open.map((c) => ({
                id: uuidv7(),
                conversationId: c.id,
                senderId: m.performerId,
                text: m.text,
                attachmentIds: m.attachmentIds,
                priceCents: m.priceCents,
                massMessageId: m.id,
                createdAt: at,
              })),
            )
            .returning();
          await tx
            .update(conversations)
            .set({
              lastAt: at,
              lastText,
              lastSenderId: m.performerId,
              fanUnread: sql`${conversations.fanUnread} + 1`,
              performerWrote: true,
            })
            .where(
              inArray(
                conversations.id,
                open.map((c) => c.id),
              ),
            );
        }
      }
      await tx
        .update(massMessages)
        .set({
          stage: next.stage,
          cursor: next.cursor,
          delivered: sql`${massMessages.delivered} + ${copies.length}`,
          ...(next.done ? { status: "sent" as const, finishedAt: new Date() } : {}),
        })
        .where(eq(massMessages.id, m.id));
      return copies;
    });
  }

  /** The job: batch after batch from where it stands until every list is done. */
  async function run(id: string): Promise<void> {
    for (;;) {
      const [m] = await db.select().from(massMessages).where(eq(massMessages.id, id));
      if (m?.status !== "sending") return;
      const lastText = lastTextOf(m.text, await deps.kindsOf(m.attachmentIds));
      const page = await readers[m.stage](m.performerId, {
        limit: MASS_BATCH,
        ...(m.cursor ? { cursor: m.cursor } : {}),
      });
      const lastStage = m.stage === "subscribers" || m.audience === "followers";
      const next = page.next
        ? { stage: m.stage, cursor: page.next, done: false }
        : lastStage
          ? { stage: m.stage, cursor: m.cursor, done: true }
          : { stage: "subscribers" as const, cursor: null, done: false };
      const copies = await writeBatch(m, await recipients(m, page.ids), next, lastText);
      if (copies?.length) await tell(copies);
    }
  }

  /** Each fan hears their copy live: made once as a fan sees it, then given each copy's ids. */
  async function tell(copies: MessageRow[]) {
    const [sample] = copies;
    if (!sample) return;
    const owners = await db
      .select({ id: conversations.id, fanId: conversations.fanId })
      .from(conversations)
      .where(
        inArray(
          conversations.id,
          copies.map((c) => c.conversationId),
        ),
      );
    const fanOf = new Map(owners.map((o) => [o.id, o.fanId]));
    const firstFan = fanOf.get(sample.conversationId);
    if (!firstFan) return;
    const [view] = await deps.present.messages({ id: firstFan, role: "user" }, [sample]);
    if (!view) return;
    for (const c of copies) {
      const fanId = fanOf.get(c.conversationId);
      if (fanId)
        deps.toUser(fanId, "message:created", { ...view, _id: c.id, conversationId: c.conversationId } as Message);
    }
  }

  async function present(rows: MassMessageRow[]): Promise<MassMessage[]> {
    return Promise.all(
      rows.map(async (m) => ({
        _id: m.id,
        text: m.text,
        price: m.priceCents === null ? null : m.priceCents / 100,
        attachments: m.attachmentIds.length,
        audience: m.audience,
        exclude: m.exclude as MassMessage["exclude"],
        status: m.status,
        delivered: m.delivered,
        purchases:
          m.priceCents === null
            ? 0
            : await deps.ownership.soldCount(
                "message",
                sql`select ${messages.id} from ${messages} where ${messages.massMessageId} = ${m.id}`,
              ),
        createdAt: m.createdAt.toISOString(),
        finishedAt: m.finishedAt?.toISOString() ?? null,
      })),
    );
  }

  /** The performer's mass messages, newest first, with their progress. */
  async function list(performer: Actor): Promise<{ data: MassMessage[] }> {
    const rows = await db
      .select()
      .from(massMessages)
      .where(eq(massMessages.performerId, performer.id))
      .orderBy(desc(massMessages.createdAt), desc(massMessages.id))
      .limit(50);
    return { data: await present(rows) };
  }

  async function registerJobs() {
    await deps.jobs.work<{ id: string }>(MASS_JOB, async (data) => {
      try {
        await run(String(data.id));
      } catch (err) {
        deps.log.error({ err, massMessageId: data.id }, "a mass message batch failed; the job retries from its place");
        throw err;
      }
    });
  }

  return { start, run, list, registerJobs };
}
export type MassMessages = ReturnType<typeof createMassMessages>;
