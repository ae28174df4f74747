import type { CommentObjectType } from "@marquee/contracts/comments";
import type { ReactionAction } from "@marquee/contracts/reactions";
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, newAccount, type TestContext } from "../../../test/harness.ts";
import { galleries } from "../galleries/tables.ts";
import { posts } from "../posts/tables.ts";
import { products } from "../products/tables.ts";
import { reactions } from "../reactions/tables.ts";
import { videos } from "../videos/tables.ts";
import { comments } from "./tables.ts";

/**
 * Deleting a movie, gallery, product or post deletes what members left on it: its comments and their replies, the
 * likes on those, and its own likes, favourites and watch-later entries (comments and reactions have no foreign
 * key to what they are on). Everything on other objects stays.
 */

type Account = { id: string; username: string; token: string };
let t: TestContext;
let admin: string;
let owner: Account; // the performer whose items are deleted
let member: Account;
let other: Account;
let seq = 0;

async function item(table: typeof videos | typeof galleries) {
  const n = seq++;
  const [row] = await t.database.db
    .insert(table)
    .values({
      slug: `gone-${n}-${Date.now().toString(36)}`,
      title: `Gone ${n}`,
      access: "free",
      status: "active",
      listed: true,
      performerIds: [owner.id],
      createdBy: owner.id,
    })
    .returning({ id: table.id });
  return (row as { id: string }).id;
}

async function product() {
  const n = seq++;
  const [row] = await t.database.db
    .insert(products)
    .values({
      slug: `gone-product-${n}-${Date.now().toString(36)}`,
      title: `Gone product ${n}`,
      type: "digital",
      priceCents: 500,
      status: "active",
      listed: true,
      performerIds: [owner.id],
      createdBy: owner.id,
    })
    .returning({ id: products.id });
  return (row as { id: string }).id;
}

async function post() {
  const n = seq++;
  const [row] = await t.database.db
    .insert(posts)
    .values({
      slug: `gone-post-${n}-${Date.now().toString(36)}`,
      title: `Gone post ${n}`,
      status: "published",
      publishedAt: new Date(),
    })
    .returning({ id: posts.id });
  return (row as { id: string }).id;
}

interface Kind {
  objectType: CommentObjectType;
  create(): Promise<string>;
  /** Deletes it as its module requires (its performer, or an admin for posts). */
  remove(id: string): ReturnType<TestContext["request"]>;
  /** What members may do with it besides commenting (posts take comments only). */
  actions: ReactionAction[];
}

const everyAction: ReactionAction[] = ["like", "favourite", "watch_later"];
const kinds = {
  movie: {
    objectType: "video",
    create: () => item(videos),
    remove: (id) => t.request({ method: "DELETE", url: `/performer/assets/videos/${id}`, token: owner.token }),
    actions: everyAction,
  },
  gallery: {
    objectType: "gallery",
    create: () => item(galleries),
    remove: (id) => t.request({ method: "DELETE", url: `/performer/assets/galleries/${id}`, token: owner.token }),
    actions: everyAction,
  },
  product: {
    objectType: "product",
    create: product,
    remove: (id) => t.request({ method: "DELETE", url: `/performer/assets/products/${id}`, token: owner.token }),
    actions: everyAction,
  },
  post: {
    objectType: "post",
    create: post,
    remove: (id) => t.request({ method: "DELETE", url: `/admin/posts/${id}`, token: admin }),
    actions: [],
  },
} satisfies Record<string, Kind>;

