import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, expectBadRequest, newAccount, type TestContext } from "../../../test/harness.ts";
import { addPhoto, pngOf } from "../../../test/multipart.ts";
import { auditLog } from "../audit/tables.ts";
import { videos } from "../videos/tables.ts";
import { FILING_LIMIT } from "./deps.ts";
import { contentReports } from "./tables.ts";

/** Reports of content through HTTP (issue 22 section 3): filing, holds, the admin's queue, performers, appeals, CSV. */
let t: TestContext;
let admin: string;
let member: string;
let owner: { id: string; token: string };
let stranger: { id: string; token: string };
let nextIp = 1;
const freshIp = () => `198.51.100.${nextIp++}`;

const file = (body: Record<string, unknown>, opts: { token?: string; ip?: string } = {}) =>
  t.request({
    method: "POST",
    url: "/reports",
    body,
    token: opts.token,
    headers: { "x-forwarded-for": opts.ip ?? freshIp() },
  });
const adminPost = (path: string, body: unknown, token = admin) =>
  t.request({ method: "POST", url: `/admin/reports${path}`, token, body });
const queue = async (status = "open") => {
  const res = await t.request({ method: "GET", url: "/admin/reports", token: admin, query: { status, limit: "100" } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Record<string, unknown>[]; total: number };
};
const inQueue = async (reference: string, status = "all") =>
  (await queue(status)).data.find((r) => r.reference === reference) as Record<string, unknown>;

async function created(url: string, token: string, body: Record<string, unknown>) {
  const res = await t.request({ method: "POST", url, token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}
/** A listed movie of `owner`: what the processing job leaves behind, written directly. */
async function movie(title = `Movie ${nextIp}`) {
  const id = await created("/performer/assets/videos", owner.token, { title, status: "active" });
  await t.database.db
    .update(videos)
    .set({ processingStatus: "ready", mediaKey: `private/videos/${id}`, listed: true })
    .where(eq(videos.id, id));
  return id;
}
async function gallery() {
  const id = await created("/performer/assets/galleries", owner.token, {
    title: `Gallery ${nextIp}`,
    status: "active",
  });
  await addPhoto(t, owner.token, id, await pngOf(32, 24));
  return id;
}
const product = () =>
  created("/performer/assets/products", owner.token, {
    title: `Poster ${nextIp}`,
    type: "physical",
    price: 12.5,
    stock: 3,
    status: "active",
  });
const post = () =>
  created("/admin/posts", admin, { title: `Post ${nextIp++}`, content: "Some text.", status: "published" });

const publicPath: Record<string, (id: string) => string> = {
  video: (id) => `/user/assets/videos/${id}`,
  gallery: (id) => `/user/assets/galleries/${id}/view`,
  product: (id) => `/user/assets/products/${id}`,
  post: (id) => `/posts/${id}`,
};
const ownerPath: Record<string, (id: string) => string> = {
  video: (id) => `/performer/assets/videos/${id}/view`,
  gallery: (id) => `/performer/assets/galleries/${id}/view`,
  product: (id) => `/performer/assets/products/${id}/view`,
};
const status = async (url: string, token?: string) => (await t.request({ method: "GET", url, token })).statusCode;

const dmca = {
  work: "My photo series “Dunes”, published on example.org in 2024",
  fullName: "Casey Owner",
  address: "1 Main Street, Springfield",
  phone: "+1 555 0100",
  goodFaith: true,
  accuracy: true,
  signature: "Casey Owner",
};

beforeAll(async () => {
  t = await createTestContext();
  [admin, member] = await Promise.all([t.login("admin"), t.login("member")]);
  owner = await newAccount(t, "performer", "rep");
  stranger = await newAccount(t, "performer", "oth");
});
afterAll(async () => {
  await t?.close();
});

describe("filing a report", () => {
  it("gives a visitor a reference on screen and by mail, due 7 business days out", async () => {
    const id = await movie();
    const before = t.mailer.outbox.length;
    const res = await file({ itemKind: "video", itemId: id, reason: "illegal", email: "Visitor@Example.com" });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.reference).toMatch(/^R-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(body.hidden).toBe(false);
    const [row] = await t.database.db.select().from(contentReports).where(eq(contentReports.reference, body.reference));
    expect(row).toMatchObject({ reporterEmail: "visitor@example.com", itemKind: "video", itemId: id, status: "open" });
    const days = ((row?.dueAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(9);
    expect(days).toBeLessThanOrEqual(11);
    const mail = t.mailer.outbox.slice(before).find((m) => m.to === "visitor@example.com");
    expect(mail?.subject).toContain(body.reference);
    expect(mail?.text).toContain(`Your report's reference is ${body.reference}.`);
    // An illegal-content report does not hide the movie by itself.
    expect(await status(publicPath.video?.(id) as string)).toBe(200);
  });

  it("uses a signed-in member's own address", async () => {
    const id = await movie();
    const res = await file(
      { itemKind: "video", itemId: id, reason: "other", details: "Spam links in the description" },
      {
        token: member,
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(contentReports)
      .where(eq(contentReports.reference, res.json().reference));
    expect(row?.reporterEmail).toBe("member@marquee.local");
  });

  it("needs an email from a visitor, and the fields of each reason, naming them", async () => {
    const id = await movie();
    expectBadRequest(await file({ itemKind: "video", itemId: id, reason: "illegal" }), "body.email");
    expectBadRequest(await file({ itemKind: "video", itemId: id, reason: "illegal", email: "nope" }), "body.email");
    expectBadRequest(
      await file({ itemKind: "photo", itemId: id, reason: "illegal", email: "a@b.co" }),
      "body.itemKind",
    );
    expectBadRequest(await file({ itemKind: "video", itemId: "x", reason: "illegal", email: "a@b.co" }), "body.itemId");
    expectBadRequest(await file({ itemKind: "video", itemId: id, reason: "bored", email: "a@b.co" }), "body.reason");
    expectBadRequest(await file({ itemKind: "video", itemId: id, reason: "other", email: "a@b.co" }), "body.details");
    expectBadRequest(await file({ itemKind: "video", itemId: id, reason: "copyright", email: "a@b.co" }), "body.dmca");
    const notice = (patch: Record<string, unknown>) =>
      file({ itemKind: "video", itemId: id, reason: "copyright", email: "a@b.co", dmca: { ...dmca, ...patch } });
    expectBadRequest(await notice({ work: "" }), "body.dmca.work");
    expectBadRequest(await notice({ address: undefined }), "body.dmca.address");
    expectBadRequest(await notice({ phone: "1" }), "body.dmca.phone");
    expectBadRequest(await notice({ goodFaith: false }), "body.dmca.goodFaith");
    expectBadRequest(await notice({ accuracy: undefined }), "body.dmca.accuracy");
    expectBadRequest(await notice({ signature: "Someone Else" }), "body.dmca.signature");
    const missing = await file({
      itemKind: "video",
      itemId: "0190a0c0-0000-7000-8000-000000000000",
      reason: "illegal",
      email: "a@b.co",
    });
    expect(missing.statusCode).toBe(404);
    const ok = await notice({});
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await inQueue(ok.json().reference)).dmca).toMatchObject({ work: dmca.work, signature: "Casey Owner" });
  });

  it(`answers 429 after ${FILING_LIMIT.count} reports an hour from one address`, async () => {
    const id = await movie();
    const ip = freshIp();
    for (let i = 0; i < FILING_LIMIT.count; i++) {
      const res = await file(
        { itemKind: "video", itemId: id, reason: "illegal", email: `flood${i}@example.com` },
        { ip },
      );
      expect(res.statusCode, `report ${i + 1}`).toBe(201);
    }
    const over = await file(
      { itemKind: "video", itemId: id, reason: "illegal", email: "flood-last@example.com" },
      { ip },
    );
    expect(over.statusCode).toBe(429);
    // The same email from other addresses is counted as well.
    for (let i = 0; i < FILING_LIMIT.count; i++) {
      await file({ itemKind: "video", itemId: id, reason: "illegal", email: "same@example.com" });
    }
    expect(
      (await file({ itemKind: "video", itemId: id, reason: "illegal", email: "same@example.com" })).statusCode,
    ).toBe(429);
  });
});

describe("a non-consent or possible-minor report hides the item at once", () => {
  it.each([
    ["video", "non_consent"],
    ["gallery", "underage"],
    ["product", "non_consent"],
    ["post", "underage"],
  ])("hides a %s reported as %s from everyone but admins and its performer", async (kind, reason) => {
    const make: Record<string, () => Promise<string>> = { video: movie, gallery, product, post };
    const id = await (make[kind] as () => Promise<string>)();
    expect(await status((publicPath[kind] as (id: string) => string)(id))).toBe(200);
    const res = await file({ itemKind: kind, itemId: id, reason, email: "depicted@example.com" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().hidden).toBe(true);
    const url = (publicPath[kind] as (id: string) => string)(id);
    expect(await status(url)).toBe(404);
    expect(await status(url, member)).toBe(404);
    expect(await status(url, stranger.token)).toBe(404);
    expect(await status(url, admin)).toBe(200);
    if (kind !== "post") {
      expect(await status(url, owner.token)).toBe(200);
      expect(await status((ownerPath[kind] as (id: string) => string)(id), owner.token)).toBe(200);
      // Its performer is told why.
      const notes = await t.request({ method: "GET", url: "/notifications", token: owner.token });
      expect(notes.body).toContain(res.json().reference);
    }
    // Off the public lists too.
    const lists: Record<string, string> = {
      video: "/user/assets/videos/search",
      gallery: "/user/assets/galleries/search",
      product: "/user/assets/products/search",
      post: "/posts/search",
    };
    const list = await t.request({ method: "GET", url: lists[kind] as string, query: { limit: "100" } });
    expect(list.json().data.map((x: { _id: string }) => x._id)).not.toContain(id);
    expect(await inQueue(res.json().reference)).toMatchObject({ held: true, reason });
  });

  it("refuses the held movie's media links handed out before the report", async () => {
    const id = await movie();
    const page = await t.request({ method: "GET", url: `/user/assets/videos/${id}`, token: member });
    const hls = page.json().media?.hls as string | undefined;
    await file({ itemKind: "video", itemId: id, reason: "non_consent", email: "depicted@example.com" });
    if (hls) {
      const media = await t.app.inject({ method: "GET", url: hls.replace(/^\/api/, "") });
      expect(media.statusCode).not.toBe(200);
    }
    const again = await t.request({ method: "GET", url: `/user/assets/videos/${id}`, token: member });
    expect(again.statusCode).toBe(404);
  });
});

describe("the admin's queue", () => {
  it("lists open reports soonest due first, overdue ones flagged, with the reporter's address", async () => {
    const id = await movie();
    const a = (await file({ itemKind: "video", itemId: id, reason: "illegal", email: "late@example.com" })).json();
    const b = (await file({ itemKind: "video", itemId: id, reason: "illegal", email: "fresh@example.com" })).json();
    await t.database.db
      .update(contentReports)
      .set({ dueAt: sql`now() - interval '1 day'` })
      .where(eq(contentReports.reference, a.reference));
    const open = await queue();
    const refs = open.data.map((r) => r.reference);
    expect(refs.indexOf(a.reference)).toBeLessThan(refs.indexOf(b.reference));
    expect(open.data[0]).toMatchObject({ reference: a.reference, overdue: true, reporterEmail: "late@example.com" });
    expect(open.data.find((r) => r.reference === b.reference)).toMatchObject({ overdue: false });
  });

  it("takes the item down: every open report on it resolved, each reporter mailed, the action audited", async () => {
    const id = await movie("Take me down");
    const r2 = (await file({ itemKind: "video", itemId: id, reason: "illegal", email: "two@example.com" })).json();
    const r1 = (await file({ itemKind: "video", itemId: id, reason: "non_consent", email: "one@example.com" })).json();
    const target = (await inQueue(r1.reference))._id as string;
    expectBadRequest(await adminPost(`/${target}/take-down`, {}), "body.reason");
    const before = t.mailer.outbox.length;
    const res = await adminPost(`/${target}/take-down`, { reason: "No consent on record" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "resolved", outcome: "taken_down", resolution: "No consent on record" });
    expect(await inQueue(r2.reference)).toMatchObject({ status: "resolved", outcome: "taken_down" });
    const mails = t.mailer.outbox.slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual(["one@example.com", "two@example.com"]);
    expect(mails[0]?.text).toContain("took the item down");
    // Taken down (not held): the performer's studio shows the take-down's reason; the public still gets 404.
    const studio = await t.request({ method: "GET", url: ownerPath.video?.(id) as string, token: owner.token });
    expect(studio.json()).toMatchObject({ takedown: { reason: "No consent on record" } });
    expect(await status(publicPath.video?.(id) as string)).toBe(404);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, target));
    expect(audit.map((a) => a.action)).toEqual(["report.take-down"]);
    expect(audit[0]?.after).toMatchObject({ outcome: "taken_down", alsoResolved: [r2.reference] });
    // Resolved reports take no more actions.
    expect((await adminPost(`/${target}/dismiss`, { reason: "Again" })).statusCode).toBe(409);
  });

  it("takes a product and a post down, and a performer's profile (the account is deactivated)", async () => {
    const pid = await product();
    const postId = await post();
    const victim = await newAccount(t, "performer", "vic");
    for (const [kind, id] of [
      ["product", pid],
      ["post", postId],
      ["performer", victim.id],
    ] as const) {
      const ref = (await file({ itemKind: kind, itemId: id, reason: "illegal", email: "x@example.com" })).json()
        .reference;
      const target = (await inQueue(ref))._id as string;
      const res = await adminPost(`/${target}/take-down`, { reason: "Illegal" });
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(200);
    }
    expect(await status(publicPath.product?.(pid) as string)).toBe(404);
    expect(await status(publicPath.post?.(postId) as string)).toBe(404);
    expect(await status(`/performers/${victim.id}`)).toBe(404);
  });

  it("dismisses with a reason: the hold is lifted, the reporter mailed with the appeal link", async () => {
    const id = await gallery();
    const ref = (
      await file({ itemKind: "gallery", itemId: id, reason: "non_consent", email: "dep@example.com" })
    ).json().reference;
    expect(await status(publicPath.gallery?.(id) as string)).toBe(404);
    const target = (await inQueue(ref))._id as string;
    expectBadRequest(await adminPost(`/${target}/dismiss`, { reason: "" }), "body.reason");
    const res = await adminPost(`/${target}/dismiss`, { reason: "Release on file" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: "dismissed", resolution: "Release on file" });
    expect(await status(publicPath.gallery?.(id) as string)).toBe(200);
    const mail = [...t.mailer.outbox].reverse().find((m) => m.to === "dep@example.com");
    expect(mail?.text).toContain("decided not to remove the item");
    expect(mail?.text).toContain("Our reason: Release on file");
    expect(mail?.text).toContain(`/reports/appeal?reference=${ref}`);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, target));
    expect(audit.map((a) => a.action)).toEqual(["report.dismiss"]);
  });

  it("keeps the item hidden while another open report still holds it", async () => {
    const id = await movie();
    const a = (await file({ itemKind: "video", itemId: id, reason: "non_consent", email: "a1@example.com" })).json();
    // Hidden, the movie is not found by visitors any more; an admin can still report it.
    expect(
      (await file({ itemKind: "video", itemId: id, reason: "underage", email: "a2@example.com" })).statusCode,
    ).toBe(404);
    expect((await file({ itemKind: "video", itemId: id, reason: "underage" }, { token: admin })).statusCode).toBe(201);
    await adminPost(`/${(await inQueue(a.reference))._id}/dismiss`, { reason: "Not them" });
    expect(await status(publicPath.video?.(id) as string)).toBe(404);
  });

  it("is for admins only; bad ids are refused", async () => {
    for (const token of [member, owner.token]) {
      expect((await t.request({ method: "GET", url: "/admin/reports", token })).statusCode).toBe(403);
      expect(
        (await t.request({ method: "GET", url: "/admin/reports/export", token, query: { month: "2026-11" } }))
          .statusCode,
      ).toBe(403);
    }
    expect((await t.request({ method: "GET", url: "/admin/reports" })).statusCode).toBe(401);
    expectBadRequest(await adminPost("/nope/dismiss", { reason: "xyz" }), "params.id");
    expect((await adminPost("/0190a0c0-0000-7000-8000-000000000000/dismiss", { reason: "xyz" })).statusCode).toBe(404);
    expect(
      (await adminPost("/0190a0c0-0000-7000-8000-000000000000/dismiss", { reason: "xyz" }, owner.token)).statusCode,
    ).toBe(403);
  });
});

describe("asking the performer", () => {
  it("notifies the performer, who sees only what they are asked about, without the reporter's address", async () => {
    const id = await movie("Ask me");
    const asked = (
      await file({ itemKind: "video", itemId: id, reason: "illegal", email: "secret@example.com" })
    ).json();
    const notAsked = (
      await file({ itemKind: "video", itemId: id, reason: "illegal", email: "quiet@example.com" })
    ).json();
    const target = (await inQueue(asked.reference))._id as string;
    const res = await adminPost(`/${target}/ask`, { question: "Do you have a release for the second person?" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "awaiting_performer",
      question: "Do you have a release for the second person?",
    });
    const notes = await t.request({ method: "GET", url: "/notifications", token: owner.token });
    expect(notes.body).toContain("An admin asks you about a report on “Ask me”.");

    const mine = await t.request({ method: "GET", url: "/performer/reports", token: owner.token });
    expect(mine.statusCode).toBe(200);
    const refs = mine.json().data.map((r: { reference: string }) => r.reference);
    expect(refs).toContain(asked.reference);
    expect(refs).not.toContain(notAsked.reference);
    expect(mine.body).not.toContain("secret@example.com");
    // Another performer sees nothing of it and cannot answer it.
    const theirs = await t.request({ method: "GET", url: "/performer/reports", token: stranger.token });
    expect(theirs.json().data).toEqual([]);
    const answerAs = (token: string, answer: unknown) =>
      t.request({ method: "POST", url: `/performer/reports/${target}/answer`, token, body: { answer } });
    expect((await answerAs(stranger.token, "It is mine")).statusCode).toBe(404);
    expect((await answerAs(member, "It is mine")).statusCode).toBe(403);
    expectBadRequest(await answerAs(owner.token, ""), "body.answer");

    const answered = await answerAs(owner.token, "Yes, the release is on file since May.");
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await inQueue(asked.reference)).toMatchObject({
      status: "open",
      answer: "Yes, the release is on file since May.",
    });
    expect((await answerAs(owner.token, "Twice")).statusCode).toBe(422);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, target));
    expect(audit.map((a) => a.action)).toEqual(["report.ask-performer"]);
  });

  it("cannot ask about a post, which has no performer", async () => {
    const ref = (
      await file({ itemKind: "post", itemId: await post(), reason: "illegal", email: "p@example.com" })
    ).json().reference;
    expect((await adminPost(`/${(await inQueue(ref))._id}/ask`, { question: "Who wrote this?" })).statusCode).toBe(422);
  });
});

