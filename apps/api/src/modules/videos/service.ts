import type { RealtimeNotifier } from "@marquee/contracts/realtime-events";
import type { SearchVideosQuery, VideoList } from "@marquee/contracts/videos";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type Engageable, type ForgetEngagement, tableCounter } from "../../platform/engageable.ts";
import { isUuid } from "../../platform/ids.ts";
import type { Jobs, JobsLog } from "../../platform/jobs.ts";
import type { Uncounted } from "../../platform/paging.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import type { Storage } from "../../platform/storage.ts";
import type { AccessService } from "../access/service.ts";
import { type Actor, canOpen, type Viewer } from "../catalogue/access.ts";
import type { CategoryDirectory, PublicationGate } from "../catalogue/editing.ts";
import type { ReviewGate } from "../catalogue/review.ts";
import type { CategoriesService } from "../categories/service.ts";
import type { Ownership } from "../commerce/ownership.ts";
import type { PerformersService } from "../performers/service.ts";
import type { ReactionsService } from "../reactions/service.ts";
import { createVideoAdmin } from "./admin.ts";
import { captionRowsFor, createVideoCaptions } from "./captions.ts";
import { createCardSql } from "./cards.ts";
import { createVideoMedia } from "./media.ts";
import { createFreshMedia, createPlaybackCheck } from "./playback.ts";
import { createVideoPresenter } from "./present.ts";
import { createVideoReads } from "./reading.ts";
import { createVideoReview } from "./review.ts";
import { videos } from "./tables.ts";
import { createVideoWrites } from "./writing.ts";

export { VIDEO_JOBS } from "./rows.ts";

export interface VideosDeps {
  db: Db;
  storage: Storage;
  signer: UrlSigner;
  jobs: Jobs;
  access: AccessService;
  /** Whether the viewer bought each movie of a list, read in the list's own query. */
  ownership: Pick<Ownership, "boughtColumn">;
  reactions: ReactionsService;
  performers: Pick<PerformersService, "refs" | "exists" | "adjustCounts">;
  categories: Pick<CategoriesService, "refs"> & CategoryDirectory;
  /** Publishing waits for the performers' verification and releases (modules/verification). */
  publication: PublicationGate;
  notify: RealtimeNotifier;
  /** Deletes the comments and reactions on a movie, in the transaction that deletes it. */
  forgetEngagement: ForgetEngagement<"video">;
  log: JobsLog;
  /** A signed-in viewer as they are now (null: no such active account), for the media route's checks. */
  viewerOf(userId: string): Promise<Viewer>;
  /** Whether what a performer publishes waits for review (modules/review). */
  review: ReviewGate;
  /** How long the segment links of a movie's playlists live (MEDIA_SEGMENT_TTL_SEC), told to players. */
  segmentTtlSec: number;
  /** How long a visitor's answer of the public list is reused for the same query (API_LIST_CACHE_MS; 0: never). */
  listCacheMs?: number;
  now?: () => Date;
}

/**
 * Movies (DESIGN section 5): the public catalogue, the performer's studio and the media pipeline, each in its own
 * file (reading, writing, media) over the shared catalogue core. `listed` and `releasedAt` are derived on every
 * write (see `placement` in writing.ts), so lists only filter on them.
 */
export function createVideosService(deps: VideosDeps) {
  const now = deps.now ?? (() => new Date());
  const captionRows = (ids: readonly string[]) => captionRowsFor(deps.db, ids);
  const present = createVideoPresenter({ ...deps, now, captionRows });
  const card = createCardSql({ storage: deps.storage, ownership: deps.ownership });
  const reads = createVideoReads({ db: deps.db, present, card, now, listCacheMs: deps.listCacheMs ?? 0 });
  const writes = createVideoWrites({ ...deps, reads, present, now });
  const media = createVideoMedia({ ...deps, reads, writes, present, now });
  /** What comments and reactions need of a movie: the page must exist for the viewer; its counters. */
  const engagement: Engageable = {
    async open(viewer, id) {
      const row = isUuid(id) ? await reads.findRow(id) : undefined;
      return row && canOpen(viewer, row)
        ? { id: row.id, title: row.title, performerIds: row.performerIds, link: `/movies/${row.id}` }
        : null;
    },
    count: tableCounter(videos, { likes: "likes", favourites: "favourites", comments: "comments" }, "updatedAt"),
  };
  return {
    engagement,
    /** Listed movies by id as lists show them, in the order given (ids not listed are left out). */
    listByIds: reads.listByIds,
    /**
     * A page of the public list as the JSON text of its answer (contracts `videoList`), made by PostgreSQL: the
     * route sends it as it is. Each card says whether this viewer bought the movie.
     */
    searchJson: (query: SearchVideosQuery & Uncounted, viewer: Viewer = null) => reads.searchJson(query, viewer),
    /** The same page as an object, for the lists that merge or pick from it (the feed, the news). */
    async search(query: SearchVideosQuery & Uncounted, viewer: Viewer = null): Promise<VideoList> {
      return JSON.parse(await reads.searchJson(query, viewer)) as VideoList;
    },
    countMatching: reads.countMatching,
    detail: reads.detail,
    /** Forgets the marks of views counted longer ago than the window (housekeeping). */
    purgeViewMarks: reads.purgeViewMarks,
    /** A movie the viewer may open, with its stored length, for their progress in it (modules/watching). */
    async progressTarget(viewer: Viewer, id: string) {
      const row = isUuid(id) ? await reads.findRow(id) : undefined;
      return row && canOpen(viewer, row) ? { id: row.id, durationSec: row.durationSec } : null;
    },
    studioView: reads.studioView,
    studioSearch: reads.studioSearch,
    takenDown: reads.takenDown,
    /** The media route's check of a movie's grants (platform/media/grants.ts). */
    playback: createPlaybackCheck({ reads, access: deps.access, viewerOf: deps.viewerOf }),
    freshMedia: createFreshMedia({ reads, access: deps.access, present, captionRows }),
    /** The studio's caption tracks of a movie (captions.ts). */
    captions: createVideoCaptions({ db: deps.db, storage: deps.storage, reads }),
    offer: reads.offer,
    create: writes.create,
    update: writes.update,
    /** A movie as its owner (or an admin) manages it: 404/403 otherwise. */
    async managedItem(actor: Actor, id: string) {
      const row = await reads.managedRow(actor, id);
      const [made] = await deps.db.select({ by: videos.createdBy }).from(videos).where(eq(videos.id, row.id));
      return { ...row, createdBy: made?.by ?? null };
    },
    remove: writes.remove,
    setHold: writes.setHold,
    ...media,
    ...createVideoAdmin({ db: deps.db, reads, writes, present }),
    /** The review queue's port (modules/review). */
    review: createVideoReview({ db: deps.db, writes, present }),
  };
}
export type VideosService = ReturnType<typeof createVideosService>;
