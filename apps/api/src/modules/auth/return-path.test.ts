import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, expectBadRequest, lastLinkTo, type TestContext } from "../../../test/harness.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

let seq = 0;
const fresh = () => {
  seq += 1;
  const username = `wayback_${seq}`;
  return { username, email: `${username}@example.test`, name: `Way back ${seq}`, password: "correct horse battery" };
};
const register = (body: object) =>
  t.request({
    method: "POST",
    url: "/auth/users/register",
    body,
    headers: { "x-forwarded-for": `10.77.0.${seq + 1}` },
  });

describe("sign-up keeps the way back to the page it started from", () => {
  it("puts the page on the mailed verification link", async () => {
    const a = fresh();
    expect((await register({ ...a, next: "/movies/42?autoplay=1" })).statusCode).toBe(201);
    const link = new URL(lastLinkTo(t.mailer, a.email));
    expect(link.pathname).toBe("/auth/verify-email");
    expect(link.searchParams.get("next")).toBe("/movies/42?autoplay=1");
    expect(link.searchParams.get("token")?.length).toBeGreaterThanOrEqual(20);
  });

  it("mails a plain link when sign-up started nowhere in particular", async () => {
    const a = fresh();
    expect((await register(a)).statusCode).toBe(201);
    expect(new URL(lastLinkTo(t.mailer, a.email)).searchParams.has("next")).toBe(false);
  });

  it.each([
    ["an absolute URL", "https://evil.example/movies/42"],
    ["a protocol-relative URL", "//evil.example/movies/42"],
    ["a backslash trick", "/\\evil.example"],
    ["a relative path", "movies/42"],
  ])("refuses %s with 400 naming the field, and mails nothing", async (_what, next) => {
    const a = fresh();
    const res = await register({ ...a, next });
    expectBadRequest(res, "body.next");
    expect(JSON.stringify(res.json())).toContain("must be a path on this site, such as /movies/123");
    expect(t.mailer.outbox.filter((m) => m.to === a.email)).toHaveLength(0);
  });
});
