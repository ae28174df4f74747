import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, DEMO_PASSWORD, expectBadRequest, type TestContext } from "../../../test/harness.ts";
import { hashToken } from "../../platform/tokens.ts";
import { SESSION_TOUCH_MS } from "./sessions.ts";
import { sessions } from "./tables.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const UNKNOWN_UUID = "01890000-0000-7000-8000-000000000000";

async function loginFrom(username: string, userAgent: string, ip: string) {
  const res = await t.request({
    method: "POST",
    url: "/auth/login",
    body: { username, password: DEMO_PASSWORD },
    headers: { "user-agent": userAgent, "x-forwarded-for": ip },
  });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

const list = (token?: string) => t.request({ method: "GET", url: "/auth/users/me/sessions", token });
const revoke = (token: string | undefined, id: string) =>
  t.request({ method: "DELETE", url: `/auth/users/me/sessions/${id}`, token });
const revokeOthers = (token?: string) => t.request({ method: "DELETE", url: "/auth/users/me/sessions", token });
const me = (token: string) => t.request({ method: "GET", url: "/users/me", token });

async function sessionRow(token: string) {
  const [row] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row;
}

describe("GET /auth/users/me/sessions", () => {
  it("lists the member's own sessions with device, address and times, the current one marked", async () => {
    const laptop = await loginFrom("member", FIREFOX, "203.0.113.7");
    const phone = await loginFrom("member", IPHONE, "198.51.100.23");
    const someoneElse = await loginFrom("user", FIREFOX, "203.0.113.99");
    const res = await list(laptop);
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json();
    expect(total).toBe(data.length);
    const mine = (await Promise.all([laptop, phone].map(sessionRow))).map((r) => r?.id);
    expect(data.map((s: { _id: string }) => s._id)).toEqual(expect.arrayContaining(mine));
    expect(data.find((s: { _id: string }) => s._id === mine[0])).toMatchObject({
      device: "Firefox on Linux",
      userAgent: FIREFOX,
      ip: "203.0.113.7",
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      current: true,
    });
    expect(data.find((s: { _id: string }) => s._id === mine[1])).toMatchObject({
      device: "Safari on iOS",
      ip: "198.51.100.23",
      current: false,
    });
    expect(data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const other = await sessionRow(someoneElse);
    expect(data.some((s: { _id: string }) => s._id === other?.id)).toBe(false);
    expect(res.body).not.toMatch(/token/i);
  });

  it("refuses visitors and unknown tokens with 401", async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await list("z".repeat(43))).statusCode).toBe(401);
  });
});

describe("last seen", () => {
  it(`is written at most once every ${SESSION_TOUCH_MS / 1000} s per session, not on every request`, async () => {
    const token = await loginFrom("performer", FIREFOX, "203.0.113.8");
    const row = await sessionRow(token);
    const recent = new Date(Date.now() - SESSION_TOUCH_MS / 2);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: recent })
      .where(eq(sessions.id, row?.id as string));
    for (let i = 0; i < 3; i++) expect((await me(token)).statusCode).toBe(200);
    expect((await sessionRow(token))?.lastSeenAt.getTime()).toBe(recent.getTime());

    const stale = new Date(Date.now() - 2 * SESSION_TOUCH_MS);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: stale })
      .where(eq(sessions.id, row?.id as string));
    expect((await me(token)).statusCode).toBe(200);
    const touched = (await sessionRow(token))?.lastSeenAt.getTime() ?? 0;
    expect(touched).toBeGreaterThan(Date.now() - 10_000);
  });
});

describe("DELETE /auth/users/me/sessions/{id}", () => {
  it("logs out one of the member's sessions and leaves the others", async () => {
    const keep = await loginFrom("member", FIREFOX, "203.0.113.10");
    const lost = await loginFrom("member", IPHONE, "203.0.113.11");
    const res = await revoke(keep, (await sessionRow(lost))?.id as string);
    expect(res.statusCode).toBe(204);
    expect((await me(lost)).statusCode).toBe(401);
    expect((await me(keep)).statusCode).toBe(200);
  });

  it("answers 404 for another account's session and leaves it alone", async () => {
    const attacker = await loginFrom("user", FIREFOX, "203.0.113.12");
    const victim = await loginFrom("member", IPHONE, "203.0.113.13");
    const res = await revoke(attacker, (await sessionRow(victim))?.id as string);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
    expect((await me(victim)).statusCode).toBe(200);
  });

  it("answers 404 for an unknown session and a session already logged out", async () => {
    const token = await loginFrom("member", FIREFOX, "203.0.113.14");
    expect((await revoke(token, UNKNOWN_UUID)).statusCode).toBe(404);
    const gone = await loginFrom("member", FIREFOX, "203.0.113.15");
    const id = (await sessionRow(gone))?.id as string;
    expect((await revoke(token, id)).statusCode).toBe(204);
    expect((await revoke(token, id)).statusCode).toBe(404);
  });

  it.each([
    ["an id that is not a uuid", "not-a-uuid"],
    ["a number", "12345"],
    ["an id too long", "a".repeat(150)],
    ["a uuid with extra characters", `${UNKNOWN_UUID}x`],
  ])("refuses %s with 400 naming the parameter", async (_what, id) => {
    const token = await loginFrom("member", FIREFOX, "203.0.113.16");
    expectBadRequest(await revoke(token, id), "params.id");
  });

  it("refuses visitors with 401", async () => {
    expect((await revoke(undefined, UNKNOWN_UUID)).statusCode).toBe(401);
  });
});

describe("DELETE /auth/users/me/sessions", () => {
  it("logs out every other session of the member, keeps this one and no one else's", async () => {
    const current = await loginFrom("member", FIREFOX, "203.0.113.20");
    const others = [
      await loginFrom("member", IPHONE, "203.0.113.21"),
      await loginFrom("member", FIREFOX, "203.0.113.22"),
    ];
    const bystander = await loginFrom("user", FIREFOX, "203.0.113.23");
    const res = await revokeOthers(current);
    expect(res.statusCode).toBe(200);
    expect(res.json().revoked).toBeGreaterThanOrEqual(2);
    for (const token of others) expect((await me(token)).statusCode).toBe(401);
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(bystander)).statusCode).toBe(200);
    const left = (await list(current)).json();
    expect(left).toMatchObject({ total: 1, data: [{ current: true }] });
    expect((await revokeOthers(current)).json()).toEqual({ revoked: 0 });
  });

  it("refuses visitors and unknown tokens with 401", async () => {
    expect((await revokeOthers()).statusCode).toBe(401);
    expect((await revokeOthers("q".repeat(43))).statusCode).toBe(401);
  });
});
