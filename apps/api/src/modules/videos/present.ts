import type { StudioVideo, Video, VideoDetail, VideoMedia } from "@marquee/contracts/videos";
import { stripGridOf } from "../../platform/media/strip.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import type { Storage } from "../../platform/storage.ts";
import type { AccessService, Protected, Viewer } from "../access/service.ts";
import type { Decision } from "../catalogue/access.ts";
import { grantMedia } from "../catalogue/media.ts";
import { takedownOf } from "../catalogue/paging.ts";
import { moderationOf } from "../catalogue/review.ts";
import type { CategoriesService } from "../categories/service.ts";
import type { PerformersService } from "../performers/service.ts";
import type { ReactionsService } from "../reactions/service.ts";
import { captionTracks } from "./captions.ts";
import { type ListRow, type Row, THUMB_SPECS } from "./rows.ts";
import type { VideoCaptionRow } from "./tables.ts";

export interface PresentDeps {
  storage: Storage;
  signer: UrlSigner;
  access: AccessService;
  reactions: ReactionsService;
  performers: Pick<PerformersService, "refs">;
  categories: Pick<CategoriesService, "refs">;
  /** How long the segment links of a movie's playlists live (MEDIA_SEGMENT_TTL_SEC). */
  segmentTtlSec: number;
  /** The caption tracks of movies, by movie (captions.ts). */
  captionRows(videoIds: readonly string[]): Promise<Map<string, VideoCaptionRow[]>>;
  now: () => Date;
}

/** What a movie's media links are made from: its processed files and the size and length the strip follows. */
export type MediaRow = Pick<Row, "width" | "height" | "durationSec"> & { mediaKey: string };

/** What the access rules need of a movie. */
export const protectedOf = (
  row: Pick<Row, "id" | "access" | "performerIds" | "scheduledAt" | "processingStatus" | "mediaKey">,
): Protected => ({
  kind: "video",
  id: row.id,
  access: row.access,
  performerIds: row.performerIds,
  scheduledAt: row.scheduledAt,
  ready: row.processingStatus === "ready" && !!row.mediaKey,
});

