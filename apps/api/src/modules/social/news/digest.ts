import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { DigestFrequency } from "@marquee/contracts/feed";
import { API_PREFIX } from "@marquee/contracts/origin";
import { and, arrayOverlaps, asc, desc, eq, gt, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { badRequest } from "../../../platform/errors.ts";
import { isUuid } from "../../../platform/ids.ts";
import type { Mailer } from "../../../platform/mailer.ts";
import { formatNotification } from "../../notifications/format.ts";
import { type NewsAnnouncementRow, newsAnnouncements, newsDigests } from "./tables.ts";

/** The most items one digest lists. */
export const DIGEST_ITEMS = 20;
/** Members claimed and mailed per batch, and at most per run (the next run goes on where this one stopped). */
export const DIGEST_BATCH = 100;
export const DIGEST_RUN_MAX = 2000;
const DAY_MS = 86_400_000;
/** A digest is due a little before its period is over, so the hourly runs do not drift later each time. */
const SLACK_MS = 30 * 60_000;
const PERIOD_MS: Record<Exclude<DigestFrequency, "off">, number> = { daily: DAY_MS, weekly: 7 * DAY_MS };
const TOKEN_PURPOSE = "news-digest-unsubscribe";

export interface DigestDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  siteName: () => Promise<string>;
  /** One of the site's kept secrets: the unsubscribe links' key is derived from it. */
  secret: string;
  /** Where to mail these members: active accounts with a confirmed address (users module). */
  mailable(ids: readonly string[]): Promise<Map<string, { email: string; name: string }>>;
  /** The performers each member follows (follows module) and subscribes to (commerce ownership port). */
  followedByEach(ids: readonly string[]): Promise<Map<string, string[]>>;
  subscribedPerformersOf(ids: readonly string[]): Promise<Map<string, string[]>>;
  log: { error(obj: object, msg?: string): void };
}

/** As `news_digests_due_idx` is written, so the planner uses it (a bound parameter would not match it). */
const wantsDigest = sql`${newsDigests.frequency} <> 'off'`;
const since = sql<Date>`coalesce(${newsDigests.lastSentAt}, ${newsDigests.chosenAt})`.mapWith(newsDigests.chosenAt);

/**
 * The news by email (issue 25 section 1): a member chooses off, daily or weekly; a due member gets one mail of what
 * was announced since their last digest (or since they opted in) from the performers they follow or subscribe to,
 * and nothing when nothing was. Every mail carries a one-click unsubscribe (RFC 8058) whose token is an HMAC of the
 * member's id: nothing to store, nothing to guess.
 */
