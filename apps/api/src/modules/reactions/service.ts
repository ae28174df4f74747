import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { reactions } from "./tables.ts";

export type ReactionObject = (typeof reactions.$inferSelect)["objectType"];

export interface ViewerReactions {
  isLiked: boolean;
  isFavourited: boolean;
  isWatchedLater: boolean;
}

const noReactions: ViewerReactions = { isLiked: false, isFavourited: false, isWatchedLater: false };

/** Reads the viewer's own reactions, for the flags on a page (writing them: writing.ts, made once the objects are). */
export function createReactionsService(deps: { db: Db }) {
  return {
    async flagsFor(userId: string | null, objectType: ReactionObject, ids: string[]) {
      const out = new Map<string, ViewerReactions>();
      if (!userId || !ids.length) return out;
      const rows = await deps.db
        .select({ objectId: reactions.objectId, action: reactions.action })
        .from(reactions)
        .where(
          and(eq(reactions.userId, userId), eq(reactions.objectType, objectType), inArray(reactions.objectId, ids)),
        );
      for (const r of rows) {
        const f = out.get(r.objectId) ?? { ...noReactions };
        if (r.action === "like") f.isLiked = true;
        if (r.action === "favourite") f.isFavourited = true;
        if (r.action === "watch_later") f.isWatchedLater = true;
        out.set(r.objectId, f);
      }
      return out;
    },
    /**
     * Removes every reaction on these objects, in the caller's transaction that deletes them (comments, or an item
     * with its comments: engagement.ts `forgetEngagementOf`). No counter moves: the objects are going.
     */
    async forget(tx: Db, objectType: ReactionObject, ids: readonly string[]) {
      if (!ids.length) return;
      await tx
        .delete(reactions)
        .where(and(eq(reactions.objectType, objectType), inArray(reactions.objectId, [...ids])));
    },
    none: noReactions,
  };
}
export type ReactionsService = ReturnType<typeof createReactionsService>;