describe("appeals and counter-notices", () => {
  it("lets the person depicted appeal a dismissal by reference and email: back in the queue, hidden again", async () => {
    const id = await movie();
    const ref = (await file({ itemKind: "video", itemId: id, reason: "non_consent", email: "me@example.com" })).json()
      .reference;
    const target = (await inQueue(ref))._id as string;
    const appeal = (body: Record<string, unknown>) =>
      t.request({ method: "POST", url: "/reports/appeal", body, headers: { "x-forwarded-for": freshIp() } });
    const statement = "That is me and I never agreed to this.";
    // Not dismissed yet.
    expect((await appeal({ reference: ref, email: "me@example.com", statement })).statusCode).toBe(422);
    await adminPost(`/${target}/dismiss`, { reason: "Looks consensual" });
    expect(await status(publicPath.video?.(id) as string)).toBe(200);
    expect((await appeal({ reference: ref, email: "other@example.com", statement })).statusCode).toBe(404);
    expectBadRequest(await appeal({ reference: "R-1", email: "me@example.com", statement }), "body.reference");
    expectBadRequest(await appeal({ reference: ref, email: "me@example.com", statement: "no" }), "body.statement");
    const res = await appeal({ reference: ref.toLowerCase(), email: "ME@example.com", statement });
    expect(res.statusCode, res.body).toBe(200);
    expect(await inQueue(ref, "open")).toMatchObject({ status: "open", appeal: statement, held: true });
    expect(await status(publicPath.video?.(id) as string)).toBe(404);
    expect((await appeal({ reference: ref, email: "me@example.com", statement })).statusCode).toBe(422);
  });

  it("lets the performer answer a DMCA take-down with a counter-notice that lands back in the queue", async () => {
    const id = await movie("Dunes remix");
    const ref = (
      await file({ itemKind: "video", itemId: id, reason: "copyright", email: "owner@example.com", dmca })
    ).json().reference;
    const target = (await inQueue(ref))._id as string;
    const counter = (body: Record<string, unknown>, token = owner.token) =>
      t.request({ method: "POST", url: `/performer/reports/${target}/counter-notice`, token, body });
    const notice = {
      explanation: "I shot this footage myself in 2023; it is not the complainant's work.",
      fullName: "Robin Performer",
      address: "2 High Street, Leeds",
      phone: "+44 113 000 0000",
      mistake: true,
      jurisdiction: true,
      acceptService: true,
      signature: "Robin Performer",
    };
    // Not taken down yet: nothing to counter, and the performer does not see it.
    expect((await counter(notice)).statusCode).toBe(404);
    await adminPost(`/${target}/take-down`, { reason: "DMCA notice" });
    const mine = await t.request({ method: "GET", url: "/performer/reports", token: owner.token });
    const seen = mine.json().data.find((r: { reference: string }) => r.reference === ref);
    expect(seen).toMatchObject({ canCounter: true, dmca: { work: dmca.work, fullName: "Casey Owner" } });
    expect(mine.body).not.toContain("owner@example.com");
    expect(mine.body).not.toContain("1 Main Street");
    expectBadRequest(await counter({ ...notice, jurisdiction: false }), "body.jurisdiction");
    expectBadRequest(await counter({ ...notice, signature: "R. P." }), "body.signature");
    expect((await counter(notice, stranger.token)).statusCode).toBe(404);
    const before = t.mailer.outbox.length;
    const res = await counter(notice);
    expect(res.statusCode, res.body).toBe(200);
    expect(t.mailer.outbox.slice(before).map((m) => m.to)).toContain("owner@example.com");
    expect(await inQueue(ref, "open")).toMatchObject({
      status: "open",
      outcome: "taken_down",
      counterNotice: { fullName: "Robin Performer" },
    });
    expect((await counter(notice)).statusCode).toBe(422);
    // Dismissing the notice now puts the movie back.
    await adminPost(`/${target}/dismiss`, { reason: "Counter-notice accepted; no court action" });
    expect(await status(publicPath.video?.(id) as string)).toBe(200);
  });
});

