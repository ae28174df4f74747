import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, expectBadRequest, type TestContext } from "../../test/harness.ts";

/**
 * Every stored link follows one rule (packages/contracts/src/links.ts): a path on this site or an http(s)
 * address. The admin routes that store links refuse anything else with a 400 naming the field.
 */
let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login("admin");
});
afterAll(() => t.close());

/** Links that browsers read as another site or as script, each once with a tab, a newline, a backslash... */
const OFF_SITE = [
  "/\t/evil.example/x",
  "/\n/evil.example/x",
  "/\\evil.example",
  "//evil.example",
  "/%09/evil.example",
  "/..//evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\nscript:alert(1)",
  "data:text/html,x",
  "vbscript:msgbox(1)",
  "https:evil.example",
  "/\u00a0/evil.example",
];

const setting = (key: string, value: unknown) =>
  t.request({ method: "PUT", url: `/admin/settings/${key}`, token: admin, body: { value } });

describe("stored links", () => {
  it.each(OFF_SITE)("banners refuse %j on create and update", async (href) => {
    expectBadRequest(
      await t.request({ method: "POST", url: "/admin/banners", token: admin, body: { title: "x", href } }),
      "body.href",
    );
    const made = await t.request({ method: "POST", url: "/admin/banners", token: admin, body: { title: "ok" } });
    expect(made.statusCode).toBe(201);
    const id = made.json()._id as string;
    expectBadRequest(
      await t.request({ method: "PUT", url: `/admin/banners/${id}`, token: admin, body: { href } }),
      "body.href",
    );
  });

  it.each(OFF_SITE)("menus, logo, favicon and the login picture refuse %j", async (link) => {
    const menus = [
      { title: "Home", path: "/", section: "header" },
      { title: "Away", path: link, section: "footer" },
    ];
    expectBadRequest(await setting("menus", menus), "body.value.1.path");
    for (const key of ["logo", "favicon", "loginPlaceholderImage"])
      expectBadRequest(await setting(key, link), "body.value");
  });

  it("keeps paths on the site and http(s) addresses, trimmed", async () => {
    const menus = [
      { title: "Movies", path: " /movies ", section: "header" },
      { title: "Blog", path: "https://blog.example.com/", section: "footer", isOpenNewTab: true },
    ];
    const res = await setting("menus", menus);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.map((m: { path: string }) => m.path)).toEqual(["/movies", "https://blog.example.com/"]);
    expect((await setting("logo", "https://cdn.example.com/logo.png")).statusCode).toBe(200);
    // Empty: the web shows its default picture.
    expect((await setting("favicon", "")).statusCode).toBe(200);
    const banner = await t.request({
      method: "POST",
      url: "/admin/banners",
      token: admin,
      body: { title: "Sale", href: "/movies?sortBy=newest" },
    });
    expect(banner.statusCode).toBe(201);
    expect(banner.json().href).toBe("/movies?sortBy=newest");
  });
});
