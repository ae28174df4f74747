import { randomInt } from "node:crypto";
import type { TwoFactorSetup, TwoFactorStatus } from "@marquee/contracts/auth";
import { TRUST_DEVICE_DAYS } from "@marquee/contracts/auth";
import { hash, verify } from "@node-rs/argon2";
import { and, count, eq, gt, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { Db } from "../../db/client.ts";
import { conflict, tooManyRequests, unprocessable } from "../../platform/errors.ts";
import { type SecretBox, UnreadableSecretError } from "../../platform/secret-box.ts";
import type { Throttle } from "../../platform/throttle.ts";
import { hashToken, newToken } from "../../platform/tokens.ts";
import type { SettingsService } from "../settings/service.ts";
import type { UserRow } from "../users/accounts.ts";
import { loginChallenges, recoveryCodes, trustedDevices, twoFactors } from "./tables.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;
/** RFC 6238's usual parameters, the ones every authenticator app reads from the QR code. */
const PERIOD_SEC = 30;
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
/**
 * argon2, the password hasher, with a lighter cost than for passwords: a recovery code is 10 random characters (about
 * 49 bits), not something a person chose, so an offline search stays out of reach, while making and checking ten of
 * them takes milliseconds rather than seconds.
 */
const RECOVERY_HASH = { memoryCost: 4096, timeCost: 2, parallelism: 1 } as const;
const CHALLENGE_MS = 10 * MINUTE;
const FAILURE_WINDOW_MS = 15 * MINUTE;
/** Wrong codes allowed per account and per address in 15 minutes before 429: a 6-digit code cannot be guessed. */
export const TWO_FACTOR_LIMITS = { perAccount: 5, perIp: 20 } as const;

export type CodeInput = { code?: string | undefined; recoveryCode?: string | undefined };

const totpOf = (base32: string, label = "account", issuer = "Marquee") =>
  new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: PERIOD_SEC, secret: Secret.fromBase32(base32) });

const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

/**
 * Two-factor sign-in (issue 22): enrolment with a QR code, TOTP codes that are never accepted twice, single-use
 * recovery codes kept as argon2 hashes, the short-lived challenge between the password and the code, and trusted
 * browsers. Every code check is throttled per account and per address.
 */
