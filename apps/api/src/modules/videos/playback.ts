import type { VideoMedia } from "@marquee/contracts/videos";
import { forbidden, notFound } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import type { ItemAccess } from "../../platform/media/grants.ts";
import type { AccessService } from "../access/service.ts";
import { canOpen, type Viewer } from "../catalogue/access.ts";
import { type PresentDeps, protectedOf, type VideoPresenter } from "./present.ts";
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

/**
 * Fresh links to a movie's media for a player whose links ran out or were refused: the same decision as the movie's
 * page, without counting a view. 404 when the viewer may not open the movie, 403 with NO_LONGER_WATCHABLE when they
 * may not watch it (what the player shows).
 */
export function createFreshMedia(deps: {
  reads: Pick<VideoReads, "findRow">;
  access: Pick<AccessService, "decide">;
  present: Pick<VideoPresenter, "mediaOf">;
  captionRows: PresentDeps["captionRows"];
}) {
  return async (viewer: Viewer, idOrSlug: string): Promise<VideoMedia> => {
    const row = await deps.reads.findRow(idOrSlug);
    if (!row || !canOpen(viewer, row)) throw notFound("Movie");
    const decision = await deps.access.decide(viewer, protectedOf(row));
    if (!decision.canWatch || !row.mediaKey) throw forbidden(NO_LONGER_WATCHABLE);
    const captions = (await deps.captionRows([row.id])).get(row.id) ?? [];
    return deps.present.mediaOf(viewer, { ...row, mediaKey: row.mediaKey }, captions);
  };
}
