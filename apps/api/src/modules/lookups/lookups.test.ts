import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/harness.ts";

let t: TestContext;
let user: string;

beforeAll(async () => {
  t = await createTestContext();
  user = await t.login("user");
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.request({ method: "GET", url, token });

describe("GET /countries/list", () => {
  it("lists every country by code and name, sorted by name, cacheable", async () => {
    const res = await get("/countries/list");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("max-age");
    const list = res.json() as { code: string; name: string; native: string }[];
    expect(list).toContainEqual(expect.objectContaining({ code: "GB", name: "United Kingdom" }));
    expect(list).toContainEqual(expect.objectContaining({ code: "US", name: "United States" }));
    expect(list.length).toBeGreaterThan(240);
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
  });

  it("answers users as well as visitors", async () => {
    expect((await get("/countries/list", user)).statusCode).toBe(200);
  });
});

describe("GET /languages/list", () => {
  it("includes English", async () => {
    const res = await get("/languages/list");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({ code: "en", name: "English", native: "English" });
  });
});

describe("GET /phone-codes/list", () => {
  it("gives dial codes with a plus sign", async () => {
    const res = await get("/phone-codes/list");
    expect(res.statusCode).toBe(200);
    const list = res.json() as { code: string; name: string; dialCode: string }[];
    expect(list).toContainEqual({ code: "GB", name: "United Kingdom", dialCode: "+44" });
    expect(list).toContainEqual(expect.objectContaining({ code: "US", dialCode: "+1" }));
    for (const p of list) expect(p.dialCode).toMatch(/^\+\d{1,4}$/);
  });
});

describe("GET /user-additional", () => {
  it("gives the performer directory's option lists as value/text pairs", async () => {
    const res = await get("/user-additional");
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, { value: string; text: string }[]>;
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining(["genders", "ethnicities", "bodyTypes", "hairColors", "eyeColors", "heights"]),
    );
    expect(body.genders).toContainEqual({ value: "female", text: "Female" });
    expect(body.genders).toContainEqual({ value: "non-binary", text: "Non binary" });
    for (const list of Object.values(body)) {
      expect(list.length).toBeGreaterThan(0);
      for (const o of list) expect(o.text.length).toBeGreaterThan(0);
    }
  });

  it("uses the same gender values the profile accepts", async () => {
    const genders = (await get("/user-additional")).json().genders as { value: string }[];
    for (const { value } of genders) {
      const res = await t.request({ method: "PUT", url: "/users", token: user, body: { gender: value } });
      expect(res.statusCode, value).toBe(200);
      expect(res.json().gender).toBe(value);
    }
  });
});

describe("lookup lists", () => {
  it.each([["/countries/list"], ["/languages/list"], ["/phone-codes/list"], ["/user-additional"]])(
    "%s only answers GET",
    async (url) => {
      const res = await t.request({ method: "POST", url, body: {} });
      expect(res.statusCode).toBe(404);
    },
  );
});
