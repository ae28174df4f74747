import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestContext,
  DEMO_PASSWORD,
  detailPaths,
  enrolTwoFactor,
  newAccount,
  type TestContext,
  totpCode,
} from "../../../test/harness.ts";
import { createSecretBox } from "../../platform/secret-box.ts";
import { sessions, twoFactors } from "./tables.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

const NEXT_STEP = 30_000;
const login = (username: string, extra: Record<string, unknown> = {}) =>
  t.request({ method: "POST", url: "/auth/login", body: { username, password: DEMO_PASSWORD, ...extra } });
const answer = (body: Record<string, unknown>, ip?: string) =>
  t.request({
    method: "POST",
    url: "/auth/login/two-factor",
    body,
    ...(ip ? { headers: { "x-forwarded-for": ip } } : {}),
  });
/** Makes the session's last password older than the 5 minutes a sensitive change allows. */
const staleReauth = (userId: string) =>
  t.database.db
    .update(sessions)
    .set({ reauthenticatedAt: new Date(Date.now() - 10 * 60_000) })
    .where(eq(sessions.userId, userId));

describe("enrolment", () => {
  it("shows a QR code and the secret, turns on with a current code, and shows 10 recovery codes once", async () => {
    const member = await newAccount(t, "user");
    await t.request({
      method: "POST",
      url: "/auth/reauthenticate",
      token: member.token,
      body: { password: DEMO_PASSWORD },
    });
    const before = await t.request({ method: "GET", url: "/auth/two-factor", token: member.token });
    expect(before.json()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });

    const setup = await t.request({ method: "POST", url: "/auth/two-factor/setup", token: member.token });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/Marquee:${member.username}?issuer=Marquee&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(",")[1], "base64").toString()).toContain("<svg");
    // Stored encrypted: the database alone does not give the secret away.
    const [row] = await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, member.id));
    expect(row?.secret).toMatch(/^v1\./);
    expect(row?.secret).not.toContain(secret);

    const wrong = await t.request({
      method: "POST",
      url: "/auth/two-factor/confirm",
      token: member.token,
      body: { code: totpCode(secret, Date.now() - 5 * 60_000) },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe("That code is not correct. Check your authenticator app and try again.");
    expect(detailPaths(wrong)).toEqual(["body.code"]);
    const malformed = await t.request({
      method: "POST",
      url: "/auth/two-factor/confirm",
      token: member.token,
      body: { code: "12ab" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(detailPaths(malformed)).toEqual(["body.code"]);

    const confirm = await t.request({
      method: "POST",
      url: "/auth/two-factor/confirm",
      token: member.token,
      body: { code: totpCode(secret) },
    });
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const after = (await t.request({ method: "GET", url: "/auth/two-factor", token: member.token })).json();
    expect(after).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await t.request({ method: "GET", url: "/users/me", token: member.token })).json().twoFactorEnabled).toBe(
      true,
    );
    // A second set-up while it is on is refused.
    expect((await t.request({ method: "POST", url: "/auth/two-factor/setup", token: member.token })).statusCode).toBe(
      409,
    );
  });
});

