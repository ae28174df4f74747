import { describe, expect, it } from "vitest";
import { pageHandleFor, pages } from "./pages.ts";

describe("page handles", () => {
  it("finds the handle of each path", () => {
    expect(pageHandleFor("/account")).toEqual({ layout: "primary", requiresAuth: true, noRedirect: false });
    expect(pageHandleFor("/auth/login").layout).toBe("auth");
    expect(pageHandleFor("/movies/abc")).toBe(pages.movie.handle);
    expect(pageHandleFor("/")).toBe(pages.home.handle);
    expect(pageHandleFor("/nope/at/all")).toBe(pages.notFound.handle);
  });
});
