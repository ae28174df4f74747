import { type AdminAsset, adminAssetsQuery, updateAdminAssetBody } from "@marquee/contracts/admin-assets";
import { describe, expect, it } from "vitest";
import {
  assetEditBody,
  assetEditErrors,
  assetEditValues,
  assetFilters,
  assetsQuery,
  isFiltered,
  publicPath,
} from "./admin-assets.ts";

const ID = "0190d5a0-0000-7000-8000-0000000000c1";

const asset: AdminAsset = {
  kind: "gallery",
  _id: ID,
  slug: "city-lights",
  title: "City lights",
  access: "members",
  price: null,
  status: "active",
  listed: true,
  processing: null,
  thumbnail: null,
  performers: [],
  takedown: null,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
};

describe("the catalogue screen's filters", () => {
  it("reads nothing from an empty URL and asks for the first page of everything", () => {
    const filters = assetFilters(new URLSearchParams());
    expect(isFiltered(filters)).toBe(false);
    const query = assetsQuery(filters);
    expect(query).toEqual({
      kind: undefined,
      performerId: undefined,
      status: undefined,
      access: undefined,
      takenDown: undefined,
      q: undefined,
      limit: 20,
      offset: 0,
    });
  });

  it("turns the URL's filters into the API's query, which the contract accepts", () => {
    const params = new URLSearchParams({
      kind: "galleries",
      performer: ID,
      status: "inactive",
      access: "sale",
      takenDown: "yes",
      q: " lights ",
      page: "3",
    });
    const filters = assetFilters(params);
    expect(isFiltered(filters)).toBe(true);
    const query = assetsQuery(filters);
    expect(query).toMatchObject({
      kind: "gallery",
      performerId: ID,
      status: "inactive",
      access: "sale",
      takenDown: "true",
      q: "lights",
      offset: 40,
    });
    expect(adminAssetsQuery.parse(query)).toMatchObject({ kind: "gallery", takenDown: true, offset: 40 });
    expect(assetsQuery(assetFilters(new URLSearchParams({ kind: "movies", takenDown: "no" })))).toMatchObject({
      kind: "video",
      takenDown: "false",
    });
  });

  it("ignores values it does not know", () => {
    const filters = assetFilters(new URLSearchParams({ kind: "photos", status: "gone", performer: "luna" }));
    expect(filters).toMatchObject({ kind: "all", status: "all", performer: "luna" });
    expect(assetsQuery(filters)).toMatchObject({ kind: undefined, status: undefined, performerId: undefined });
  });
});

describe("the edit form <-> API body", () => {
  it("sends the trimmed title and no price unless for sale", () => {
    const values = assetEditValues(asset);
    expect(values).toEqual({ title: "City lights", status: "active", access: "members", price: "" });
    const body = assetEditBody({ ...values, title: "  Night lights ", price: 4 });
    expect(body).toEqual({ title: "Night lights", status: "active", access: "members", price: null });
    expect(updateAdminAssetBody.safeParse(body).success).toBe(true);
    expect(assetEditErrors(values, "gallery")).toEqual({});
  });

  it("asks for a title and for a valid price when for sale", () => {
    const values = { ...assetEditValues(asset), title: " ", access: "sale" as const };
    expect(assetEditErrors(values, "gallery")).toEqual({
      title: "Title is required",
      price: "A gallery for sale needs a price",
    });
    expect(assetEditErrors({ ...values, title: "x", price: 0.1 }, "video")).toEqual({
      price: "The lowest price is 0.50",
    });
    expect(assetEditBody({ ...values, price: 9.99 }).price).toBe(9.99);
  });

  it("links each kind to its public page", () => {
    expect(publicPath(asset)).toBe("/galleries/city-lights");
    expect(publicPath({ kind: "video", slug: "a b" })).toBe("/movies/a%20b");
  });
});
