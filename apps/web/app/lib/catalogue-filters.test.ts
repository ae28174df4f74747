import { describe, expect, it } from "vitest";
import {
  CATALOGUE_PAGE_SIZE,
  defaultFilters,
  filtersToApiQuery,
  filtersToSearch,
  hasActiveFilters,
  normalizeTag,
  parseFilters,
} from "./catalogue-filters.ts";

const parse = (qs: string) => parseFilters(new URLSearchParams(qs));

describe("catalogue filters in the URL", () => {
  it("reads category, access, tags, sort and search", () => {
    expect(parse("category=Outdoor&access=members&tags=Beach&tags=sunset&sort=popular&q=%20summer%20")).toEqual({
      q: "summer",
      category: "outdoor",
      access: "members",
      tags: ["beach", "sunset"],
      sort: "popular",
    });
  });

  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual(defaultFilters);
    expect(hasActiveFilters(parse(""))).toBe(false);
    expect(hasActiveFilters(parse("sort=oldest"))).toBe(false);
    expect(hasActiveFilters(parse("tags=x"))).toBe(true);
  });

  it("drops values the API would refuse", () => {
    const f = parse(
      `access=vip&sort=random&category=${encodeURIComponent("no spaces!")}&tags=${"x".repeat(41)}&tags=%20`,
    );
    expect(f).toEqual(defaultFilters);
  });

  it("keeps at most ten distinct tags", () => {
    const qs = Array.from({ length: 14 }, (_, i) => `tags=t${i % 12}`).join("&");
    const tags = parse(`${qs}&tags=T0`).tags;
    expect(tags).toHaveLength(10);
    expect(new Set(tags).size).toBe(10);
  });

  it("writes the filters back without the defaults, and round-trips", () => {
    expect(filtersToSearch(defaultFilters)).toBe("");
    const filters = parse("access=sale&tags=a&tags=b&sort=price&category=studio");
    const search = filtersToSearch(filters);
    expect(search).toBe("?category=studio&access=sale&tags=a&tags=b&sort=price");
    expect(parse(search.slice(1))).toEqual(filters);
  });

  it("normalises tags like the API does", () => {
    expect(normalizeTag("  Beach ")).toBe("beach");
    expect(normalizeTag("   ")).toBeNull();
  });
});

describe("the API query of the filters", () => {
  it("asks for the newest page by default", () => {
    expect(filtersToApiQuery(defaultFilters, null)).toEqual({ sortBy: "newest", limit: CATALOGUE_PAGE_SIZE });
  });

  it("filters by category id, access and tags, and sorts prices cheapest first", () => {
    const query = filtersToApiQuery(parse("category=studio&access=sale&tags=a&sort=price&q=x"), "cat-id", 12);
    expect(query).toEqual({
      sortBy: "price",
      sort: "asc",
      limit: 12,
      q: "x",
      categoryIds: ["cat-id"],
      access: "sale",
      tags: ["a"],
    });
  });

  it("leaves the category out when the slug matched no category", () => {
    expect(filtersToApiQuery(parse("category=nope"), null)).not.toHaveProperty("categoryIds");
  });
});