async function comment(token: string, objectType: CommentObjectType, objectId: string, parentId?: string) {
  const res = await t.request({
    method: "POST",
    url: "/comments",
    token,
    body: { objectType, objectId, content: `Comment ${seq++}`, ...(parentId ? { parentId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { _id: string })._id;
}

async function react(token: string, objectType: string, objectId: string, action: ReactionAction) {
  const res = await t.request({ method: "POST", url: "/reactions", token, body: { objectType, objectId, action } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Members comment (with a reply), like both comments and react to the object; answers the comments' ids. */
async function engage(kind: Kind, objectId: string) {
  const top = await comment(member.token, kind.objectType, objectId);
  const reply = await comment(other.token, kind.objectType, objectId, top);
  await react(other.token, "comment", top, "like");
  await react(member.token, "comment", reply, "like");
  for (const action of kind.actions) {
    await react(member.token, kind.objectType, objectId, action);
    await react(other.token, kind.objectType, objectId, action);
  }
  return [top, reply];
}

const commentsOn = async (objectType: CommentObjectType, objectId: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(comments)
      .where(and(eq(comments.objectType, objectType), eq(comments.objectId, objectId)))
  )[0]?.n;

const reactionsOn = async (ids: string[]) =>
  (await t.database.db.select({ n: count() }).from(reactions).where(inArray(reactions.objectId, ids)))[0]?.n;

/** The ids of the member's own reactions, as GET /reactions/search lists them. */
async function listed(token: string) {
  const res = await t.request({ method: "GET", url: "/reactions/search", token, query: { limit: "100" } });
  expect(res.statusCode, res.body).toBe(200);
  return new Set((res.json() as { data: { objectId: string }[] }).data.map((r) => r.objectId));
}

async function reactedMovies(token: string, action: ReactionAction) {
  const res = await t.request({ method: "GET", url: "/reactions/videos", token, query: { action } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { video: { _id: string } }[] }).data.map((r) => r.video._id);
}

/** How many of the member's stored notifications are about these comments (a reply, a comment on their item). */
async function toldAbout(token: string, commentIds: string[]) {
  await t.app.services.notifications.settled();
  const res = await t.request({ method: "GET", url: "/notifications", token, query: { limit: "100" } });
  expect(res.statusCode, res.body).toBe(200);
  const data = (res.json() as { data: { data: { commentId?: string } }[] }).data;
  return data.filter((n) => commentIds.includes(n.data.commentId ?? "")).length;
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login("admin");
  owner = await newAccount(t, "performer", "gowner");
});
afterAll(() => t.close());
// Fresh members for every test: each has its own allowance under the comment and reaction throttles.
beforeEach(async () => {
  [member, other] = await Promise.all([newAccount(t, "user", "gmember"), newAccount(t, "user", "gother")]);
});

describe("deleting an item deletes its comments and reactions", () => {
  for (const [name, kind] of Object.entries(kinds) as [string, Kind][]) {
    it(`a ${name}`, async () => {
      const [gone, kept] = await Promise.all([kind.create(), kind.create()]);
      const goneComments = await engage(kind, gone);
      const keptComments = await engage(kind, kept);
      const goneIds = [gone, ...goneComments];
      const keptIds = [kept, ...keptComments];
      expect(await commentsOn(kind.objectType, gone)).toBe(2);
      expect(await reactionsOn(goneIds)).toBe(2 + 2 * kind.actions.length);
      const before = await listed(member.token);
      expect(goneIds.filter((id) => before.has(id))).toHaveLength(kind.actions.length ? 2 : 1);
      // The reply told the member; a comment on a performer's item told its performer.
      const toldOwner = kind.objectType === "post" ? 0 : 1;
      expect(await toldAbout(member.token, goneComments)).toBe(1);
      expect(await toldAbout(owner.token, goneComments)).toBe(toldOwner);

      const res = await kind.remove(gone);
      expect(res.statusCode, res.body).toBe(204);

      expect(await commentsOn(kind.objectType, gone)).toBe(0);
      expect(await reactionsOn(goneIds)).toBe(0);
      for (const token of [member.token, other.token]) {
        const after = await listed(token);
        expect(goneIds.filter((id) => after.has(id))).toEqual([]);
        expect(keptIds.some((id) => after.has(id))).toBe(true);
      }
      // What they were told about its comments goes with them: the links led nowhere.
      expect(await toldAbout(member.token, goneComments)).toBe(0);
      expect(await toldAbout(owner.token, goneComments)).toBe(0);
      // The other item keeps everything members left on it.
      expect(await toldAbout(member.token, keptComments)).toBe(1);
      expect(await toldAbout(owner.token, keptComments)).toBe(toldOwner);
      expect(await commentsOn(kind.objectType, kept)).toBe(2);
      expect(await reactionsOn(keptIds)).toBe(2 + 2 * kind.actions.length);
      const thread = await t.request({
        method: "GET",
        url: "/comments/search",
        query: { objectType: kind.objectType, objectId: gone },
      });
      expect(thread.statusCode).toBe(404);
      // Deleting it again finds nothing to delete.
      expect((await kind.remove(gone)).statusCode).toBe(404);
    });
  }

  it("a movie deleted while members reply, edit, delete, report and a moderator hides: no 5xx, nothing left", async () => {
    // Every change to a thread locks the movie's row before the thread's, as its delete does (row, then comments):
    // on PostgreSQL the other order deadlocked, and one side answered 500.
    const members = await Promise.all([1, 2, 3, 4].map((i) => newAccount(t, "user", `grace${i}`)));
    for (let round = 0; round < 3; round++) {
      const movie = await item(videos);
      const threads = await Promise.all(
        members.map(async (m, i) => {
          const top = await comment(m.token, "video", movie);
          const reply = await comment((members[(i + 1) % members.length] as Account).token, "video", movie, top);
          return { m, top, reply, replier: members[(i + 1) % members.length] as Account };
        }),
      );
      const answers = await Promise.all([
        kinds.movie.remove(movie),
        ...threads.flatMap(({ m, top, reply, replier }) => [
          t.request({
            method: "POST",
            url: "/comments",
            token: m.token,
            body: { objectType: "video", objectId: movie, parentId: top, content: "Racing" },
          }),
          t.request({ method: "PUT", url: `/comments/${top}`, token: m.token, body: { content: "Edited" } }),
          t.request({ method: "DELETE", url: `/comments/${reply}`, token: replier.token }),
          t.request({ method: "POST", url: `/comments/${reply}/report`, token: m.token, body: { reason: "spam" } }),
          t.request({ method: "POST", url: `/admin/comments/${top}/hide`, token: admin }),
        ]),
      ]);
      for (const res of answers)
        expect([200, 201, 204, 404], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
      expect(answers[0]?.statusCode).toBe(204);
      expect(await commentsOn("video", movie)).toBe(0);
    }
  });

  it("a movie leaves the member's favourites, watch-later and liked lists", async () => {
    const [gone, kept] = await Promise.all([item(videos), item(videos)]);
    await engage(kinds.movie, gone);
    await engage(kinds.movie, kept);
    for (const action of everyAction) {
      const movies = await reactedMovies(member.token, action);
      expect(movies).toContain(gone);
      expect(movies).toContain(kept);
    }
    const res = await kinds.movie.remove(gone);
    expect(res.statusCode, res.body).toBe(204);
    for (const action of everyAction) {
      const movies = await reactedMovies(member.token, action);
      expect(movies).not.toContain(gone);
      expect(movies).toContain(kept);
    }
    const search = await t.request({
      method: "GET",
      url: "/reactions/search",
      token: member.token,
      query: { objectType: "video" },
    });
    expect(search.statusCode).toBe(200);
    expect((search.json() as { data: { objectId: string }[]; total: number }).data.map((r) => r.objectId)).toEqual([
      kept,
      kept,
      kept,
    ]);
  });
});
