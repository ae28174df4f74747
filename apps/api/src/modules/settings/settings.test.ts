import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, detailPaths, type TestContext } from "../../../test/harness.ts";

let t: TestContext;
let admin: string;
let user: string;
let performer: string;

beforeAll(async () => {
  t = await createTestContext();
  [admin, user, performer] = await Promise.all([t.login("admin"), t.login("user"), t.login("performer")]);
});
afterAll(() => t.close());

describe("GET /settings/public", () => {
  it("gives visitors the public settings with their defaults, and no private ones", async () => {
    const res = await t.request({ method: "GET", url: "/settings/public" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      siteName: "Marquee",
      currency: "USD",
      currencySymbol: "$",
      maintenanceMode: false,
      // A new site's footer links: the footer is an editable menu, seeded with the links it always had.
      menus: [
        { title: "Membership", path: "/membership", section: "footer", isOpenNewTab: false, ordering: 0 },
        { title: "Posts", path: "/posts", section: "footer", isOpenNewTab: false, ordering: 1 },
        { title: "Contact", path: "/contact", section: "footer", isOpenNewTab: false, ordering: 2 },
      ],
    });
    expect(body).not.toHaveProperty("contactEmail");
    expect(body).not.toHaveProperty("performerCommission");
  });

  it("filters by group", async () => {
    const res = await t.request({ method: "GET", url: "/settings/public", query: { group: "payment" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ currency: "USD", currencySymbol: "$" });
  });

  it("answers an empty map for a group with only private settings", async () => {
    const res = await t.request({ method: "GET", url: "/settings/public", query: { group: "email" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });

  it("refuses an unknown group with 400 naming the field", async () => {
    const res = await t.request({ method: "GET", url: "/settings/public", query: { group: "secrets" } });
    expect(res.statusCode).toBe(400);
    expect(detailPaths(res)).toContain("querystring.group");
  });

  it("refuses an unknown query parameter with 400 naming it", async () => {
    const res = await t.request({ method: "GET", url: "/settings/public", query: { foo: "1" } });
    expect(res.statusCode).toBe(400);
    expect(detailPaths(res).join()).toContain("foo");
  });
});

describe("POST /settings/keys", () => {
  it("returns just the asked public settings", async () => {
    const res = await t.request({ method: "POST", url: "/settings/keys", body: { keys: ["siteName", "currency"] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ siteName: "Marquee", currency: "USD" });
  });

  it("refuses a private key", async () => {
    const res = await t.request({
      method: "POST",
      url: "/settings/keys",
      body: { keys: ["siteName", "contactEmail"] },
    });
    expect(res.statusCode).toBe(400);
    expect(detailPaths(res)).toContain("body.keys");
    expect(res.body).not.toContain("admin@marquee.local");
  });

  it("refuses a private key even to an admin (the endpoint is the public one)", async () => {
    const res = await t.request({
      method: "POST",
      url: "/settings/keys",
      token: admin,
      body: { keys: ["performerCommission"] },
    });
    expect(res.statusCode).toBe(400);
  });

  it.each([["nope"], ["constructor"], ["__proto__"], ["toString"]])("refuses the unknown key %s", async (key) => {
    const res = await t.request({ method: "POST", url: "/settings/keys", body: { keys: [key] } });
    expect(res.statusCode).toBe(400);
    expect(detailPaths(res)).toContain("body.keys");
  });

  it.each([
    ["an empty list", { keys: [] }, "body.keys"],
    ["a missing list", {}, "body.keys"],
    ["a list of the wrong type", { keys: "siteName" }, "body.keys"],
    ["a key of the wrong type", { keys: [1] }, "body.keys.0"],
    ["a too long key", { keys: ["x".repeat(61)] }, "body.keys.0"],
    ["too many keys", { keys: Array.from({ length: 51 }, () => "siteName") }, "body.keys"],
    ["an unknown field", { keys: ["siteName"], extra: true }, "body.extra"],
  ])("refuses %s with 400", async (_what, body, path) => {
    const res = await t.request({ method: "POST", url: "/settings/keys", body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(detailPaths(res)).toContain(path);
  });
});

describe("GET /admin/settings", () => {
  it("lists every setting with group, public flag and value to an admin", async () => {
    const res = await t.request({ method: "GET", url: "/admin/settings", token: admin });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { key: string; value: unknown; group: string; public: boolean }[];
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: "contactEmail", value: "admin@marquee.local", group: "email", public: false }),
        expect.objectContaining({ key: "siteName", value: "Marquee", group: "general", public: true }),
      ]),
    );
  });

  it("filters by group", async () => {
    const res = await t.request({
      method: "GET",
      url: "/admin/settings",
      token: admin,
      query: { group: "commission" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { key: string }) => s.key)).toEqual([
      "performerCommission",
      "tipCommission",
      "tipMinimum",
      "tipMaximum",
      "payoutMinimum",
      "payoutMethodHoldDays",
    ]);
  });

  it("refuses an unknown group", async () => {
    const res = await t.request({ method: "GET", url: "/admin/settings", token: admin, query: { group: "x" } });
    expect(res.statusCode).toBe(400);
    expect(detailPaths(res)).toContain("querystring.group");
  });

  it("is for admins only", async () => {
    expect((await t.request({ method: "GET", url: "/admin/settings" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/admin/settings", token: user })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/admin/settings", token: performer })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/admin/settings", token: "x".repeat(40) })).statusCode).toBe(401);
  });
});

describe("PUT /admin/settings/:key", () => {
  it("changes a setting, and visitors see the change", async () => {
    const res = await t.request({
      method: "PUT",
      url: "/admin/settings/siteName",
      token: admin,
      body: { value: "Marquee Live" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key: "siteName", value: "Marquee Live", group: "general", public: true });
    expect(res.json().updatedAt).toEqual(expect.any(String));

    const pub = await t.request({ method: "GET", url: "/settings/public" });
    expect(pub.json().siteName).toBe("Marquee Live");
    const keys = await t.request({ method: "POST", url: "/settings/keys", body: { keys: ["siteName"] } });
    expect(keys.json()).toEqual({ siteName: "Marquee Live" });

    const again = await t.request({
      method: "PUT",
      url: "/admin/settings/siteName",
      token: admin,
      body: { value: "Marquee" },
    });
    expect(again.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/settings/public" })).json().siteName).toBe("Marquee");
  });

  it("keeps the smallest tip at or below the largest: a change that crosses them is a 422 naming the value", async () => {
    const put = (key: string, value: number) =>
      t.request({ method: "PUT", url: `/admin/settings/${key}`, token: admin, body: { value } });
    const above = await put("tipMinimum", 600);
    expect(above.statusCode).toBe(422);
    expect(above.json().message).toBe("Invalid value for tipMinimum: must be at most tipMaximum (500)");
    expect(detailPaths(above)).toEqual(["body.value"]);

    expect((await put("tipMaximum", 20)).statusCode).toBe(200);
    const below = await put("tipMinimum", 25);
    expect(below.json().message).toBe("Invalid value for tipMinimum: must be at most tipMaximum (20)");
    expect((await put("tipMinimum", 5)).statusCode).toBe(200);
    const under = await put("tipMaximum", 4);
    expect(under.statusCode).toBe(422);
    expect(under.json().message).toBe("Invalid value for tipMaximum: must be at least tipMinimum (5)");
    // Equal ends are a range of one amount, which is allowed.
    expect((await put("tipMaximum", 5)).statusCode).toBe(200);

    const pub = await t.request({
      method: "POST",
      url: "/settings/keys",
      body: { keys: ["tipMinimum", "tipMaximum"] },
    });
    expect(pub.json()).toEqual({ tipMinimum: 5, tipMaximum: 5 });
    expect((await put("tipMinimum", 1)).statusCode).toBe(200);
    expect((await put("tipMaximum", 500)).statusCode).toBe(200);
  });

  it("stores validated menus, filling defaults, and publishes them", async () => {
    const menus = [
      { title: "Movies", path: "/movies", section: "header" },
      { title: "Terms", path: "/terms", section: "footer", isOpenNewTab: true, ordering: 2 },
    ];
    const res = await t.request({ method: "PUT", url: "/admin/settings/menus", token: admin, body: { value: menus } });
    expect(res.statusCode).toBe(200);
    const expected = [
      { title: "Movies", path: "/movies", section: "header", isOpenNewTab: false, ordering: 0 },
      { title: "Terms", path: "/terms", section: "footer", isOpenNewTab: true, ordering: 2 },
    ];
    expect(res.json().value).toEqual(expected);
    const pub = await t.request({ method: "GET", url: "/settings/public", query: { group: "general" } });
    expect(pub.json().menus).toEqual(expected);
  });

  it("refuses invalid menus with details naming the item field", async () => {
    const res = await t.request({
      method: "PUT",
      url: "/admin/settings/menus",
      token: admin,
      body: { value: [{ title: "Movies", path: "/movies", section: "sidebar" }] },
    });
    expect(res.statusCode).toBe(400);
    expect(detailPaths(res)).toContain("body.value.0.section");

    const noTitle = await t.request({
      method: "PUT",
      url: "/admin/settings/menus",
      token: admin,
      body: { value: [{ path: "/movies", section: "header" }] },
    });
    expect(noTitle.statusCode).toBe(400);
    expect(detailPaths(noTitle)).toContain("body.value.0.title");

    const notArray = await t.request({
      method: "PUT",
      url: "/admin/settings/menus",
      token: admin,
      body: { value: "x" },
    });
    expect(notArray.statusCode).toBe(400);
    expect(detailPaths(notArray)).toContain("body.value");
  });

  it.each([
    ["maintenanceMode", "yes"],
    ["maintenanceMode", null],
    ["siteName", 42],
    ["siteName", ""],
    ["siteName", "x".repeat(81)],
    ["currency", "usd"],
    ["contactEmail", "not-an-email"],
    ["performerCommission", 1.5],
    ["bannerAutoplaySpeed", 10.5],
  ])("refuses %s = %j with 400 naming body.value", async (key, value) => {
    const res = await t.request({ method: "PUT", url: `/admin/settings/${key}`, token: admin, body: { value } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(detailPaths(res)).toContain("body.value");
  });

  it("refuses a missing value and an unknown field", async () => {
    const missing = await t.request({ method: "PUT", url: "/admin/settings/siteName", token: admin, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(detailPaths(missing)).toContain("body.value");
    const extra = await t.request({
      method: "PUT",
      url: "/admin/settings/siteName",
      token: admin,
      body: { value: "A", public: false },
    });
    expect(extra.statusCode).toBe(400);
    expect(detailPaths(extra)).toContain("body.public");
  });

  it.each([["nope"], ["constructor"], ["__proto__"], ["hasOwnProperty"]])(
    "refuses the unknown key %s with 400, not a crash",
    async (key) => {
      const res = await t.request({ method: "PUT", url: `/admin/settings/${key}`, token: admin, body: { value: "x" } });
      expect(res.statusCode).toBe(400);
      expect(detailPaths(res)).toContain("params.key");
    },
  );

  it("refuses a too long key", async () => {
    const res = await t.request({
      method: "PUT",
      url: `/admin/settings/${"k".repeat(61)}`,
      token: admin,
      body: { value: "x" },
    });
    expect(res.statusCode).toBe(400);
    expect(detailPaths(res)).toContain("params.key");
  });

  it("keeps private settings private after a change", async () => {
    const res = await t.request({
      method: "PUT",
      url: "/admin/settings/contactEmail",
      token: admin,
      body: { value: "Team@Example.com" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key: "contactEmail", public: false });
    const pub = await t.request({ method: "GET", url: "/settings/public" });
    expect(pub.body).not.toContain("Team@Example.com");
  });

  it("is for admins only", async () => {
    const body = { value: "Hacked" };
    expect((await t.request({ method: "PUT", url: "/admin/settings/siteName", body })).statusCode).toBe(401);
    expect((await t.request({ method: "PUT", url: "/admin/settings/siteName", token: user, body })).statusCode).toBe(
      403,
    );
    expect(
      (await t.request({ method: "PUT", url: "/admin/settings/siteName", token: performer, body })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: "GET", url: "/settings/public" })).json().siteName).not.toBe("Hacked");
  });
});