describe("signing in with two-factor on", () => {
  let member: { id: string; username: string; token: string };
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    member = await newAccount(t, "user");
    ({ secret, recoveryCodes } = await enrolTwoFactor(t, member.token));
  });

  it("asks for a code after the password: no session exists until then, and a code works once", async () => {
    const first = await login(member.username);
    expect(first.statusCode).toBe(200);
    const { challenge, twoFactorRequired, token } = first.json();
    expect(twoFactorRequired).toBe(true);
    expect(token).toBeUndefined();
    // The challenge is no session: neither the API nor the socket's auth/login (the same lookup) takes it.
    expect((await t.request({ method: "GET", url: "/users/me", token: challenge })).statusCode).toBe(401);

    // The enrolment used the current step's code; the next step's is accepted (one step of clock drift).
    const code = totpCode(secret, Date.now() + NEXT_STEP);
    const signedIn = await answer({ challenge, code });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().deviceToken).toBeNull();
    expect((await t.request({ method: "GET", url: "/users/me", token: signedIn.json().token })).statusCode).toBe(200);
    // The challenge is spent.
    expect((await answer({ challenge, code })).statusCode).toBe(422);

    // The same code, replayed on a new sign-in, is refused.
    const again = (await login(member.username)).json().challenge;
    const replayed = await answer({ challenge: again, code });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().message).toBe("That code was already used. Wait for the next one in your app.");
    expect(detailPaths(replayed)).toEqual(["body.code"]);
  });

  it("takes a recovery code instead, once", async () => {
    const challenge = (await login(member.username)).json().challenge;
    const used = recoveryCodes[0] as string;
    const ok = await answer({ challenge, recoveryCode: used.toUpperCase() });
    expect(ok.statusCode).toBe(200);
    const status = await t.request({ method: "GET", url: "/auth/two-factor", token: ok.json().token });
    expect(status.json().recoveryCodesLeft).toBe(9);

    const next = (await login(member.username)).json().challenge;
    const reused = await answer({ challenge: next, recoveryCode: used });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe("That recovery code is not correct or was already used.");
    expect(detailPaths(reused)).toEqual(["body.recoveryCode"]);
  });

  it("says to use a recovery code when the site's key no longer opens the account's secret, and takes one", async () => {
    const other = await newAccount(t, "user");
    const enrolled = await enrolTwoFactor(t, other.token);
    // What a changed TWO_FACTOR_SECRET (or a lost key file) leaves: a secret sealed by a key this site does not have.
    const foreign = createSecretBox("a-key-this-site-does-not-have", "two-factor").seal(enrolled.secret);
    await t.database.db.update(twoFactors).set({ secret: foreign }).where(eq(twoFactors.userId, other.id));
    const challenge = (await login(other.username)).json().challenge;
    const refused = await answer({ challenge, code: totpCode(enrolled.secret, Date.now() + NEXT_STEP) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This site can no longer read your two-factor key. Sign in with one of your recovery codes, then turn two-factor sign-in on again.",
    );
    expect(detailPaths(refused)).toEqual(["body.code"]);
    const recovered = await answer({ challenge, recoveryCode: enrolled.recoveryCodes[0] });
    expect(recovered.statusCode).toBe(200);
  });

  it("trusts a browser that asked for 30 days, until the other sessions are logged out", async () => {
    const challenge = (await login(member.username)).json().challenge;
    const trusted = await answer({ challenge, recoveryCode: recoveryCodes[1], trustDevice: true });
    const { token, deviceToken } = trusted.json();
    expect(deviceToken).toEqual(expect.any(String));
    const direct = await login(member.username, { deviceToken });
    expect(direct.json().token).toEqual(expect.any(String));
    // Another account's trusted browser does not count for this one.
    const stranger = await login(member.username, { deviceToken: t.trustedDevices.get("admin") ?? "x".repeat(40) });
    expect(stranger.json().twoFactorRequired).toBe(true);

    expect((await t.request({ method: "DELETE", url: "/auth/users/me/sessions", token })).statusCode).toBe(200);
    expect((await login(member.username, { deviceToken })).json().twoFactorRequired).toBe(true);
  });

  it("throttles wrong codes per account: the sixth in 15 minutes gets 429, even a right one", async () => {
    const victim = await newAccount(t, "user");
    const { secret: victimSecret } = await enrolTwoFactor(t, victim.token);
    const challenge = (await login(victim.username)).json().challenge;
    const wrong = totpCode(victimSecret, Date.now() - 10 * 60_000);
    for (let i = 0; i < 5; i++) {
      expect((await answer({ challenge, code: wrong }, `203.0.113.${i + 1}`)).statusCode).toBe(422);
    }
    const blocked = await answer({ challenge, code: totpCode(victimSecret, Date.now() + NEXT_STEP) }, "203.0.113.9");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe("Too many wrong codes. Try again in 15 minutes.");
  });
});

