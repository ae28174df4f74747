import { and, count, countDistinct, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, expectBadRequest, newAccount, type TestContext } from "../../../../test/harness.ts";
import { listedMovie, physicalProduct } from "../../../../test/sales.ts";
import { galleries } from "../../galleries/tables.ts";
import { formatNotification } from "../../notifications/format.ts";
import { notifications } from "../../notifications/tables.ts";
import { performers } from "../../performers/tables.ts";
import { users } from "../../users/tables.ts";
import { videos } from "../../videos/tables.ts";
import { follows } from "../follows/tables.ts";
import { FANOUT_BATCH, NEWS_WINDOW_MS } from "./announce.ts";
import { NEWS_JOBS } from "./service.ts";
import { newsBaselines } from "./tables.ts";

/**
 * News of new items (issue 25 section 1): a new item tells its performer's followers and subscribers in the app,
 * once; members who chose a digest get one mail of what is new, with a one-click unsubscribe (RFC 8058).
 */

const SITE = "https://fans.example.test";
/** More followers than one batch of the fan-out (FANOUT_BATCH) takes, twice over. */
const FANS = 2 * FANOUT_BATCH + 500;
const DAY = 86_400_000;
let t: TestContext;
type Account = Awaited<ReturnType<typeof newAccount>>;
let star: Account;
let follower: Account;
let subscriber: Account;
let both: Account;
let loner: Account;
/** A movie listed before the news started. */
let oldReel: string;

const news = () => t.app.services.news;
type Listed = { type: string; text: string; link: string | null };
const told = async (who: Account) => {
  const res = await t.request({ method: "GET", url: "/notifications", token: who.token, query: { limit: "100" } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Listed[]).filter((n) => n.type === "news").map((n) => ({ text: n.text, link: n.link }));
};

/** A live performer subscription, bought in the sandbox as the member does in the browser. */
async function subscribe(member: Account, performerId: string) {
  const res = await t.request({
    method: "POST",
    url: "/payment/subscribe",
    token: member.token,
    body: { performerId, type: "monthly" },
  });
  expect(res.statusCode, res.body).toBe(200);
  const paid = await t.request({
    method: "POST",
    url: `/payment/sandbox/${res.json().transactionId}`,
    token: member.token,
    body: { decision: "approve" },
  });
  expect(paid.json().status).toBe("paid");
}

const follow = async (member: Account, performerId: string) =>
  expect((await t.request({ method: "PUT", url: `/follows/${performerId}`, token: member.token })).statusCode).toBe(
    200,
  );

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: SITE });
  [star, follower, subscriber, both, loner] = await Promise.all([
    newAccount(t, "performer", "star"),
    newAccount(t, "user", "follower"),
    newAccount(t, "user", "subscriber"),
    newAccount(t, "user", "both"),
    newAccount(t, "user", "loner"),
  ]);
  await t.database.db.update(performers).set({ monthlyPriceCents: 999 }).where(eq(performers.id, star.id));
  await follow(follower, star.id);
  await follow(both, star.id);
  await subscribe(subscriber, star.id);
  await subscribe(both, star.id);
  // The first scan starts the news: what was on the site before it is not news.
  oldReel = (await listedMovie(t, star.token, { title: "Old Reel", access: "free" }))._id;
  expect((await news().announceNow()).announced).toEqual([]);
});
afterAll(() => t.close());

