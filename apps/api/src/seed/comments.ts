import { and, eq } from "drizzle-orm";
import type { App } from "../app.ts";
import type { Db } from "../db/client.ts";
import { comments } from "../modules/comments/tables.ts";
import { users } from "../modules/users/tables.ts";
import { demoSession } from "./demo-session.ts";

/**
 * A conversation on the newest free movie (a comment, a reply, a like) and one comment the other member reported,
 * so the movie page, the performer's notifications and the admin's /admin/comments have something to show.
 * Resumable like the rest of the demo catalogue: each comment is looked up by its author and text on the movie and
 * made when missing; a repeated like or report changes nothing.
 */
export async function seedDemoComments(app: App, db: Db) {
  const sessions = {
    user: await demoSession(app, "user", "demo comments"),
    member: await demoSession(app, "member", "demo comments"),
  };
  const movie = (await sessions.user("GET", "/user/assets/videos/search?access=free&includeComing=false&limit=1"))
    .data?.[0] as { _id: string } | undefined;
  if (!movie) return;
  const on = { objectType: "video", objectId: movie._id };
  /** The id of the demo comment by `username` with `content` on the movie, posted when it is not there. */
  const ensure = async (username: keyof typeof sessions, content: string, parentId?: string): Promise<string> => {
    const [found] = await db
      .select({ id: comments.id })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(and(eq(users.username, username), eq(comments.objectId, movie._id), eq(comments.content, content)));
    if (found) return found.id;
    return (await sessions[username]("POST", "/comments", { ...on, content, ...(parentId ? { parentId } : {}) }))._id;
  };
  const first = await ensure("user", "That last scene was stunning. Is there a part two?");
  await ensure("member", "Hoping so! The music alone made it.", first);
  await sessions.member("POST", "/reactions", { objectType: "comment", objectId: first, action: "like" });
  const spam = await ensure("member", "Cheap followers and likes, message me for a price list!");
  await sessions.user("POST", `/comments/${spam}/report`, {
    reason: "spam",
    note: "Advertising, not about the movie.",
  });
}
