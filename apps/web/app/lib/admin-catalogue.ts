/**
 * Pure helpers behind the admin catalogue screens (categories, posts, banners, performers): form values <-> API
 * bodies. An empty slug is left out, so the API derives it from the name or title (or keeps the current one).
 */
import type { Banner, Category, Post } from "@marquee/contracts/content";
import { msg } from "../i18n/i18n.ts";
import { type NumberValue, numberOrNull } from "./studio.ts";

export type CategoryGroup = Category["group"];
export type PostType = Post["type"];
export type BannerPosition = Banner["position"];
type OnOff = "active" | "inactive";

export const categoryGroupLabels: Record<CategoryGroup, string> = {
  performer: msg("Performers"),
  video: msg("Movies"),
  gallery: msg("Galleries"),
  product: msg("Products"),
};

export const bannerPositionLabels: Record<BannerPosition, string> = {
  top: msg("Top"),
  middle: msg("Middle"),
  bottom: msg("Bottom"),
};

function slugPart(slug: string): { slug?: string } {
  const s = slug.trim().toLowerCase();
  return s ? { slug: s } : {};
}

/** Whole numbers for `ordering`; blank means 0. */
function ordering(value: NumberValue): number {
  const n = numberOrNull(value);
  return n === null ? 0 : Math.trunc(n);
}

// ---- categories -------------------------------------------------------------------------------------------------

export interface CategoryFormValues {
  name: string;
  slug: string;
  group: CategoryGroup;
  description: string;
  ordering: NumberValue;
  status: OnOff;
}

export function categoryFormValues(category: Category | null | undefined, group: CategoryGroup = "video") {
  return {
    name: category?.name ?? "",
    slug: category?.slug ?? "",
    group: category?.group ?? group,
    description: category?.description ?? "",
    ordering: category?.ordering ?? 0,
    status: category?.status ?? "active",
  } satisfies CategoryFormValues;
}

export function categoryRequestBody(values: CategoryFormValues) {
  return {
    name: values.name.trim(),
    ...slugPart(values.slug),
    group: values.group,
    description: values.description.trim(),
    ordering: ordering(values.ordering),
    status: values.status,
  };
}

// ---- posts ------------------------------------------------------------------------------------------------------

export interface PostFormValues {
  title: string;
  slug: string;
  summary: string;
  content: string;
  type: PostType;
  status: Post["status"];
}

export function postFormValues(post: Post | null | undefined): PostFormValues {
  return {
    title: post?.title ?? "",
    slug: post?.slug ?? "",
    summary: post?.summary ?? "",
    content: post?.content ?? "",
    type: post?.type ?? "post",
    status: post?.status ?? "draft",
  };
}

export function postRequestBody(values: PostFormValues) {
  return {
    title: values.title.trim(),
    ...slugPart(values.slug),
    summary: values.summary.trim(),
    content: values.content.trim(),
    type: values.type,
    status: values.status,
  };
}

// ---- banners ----------------------------------------------------------------------------------------------------

export interface BannerFormValues {
  title: string;
  description: string;
  href: string;
  position: BannerPosition;
  ordering: NumberValue;
  status: OnOff;
}

export function bannerFormValues(banner: Banner | null | undefined): BannerFormValues {
  return {
    title: banner?.title ?? "",
    description: banner?.description ?? "",
    href: banner?.href ?? "",
    position: banner?.position ?? "top",
    ordering: banner?.ordering ?? 0,
    status: banner?.status ?? "active",
  };
}

export function bannerRequestBody(values: BannerFormValues) {
  const href = values.href.trim();
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    href: href || null,
    position: values.position,
    ordering: ordering(values.ordering),
    status: values.status,
  };
}

// ---- lists ------------------------------------------------------------------------------------------------------

/** Categories in the order the site shows them: by `ordering`, then name. */
export function sortCategories<T extends { ordering: number; name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.ordering - b.ordering || a.name.localeCompare(b.name));
}
