import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, DEMO_PASSWORD, type TestContext } from "../../../test/harness.ts";
import { LOGIN_LIMITS } from "./service.ts";

// Every password check goes through argon2's verify: wrapping it counts how many guesses really got checked.
const argon2 = vi.hoisted(() => ({ verifyCalls: 0 }));
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon2.verifyCalls += 1;
      return real.verify(...args);
    },
  };
});

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const login = (username: string, password: string, ip: string) =>
  t.request({ method: "POST", url: "/auth/login", body: { username, password }, headers: { "x-forwarded-for": ip } });

/** 100 logins sent at once. */
const inParallel = (attempt: (i: number) => ReturnType<typeof login>) =>
  Promise.all(Array.from({ length: 100 }, (_, i) => attempt(i)));

describe("the login throttle under parallel guesses", () => {
  it(`lets at most ${LOGIN_LIMITS.perAccount} of 100 parallel wrong passwords for one account reach the password check`, async () => {
    argon2.verifyCalls = 0;
    // Each guess from its own address, as a botnet would: only the per-account limit stands in the way.
    const answers = await inParallel((i) => login("member", `wrong-guess-${i}`, `10.77.0.${i + 1}`));
    expect(argon2.verifyCalls).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 422)).toHaveLength(argon2.verifyCalls);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - argon2.verifyCalls);
    // The right password waits out the window too.
    expect((await login("member", DEMO_PASSWORD, "10.78.0.1")).statusCode).toBe(429);
  });

  it(`lets at most ${LOGIN_LIMITS.perIp} of 100 parallel wrong passwords from one address reach the password check`, async () => {
    argon2.verifyCalls = 0;
    // A different (unknown) account each time: only the per-address limit stands in the way.
    const answers = await inParallel((i) => login(`ghost_${i}`, "wrong-guess", "10.79.0.1"));
    expect(argon2.verifyCalls).toBeLessThanOrEqual(LOGIN_LIMITS.perIp);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(100 - LOGIN_LIMITS.perIp);
  });
});