describe("news of new items in the app", () => {
  it("tells each follower and subscriber once of a new movie, with its text and link, and only once", async () => {
    const movie = await listedMovie(t, star.token, { title: "Sunset Walk", access: "free" });
    // Two processes scanning at once: only one of them announces it.
    const runs = await Promise.all([news().announceNow(), news().announceNow()]);
    expect(runs.flatMap((r) => r.announced)).toEqual([{ kind: "video", id: movie._id, notified: 3 }]);

    const page = await t.request({ method: "GET", url: `/user/assets/videos/${movie._id}` });
    const link = `/movies/${page.json().slug}`;
    const text = `New movie from Name ${star.username}: “Sunset Walk”.`;
    for (const member of [follower, subscriber, both]) expect(await told(member)).toEqual([{ text, link }]);
    // Following nothing, or being the performer: nothing.
    expect(await told(loner)).toEqual([]);
    expect(await told(star)).toEqual([]);

    // A second run (the scheduled job itself) announces nothing new.
    const job = await t.jobs.send(NEWS_JOBS.announce, {});
    expect(await t.jobs.result(NEWS_JOBS.announce, job as string, 20_000)).toEqual({
      state: "completed",
      output: { announced: [] },
    });
    expect(await told(follower)).toHaveLength(1);
  });

  it("tells of a new gallery and a new product in the store the same way", async () => {
    const made = await t.request({
      method: "POST",
      url: "/performer/assets/galleries",
      token: star.token,
      body: { title: "Harbour Lights", status: "active" },
    });
    expect(made.statusCode, made.body).toBe(201);
    const gallery = made.json() as { _id: string };
    // Listed as its photos' processing leaves it (galleries.test.ts runs that for real).
    await t.database.db.update(galleries).set({ listed: true }).where(eq(galleries.id, gallery._id));
    const id = await physicalProduct(t, star.token, 12);
    const product = (await t.request({ method: "GET", url: `/user/assets/products/${id}` })).json();

    const run = await news().announceNow();
    expect(run.announced).toEqual([
      { kind: "gallery", id: gallery._id, notified: 3 },
      { kind: "product", id, notified: 3 },
    ]);
    const name = `Name ${star.username}`;
    expect((await told(subscriber)).slice(0, 2)).toEqual([
      { text: `New product from ${name}: “${product.title}”.`, link: `/store/${product.slug}` },
      { text: `New gallery from ${name}: “Harbour Lights”.`, link: `/galleries/${gallery._id}` },
    ]);
  });

  it("tells thousands of followers in batches, each once", async () => {
    const popular = await newAccount(t, "performer", "popular");
    const stamp = Date.now().toString(36);
    const fans = await t.database.db
      .insert(users)
      .values(
        Array.from({ length: FANS }, (_, i) => ({
          username: `fan${stamp}x${i}`,
          email: `fan${stamp}x${i}@example.test`,
          name: `Fan ${i}`,
          passwordHash: "-",
          verifiedEmail: true,
        })),
      )
      .returning({ id: users.id });
    await t.database.db.insert(follows).values(fans.map((f) => ({ userId: f.id, performerId: popular.id })));
    const id = await physicalProduct(t, popular.token, 5);
    expect((await news().announceNow()).announced).toEqual([{ kind: "product", id, notified: FANS }]);
    const [stored] = await t.database.db
      .select({ n: count(), people: countDistinct(notifications.userId) })
      .from(notifications)
      .where(and(eq(notifications.type, "news"), sql`${notifications.payload}->>'itemId' = ${id}`));
    expect(stored).toEqual({ n: FANS, people: FANS });
  });

  it("does not announce what came out longer ago than the window", async () => {
    // As on a site whose news started long ago.
    await t.database.db.update(newsBaselines).set({ since: new Date(Date.now() - 30 * DAY) });
    const old = await listedMovie(t, star.token, { title: "Archive Tape", access: "free" });
    await t.database.db
      .update(videos)
      .set({ releasedAt: new Date(Date.now() - NEWS_WINDOW_MS - DAY) })
      .where(inArray(videos.id, [old._id, oldReel]));
    const recent = await listedMovie(t, star.token, { title: "Fresh Tape", access: "free" });
    await t.database.db
      .update(videos)
      .set({ releasedAt: new Date(Date.now() - NEWS_WINDOW_MS + DAY) })
      .where(eq(videos.id, recent._id));
    expect((await news().announceNow()).announced).toEqual([{ kind: "video", id: recent._id, notified: 3 }]);
  });

  it("words each kind of news, with or without a title", () => {
    expect(
      formatNotification("news", { kind: "gallery", performer: "Anna", title: "Beach", link: "/galleries/1" }),
    ).toEqual({ text: "New gallery from Anna: “Beach”.", link: "/galleries/1" });
    expect(formatNotification("news", { kind: "post", performer: "Anna", title: "", link: "//evil.test" })).toEqual({
      text: "New post from Anna.",
      link: null,
    });
  });
});