describe("admins", () => {
  it("cannot use an admin route until they turn two-factor sign-in on", async () => {
    const admin = await newAccount(t, "admin", "gate", { twoFactor: false });
    const refused = await t.request({ method: "GET", url: "/users/search", token: admin.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: "TwoFactorRequired",
      message: "Turn on two-factor sign-in (My account → Security) before using the admin tools.",
    });
    const status = (await t.request({ method: "GET", url: "/auth/two-factor", token: admin.token })).json();
    expect(status).toMatchObject({ enabled: false, required: true });

    await enrolTwoFactor(t, admin.token);
    expect((await t.request({ method: "GET", url: "/users/search", token: admin.token })).statusCode).toBe(200);
  });
});

describe("re-authentication", () => {
  it("asks for the password again before a change to two-factor sign-in when the last one is over 5 minutes old", async () => {
    const member = await newAccount(t, "user");
    // Signing in does not count: a session found signed in is not enough.
    const signedIn = await t.request({ method: "POST", url: "/auth/two-factor/setup", token: member.token });
    expect(signedIn.statusCode).toBe(403);
    expect(signedIn.json().error).toBe("ReauthenticationRequired");
    await enrolTwoFactor(t, member.token);
    await staleReauth(member.id);
    const stale = await t.request({ method: "POST", url: "/auth/two-factor/recovery-codes", token: member.token });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({
      error: "ReauthenticationRequired",
      message: "Enter your password again: it is asked for within 5 minutes of this change.",
    });
    expect((await t.request({ method: "DELETE", url: "/auth/two-factor", token: member.token })).statusCode).toBe(403);

    const wrong = await t.request({
      method: "POST",
      url: "/auth/reauthenticate",
      token: member.token,
      body: { password: "not-the-password" },
    });
    expect(wrong.statusCode).toBe(422);
    expect(detailPaths(wrong)).toEqual(["body.password"]);
    const ok = await t.request({
      method: "POST",
      url: "/auth/reauthenticate",
      token: member.token,
      body: { password: DEMO_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(new Date(ok.json().reauthenticatedUntil).getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);

    const fresh = await t.request({ method: "POST", url: "/auth/two-factor/recovery-codes", token: member.token });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().recoveryCodes).toHaveLength(10);
    expect((await t.request({ method: "DELETE", url: "/auth/two-factor", token: member.token })).statusCode).toBe(204);
    expect((await login(member.username)).json().token).toEqual(expect.any(String));
  });
});

describe("payout details", () => {
  const details = { method: "bank", accountName: "Pat Payee", account: "GB33 BUKB 2020 1555 5555 55" };

  it("need two-factor sign-in and a fresh password to change", async () => {
    const performer = await newAccount(t, "performer");
    const put = (body: unknown = details) =>
      t.request({ method: "PUT", url: "/performers/me/payout-details", token: performer.token, body });
    const without = await put();
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({
      error: "TwoFactorRequired",
      message: "Turn on two-factor sign-in (My account → Security) before changing your payout details.",
    });

    await enrolTwoFactor(t, performer.token);
    await staleReauth(performer.id);
    expect((await put()).json().error).toBe("ReauthenticationRequired");
    await t.request({
      method: "POST",
      url: "/auth/reauthenticate",
      token: performer.token,
      body: { password: DEMO_PASSWORD },
    });
    const bad = await put({ ...details, accountName: "" });
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad)).toEqual(["body.accountName"]);
    const saved = await put();
    expect(saved.statusCode).toBe(200);
    const read = await t.request({ method: "GET", url: "/performers/me/payout-details", token: performer.token });
    expect(read.json().payoutDetails).toMatchObject(details);
    // Members have none to change.
    const member = await newAccount(t, "user");
    expect(
      (await t.request({ method: "PUT", url: "/performers/me/payout-details", token: member.token, body: details }))
        .statusCode,
    ).toBe(403);
  });
});