export function createDigest(deps: DigestDeps) {
  const { db } = deps;
  const key = createHash("sha256").update(`marquee:${TOKEN_PURPOSE}:${deps.secret}`).digest();
  const macOf = (userId: string) => createHmac("sha256", key).update(`${TOKEN_PURPOSE}|${userId}`).digest("base64url");

  /** The member's one-click unsubscribe token. */
  const unsubscribeToken = (userId: string) => `${userId}.${macOf(userId)}`;

  /** The member a token was made for; 400 naming `querystring.token` when it is not one of ours. */
  function memberOf(token: string): string {
    const [userId, mac, extra] = token.split(".");
    const good = macOf(userId ?? "");
    if (
      extra !== undefined ||
      !userId ||
      !isUuid(userId) ||
      !mac ||
      mac.length !== good.length ||
      !timingSafeEqual(Buffer.from(mac), Buffer.from(good))
    ) {
      throw badRequest("This unsubscribe link is not valid.", [
        { path: "querystring.token", message: "invalid token" },
      ]);
    }
    return userId;
  }

  async function settings(userId: string): Promise<{ frequency: DigestFrequency }> {
    const [row] = await db
      .select({ frequency: newsDigests.frequency })
      .from(newsDigests)
      .where(eq(newsDigests.userId, userId));
    return { frequency: row?.frequency ?? "off" };
  }

  /** Sets the member's choice. Turning it on (from off) starts afresh: the first digest covers what comes next. */
  async function choose(userId: string, frequency: DigestFrequency): Promise<{ frequency: DigestFrequency }> {
    const turnedOn = sql`${newsDigests.frequency} = 'off' and excluded.frequency <> 'off'`;
    await db
      .insert(newsDigests)
      .values({ userId, frequency })
      .onConflictDoUpdate({
        target: newsDigests.userId,
        set: {
          frequency: sql`excluded.frequency`,
          chosenAt: sql`case when ${turnedOn} then now() else ${newsDigests.chosenAt} end`,
          lastSentAt: sql`case when ${turnedOn} then null else ${newsDigests.lastSentAt} end`,
        },
      });
    return { frequency };
  }

  /** The one-click unsubscribe: the token's member gets no more digests. */
  async function unsubscribe(token: string): Promise<{ frequency: DigestFrequency }> {
    const userId = memberOf(token);
    await db.update(newsDigests).set({ frequency: "off" }).where(eq(newsDigests.userId, userId));
    return { frequency: "off" };
  }

  const unsubscribeUrl = (userId: string) =>
    `${deps.publicUrl}${API_PREFIX}/news/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId))}`;

  /** What was announced in the member's period from these performers, newest first (one more tells "and more"). */
  function itemsFor(performerIds: string[], from: Date, to: Date): Promise<NewsAnnouncementRow[]> {
    return db
      .select()
      .from(newsAnnouncements)
      .where(
        and(
          gt(newsAnnouncements.announcedAt, from),
          lte(newsAnnouncements.announcedAt, to),
          arrayOverlaps(newsAnnouncements.performerIds, performerIds),
        ),
      )
      .orderBy(desc(newsAnnouncements.announcedAt), desc(newsAnnouncements.itemId))
      .limit(DIGEST_ITEMS + 1);
  }

  function mailOf(
    member: { email: string; name: string },
    userId: string,
    items: NewsAnnouncementRow[],
    site: string,
    frequency: DigestFrequency,
  ) {
    const unsubscribe = unsubscribeUrl(userId);
    const links = items.slice(0, DIGEST_ITEMS).map((i) => `${deps.publicUrl}${i.link}`);
    const lines = items.slice(0, DIGEST_ITEMS).map((i, n) => {
      const { text } = formatNotification("news", {
        kind: i.kind,
        title: i.title,
        performer: i.performerName,
      });
      return `- ${text}\n  ${links[n]}`;
    });
    const more = items.length > DIGEST_ITEMS ? "\n\nAnd more: see the performers' pages on the site." : "";
    const period = frequency === "weekly" ? "this week" : "today";
    return {
      to: member.email,
      subject: `New on ${site} ${period}`,
      text: [
        `Hello ${member.name},`,
        `New from the performers you follow or subscribe to on ${site}:`,
        `${lines.join("\n")}${more}`,
        `You receive this ${frequency} digest because you asked for it in your account settings (${deps.publicUrl}/account).`,
        `Unsubscribe: ${unsubscribe}`,
      ].join("\n\n"),
      links: [...links, unsubscribe],
      headers: {
        "List-Unsubscribe": `<${unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    };
  }

  /**
   * Claims the next batch of due members after `after` (by id): their period ends now (`last_sent_at` moves to
   * `now` whether a mail goes or not, so nobody is mailed twice for one period). Answers each one's period start.
   */
  async function claimBatch(after: string | null, now: Date) {
    const due = or(
      ...Object.entries(PERIOD_MS).map(([frequency, ms]) =>
        and(
          eq(newsDigests.frequency, frequency as DigestFrequency),
          sql`${since} <= ${new Date(now.getTime() - ms + SLACK_MS).toISOString()}::timestamptz`,
        ),
      ),
    ) as SQL;
    const rows = await db
      .select({ userId: newsDigests.userId, since, frequency: newsDigests.frequency })
      .from(newsDigests)
      .where(and(wantsDigest, after ? gt(newsDigests.userId, after) : undefined, due))
      .orderBy(asc(newsDigests.userId))
      .limit(DIGEST_BATCH);
    if (!rows.length) return { rows, claimed: new Set<string>() };
    const claimed = await db
      .update(newsDigests)
      .set({ lastSentAt: now })
      .where(
        and(
          inArray(
            newsDigests.userId,
            rows.map((r) => r.userId),
          ),
          due,
        ),
      )
      .returning({ userId: newsDigests.userId });
    return { rows, claimed: new Set(claimed.map((c) => c.userId)) };
  }

  /** One run: mails every due member (up to DIGEST_RUN_MAX) their digest. Answers how many mails went. */
  async function sendDigests(now: Date = new Date()): Promise<{ looked: number; sent: number }> {
    let after: string | null = null;
    let looked = 0;
    let sent = 0;
    const site = await deps.siteName();
    while (looked < DIGEST_RUN_MAX) {
      const { rows, claimed } = await claimBatch(after, now);
      if (!rows.length) break;
      after = rows[rows.length - 1]?.userId ?? null;
      looked += rows.length;
      const mine = rows.filter((r) => claimed.has(r.userId));
      const ids = mine.map((r) => r.userId);
      const [follows, subscribed, mailable] = await Promise.all([
        deps.followedByEach(ids),
        deps.subscribedPerformersOf(ids),
        deps.mailable(ids),
      ]);
      for (const r of mine) {
        const member = mailable.get(r.userId);
        const performers = [...new Set([...(follows.get(r.userId) ?? []), ...(subscribed.get(r.userId) ?? [])])];
        if (!member || !performers.length) continue;
        try {
          const items = await itemsFor(performers, r.since, now);
          if (!items.length) continue;
          await deps.mailer.send(mailOf(member, r.userId, items, site, r.frequency));
          sent++;
        } catch (err) {
          deps.log.error({ err, userId: r.userId }, "a news digest could not be sent");
        }
      }
      if (rows.length < DIGEST_BATCH) break;
    }
    return { looked, sent };
  }

  /** The site's page with the Unsubscribe button, for a token (the link opened in a browser). */
  const unsubscribePage = (token: string) => `${deps.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;

  return { settings, choose, unsubscribe, unsubscribeToken, unsubscribeUrl, unsubscribePage, sendDigests };
}
export type Digest = ReturnType<typeof createDigest>;