describe("the news digest by email", () => {
  const digestOf = (who?: Account) => t.request({ method: "GET", url: "/news/digest", token: who?.token });
  const choose = (who: Account, frequency: string) =>
    t.request({ method: "PUT", url: "/news/digest", token: who.token, body: { frequency } });
  const mailsTo = (who: Account) => t.mailer.outbox.filter((m) => m.to === `${who.username}@example.test`);
  const later = (hours: number) => new Date(Date.now() + hours * 3_600_000);

  it("is off by default, chosen by the member, with the field named when wrong", async () => {
    expect((await digestOf()).statusCode).toBe(401);
    expect((await digestOf(loner)).json()).toEqual({ frequency: "off" });
    expectBadRequest(await choose(loner, "hourly"), "body.frequency");
    expect((await choose(loner, "weekly")).json()).toEqual({ frequency: "weekly" });
    expect((await digestOf(loner)).json()).toEqual({ frequency: "weekly" });
  });

  it("mails a due member what is new, with a one-click unsubscribe that a GET does not use", async () => {
    const [reader, idle, weekly] = await Promise.all([
      newAccount(t, "user", "reader"),
      newAccount(t, "user", "idle"),
      newAccount(t, "user", "weekly"),
    ]);
    const quiet = await newAccount(t, "performer", "quiet");
    await follow(reader, star.id);
    await follow(weekly, star.id);
    await follow(idle, quiet.id);
    expect((await choose(reader, "daily")).json()).toEqual({ frequency: "daily" });
    expect((await choose(idle, "daily")).statusCode).toBe(200);
    expect((await choose(weekly, "weekly")).statusCode).toBe(200);

    const movie = await listedMovie(t, star.token, { title: "Night Swim", access: "free" });
    await news().announceNow();
    const slug = (await t.request({ method: "GET", url: `/user/assets/videos/${movie._id}` })).json().slug;

    // Not a day yet: nothing is due.
    await news().sendDigests(later(1));
    expect(mailsTo(reader)).toHaveLength(0);

    await news().sendDigests(later(25));
    const mails = mailsTo(reader);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as (typeof mails)[number];
    const token = t.app.services.news.digest.unsubscribeToken(reader.id);
    const unsubscribe = `${SITE}/api/news/unsubscribe?token=${encodeURIComponent(token)}`;
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail.subject).toBe("New on Marquee today");
    expect(mail.text).toContain(`- New movie from Name ${star.username}: “Night Swim”.\n  ${SITE}/movies/${slug}`);
    expect(mail.text).toContain(`Unsubscribe: ${unsubscribe}`);
    // The earlier movie came before they chose the digest.
    expect(mail.text).not.toContain("Sunset Walk");
    // Nothing new from whom they follow: no mail at all; a weekly member is not due after a day.
    expect(mailsTo(idle)).toHaveLength(0);
    expect(mailsTo(weekly)).toHaveLength(0);
    // The same period is not mailed twice.
    await news().sendDigests(later(26));
    expect(mailsTo(reader)).toHaveLength(1);

    // Opening the link (a mail scanner, a browser) changes nothing: it leads to the page with the button.
    const opened = await t.request({ method: "GET", url: `/news/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`${SITE}/unsubscribe?token=${encodeURIComponent(token)}`);
    expect((await digestOf(reader)).json()).toEqual({ frequency: "daily" });

    // A forged token: another member's id under this one's signature, or a made-up signature.
    const mac = token.split(".")[1];
    for (const forged of [`${idle.id}.${mac}`, `${reader.id}.${"A".repeat(43)}`, "nonsense"]) {
      const res = await t.request({ method: "POST", url: `/news/unsubscribe?token=${encodeURIComponent(forged)}` });
      expectBadRequest(res, "querystring.token");
    }
    expect((await digestOf(idle)).json()).toEqual({ frequency: "daily" });

    // The mail client's one-click POST (RFC 8058), without being signed in.
    const done = await t.request({
      method: "POST",
      url: `/news/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ frequency: "off" });
    expect((await digestOf(reader)).json()).toEqual({ frequency: "off" });

    // Form bodies are for that route only.
    const form = await t.request({
      method: "PUT",
      url: "/news/digest",
      token: reader.token,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "frequency=daily",
    });
    expect(form.statusCode).toBe(415);

    // Off: no more digests, whatever is new.
    await listedMovie(t, star.token, { title: "Dawn Run", access: "free" });
    await news().announceNow();
    await news().sendDigests(later(60));
    expect(mailsTo(reader)).toHaveLength(1);
    expect(mailsTo(weekly)).toHaveLength(0);
    await news().sendDigests(later(24 * 7 + 1));
    expect(mailsTo(weekly)).toHaveLength(1);
    expect(mailsTo(weekly)[0]?.text).toContain("“Dawn Run”");
  });
});
