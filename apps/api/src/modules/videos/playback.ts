import { isUuid } from "../../platform/ids.ts";
import type { ItemAccess } from "../../platform/media/grants.ts";
import type { AccessService } from "../access/service.ts";
import { canOpen, type Viewer } from "../catalogue/access.ts";
import { protectedOf } from "./present.ts";
import type { VideoReads } from "./reading.ts";

export const NO_LONGER_WATCHABLE = "You no longer have access to this movie.";

/**
 * The movies' port for the media route (platform/media/grants.ts): whether the viewer a grant was made for may still
 * watch the movie, asked at every playlist fetch. The same decision as the movie's page makes (the viewer's
 * account as it is now: a deactivated one counts as nobody signed in), so a refund, a chargeback, a lapsed
 * membership, a draft or an unpublished movie stops playback at the next fetch.
 */
export function createPlaybackCheck(deps: {
  reads: Pick<VideoReads, "findRow">;
  access: Pick<AccessService, "decide">;
  viewerOf(userId: string): Promise<Viewer>;
}): ItemAccess {
  return async (viewerId, videoId) => {
    if (!isUuid(videoId)) return NO_LONGER_WATCHABLE;
    const [row, viewer] = await Promise.all([deps.reads.findRow(videoId), viewerId ? deps.viewerOf(viewerId) : null]);
    if (!row || !canOpen(viewer, row)) return NO_LONGER_WATCHABLE;
    const decision = await deps.access.decide(viewer, protectedOf(row));
    return decision.canWatch ? null : NO_LONGER_WATCHABLE;
  };
}
