import { type LoginBody, REMEMBER_DAYS, type RegisterBody, SESSION_DAYS } from "@marquee/contracts/auth";
import { hash, verify } from "@node-rs/argon2";
import { and, eq, gt, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { conflict, tooManyRequests, unprocessable } from "../../platform/errors.ts";
import type { Mailer } from "../../platform/mailer.ts";
import type { Throttle } from "../../platform/throttle.ts";
import { hashToken, newToken } from "../../platform/tokens.ts";
import type { SettingsService } from "../settings/service.ts";
import { type UserRow, users } from "../users/tables.ts";
import { emailTokens, sessions } from "./tables.ts";

const DAY = 86_400_000;
const FAILURE_WINDOW_MS = 15 * 60_000;
/** Failed logins allowed per account and per address in the window before 429 (DESIGN section 9). */
export const LOGIN_LIMITS = { perAccount: 5, perIp: 20 } as const;
const TOKEN_TTL = { "verify-email": 48 * 3_600_000, "reset-password": 3_600_000 } as const;
type Purpose = keyof typeof TOKEN_TTL;

// Verifying against a real hash when the account does not exist keeps both paths equally slow.
const dummyHash = hash("marquee-timing-equaliser");

export const hashPassword = (password: string) => hash(password);

export function createAuthService(deps: {
  db: Db;
  mailer: Mailer;
  throttle: Throttle;
  settings: SettingsService;
  webOrigin: string;
}) {
  const { db, mailer, throttle, settings } = deps;

  async function issueEmailToken(userId: string, purpose: Purpose): Promise<string> {
    const { token, hash: tokenHash } = newToken();
    await db
      .insert(emailTokens)
      .values({ userId, purpose, tokenHash, expiresAt: new Date(Date.now() + TOKEN_TTL[purpose]) });
    return token;
  }

  async function consumeEmailToken(token: string, purpose: Purpose): Promise<string | null> {
    const [row] = await db
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailTokens.tokenHash, hashToken(token)),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: emailTokens.userId });
    return row?.userId ?? null;
  }

  async function sendVerification(user: Pick<UserRow, "id" | "email" | "name">) {
    // Only the newest link may verify: an older one was mailed to whatever address the account had then,
    // and must not confirm an address changed since.
    await db
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, "verify-email"), isNull(emailTokens.usedAt)));
    const token = await issueEmailToken(user.id, "verify-email");
    const link = `${deps.webOrigin}/auth/verify-email?token=${token}`;
    const siteName = await settings.get("siteName");
    await mailer.send({
      to: user.email,
      subject: `Confirm your email for ${siteName}`,
      text: `Hi ${user.name},\n\nConfirm your email address by opening this link within 48 hours:\n\n${link}\n\nIf you did not create an account, ignore this mail.`,
      links: [link],
    });
  }

  return {
    sendVerification,

    async register(body: RegisterBody, ip: string) {
      // The username and the email may belong to two different accounts: look at both rows.
      const taken = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(or(eq(users.username, body.username), eq(users.email, body.email)));
      if (taken.some((row) => row.username === body.username)) {
        throw conflict("This username is taken.", [{ path: "body.username", message: "already taken" }]);
      }
      const siteName = await settings.get("siteName");
      if (taken.length) {
        // Do not reveal that the email is registered: answer as for a new account, and tell its owner instead.
        await hashPassword(body.password);
        await mailer.send({
          to: body.email,
          subject: `Someone tried to sign up to ${siteName} with your email`,
          text: `Someone (from ${ip}) tried to create a new account with this address. You already have one: log in, or reset your password at ${deps.webOrigin}/auth/forgot-password.`,
          links: [`${deps.webOrigin}/auth/forgot-password`],
        });
        return;
      }
      const needsVerification = await settings.get("requireEmailVerification");
      const [user] = await db
        .insert(users)
        .values({
          username: body.username,
          email: body.email,
          name: body.name,
          passwordHash: await hashPassword(body.password),
          verifiedEmail: !needsVerification,
        })
        .onConflictDoNothing()
        .returning();
      if (!user) throw conflict("This username is taken.", [{ path: "body.username", message: "already taken" }]);
      if (needsVerification) await sendVerification(user);
    },

    async login(body: LoginBody, meta: { ip: string; userAgent?: string }): Promise<string> {
      const identifier = body.username.trim().toLowerCase();
      const [user] = await db
        .select()
        .from(users)
        .where(identifier.includes("@") ? eq(users.email, identifier) : eq(users.username, identifier));
      // Count failures per account, not per typed identifier: its username and its email share one limit.
      const accountKey = `login:account:${user ? user.id : identifier}`;
      const ipKey = `login:ip:${meta.ip}`;
      if (
        (await throttle.count(accountKey, FAILURE_WINDOW_MS)) >= LOGIN_LIMITS.perAccount ||
        (await throttle.count(ipKey, FAILURE_WINDOW_MS)) >= LOGIN_LIMITS.perIp
      ) {
        throw tooManyRequests("Too many failed attempts. Try again in 15 minutes.");
      }
      const ok = await verify(user ? user.passwordHash : await dummyHash, body.password);
      if (!user || !ok) {
        await throttle.hit(accountKey, FAILURE_WINDOW_MS);
        await throttle.hit(ipKey, FAILURE_WINDOW_MS);
        throw unprocessable("Incorrect credentials!");
      }
      if (user.status !== "active") throw unprocessable("This account has been deactivated. Contact us for help.");
      if (!user.verifiedEmail && (await settings.get("requireEmailVerification"))) {
        throw unprocessable("Please verify your email address first. Check your inbox for the link.");
      }
      await throttle.reset(accountKey);
      const { token, hash: tokenHash } = newToken();
      const days = body.remember ? REMEMBER_DAYS : SESSION_DAYS;
      await db.insert(sessions).values({
        userId: user.id,
        tokenHash,
        expiresAt: new Date(Date.now() + days * DAY),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300),
      });
      return token;
    },

    async resolveToken(token: string): Promise<{ user: UserRow; sessionId: string } | null> {
      const [row] = await db
        .select({ user: users, sessionId: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, sql`now()`), eq(users.status, "active")),
        );
      return row ?? null;
    },

    async logout(sessionId: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async revokeSessions(userId: string, exceptSessionId?: string) {
      await db
        .delete(sessions)
        .where(
          exceptSessionId
            ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
            : eq(sessions.userId, userId),
        );
    },

    async verifyEmail(token: string) {
      const userId = await consumeEmailToken(token, "verify-email");
      if (!userId) throw unprocessable("This verification link is invalid or has expired. Ask for a new one.");
      await db.update(users).set({ verifiedEmail: true }).where(eq(users.id, userId));
    },

    async resendVerification(email: string) {
      if ((await throttle.hit(`verify-resend:${email}`, 3_600_000)) > 5) return;
      const [user] = await db.select().from(users).where(eq(users.email, email));
      if (user && !user.verifiedEmail && user.status === "active") await sendVerification(user);
    },

    async forgotPassword(email: string) {
      if ((await throttle.hit(`forgot:${email}`, 3_600_000)) > 5) return;
      const [user] = await db.select().from(users).where(eq(users.email, email));
      if (user?.status !== "active") return;
      const token = await issueEmailToken(user.id, "reset-password");
      const link = `${deps.webOrigin}/auth/reset-password?token=${token}`;
      await mailer.send({
        to: user.email,
        subject: "Reset your password",
        text: `Hi ${user.name},\n\nSet a new password by opening this link within one hour:\n\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.`,
        links: [link],
      });
    },

    async resetPassword(token: string, password: string) {
      const userId = await consumeEmailToken(token, "reset-password");
      if (!userId) throw unprocessable("This reset link is invalid or has expired. Ask for a new one.");
      // Following the mailed link proves the address, so it counts as verified.
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), verifiedEmail: true })
        .where(eq(users.id, userId));
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    /** Deletes expired sessions and spent or expired mail tokens; returns how many rows went. */
    async purgeExpired(): Promise<number> {
      const gone = await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`)).returning({ id: sessions.id });
      const spent = await db
        .delete(emailTokens)
        .where(or(lt(emailTokens.expiresAt, sql`now()`), isNotNull(emailTokens.usedAt)))
        .returning({ id: emailTokens.id });
      return gone.length + spent.length;
    },

    async changePassword(userId: string, sessionId: string, password: string) {
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(users.id, userId));
      await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId)));
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
