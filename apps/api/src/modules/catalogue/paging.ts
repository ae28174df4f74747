import type { AnyColumn } from "drizzle-orm";
import type { Keyset } from "../../platform/paging.ts";

/** The public sorts of a catalogue list. */
export type CatalogueSort = "newest" | "oldest" | "popular" | "price";
export type SortColumns = Record<"releasedAt" | "views" | "priceCents" | "id", AnyColumn>;

/**
 * The keyset of a public sort over a catalogue table (or a subquery with the same columns): `newest`/`oldest` on
 * the release date, `popular` on views, `price` on the price; `sort` turns each around.
 */
export function catalogueKeyset(sortBy: CatalogueSort, sort: "asc" | "desc", on: SortColumns): Keyset {
  const flip = sort === "asc" ? "desc" : "asc";
  const base = { name: `${sortBy}:${sort}`, id: on.id };
  switch (sortBy) {
    case "newest":
      return { ...base, key: on.releasedAt, kind: "timestamp", direction: sort };
    case "oldest":
      return { ...base, key: on.releasedAt, kind: "timestamp", direction: flip };
    case "popular":
      return { ...base, key: on.views, kind: "int", direction: sort };
    case "price":
      return { ...base, key: on.priceCents, kind: "int", direction: sort };
  }
}

/** The studio's keyset: by creation, newest first unless `oldest` (then `sort` turns it around). */
export function studioKeyset(
  sortBy: "newest" | "oldest",
  sort: "asc" | "desc",
  on: Record<"createdAt" | "id", AnyColumn>,
): Keyset {
  const direction = sortBy === "oldest" ? (sort === "asc" ? "desc" : "asc") : sort;
  return { name: `studio-${sortBy}:${sort}`, key: on.createdAt, kind: "timestamp", id: on.id, direction };
}
