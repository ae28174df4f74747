import {
  type LoginBody,
  type LoginResponse,
  REAUTH_MINUTES,
  REMEMBER_DAYS,
  type RegisterBody,
  SESSION_DAYS,
} from "@marquee/contracts/auth";
import { hash, verify } from "@node-rs/argon2";
import { isNotNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { conflict, tooManyRequests, unprocessable } from "../../platform/errors.ts";
import type { Jobs } from "../../platform/jobs.ts";
import type { Mailer } from "../../platform/mailer.ts";
import { createSecretBox } from "../../platform/secret-box.ts";
import type { Throttle } from "../../platform/throttle.ts";
import { newToken } from "../../platform/tokens.ts";
import type { CaptchaGate } from "../recaptcha/service.ts";
import type { SettingsService } from "../settings/service.ts";
import type { Accounts, UserRow } from "../users/accounts.ts";
import { createEmailChange } from "./email-change.ts";
import { createMailTokens } from "./mail-tokens.ts";
import { createSessionsService, type OnSessionsEnded } from "./sessions.ts";
import { emailTokens, sessions } from "./tables.ts";
import { type CodeInput, createTwoFactor } from "./two-factor.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const FAILURE_WINDOW_MS = 15 * 60_000;
/** Failed password checks allowed per account and per address in the window before 429 (DESIGN section 9). */
export const LOGIN_LIMITS = { perAccount: 5, perIp: 20 } as const;
/** Sign-ups allowed per address and per client address in an hour before 429. */
export const REGISTER_LIMITS = { perAddress: 5, perIp: 10 } as const;

export const AUTH_JOBS = { sendPasswordReset: "auth.sendPasswordReset" } as const;

const loginAccountKey = (accountId: string) => `login:account:${accountId}`;
const loginIpKey = (ip: string) => `login:ip:${ip}`;

// Verifying against a real hash when the account does not exist keeps both paths equally slow.
const dummyHash = hash("marquee-timing-equaliser");

export const hashPassword = (password: string) => hash(password);

export function createAuthService(deps: {
  db: Db;
  /** The users module's accounts: auth never names the users table. */
  accounts: Accounts;
  mailer: Mailer;
  throttle: Throttle;
  settings: SettingsService;
  jobs: Jobs;
  /** The sign-up form's captcha. */
  captcha: CaptchaGate;
  /** The site's public origin (PUBLIC_URL): every link in a mail starts with it, never with a request's Host. */
  publicUrl: string;
  /** Told the ids of every session that ends (logout, revocation, password change or reset, deactivation, expiry). */
  onSessionsEnded?: OnSessionsEnded;
  /** Encrypts the TOTP secrets at rest (config.ts `twoFactorKeyOf`). */
  twoFactorKey: string;
  /** Must admins turn two-factor sign-in on (ADMIN_2FA_REQUIRED)? */
  adminTwoFactorRequired: boolean;
  /** Told of each new account that came with a tracking link's code (commerce/offers counts its sign-ups). */
  onSignup?: (userId: string, ref: string) => Promise<void>;
}) {
  const { db, accounts, mailer, throttle, settings, jobs } = deps;
  const sessionsService = createSessionsService(db, deps.onSessionsEnded);
  const tokens = createMailTokens(db);
  const twoFactor = createTwoFactor({
    db,
    throttle,
    settings,
    box: createSecretBox(deps.twoFactorKey, "two-factor"),
    adminRequired: deps.adminTwoFactorRequired,
  });

  async function startSession(userId: string, remember: boolean, meta: { ip: string; userAgent?: string }) {
    const { token, hash: tokenHash } = newToken();
    const days = remember ? REMEMBER_DAYS : SESSION_DAYS;
    await db.insert(sessions).values({
      userId,
      tokenHash,
      expiresAt: new Date(Date.now() + days * DAY),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300),
    });
    return token;
  }

  /** Ends every other session and forgets the trusted browsers ("log out all", a new password). */
  async function logOutEverywhere(userId: string, exceptSessionId?: string) {
    await sessionsService.forgetTrustedDevices(userId);
    return sessionsService.revokeAll(userId, exceptSessionId);
  }

  /**
   * Checks a password under the login throttle. The attempt is counted before the (slow) check by one atomic
   * increment-and-return, so parallel guesses cannot all read a count under the limit and all get checked;
   * a correct password clears the account's failures and gives the address its attempt back.
   */
  async function checkPasswordThrottled(accountKey: string, ip: string, passwordHash: string, password: string) {
    const ipKey = loginIpKey(ip);
    const [perAccount, perIp] = await Promise.all([
      throttle.hit(accountKey, FAILURE_WINDOW_MS),
      throttle.hit(ipKey, FAILURE_WINDOW_MS),
    ]);
    if (perAccount > LOGIN_LIMITS.perAccount || perIp > LOGIN_LIMITS.perIp) {
      throw tooManyRequests("Too many failed attempts. Try again in 15 minutes.");
    }
    const ok = await verify(passwordHash, password);
    if (ok) await Promise.all([throttle.reset(accountKey), throttle.release(ipKey)]);
    return ok;
  }

  /** Refuses with 422 on `body.currentPassword` unless `password` is the account's own (throttled like login). */
  async function confirmCurrentPassword(user: UserRow, password: string, ip: string) {
    if (!(await checkPasswordThrottled(loginAccountKey(user.id), ip, user.passwordHash, password))) {
      throw unprocessable("Your current password is not correct.", [
        { path: "body.currentPassword", message: "is not your current password" },
      ]);
    }
  }

  async function sendPasswordReset(email: string) {
    const user = await accounts.byEmail(email);
    if (user?.status !== "active") return;
    const token = await tokens.issue(user.id, "reset-password");
    const link = `${deps.publicUrl}/auth/reset-password?token=${token}`;
    await mailer.send({
      to: user.email,
      subject: "Reset your password",
      text: `Hi ${user.name},\n\nSet a new password by opening this link within one hour:\n\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.`,
      links: [link],
    });
  }

  /** `next`, a path on this site checked by the body's schema, rides on the link so the way back survives the mail. */
  async function sendVerification(user: Pick<UserRow, "id" | "email" | "name">, next?: string) {
    // Only the newest link may verify: an older one was mailed to whatever address the account had then,
    // and must not confirm an address changed since.
    await tokens.retire(user.id, ["verify-email"]);
    const token = await tokens.issue(user.id, "verify-email");
    const link = `${deps.publicUrl}/auth/verify-email?token=${token}${next ? `&next=${encodeURIComponent(next)}` : ""}`;
    const siteName = await settings.get("siteName");
    await mailer.send({
      to: user.email,
      subject: `Confirm your email for ${siteName}`,
      text: `Hi ${user.name},\n\nConfirm your email address by opening this link within 48 hours:\n\n${link}\n\nIf you did not create an account, ignore this mail.`,
      links: [link],
    });
  }

  const emailChange = createEmailChange({
    db,
    accounts,
    mailer,
    throttle,
    settings,
    tokens,
    confirmCurrentPassword,
    publicUrl: deps.publicUrl,
  });

  return {
    sendVerification,
    requestEmailChange: emailChange.request,
    pendingEmailOf: emailChange.pendingEmailOf,
    confirmEmailChange: emailChange.confirm,

    async registerJobs() {
      await jobs.work<{ email: string }>(AUTH_JOBS.sendPasswordReset, (data) => sendPasswordReset(String(data?.email)));
    },

    async register({ captchaToken, next, ref, ...body }: RegisterBody, ip: string) {
      // Nothing is counted, looked up or mailed for a sign-up the captcha refuses.
      await deps.captcha.requirePass(captchaToken, ip);
      // Counted per address whether or not it has an account, so the limit tells nothing about it.
      const [perAddress, perIp] = await Promise.all([
        throttle.hit(`register:address:${body.email}`, HOUR),
        throttle.hit(`register:ip:${ip}`, HOUR),
      ]);
      if (perAddress > REGISTER_LIMITS.perAddress || perIp > REGISTER_LIMITS.perIp) {
        throw tooManyRequests("Too many sign-ups. Try again in an hour.");
      }
      // The username and the email may belong to two different accounts: look at both rows.
      const taken = await accounts.clashes(body.username, body.email);
      if (taken.some((row) => row.username === body.username)) {
        throw conflict("This username is taken.", [{ path: "body.username", message: "already taken" }]);
      }
      const siteName = await settings.get("siteName");
      if (taken.length) {
        // Do not reveal that the email is registered: answer as for a new account, and tell its owner instead.
        await hashPassword(body.password);
        // One warning an hour per address: sign-ups must not be a way to flood someone's inbox.
        if ((await throttle.hit(`register:warned:${body.email}`, HOUR)) > 1) return;
        await mailer.send({
          to: body.email,
          subject: `Someone tried to sign up to ${siteName} with your email`,
          text: `Someone (from ${ip}) tried to create a new account with this address. You already have one: log in, or reset your password at ${deps.publicUrl}/auth/forgot-password.`,
          links: [`${deps.publicUrl}/auth/forgot-password`],
        });
        return;
      }
      const needsVerification = await settings.get("requireEmailVerification");
      const user = await accounts.insert({
        username: body.username,
        email: body.email,
        name: body.name,
        passwordHash: await hashPassword(body.password),
        verifiedEmail: !needsVerification,
      });
      if (!user) throw conflict("This username is taken.", [{ path: "body.username", message: "already taken" }]);
      if (ref) await deps.onSignup?.(user.id, ref);
      if (needsVerification) await sendVerification(user, next);
    },

    async login(body: LoginBody, meta: { ip: string; userAgent?: string }): Promise<LoginResponse> {
      const identifier = body.username.trim().toLowerCase();
      const user = await accounts.byLogin(identifier);
      // Count failures per account, not per typed identifier: its username and its email share one limit.
      const accountKey = loginAccountKey(user ? user.id : identifier);
      const ok = await checkPasswordThrottled(
        accountKey,
        meta.ip,
        user ? user.passwordHash : await dummyHash,
        body.password,
      );
      if (!user || !ok) throw unprocessable("Incorrect credentials!");
      if (user.status !== "active") throw unprocessable("This account has been deactivated. Contact us for help.");
      if (!user.verifiedEmail && (await settings.get("requireEmailVerification"))) {
        throw unprocessable("Please verify your email address first. Check your inbox for the link.");
      }
      // With two-factor sign-in on, no session exists until a code answers the challenge, unless this browser
      // passed that step before and was trusted.
      if ((await twoFactor.isEnabled(user.id)) && !(await twoFactor.isTrusted(user.id, body.deviceToken))) {
        return { twoFactorRequired: true, ...(await twoFactor.openChallenge(user.id, body.remember)) };
      }
      return { token: await startSession(user.id, body.remember, meta) };
    },

    /** The code step of a sign-in: a TOTP or recovery code answers the challenge, and the session starts. */
    async loginTwoFactor(
      body: CodeInput & { challenge: string; trustDevice: boolean },
      meta: { ip: string; userAgent?: string },
    ): Promise<{ token: string; deviceToken: string | null }> {
      const expired = () =>
        unprocessable("This sign-in has expired. Enter your password again.", [
          { path: "body.challenge", message: "is unknown or expired" },
        ]);
      const challenge = await twoFactor.challengeOf(body.challenge);
      if (!challenge) throw expired();
      const user = await accounts.byId(challenge.userId);
      if (user?.status !== "active") throw expired();
      await twoFactor.check(user.id, body, meta.ip);
      if (!(await twoFactor.closeChallenge(challenge.id))) throw expired();
      const token = await startSession(user.id, challenge.remember, meta);
      const deviceToken = body.trustDevice ? await twoFactor.issueTrust(user.id, meta.userAgent) : null;
      return { token, deviceToken };
    },

    /** The password typed again: sensitive changes are allowed in this session for REAUTH_MINUTES. */
    async reauthenticate(user: UserRow, sessionId: string, password: string, ip: string) {
      if (!(await checkPasswordThrottled(loginAccountKey(user.id), ip, user.passwordHash, password))) {
        throw unprocessable("That password is not correct.", [
          { path: "body.password", message: "is not your password" },
        ]);
      }
      const at = await sessionsService.markReauthenticated(sessionId);
      return { reauthenticatedUntil: new Date(at.getTime() + REAUTH_MINUTES * 60_000).toISOString() };
    },

    twoFactorStatus: twoFactor.status,
    twoFactorSetup: twoFactor.setup,
    isTwoFactorEnabled: twoFactor.isEnabled,
    twoFactorAmong: twoFactor.enabledAmong,

    /** Turns two-factor sign-in on with a current code; the other sessions end (they never gave a code). */
    async twoFactorConfirm(
      user: UserRow,
      sessionId: string,
      body: { code: string; trustDevice: boolean },
      meta: { ip: string; userAgent?: string },
    ) {
      const recoveryCodes = await twoFactor.confirm(user, body.code, meta.ip);
      await sessionsService.revokeAll(user.id, sessionId);
      const deviceToken = body.trustDevice ? await twoFactor.issueTrust(user.id, meta.userAgent) : null;
      return { recoveryCodes, deviceToken };
    },

    twoFactorDisable: twoFactor.disable,

    async twoFactorRecoveryCodes(userId: string) {
      return { recoveryCodes: await twoFactor.regenerateRecoveryCodes(userId), deviceToken: null };
    },

    resolveToken: sessionsService.resolveToken,
    isSessionLive: sessionsService.isLive,
    listSessions: sessionsService.list,
    revokeSession: sessionsService.revoke,
    /** "Log out all other sessions" (and deactivation): the trusted browsers are forgotten too. */
    revokeSessions: logOutEverywhere,

    logout: sessionsService.endOne,

    async verifyEmail(token: string) {
      const userId = (await tokens.consume(token, "verify-email"))?.userId;
      if (!userId) throw unprocessable("This verification link is invalid or has expired. Ask for a new one.");
      await accounts.update(userId, { verifiedEmail: true });
    },

    async resendVerification(email: string) {
      if ((await throttle.hit(`verify-resend:${email}`, 3_600_000)) > 5) return;
      const user = await accounts.byEmail(email);
      if (user && !user.verifiedEmail && user.status === "active") await sendVerification(user);
    },

    async forgotPassword(email: string) {
      if ((await throttle.hit(`forgot:${email}`, HOUR)) > 5) return;
      // The answer must take as long for an unknown address as for a known one: the request only counts and
      // queues; looking the address up, issuing the link and mailing it happen after the reply.
      await jobs.send(AUTH_JOBS.sendPasswordReset, { email });
    },

    async resetPassword(token: string, password: string) {
      const userId = (await tokens.consume(token, "reset-password"))?.userId;
      if (!userId) throw unprocessable("This reset link is invalid or has expired. Ask for a new one.");
      // Following the mailed link proves the address, so it counts as verified.
      await accounts.update(userId, { passwordHash: await hashPassword(password), verifiedEmail: true });
      await logOutEverywhere(userId);
      // Recovering the account also drops an email change someone asked for with the old password.
      await tokens.retire(userId, ["change-email"]);
    },

    /** Deletes expired sessions and spent or expired mail tokens; returns how many rows went. */
    async purgeExpired(): Promise<number> {
      const gone = (await sessionsService.purgeExpired()) + (await twoFactor.purgeExpired());
      const spent = await db
        .delete(emailTokens)
        .where(or(lt(emailTokens.expiresAt, sql`now()`), isNotNull(emailTokens.usedAt)))
        .returning({ id: emailTokens.id });
      return gone + spent.length;
    },

    /**
     * Sets a new password once the current one is confirmed; ends the other sessions, drops pending email-change and
     * reset links (someone who knew the old password may have asked for them), and tells the address.
     */
    async changePassword(
      user: UserRow,
      sessionId: string,
      body: { currentPassword: string; password: string },
      ip: string,
    ) {
      await confirmCurrentPassword(user, body.currentPassword, ip);
      await accounts.update(user.id, { passwordHash: await hashPassword(body.password) });
      await logOutEverywhere(user.id, sessionId);
      await tokens.retire(user.id, ["change-email", "reset-password"]);
      const siteName = await settings.get("siteName");
      const forgot = `${deps.publicUrl}/auth/forgot-password`;
      await mailer.send({
        to: user.email,
        subject: `Your ${siteName} password was changed`,
        text: `Hi ${user.name},\n\nThe password of your account was changed (from ${ip}), and every other session was logged out.\n\nIf you did not do this, reset your password now at ${forgot} and check the email address on your account.`,
        links: [forgot],
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
