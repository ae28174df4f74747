import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, detailPaths, expectBadRequest, type TestContext } from "../../test/harness.ts";
import { multipart, pngOf } from "../../test/multipart.ts";

/**
 * PostgreSQL refuses NUL characters and unpaired surrogates in text and jsonb with a server error; the API refuses
 * them first, on every route, with a 400 naming the field (DESIGN section 9).
 */
let t: TestContext;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login("admin");
  member = await t.login("user");
});
afterAll(() => t.close());

const NUL = "a\u0000b";
const LONE_SURROGATE = "a\ud800b";

describe("a NUL character in a text field", () => {
  it("POST /auth/login names the field", async () => {
    const res = await t.request({
      method: "POST",
      url: "/auth/login",
      body: { username: NUL, password: "whatever-1" },
    });
    expectBadRequest(res, "body.username");
    expect(res.json().message).toContain("body.username");
  });

  it("POST /auth/users/register names every bad field", async () => {
    const res = await t.request({
      method: "POST",
      url: "/auth/users/register",
      body: { username: "nulname", email: "nul@example.com", password: NUL.repeat(4), name: NUL },
    });
    expectBadRequest(res, "body.password");
    expect(detailPaths(res)).toContain("body.name");
  });

  it("POST /contact", async () => {
    const res = await t.request({
      method: "POST",
      url: "/contact",
      body: { name: "Ann", email: "ann@example.com", message: `Hello there ${NUL}` },
    });
    expectBadRequest(res, "body.message");
  });

  it("PUT /users", async () => {
    const res = await t.request({ method: "PUT", url: "/users", token: member, body: { bio: NUL } });
    expectBadRequest(res, "body.bio");
  });

  it("GET /users/view/%00 (a path parameter)", async () => {
    const res = await t.request({ method: "GET", url: "/users/view/%00" });
    expectBadRequest(res, "params.id");
  });

  it("GET /users/search?q=%00 (a query parameter)", async () => {
    const res = await t.request({ method: "GET", url: "/users/search?q=%00", token: admin });
    expectBadRequest(res, "querystring.q");
  });

  it("PUT /admin/settings/:key, deep inside a JSON value and in an object key", async () => {
    const menus = [{ title: NUL, path: "/contact", section: "footer", isOpenNewTab: false, ordering: 0 }];
    const res = await t.request({ method: "PUT", url: "/admin/settings/menus", token: admin, body: { value: menus } });
    expectBadRequest(res, "body.value.0.title");

    const key = await t.request({
      method: "PUT",
      url: "/admin/settings/siteName",
      token: admin,
      body: { value: { "\u0000": 1 } },
    });
    expectBadRequest(key, "body.value");
  });
});

describe("an unpaired surrogate in a text field", () => {
  it("is refused in a JSON body, also one written by hand", async () => {
    expectBadRequest(
      await t.request({
        method: "PUT",
        url: "/admin/settings/siteName",
        token: admin,
        body: { value: LONE_SURROGATE },
      }),
      "body.value",
    );
    // A JSON body written by hand, as JSON.stringify would never send a lone surrogate escaped like this.
    const raw = await t.app.inject({
      method: "POST",
      url: "/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"username":"\\udc00x","password":"whatever-1"}',
    });
    expectBadRequest(raw, "body.username");
  });

  it("keeps well-formed text, emoji (surrogate pairs) included", async () => {
    const res = await t.request({ method: "PUT", url: "/users", token: member, body: { bio: "Hi 🎬 ünïcode" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().bio).toBe("Hi 🎬 ünïcode");
  });
});

describe("multipart uploads", () => {
  it("never store the client's text fields or file name, so NULs there do no harm", async () => {
    const up = multipart([
      { name: "note", data: NUL },
      { name: "file", filename: `pic${NUL}.png`, contentType: "image/png", data: await pngOf(32, 32) },
    ]);
    const res = await t.request({
      method: "POST",
      url: "/users/avatar/upload",
      token: member,
      body: up.body,
      headers: up.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().avatar).not.toContain("\u0000");
  });

  it("a NUL in the field name is a 400 naming the file field", async () => {
    const up = multipart([
      { name: `fi${NUL}le`, filename: "a.png", contentType: "image/png", data: await pngOf(8, 8) },
    ]);
    const res = await t.request({
      method: "POST",
      url: "/users/avatar/upload",
      token: member,
      body: up.body,
      headers: up.headers,
    });
    expectBadRequest(res, "file");
  });
});
