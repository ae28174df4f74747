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

  it("protects every admin page", () => {
    for (const path of ["/admin", "/admin/settings", "/admin/countries", "/admin/users"]) {
      expect(pageHandleFor(path), path).toEqual({
        layout: "primary",
        requiresAuth: true,
        noRedirect: false,
        adminOnly: true,
      });
    }
    expect(pageHandleFor("/admin/nope")).toBe(pages.notFound.handle);
  });
});
