import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, IP_IN, type TestContext } from "../../../test/harness.ts";

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login("admin");
});
afterAll(() => t.close());

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

async function setting(key: string, value: unknown) {
  const res = await t.request({ method: "PUT", url: `/admin/settings/${key}`, token: admin, body: { value } });
  expect(res.statusCode, res.body).toBe(200);
}

async function check(opts: { ip?: string; cookie?: string; path?: string; ua?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.ip) headers["x-forwarded-for"] = opts.ip;
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.ua) headers["user-agent"] = opts.ua;
  const res = await t.request({
    method: "GET",
    url: "/age-gate/check",
    query: opts.path ? { path: opts.path } : {},
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    mode: string;
    countryCode: string | null;
    applies: boolean;
    passed: boolean;
    required: boolean;
  };
}

describe("the age gate", () => {
  it("is a click-through for everyone on a new site, until the browser carries the cookie", async () => {
    const settings = (await t.request({ method: "GET", url: "/settings/public" })).json();
    expect(settings.ageGate).toBe("click-through");
    expect(settings.ageGateCountries).toEqual([]);
    expect(await check({ ip: IP_IN.US, path: "/movies" })).toEqual({
      mode: "click-through",
      countryCode: "US",
      applies: true,
      passed: false,
      required: true,
    });
    expect((await check({ path: "/movies" })).required).toBe(true);
    const passed = await check({ ip: IP_IN.US, path: "/movies", cookie: "theme=dark; age_verified=1" });
    expect(passed).toMatchObject({ passed: true, required: false });
    // Only the cookie's own value counts.
    expect((await check({ path: "/movies", cookie: "age_verified=0" })).required).toBe(true);
    expect((await check({ path: "/movies", cookie: "not_age_verified=1" })).required).toBe(true);
  });

  it("never stands before the legal pages, the gate itself or robots.txt", async () => {
    for (const path of [
      "/posts/terms",
      "/posts/privacy",
      "/posts/2257",
      "/posts/dmca",
      "/posts/refunds",
      "/posts/TERMS/",
      "/age-check",
      "/age-check/exit",
      "/robots.txt",
    ]) {
      expect((await check({ path })).required, path).toBe(false);
    }
    for (const path of ["/", "/posts/new-this-month", "/posts", "/posts/terms/comments", "/performers/luna"]) {
      expect((await check({ path })).required, path).toBe(true);
    }
  });

  it("treats crawlers as visitors: the legal pages only, whatever their User-Agent says", async () => {
    expect((await check({ ua: GOOGLEBOT, path: "/movies" })).required).toBe(true);
    expect((await check({ ua: GOOGLEBOT, path: "/posts/2257" })).required).toBe(false);
  });

  it("in listed countries only, by the address's country", async () => {
    await setting("ageGate", "countries");
    await setting("ageGateCountries", ["gb", "DE"]);
    const settings = (await t.request({ method: "GET", url: "/settings/public" })).json();
    expect(settings.ageGateCountries).toEqual(["GB", "DE"]);
    expect(await check({ ip: IP_IN.GB, path: "/movies" })).toMatchObject({
      mode: "countries",
      countryCode: "GB",
      required: true,
    });
    expect((await check({ ip: IP_IN.GB, path: "/movies", cookie: "age_verified=1" })).required).toBe(false);
    expect(await check({ ip: IP_IN.US, path: "/movies" })).toMatchObject({ countryCode: "US", required: false });
    // An address no country is known for is not in a listed country.
    expect(await check({ ip: "10.0.0.1", path: "/movies" })).toMatchObject({ countryCode: null, required: false });
    expect((await check({ ip: IP_IN.GB, path: "/posts/terms" })).required).toBe(false);
  });

  it("is off when set off", async () => {
    await setting("ageGate", "off");
    expect(await check({ ip: IP_IN.GB, path: "/movies" })).toMatchObject({ mode: "off", required: false });
    await setting("ageGate", "click-through");
    expect((await check({ ip: IP_IN.GB, path: "/movies" })).required).toBe(true);
  });

  it("refuses a mode or country code it does not know, naming the field", async () => {
    const mode = await t.request({
      method: "PUT",
      url: "/admin/settings/ageGate",
      token: admin,
      body: { value: "on" },
    });
    expect(mode.statusCode).toBe(400);
    expect(mode.json().message).toContain("ageGate");
    const codes = await t.request({
      method: "PUT",
      url: "/admin/settings/ageGateCountries",
      token: admin,
      body: { value: ["GB", "Britain"] },
    });
    expect(codes.statusCode).toBe(400);
    expect(JSON.stringify(codes.json())).toContain("body.value.1");
    expect(JSON.stringify(codes.json())).toContain("Use ISO 3166-1 alpha-2 codes such as GB");
    const path = await t.request({ method: "GET", url: "/age-gate/check", query: { path: "movies" } });
    expect(path.statusCode).toBe(400);
  });
});
