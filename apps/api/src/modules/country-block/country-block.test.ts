import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, detailPaths, IP_IN, type TestContext } from "../../../test/harness.ts";

let t: TestContext;
let admin: string;
let user: string;
let performer: string;

beforeAll(async () => {
  t = await createTestContext();
  [admin, user, performer] = await Promise.all([t.login("admin"), t.login("user"), t.login("performer")]);
});
afterAll(() => t.close());

const from = (ip: string) => ({ "x-forwarded-for": ip });
const check = (ip?: string) =>
  t.request({ method: "GET", url: "/country-block/check", ...(ip ? { headers: from(ip) } : {}) });

describe("GET /country-block/check", () => {
  it("resolves the caller's country and says it is not blocked while the list is empty", async () => {
    const res = await check(IP_IN.GB);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ blocked: false, countryCode: "GB" });
    expect((await check(IP_IN.US)).json()).toEqual({ blocked: false, countryCode: "US" });
  });

  it("answers a private or unknown address with no country", async () => {
    expect((await check()).json()).toEqual({ blocked: false, countryCode: null });
    expect((await check("10.0.0.1")).json()).toEqual({ blocked: false, countryCode: null });
  });

  it("reads IPv4-mapped IPv6 addresses and shrugs off a malformed forwarded address", async () => {
    expect((await check(`::ffff:${IP_IN.GB}`)).json()).toEqual({ blocked: false, countryCode: "GB" });
    const bad = await check("not-an-address");
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toEqual({ blocked: false, countryCode: null });
  });

  it("takes the client from the last untrusted hop of X-Forwarded-For", async () => {
    expect((await check(`${IP_IN.US}, ${IP_IN.GB}, 127.0.0.1`)).json().countryCode).toBe("GB");
  });
});

