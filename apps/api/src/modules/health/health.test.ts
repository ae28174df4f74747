import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/harness.ts";
import { registerAccess } from "../../platform/access.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("GET /health", () => {
  it("answers ok to anyone", async () => {
    const res = await t.request({ method: "GET", url: "/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok" });
  });

  it("answers unknown routes with a JSON 404", async () => {
    const res = await t.request({ method: "GET", url: "/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
  });

  it("serves the OpenAPI document generated from the contracts", async () => {
    const res = await t.request({ method: "GET", url: "/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/auth/login", "/users/me", "/country-block/check"]),
    );
    // Protected routes carry the bearer requirement and say who may call them; public ones do not.
    expect(doc.paths["/users/search"].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths["/users/search"].get.description).toContain("Who may call it: admin.");
    expect(doc.paths["/users/me"].get.description).toContain("Who may call it: user.");
    expect(doc.paths["/auth/login"].post.security).toBeUndefined();
  });
});

describe("platform guarantees", () => {
  it("refuses to start with a route that does not declare who may call it", async () => {
    const app = Fastify();
    registerAccess(app, {
      resolveToken: async () => null,
      adminTwoFactorRequired: true,
      isCountryBlocked: async () => false,
      isMaintenance: async () => false,
    });
    expect(() => app.get("/undeclared", async () => "x")).toThrow(/does not declare who may call it/);
    await app.close();
  });

  it("answers under the /api prefix too, where the browser reaches it through the site's own origin", async () => {
    const token = await t.login("member");
    const direct = await t.request({ method: "GET", url: "/users/me", token });
    const prefixed = await t.request({ method: "GET", url: "/api/users/me?x=1", token });
    expect(prefixed.statusCode).toBe(200);
    expect(prefixed.json()).toEqual(direct.json());
    expect((await t.request({ method: "GET", url: "/api" })).json()).toMatchObject({ statusCode: 404 });
    // Only the prefix itself: a path that merely starts with the letters is no API path.
    expect((await t.request({ method: "GET", url: "/apihealth" })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    // The OpenAPI document's server is that prefix, so "Try it out" works on the site's origin and on the API's port.
    const doc = (await t.request({ method: "GET", url: "/api/docs/json" })).json();
    expect(doc.servers).toEqual([{ url: "/api" }]);
    // The docs page links its assets under the prefix, so it loads on the site's origin as on the API's port.
    const page = await t.request({ method: "GET", url: "/api/docs" });
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset.startsWith("/api/docs/static/"), asset).toBe(true);
      expect((await t.request({ method: "GET", url: asset })).statusCode, asset).toBe(200);
    }
  });

  it("sends no CORS headers: the site calls the API on its own origin, and other origins get no access", async () => {
    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/users/me",
      headers: { origin: "https://evil.example", "access-control-request-method": "GET" },
    });
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    const get = await t.request({ method: "GET", url: "/health", headers: { origin: "https://evil.example" } });
    expect(get.headers["access-control-allow-origin"]).toBeUndefined();
    expect(get.headers["access-control-allow-credentials"]).toBeUndefined();
  });

  it("sends the security headers", async () => {
    const res = await t.request({ method: "GET", url: "/health" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("answers malformed JSON with a 400 error body, not a 5xx", async () => {
    const res = await t.request({
      method: "POST",
      url: "/settings/keys",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: "Bad Request", message: expect.any(String) });
  });

  it("answers an unsupported content type with 415", async () => {
    const res = await t.request({
      method: "POST",
      url: "/settings/keys",
      headers: { "content-type": "application/xml" },
      body: "<keys/>",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ statusCode: 415, error: "Unsupported Media Type" });
  });

  it("answers a body over the size limit with 413", async () => {
    const res = await t.request({
      method: "POST",
      url: "/settings/keys",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ keys: ["x".repeat(1024 * 1024 + 10)] }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, error: "Payload Too Large" });
  });

  it("documents the site endpoints", async () => {
    const doc = (await t.request({ method: "GET", url: "/docs/json" })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/settings/public",
        "/settings/keys",
        "/contact",
        "/countries/list",
        "/re-captcha/verify",
        "/admin/country-block/{countryCode}",
      ]),
    );
  });
});
