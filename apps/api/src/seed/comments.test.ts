import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/harness.ts";
import { commentReports, comments } from "../modules/comments/tables.ts";
import { reactions } from "../modules/reactions/tables.ts";
import { videos } from "../modules/videos/tables.ts";
import { seedDemoComments } from "./comments.ts";

let t: TestContext;
let movie: string;

beforeAll(async () => {
  t = await createTestContext();
  const token = await t.login("performer");
  const performerId = (await t.request({ method: "GET", url: "/users/me", token })).json()._id as string;
  const [row] = await t.database.db
    .insert(videos)
    .values({
      slug: `demo-talk-${Date.now().toString(36)}`,
      title: "Demo talk",
      access: "free",
      status: "active",
      listed: true,
      performerIds: [performerId],
      createdBy: performerId,
    })
    .returning({ id: videos.id });
  movie = (row as { id: string }).id;
});
afterAll(() => t.close());

/** What the demo conversation left: its comments (replies apart), the like on the first, the open reports. */
async function conversation() {
  const db = t.database.db;
  const rows = await db.select().from(comments).where(eq(comments.objectId, movie));
  const ids = rows.map((r) => r.id);
  const likes = await db.select().from(reactions).where(eq(reactions.objectType, "comment"));
  const reports = await db.select().from(commentReports).where(isNull(commentReports.resolvedAt));
  return {
    top: rows.filter((r) => !r.parentId).length,
    replies: rows.filter((r) => r.parentId).length,
    likes: likes.filter((l) => ids.includes(l.objectId)).length,
    reports: reports.filter((r) => ids.includes(r.commentId)).length,
  };
}

describe("the demo conversation", () => {
  it("is made on the newest free movie, and a run cut short is completed, never doubled, by the next", async () => {
    await seedDemoComments(t.app, t.database.db);
    const made = { top: 2, replies: 1, likes: 1, reports: 1 };
    expect(await conversation()).toEqual(made);

    // A start killed after the first comment: the reply, the like, the other comment and its report are missing.
    await t.database.db
      .delete(comments)
      .where(and(eq(comments.objectId, movie), eq(comments.content, "Hoping so! The music alone made it.")));
    await t.database.db
      .delete(comments)
      .where(
        and(
          eq(comments.objectId, movie),
          eq(comments.content, "Cheap followers and likes, message me for a price list!"),
        ),
      );
    await t.database.db.delete(reactions).where(eq(reactions.objectType, "comment"));
    expect(await conversation()).toEqual({ top: 1, replies: 0, likes: 0, reports: 0 });

    await seedDemoComments(t.app, t.database.db);
    expect(await conversation()).toEqual(made);
    await seedDemoComments(t.app, t.database.db);
    expect(await conversation()).toEqual(made);
  });
});
