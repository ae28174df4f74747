import type { CategoryRef, PerformerRef } from "@marquee/contracts/catalogue";
import type { Db } from "../../db/client.ts";
import { type Engageable, type ForgetEngagement, tableCounter } from "../../platform/engageable.ts";
import { isUuid } from "../../platform/ids.ts";
import type { Jobs } from "../../platform/jobs.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import type { Storage } from "../../platform/storage.ts";
import type { AccessService } from "../access/service.ts";
import { type Actor, canOpen } from "../catalogue/access.ts";
import type { CategoryDirectory, PerformerDirectory, PublicationGate } from "../catalogue/editing.ts";
import type { ReviewGate } from "../catalogue/review.ts";
import type { ReactionsService } from "../reactions/service.ts";
import { createGalleryAdmin } from "./admin.ts";
import { createPhotoWrites } from "./photos.ts";
import { createGalleryPresenter } from "./present.ts";
import { createGalleryReads } from "./reading.ts";
import { createGalleryReview } from "./review.ts";
import { galleries } from "./tables.ts";
import { createGalleryWrites } from "./writing.ts";

export type { Listing } from "./rows.ts";
export { PHOTO_FULL_MAX, PHOTO_THUMB_WIDTH } from "./rows.ts";

/**
 * Galleries and their photos (DESIGN section 5, the movies' access model), each concern in its own file (reading,
 * writing, photos) over the shared catalogue core.
 */
export function createGalleriesService(deps: {
  db: Db;
  storage: Storage;
  jobs: Jobs;
  signer: UrlSigner;
  access: AccessService;
  reactions: ReactionsService;
  performers: PerformerDirectory & { refs(ids: readonly string[]): Promise<Map<string, PerformerRef>> };
  categories: CategoryDirectory & { refs(ids: readonly string[]): Promise<Map<string, CategoryRef>> };
  /** Deletes the comments and reactions on a gallery, in the transaction that deletes it. */
  forgetEngagement: ForgetEngagement<"gallery">;
  /** Whether what a performer publishes waits for review (modules/review). */
  review: ReviewGate;
  /** Publishing waits for the performers' verification and releases (modules/verification). */
  publication: PublicationGate;
}) {
  const present = createGalleryPresenter(deps);
  const reads = createGalleryReads({ ...deps, present });
  const writes = createGalleryWrites({ ...deps, reads, present });
  const photos = createPhotoWrites({ ...deps, reads, writes, present });
  const { byIdOrSlug, editableGallery: _editable, ...reading } = reads;
  /** What comments and reactions need of a gallery: the page must exist for the viewer; its counters. */
  const engagement: Engageable = {
    async open(viewer, id) {
      const row = isUuid(id) ? await byIdOrSlug(id) : undefined;
      return row && canOpen(viewer, row)
        ? { id: row.id, title: row.title, performerIds: row.performerIds, link: `/galleries/${row.id}` }
        : null;
    },
    count: tableCounter(galleries, { likes: "likes", favourites: "favourites", comments: "comments" }, "updatedAt"),
  };
  return {
    engagement,
    ...reading,
    create: writes.create,
    update: writes.update,
    /** A gallery as its owner (or an admin) manages it: 404/403 otherwise. */
    managedItem: (actor: Actor, id: string) => _editable(actor, id),
    remove: writes.remove,
    setHold: writes.setHold,
    ...photos,
    ...createGalleryAdmin({ db: deps.db, reads, writes, present }),
    /** The review queue's port (modules/review). */
    review: createGalleryReview({ db: deps.db, writes, present }),
  };
}
export type GalleriesService = ReturnType<typeof createGalleriesService>;