export function createTwoFactor(deps: {
  db: Db;
  throttle: Throttle;
  box: SecretBox;
  settings: Pick<SettingsService, "get">;
  adminRequired: boolean;
}) {
  const { db, throttle, box } = deps;

  async function rowOf(userId: string) {
    const [row] = await db.select().from(twoFactors).where(eq(twoFactors.userId, userId));
    return row ?? null;
  }

  async function newRecoveryCodes(userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = await Promise.all(codes.map((c) => hash(normaliseRecovery(c), RECOVERY_HASH)));
    await db.transaction(async (tx) => {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    });
    return codes;
  }

  /** Accepts a current TOTP code once: its 30-second step must be newer than the last one accepted. */
  async function acceptTotp(userId: string, sealed: string, code: string): Promise<"ok" | "wrong" | "replayed"> {
    const now = Date.now();
    let secret: string;
    try {
      secret = box.open(sealed);
    } catch (err) {
      if (!(err instanceof UnreadableSecretError)) throw err;
      // The site's key changed (TWO_FACTOR_SECRET, or a lost DATA_DIR/two-factor-secret): the recovery codes, stored
      // as hashes, still work.
      throw conflict(
        "This site can no longer read your two-factor key. Sign in with one of your recovery codes, then turn two-factor sign-in on again.",
        [{ path: "body.code", message: "use a recovery code" }],
      );
    }
    const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
    if (delta === null) return "wrong";
    const step = Math.floor(now / 1000 / PERIOD_SEC) + delta;
    const taken = await db
      .update(twoFactors)
      .set({ lastStep: step })
      .where(and(eq(twoFactors.userId, userId), lt(twoFactors.lastStep, step)))
      .returning({ userId: twoFactors.userId });
    return taken.length ? "ok" : "replayed";
  }

  async function acceptRecovery(userId: string, code: string): Promise<boolean> {
    const typed = normaliseRecovery(code);
    const unused = await db
      .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    for (const row of unused) {
      if (!(await verify(row.codeHash, typed))) continue;
      // Two requests with the same code at once: only one marks it used.
      const used = await db
        .update(recoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(recoveryCodes.id, row.id), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return used.length > 0;
    }
    return false;
  }

  /**
   * Checks a code (or a recovery code) of `userId`, counted before the check against the per-account and per-address
   * limits; a right one clears the account's failures. Refuses with 422 naming the field, or 429.
   */
  async function checkCode(userId: string, input: CodeInput, ip: string, sealed: string): Promise<void> {
    const accountKey = `2fa:account:${userId}`;
    const ipKey = `2fa:ip:${ip}`;
    const [perAccount, perIp] = await Promise.all([
      throttle.hit(accountKey, FAILURE_WINDOW_MS),
      throttle.hit(ipKey, FAILURE_WINDOW_MS),
    ]);
    if (perAccount > TWO_FACTOR_LIMITS.perAccount || perIp > TWO_FACTOR_LIMITS.perIp) {
      throw tooManyRequests("Too many wrong codes. Try again in 15 minutes.");
    }
    if (input.recoveryCode !== undefined) {
      if (!(await acceptRecovery(userId, input.recoveryCode))) {
        throw unprocessable("That recovery code is not correct or was already used.", [
          { path: "body.recoveryCode", message: "is not an unused recovery code" },
        ]);
      }
    } else {
      const outcome = await acceptTotp(userId, sealed, input.code ?? "");
      if (outcome === "replayed") {
        throw unprocessable("That code was already used. Wait for the next one in your app.", [
          { path: "body.code", message: "was already used" },
        ]);
      }
      if (outcome === "wrong") {
        throw unprocessable("That code is not correct. Check your authenticator app and try again.", [
          { path: "body.code", message: "is not the current code" },
        ]);
      }
    }
    await Promise.all([throttle.reset(accountKey), throttle.release(ipKey)]);
  }

  async function issueTrust(userId: string, userAgent: string | undefined): Promise<string> {
    const { token, hash: tokenHash } = newToken();
    await db.insert(trustedDevices).values({
      userId,
      tokenHash,
      userAgent: userAgent?.slice(0, 300),
      expiresAt: new Date(Date.now() + TRUST_DEVICE_DAYS * DAY),
    });
    return token;
  }

  return {
    async isEnabled(userId: string): Promise<boolean> {
      return (await rowOf(userId))?.enabledAt != null;
    },

    /** Which of these accounts have two-factor sign-in on. */
    async enabledAmong(userIds: string[]): Promise<Set<string>> {
      if (!userIds.length) return new Set();
      const rows = await db
        .select({ userId: twoFactors.userId })
        .from(twoFactors)
        .where(and(inArray(twoFactors.userId, userIds), isNotNull(twoFactors.enabledAt)));
      return new Set(rows.map((r) => r.userId));
    },

    async status(user: UserRow): Promise<TwoFactorStatus> {
      const row = await rowOf(user.id);
      const [left] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
      const enabled = row?.enabledAt != null;
      return {
        enabled,
        enabledAt: row?.enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: enabled ? Number(left?.n ?? 0) : 0,
        required: user.role === "admin" && deps.adminRequired,
      };
    },

    /** Begins enrolment: a new secret (replacing an unconfirmed one), its otpauth URL and QR code. */
    async setup(user: UserRow): Promise<TwoFactorSetup> {
      if ((await rowOf(user.id))?.enabledAt) throw conflict("Two-factor sign-in is already on.");
      const secret = new Secret({ size: 20 }).base32;
      const sealed = box.seal(secret);
      await db
        .insert(twoFactors)
        .values({ userId: user.id, secret: sealed })
        .onConflictDoUpdate({ target: twoFactors.userId, set: { secret: sealed, lastStep: 0, enabledAt: null } });
      const otpauthUrl = totpOf(secret, user.username, await deps.settings.get("siteName")).toString();
      const svg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
      return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
    },

    /** Ends enrolment with a current code: two-factor sign-in is on, and the recovery codes are shown once. */
    async confirm(user: UserRow, code: string, ip: string): Promise<string[]> {
      const row = await rowOf(user.id);
      if (row?.enabledAt) throw conflict("Two-factor sign-in is already on.");
      if (!row) {
        throw unprocessable("Start the set-up first: scan the QR code, then enter the code.", [
          { path: "body.code", message: "no set-up in progress" },
        ]);
      }
      await checkCode(user.id, { code }, ip, row.secret);
      await db.update(twoFactors).set({ enabledAt: sql`now()` }).where(eq(twoFactors.userId, user.id));
      return newRecoveryCodes(user.id);
    },

    /** Turns it off: the secret, the recovery codes and the trusted browsers go. */
    async disable(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
      });
    },

    async regenerateRecoveryCodes(userId: string): Promise<string[]> {
      if (!(await rowOf(userId))?.enabledAt) {
        throw conflict("Two-factor sign-in is off: turn it on to get recovery codes.");
      }
      return newRecoveryCodes(userId);
    },

    /** Checks a sign-in code of an account that has two-factor sign-in on (see `checkCode`). */
    async check(userId: string, input: CodeInput, ip: string): Promise<void> {
      const row = await rowOf(userId);
      if (!row?.enabledAt) throw unprocessable("Two-factor sign-in is off for this account.");
      await checkCode(userId, input, ip, row.secret);
    },

    /** The challenge a password opens for an account with two-factor sign-in; no session exists yet. */
    async openChallenge(userId: string, remember: boolean): Promise<{ challenge: string; expiresAt: string }> {
      const { token, hash: tokenHash } = newToken();
      const expiresAt = new Date(Date.now() + CHALLENGE_MS);
      await db.insert(loginChallenges).values({ userId, tokenHash, remember, expiresAt });
      return { challenge: token, expiresAt: expiresAt.toISOString() };
    },

    /** The live challenge of `token`, or null. */
    async challengeOf(token: string) {
      const [row] = await db
        .select()
        .from(loginChallenges)
        .where(and(eq(loginChallenges.tokenHash, hashToken(token)), gt(loginChallenges.expiresAt, sql`now()`)));
      return row ?? null;
    },

    /** Spends a challenge: only one request may turn it into a session. */
    async closeChallenge(id: string): Promise<boolean> {
      const gone = await db
        .delete(loginChallenges)
        .where(eq(loginChallenges.id, id))
        .returning({ id: loginChallenges.id });
      return gone.length > 0;
    },

    issueTrust,

    /** Is `token` a live trusted-browser token of `userId`? */
    async isTrusted(userId: string, token: string | undefined): Promise<boolean> {
      if (!token) return false;
      const [row] = await db
        .select({ id: trustedDevices.id })
        .from(trustedDevices)
        .where(
          and(
            eq(trustedDevices.tokenHash, hashToken(token)),
            eq(trustedDevices.userId, userId),
            gt(trustedDevices.expiresAt, sql`now()`),
          ),
        );
      return row !== undefined;
    },

    /** Deletes expired challenges and trusted browsers (housekeeping); returns how many rows went. */
    async purgeExpired(): Promise<number> {
      const [a, b] = await Promise.all([
        db
          .delete(loginChallenges)
          .where(lt(loginChallenges.expiresAt, sql`now()`))
          .returning({ id: loginChallenges.id }),
        db.delete(trustedDevices).where(lt(trustedDevices.expiresAt, sql`now()`)).returning({ id: trustedDevices.id }),
      ]);
      return a.length + b.length;
    },
  };
}
export type TwoFactor = ReturnType<typeof createTwoFactor>;
