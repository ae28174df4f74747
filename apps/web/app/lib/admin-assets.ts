/**
 * Pure helpers behind the admin's catalogue screen (/admin/catalogue: every movie and gallery of every performer):
 * its filters as the URL holds them and as GET /admin/assets/search takes them, and the edit form <-> API body.
 */

import {
  type AdminAsset,
  type AdminAssetsQuery,
  type AssetKind,
  type UpdateAdminAssetBody,
  updateAdminAssetBody,
} from "@marquee/contracts/admin-assets";
import type { AccessKind } from "@marquee/contracts/catalogue";
import { msg } from "../i18n/i18n.ts";
import { apiFilter, oneOf, pageOf, textOf } from "./list-params.ts";
import { type AssetStatus, type NumberValue, numberOrNull, schemaErrors } from "./studio.ts";

export const ASSETS_PAGE_SIZE = 20;

export type KindFilter = "all" | "movies" | "galleries";
export type StatusFilter = "all" | AssetStatus;
export type AccessFilter = "all" | AccessKind;
/** `yes`: only taken-down items; `no`: none of them; `all`: both. */
export type TakenDownFilter = "all" | "yes" | "no";

const kindOfFilter: Record<Exclude<KindFilter, "all">, AssetKind> = { movies: "video", galleries: "gallery" };
export const kindLabels: Record<AssetKind, string> = { video: msg("Movie"), gallery: msg("Gallery") };

/** The filters of the screen as its URL holds them: kind, performer (an id), status, access, takenDown, q, page. */
export function assetFilters(params: URLSearchParams) {
  return {
    kind: oneOf<KindFilter>(params, "kind", ["movies", "galleries"], "all"),
    performer: textOf(params, "performer"),
    status: oneOf<StatusFilter>(params, "status", ["draft", "active", "inactive"], "all"),
    access: oneOf<AccessFilter>(params, "access", ["free", "members", "sale"], "all"),
    takenDown: oneOf<TakenDownFilter>(params, "takenDown", ["yes", "no"], "all"),
    q: textOf(params),
    page: pageOf(params),
  };
}
export type AssetFilters = ReturnType<typeof assetFilters>;

/** Whether any filter or search narrows the list (for the empty state's wording). */
export const isFiltered = (f: AssetFilters) =>
  f.kind !== "all" || !!f.performer || f.status !== "all" || f.access !== "all" || f.takenDown !== "all" || !!f.q;

/** The query of GET /admin/assets/search for the filters; a performer that is not an id is left out. */
export function assetsQuery(f: AssetFilters) {
  const kind = apiFilter(f.kind);
  const takenDown = apiFilter(f.takenDown);
  return {
    kind: kind ? kindOfFilter[kind] : undefined,
    performerId: /^[0-9a-f-]{36}$/i.test(f.performer) ? f.performer : undefined,
    status: apiFilter(f.status),
    access: apiFilter(f.access),
    takenDown: takenDown === undefined ? undefined : takenDown === "yes" ? "true" : "false",
    q: f.q || undefined,
    // Always newest first: the API takes no `sortBy` here.
    limit: ASSETS_PAGE_SIZE,
    offset: (f.page - 1) * ASSETS_PAGE_SIZE,
  } satisfies Partial<Record<keyof AdminAssetsQuery, unknown>>;
}

/** The public page of an item: /movies/<slug> or /galleries/<slug>. */
export const publicPath = (asset: Pick<AdminAsset, "kind" | "slug">) =>
  `/${asset.kind === "video" ? "movies" : "galleries"}/${encodeURIComponent(asset.slug)}`;

export interface AssetEditValues {
  title: string;
  status: AssetStatus;
  access: AccessKind;
  price: NumberValue;
}

export function assetEditValues(asset: AdminAsset): AssetEditValues {
  return { title: asset.title, status: asset.status, access: asset.access, price: asset.price ?? "" };
}

/** The trimmed title and a price only for `sale` (null otherwise, as the API wants it). */
export function assetEditBody(values: AssetEditValues): UpdateAdminAssetBody {
  return {
    title: values.title.trim(),
    status: values.status,
    access: values.access,
    price: values.access === "sale" ? numberOrNull(values.price) : null,
  };
}

/** What the form checks before asking the API: the contract's rules, and a price for sale (the API says so too). */
export function assetEditErrors(values: AssetEditValues, kind: AssetKind): Record<string, string> {
  const errors = schemaErrors(updateAdminAssetBody, assetEditBody(values));
  if (values.access === "sale" && numberOrNull(values.price) === null) {
    errors.price = `A ${kind === "video" ? "movie" : "gallery"} for sale needs a price`;
  }
  return errors;
}
