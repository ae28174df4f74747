import type { CategoryRef, PerformerRef } from "@marquee/contracts/catalogue";
import { and, eq, type SQL } from "drizzle-orm";
import type { Uncounted } from "../../platform/paging.ts";
import type { Protected } from "../catalogue/access.ts";
import type { Kind } from "../catalogue/editing.ts";
import { type GalleryRow, type PhotoRow, photos } from "./tables.ts";

export const GALLERY: Kind = { noun: "gallery", title: "Gallery", categoryGroup: "gallery" };

/** Photo variants: a thumbnail for grids and a full size for the viewer, both private (signed links). */
export const PHOTO_THUMB_WIDTH = 480;
export const PHOTO_FULL_MAX = 2048;

/** The light job that takes a media worker's photo into its row. */
export const GALLERY_JOBS = { photoProcessed: "gallery.photo-processed" } as const;

export interface PagedIn extends Uncounted {
  limit: number;
  offset: number;
  cursor?: string | undefined;
  sort: "asc" | "desc";
}

export type StudioSearchQuery = PagedIn & {
  q?: string | undefined;
  sortBy: "newest" | "oldest";
  status?: GalleryRow["status"] | undefined;
  performerId?: string | undefined;
};

/** The viewer-independent makings of a list of galleries. */
export interface Gathered {
  rows: GalleryRow[];
  covers: Map<string, PhotoRow>;
  performerRefs: Map<string, PerformerRef>;
  categoryRefs: Map<string, CategoryRef>;
}

/** A page of the public list, gathered: what `presentListing` turns into one viewer's answer. */
export interface Listing extends Gathered {
  total: number;
  totalCapped: boolean;
  next: string | null;
}

export const visiblePhoto = and(eq(photos.status, "active"), eq(photos.processingStatus, "ready")) as SQL;

export const protectedOf = (g: Pick<GalleryRow, "id" | "access" | "performerIds">): Protected => ({
  kind: "gallery",
  id: g.id,
  access: g.access,
  performerIds: g.performerIds,
});