/** Movies as answers: the public card, the viewer's detail (access decided, media signed) and the studio's view. */
export function createVideoPresenter(deps: PresentDeps) {
  const { storage, signer, access, reactions, now } = deps;

  async function refsFor(rows: readonly Pick<Row, "performerIds" | "categoryIds">[]) {
    const [p, c] = await Promise.all([
      deps.performers.refs(rows.flatMap((r) => r.performerIds)),
      deps.categories.refs(rows.flatMap((r) => r.categoryIds)),
    ]);
    return { performers: p, categories: c };
  }
  type Refs = Awaited<ReturnType<typeof refsFor>>;

  const publicUrl = (key: string) => storage.publicUrl(key);

  function thumbnailOf(key: string | null, url = publicUrl) {
    if (!key) return null;
    const [small] = THUMB_SPECS;
    return {
      url: url(`${key}-${small.name}.webp`),
      srcSet: THUMB_SPECS.map((s) => `${url(`${key}-${s.name}.webp`)} ${s.width}w`).join(", "),
      width: small.width,
      height: small.height,
    };
  }

  /**
   * The poster and teaser. A taken-down movie's public files are no longer served (app.ts); its performers and the
   * admins, the only ones who still see it, get them through signed links made now, which the take-down does not
   * stop.
   */
  function publicFilesOf(row: Pick<Row, "thumbnailKey" | "teaserKey" | "takenDownAt" | "heldAt">) {
    const url = row.takenDownAt || row.heldAt ? (key: string) => signer.sign(key) : publicUrl;
    return { thumbnail: thumbnailOf(row.thumbnailKey, url), teaser: row.teaserKey ? url(row.teaserKey) : null };
  }

  function toVideo(row: ListRow, refs: Refs): Video {
    const coming = !!row.scheduledAt && row.scheduledAt > now();
    return {
      _id: row.id,
      slug: row.slug,
      title: row.title,
      description: row.description,
      tags: row.tags,
      access: row.access,
      price: row.access === "sale" ? row.priceCents / 100 : null,
      status: row.status,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      isComing: coming,
      publishedAt: row.listed && !coming ? row.releasedAt.toISOString() : null,
      durationSec: row.durationSec,
      thumbnail: thumbnailOf(row.thumbnailKey),
      teaser: row.teaserKey ? storage.publicUrl(row.teaserKey) : null,
      performers: row.performerIds.flatMap((id) => refs.performers.get(id) ?? []),
      categories: row.categoryIds.flatMap((id) => refs.categories.get(id) ?? []),
      stats: { views: row.views, likes: row.likes, favourites: row.favourites, comments: row.comments },
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * Grants to the renditions for this viewer; only ever made after the access decision let them watch. The media
   * route decides again at every fetch of one (and of the playlists the master names), so a refund or a lapsed
   * membership stops playback at the next playlist fetch. The movie's caption tracks ride the same grants.
   */
  function mediaOf(viewer: Viewer, row: MediaRow, captions: readonly VideoCaptionRow[]) {
    const { mediaKey, width, height, durationSec } = row;
    const { urls, expiresAt } = grantMedia(signer, viewer?.id ?? null, {
      hls: `${mediaKey}/hls/master.m3u8`,
      mp4: `${mediaKey}/video.mp4`,
      strip: `${mediaKey}/strip.webp`,
    });
    const sized = !!width && !!height && !!durationSec && durationSec > 0;
    return {
      ...urls,
      stripGrid: sized ? stripGridOf(width, height, durationSec) : null,
      expiresAt: expiresAt.toISOString(),
      segmentTtlSec: deps.segmentTtlSec,
      captions: captionTracks(signer, viewer, captions),
    } satisfies VideoMedia;
  }

  function detailOf(
    viewer: Viewer,
    row: Row,
    decision: Decision,
    refs: Refs,
    captions: Map<string, VideoCaptionRow[]>,
    flags: typeof reactions.none,
  ) {
    return {
      ...toVideo(row, refs),
      ...publicFilesOf(row),
      ...flags,
      isBought: decision.isBought,
      canWatch: decision.canWatch,
      lock: decision.lock,
      // A locked movie shows its thumbnail and teaser, never a usable media URL; `canWatch` implies processed.
      media:
        decision.canWatch && row.mediaKey
          ? mediaOf(viewer, { ...row, mediaKey: row.mediaKey }, captions.get(row.id) ?? [])
          : null,
    } satisfies VideoDetail;
  }

  async function detailsOf(viewer: Viewer, rows: Row[]): Promise<VideoDetail[]> {
    const [refs, ent, flags] = await Promise.all([
      refsFor(rows),
      access.entitlements(viewer, rows.map(protectedOf)),
      reactions.flagsFor(
        viewer?.id ?? null,
        "video",
        rows.map((r) => r.id),
      ),
    ]);
    const decisions = rows.map((row) => access.decideWith(viewer, protectedOf(row), ent));
    // Caption tracks are read only for the movies this viewer may watch.
    const watchable = rows.filter((row, i) => decisions[i]?.canWatch && row.mediaKey).map((row) => row.id);
    const captions = await deps.captionRows(watchable);
    return rows.map((row, i) =>
      detailOf(viewer, row, decisions[i] as Decision, refs, captions, flags.get(row.id) ?? reactions.none),
    );
  }

  function toStudio(detail: VideoDetail, row: Row): StudioVideo {
    return {
      ...detail,
      processing: { status: row.processingStatus, error: row.processingError },
      sourceSizeBytes: row.sourceSizeBytes,
      takedown: takedownOf(row),
      moderation: moderationOf(row),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function studioOf(viewer: NonNullable<Viewer>, row: Row): Promise<StudioVideo> {
    const [d] = await detailsOf(viewer, [row]);
    return toStudio(d as VideoDetail, row);
  }

  return { refsFor, toVideo, publicFilesOf, detailsOf, toStudio, studioOf, mediaOf };
}
export type VideoPresenter = ReturnType<typeof createVideoPresenter>;