describe("managing the blocked list", () => {
  it("is for admins only", async () => {
    for (const [token, status] of [
      [undefined, 401],
      [user, 403],
      [performer, 403],
    ] as const) {
      expect((await t.request({ method: "GET", url: "/admin/country-block", token })).statusCode).toBe(status);
      const add = await t.request({ method: "POST", url: "/admin/country-block", token, body: { countryCode: "RU" } });
      expect(add.statusCode).toBe(status);
      expect((await t.request({ method: "DELETE", url: "/admin/country-block/RU", token })).statusCode).toBe(status);
    }
    const list = await t.request({ method: "GET", url: "/admin/country-block", token: admin });
    expect(list.json()).toEqual([]);
  });

  it.each([
    ["an unknown code", { countryCode: "ZZ" }],
    ["a three-letter code", { countryCode: "GBR" }],
    ["digits", { countryCode: "12" }],
    ["a missing code", {}],
    ["a number", { countryCode: 44 }],
    ["an unknown field", { countryCode: "GB", reason: "x" }],
  ])("refuses %s with 400 naming the field", async (_what, body) => {
    const res = await t.request({ method: "POST", url: "/admin/country-block", token: admin, body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(detailPaths(res).some((p) => p.startsWith("body."))).toBe(true);
    expect(detailPaths(res).join()).toMatch(/countryCode|reason/);
  });

  it("adds a country (201), accepting lowercase, lists it and is idempotent", async () => {
    const res = await t.request({
      method: "POST",
      url: "/admin/country-block",
      token: admin,
      body: { countryCode: "gb" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ countryCode: "GB", name: "United Kingdom", createdAt: expect.any(String) });

    const twice = await t.request({
      method: "POST",
      url: "/admin/country-block",
      token: admin,
      body: { countryCode: "GB" },
    });
    expect(twice.statusCode).toBe(201);
    expect(twice.json().createdAt).toBe(res.json().createdAt);

    const list = await t.request({ method: "GET", url: "/admin/country-block", token: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ countryCode: "GB", name: "United Kingdom", createdAt: res.json().createdAt }]);
  });

  describe("once GB is blocked", () => {
    it("tells GB visitors they are blocked and US visitors they are not", async () => {
      expect((await check(IP_IN.GB)).json()).toEqual({ blocked: true, countryCode: "GB" });
      expect((await check(IP_IN.US)).json()).toEqual({ blocked: false, countryCode: "US" });
    });

    it("refuses content endpoints to GB addresses with GeoBlocked", async () => {
      const list = await t.request({ method: "GET", url: "/countries/list", headers: from(IP_IN.GB) });
      expect(list.statusCode).toBe(403);
      expect(list.json()).toMatchObject({ statusCode: 403, error: "GeoBlocked" });
      expect(list.json().message).toMatch(/not available on your country/);

      const contact = await t.request({
        method: "POST",
        url: "/contact",
        headers: from(IP_IN.GB),
        body: { name: "Blocked", email: "b@example.com", message: "Can you hear me from here?" },
      });
      expect(contact.statusCode).toBe(403);
      expect(contact.json().error).toBe("GeoBlocked");

      const asUser = await t.request({ method: "PUT", url: "/users", token: user, headers: from(IP_IN.GB), body: {} });
      expect(asUser.statusCode).toBe(403);
      expect(asUser.json().error).toBe("GeoBlocked");
    });

    it("serves the same endpoints to other countries", async () => {
      expect((await t.request({ method: "GET", url: "/countries/list", headers: from(IP_IN.US) })).statusCode).toBe(
        200,
      );
      expect((await t.request({ method: "GET", url: "/countries/list", headers: from(IP_IN.RU) })).statusCode).toBe(
        200,
      );
    });

    it("never blocks private or unknown addresses", async () => {
      for (const ip of ["127.0.0.1", "10.0.0.1", "192.168.1.20", "::1"]) {
        const res = await t.request({ method: "GET", url: "/countries/list", headers: from(ip) });
        expect(res.statusCode, ip).toBe(200);
        expect((await check(ip)).json().blocked, ip).toBe(false);
      }
      expect((await t.request({ method: "GET", url: "/countries/list" })).statusCode).toBe(200);
    });

    it("keeps the check, settings, health and admin routes open to GB", async () => {
      expect((await t.request({ method: "GET", url: "/settings/public", headers: from(IP_IN.GB) })).statusCode).toBe(
        200,
      );
      expect((await t.request({ method: "GET", url: "/health", headers: from(IP_IN.GB) })).statusCode).toBe(200);
      const adminList = await t.request({
        method: "GET",
        url: "/admin/country-block",
        token: admin,
        headers: from(IP_IN.GB),
      });
      expect(adminList.statusCode).toBe(200);
      // An admin travelling in a blocked country can still reach content to check the site.
      const asAdmin = await t.request({ method: "GET", url: "/countries/list", token: admin, headers: from(IP_IN.GB) });
      expect(asAdmin.statusCode).toBe(200);
    });

    it("unblocks with DELETE (204), then 404 for a code not on the list", async () => {
      const del = await t.request({ method: "DELETE", url: "/admin/country-block/GB", token: admin });
      expect(del.statusCode).toBe(204);
      expect(del.body).toBe("");
      const again = await t.request({ method: "DELETE", url: "/admin/country-block/GB", token: admin });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ statusCode: 404, error: "Not Found" });

      expect((await check(IP_IN.GB)).json()).toEqual({ blocked: false, countryCode: "GB" });
      expect((await t.request({ method: "GET", url: "/countries/list", headers: from(IP_IN.GB) })).statusCode).toBe(
        200,
      );
      expect((await t.request({ method: "GET", url: "/admin/country-block", token: admin })).json()).toEqual([]);
    });
  });

  it("accepts a lowercase code in DELETE and refuses a malformed one with 400", async () => {
    await t.request({ method: "POST", url: "/admin/country-block", token: admin, body: { countryCode: "RU" } });
    expect((await t.request({ method: "DELETE", url: "/admin/country-block/ru", token: admin })).statusCode).toBe(204);
    const bad = await t.request({ method: "DELETE", url: "/admin/country-block/RUS", token: admin });
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad)).toContain("params.countryCode");
  });
});

describe("behind a proxy the operator did not configure", () => {
  let other: TestContext;
  beforeAll(async () => {
    other = await createTestContext({ TRUSTED_PROXIES: "10.9.9.9" });
    const adminToken = await other.login("admin");
    const res = await other.request({
      method: "POST",
      url: "/admin/country-block",
      token: adminToken,
      body: { countryCode: "GB" },
    });
    expect(res.statusCode).toBe(201);
  });
  afterAll(() => other.close());

  it("ignores X-Forwarded-For: the client is the connecting address", async () => {
    const res = await other.request({ method: "GET", url: "/country-block/check", headers: from(IP_IN.GB) });
    expect(res.json()).toEqual({ blocked: false, countryCode: null });
    const content = await other.request({ method: "GET", url: "/countries/list", headers: from(IP_IN.GB) });
    expect(content.statusCode).toBe(200);
  });

  it("honours X-Forwarded-For from the configured proxy", async () => {
    const res = await other.app.inject({
      method: "GET",
      url: "/country-block/check",
      remoteAddress: "10.9.9.9",
      headers: from(IP_IN.GB),
    });
    expect(res.json()).toEqual({ blocked: true, countryCode: "GB" });
  });
});
