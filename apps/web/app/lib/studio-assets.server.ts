/** Loaders and actions of the studio's movie, gallery and product lists (server only). */
import type { StudioPhoto } from "@marquee/contracts/galleries";
import type { AppLoadContext } from "react-router";
import { type IntentHandlers, loaded, saveDeleteIntents, textOf } from "./actions.server.ts";
import type { ApiClient } from "./api.ts";
import { categoryOptions, performerOptions } from "./lookups.server.ts";
import { sessionApi } from "./session.server.ts";
import { studioListQuery } from "./studio.ts";

export type AssetKind = "videos" | "galleries" | "products";

/** The category group of each kind's categories. */
const categoryGroup = { videos: "video", galleries: "gallery", products: "product" } as const;

const enc = encodeURIComponent;
/** At most this many photos are loaded into the manager (pages of 100 through the cursor). */
const MAX_PHOTOS = 1000;

const base = (kind: AssetKind) => `/performer/assets/${kind}`;

/**
 * A page of the viewer's movies, galleries or products with the filters in the URL, the item open in the drawer (`edit`),
 * and the choices of the details form.
 */
export async function loadStudioAssets<T>(
  request: Request,
  context: AppLoadContext | undefined,
  kind: AssetKind,
  failMessage: string,
) {
  const url = new URL(request.url);
  const api = sessionApi(request, context);
  const editId = url.searchParams.get("edit");
  const [list, open, categories, performers] = await Promise.all([
    loaded(
      api.get<{ data: T[]; total: number }>(`${base(kind)}/search`, studioListQuery(url.searchParams).query),
      failMessage,
    ),
    editId ? api.get<T>(`${base(kind)}/${enc(editId)}/view`).catch(() => null) : null,
    categoryOptions(api, categoryGroup[kind]),
    performerOptions(api),
  ]);
  return { list, open, options: { categories, performers } };
}

/** Every photo of a gallery, in pages of 100. */
export async function galleryPhotos(api: ApiClient, galleryId: string): Promise<StudioPhoto[]> {
  const all: StudioPhoto[] = [];
  let cursor: string | null = null;
  do {
    const res: { data: StudioPhoto[]; next: string | null } = await api.get(
      `${base("galleries")}/${enc(galleryId)}/photos`,
      {
        limit: 100,
        cursor: cursor ?? undefined,
      },
    );
    all.push(...res.data);
    cursor = res.next;
  } while (cursor && all.length < MAX_PHOTOS);
  return all;
}

/** What a studio list saves: a new or changed item (`save`, with `id` when it exists) and deletions. */
export const assetIntents = (kind: AssetKind): IntentHandlers => saveDeleteIntents(base(kind));

/** A gallery's photos: new positions, the cover, deletions. */
export const photoIntents: IntentHandlers = {
  reorder: async (api, { changes }) => {
    for (const change of Array.isArray(changes) ? (changes as Array<{ _id: string; position: number }>) : []) {
      await api.put(`/performer/assets/photos/${enc(change._id)}`, { position: change.position });
    }
  },
  cover: (api, payload) =>
    api.put(`${base("galleries")}/${enc(textOf(payload, "id"))}`, { coverPhotoId: textOf(payload, "photoId") }),
  deletePhoto: (api, payload) => api.del(`/performer/assets/photos/${enc(textOf(payload, "photoId"))}`),
};

/** A product's pictures: their new order (every one of them, by id) and deletions. */
export const productImageIntents: IntentHandlers = {
  reorderImages: (api, payload) =>
    api.put(`${base("products")}/${enc(textOf(payload, "id"))}/images/order`, {
      imageIds: Array.isArray(payload.imageIds) ? payload.imageIds : [],
    }),
  deleteImage: (api, payload) =>
    api.del(`${base("products")}/${enc(textOf(payload, "id"))}/images/${enc(textOf(payload, "imageId"))}`),
};
