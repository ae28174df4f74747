import { describe, expect, it } from "vitest";
import { blockableCountries, pageCount, USERS_PAGE_SIZE, usersSearchQuery } from "./admin.ts";

describe("usersSearchQuery", () => {
  it("asks for one page of 20, newest first, leaving blank filters out", () => {
    expect(usersSearchQuery({ q: "  ", role: null, status: null, page: 1 })).toEqual({
      q: undefined,
      role: undefined,
      status: undefined,
      limit: USERS_PAGE_SIZE,
      offset: 0,
      sortBy: "createdAt",
      sort: "desc",
    });
  });

  it("passes filters and turns the page into an offset", () => {
    expect(usersSearchQuery({ q: " uma ", role: "admin", status: "inactive", page: 3 })).toMatchObject({
      q: "uma",
      role: "admin",
      status: "inactive",
      offset: 40,
    });
    expect(usersSearchQuery({ q: "", role: null, status: null, page: 0 }).offset).toBe(0);
    expect(usersSearchQuery({ q: "", role: null, status: null, page: Number.NaN }).offset).toBe(0);
  });
});

describe("pageCount", () => {
  it("rounds up and never returns zero", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
    expect(pageCount(-5)).toBe(1);
    expect(pageCount(7, 3)).toBe(3);
  });
});

describe("blockableCountries", () => {
  it("leaves out blocked countries and sorts by name", () => {
    const countries = [
      { code: "GB", name: "United Kingdom" },
      { code: "FR", name: "France" },
      { code: "DE", name: "Germany" },
    ];
    expect(blockableCountries(countries, [{ countryCode: "de" }])).toEqual([
      { value: "FR", label: "France (FR)" },
      { value: "GB", label: "United Kingdom (GB)" },
    ]);
  });
});
