import { describe, expect, it } from "vitest";
import { isForbidden, pageHandleFor, pages } from "./pages.ts";

describe("page handles", () => {
  it("finds the handle of each path", () => {
    expect(pageHandleFor("/account")).toEqual({ layout: "primary", requiresAuth: true, noRedirect: false });
    expect(pageHandleFor("/auth/login").layout).toBe("auth");
    expect(pageHandleFor("/movies/abc")).toBe(pages.movie.handle);
    expect(pageHandleFor("/")).toBe(pages.home.handle);
    expect(pageHandleFor("/nope/at/all")).toBe(pages.notFound.handle);
  });

  it("opens the catalogue to visitors: movies, galleries and photos", () => {
    expect(pageHandleFor("/movies")).toBe(pages.movies.handle);
    expect(pageHandleFor("/galleries")).toBe(pages.galleries.handle);
    expect(pageHandleFor("/galleries/0190c0de-0000-7000-8000-000000000000")).toBe(pages.gallery.handle);
    expect(pageHandleFor("/photos")).toBe(pages.photos.handle);
    for (const page of [pages.movies, pages.movie, pages.galleries, pages.gallery, pages.photos]) {
      expect(page.handle).toEqual({ layout: "primary", requiresAuth: false, noRedirect: false });
    }
  });

  it("protects every admin page", () => {
    for (const path of [
      "/admin",
      "/admin/settings",
      "/admin/countries",
      "/admin/users",
      "/admin/categories",
      "/admin/posts",
      "/admin/banners",
      "/admin/performers",
      "/admin/catalogue",
      "/admin/orders",
      "/admin/comments",
      "/admin/orders/0190c0de-0000-7000-8000-000000000000",
    ]) {
      expect(pageHandleFor(path), path).toEqual({
        layout: "primary",
        requiresAuth: true,
        noRedirect: false,
        adminOnly: true,
      });
    }
    expect(pageHandleFor("/admin/nope")).toBe(pages.notFound.handle);
  });

  it("keeps the studio for performers and admins", () => {
    for (const path of [
      "/studio",
      "/studio/movies",
      "/studio/galleries",
      "/studio/products",
      "/studio/profile",
      "/studio/orders",
    ]) {
      const handle = pageHandleFor(path);
      expect(handle, path).toEqual({ layout: "primary", requiresAuth: true, noRedirect: false, performerOnly: true });
      expect(isForbidden(handle, "performer"), path).toBe(false);
      expect(isForbidden(handle, "admin"), path).toBe(false);
      expect(isForbidden(handle, "user"), path).toBe(true);
      expect(isForbidden(handle, undefined), path).toBe(true);
    }
    expect(pageHandleFor("/studio/nope")).toBe(pages.notFound.handle);
  });

  it("lets the cancelled-payment page render for a visitor (no-redirect) and shows the sandbox gateway bare", () => {
    expect(pageHandleFor("/payment/cancel")).toEqual({ layout: "primary", requiresAuth: true, noRedirect: true });
    expect(pageHandleFor("/payment/success")).toEqual({ layout: "primary", requiresAuth: true, noRedirect: false });
    expect(pageHandleFor("/payment/sandbox/0190c0de-0000-7000-8000-000000000000")).toEqual({
      layout: "public",
      requiresAuth: true,
      noRedirect: false,
    });
  });

  it("refuses admin pages to everyone but admins, and open pages to nobody", () => {
    expect(isForbidden(pages.adminPosts.handle, "admin")).toBe(false);
    expect(isForbidden(pages.adminPosts.handle, "performer")).toBe(true);
    expect(isForbidden(pages.adminPosts.handle, null)).toBe(true);
    expect(isForbidden(pages.home.handle, undefined)).toBe(false);
    expect(isForbidden(pages.account.handle, "user")).toBe(false);
  });
});