describe("GET /admin/reports/export", () => {
  it("lists the month's reports with their outcomes as CSV", async () => {
    const id = await movie('Title, with "quotes"\nand a second line');
    const open = (await file({ itemKind: "video", itemId: id, reason: "illegal", email: "c1@example.com" })).json();
    const done = (
      await file({
        itemKind: "video",
        itemId: id,
        reason: "other",
        details: "=HYPERLINK(evil)",
        email: "c2@example.com",
      })
    ).json();
    await adminPost(`/${(await inQueue(done.reference))._id}/dismiss`, { reason: "Fine" });
    await t.database.db
      .update(contentReports)
      .set({ dueAt: sql`created_at - interval '1 hour'` })
      .where(eq(contentReports.reference, open.reference));
    const stored = async (reference: string) =>
      (await t.database.db.select().from(contentReports).where(eq(contentReports.reference, reference)))[0]!;
    const [o, d] = [await stored(open.reference), await stored(done.reference)];
    const month = new Date().toISOString().slice(0, 7);
    const res = await t.request({ method: "GET", url: "/admin/reports/export", token: admin, query: { month } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toContain(`reports-${month}.csv`);
    expect(res.body.endsWith("\r\n")).toBe(true);
    const lines = res.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("reference,filed,reason,item,due,resolved,outcome,days to resolve,overdue");
    // The title's comma, quotes and line break stay inside one quoted cell, its quotes doubled.
    const item = `"video: Title, with ""quotes""\nand a second line (${id})"`;
    expect(lines.find((l) => l.startsWith(open.reference))).toBe(
      `${open.reference},${o.createdAt.toISOString()},Illegal content,${item},${o.dueAt.toISOString()},,open,,yes`,
    );
    expect(lines.find((l) => l.startsWith(done.reference))).toBe(
      `${done.reference},${d.createdAt.toISOString()},Something else,${item},${d.dueAt.toISOString()},` +
        `${d.resolvedAt?.toISOString()},dismissed,0.0,no`,
    );
    const other = await t.request({
      method: "GET",
      url: "/admin/reports/export",
      token: admin,
      query: { month: "2001-01" },
    });
    expect(other.body.trimEnd().split("\r\n")).toHaveLength(1);
    expectBadRequest(
      await t.request({ method: "GET", url: "/admin/reports/export", token: admin, query: { month: "2026-13" } }),
      "querystring.month",
    );
  });
});
