import type { SessionItem } from "@marquee/contracts/auth";
import { and, desc, eq, gt, lt, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { ResolvedSession } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import { hashToken } from "../../platform/tokens.ts";
import { joinableAccounts, type UserRow } from "../users/accounts.ts";
import { describeDevice } from "./device.ts";
import { sessions, trustedDevices, twoFactors } from "./tables.ts";

/** `lastSeenAt` is written at most this often per session: a write per request would cost more than it tells. */
export const SESSION_TOUCH_MS = 60_000;

const account = joinableAccounts("account");

/** Told the ids of sessions that were just deleted (their sockets are closed); it must not throw. */
export type OnSessionsEnded = (sessionIds: string[]) => void;

/**
 * The signed-in sessions of an account: resolving bearer tokens, listing and ending them. Every session row that is
 * deleted (logout, revocation, password change or reset, deactivation, housekeeping) is deleted here, through `end`,
 * so `onEnded` hears of each one.
 */
export function createSessionsService(db: Db, onEnded: OnSessionsEnded = () => undefined) {
  /** Deletes the sessions `where` picks, tells `onEnded` of them and answers their ids. */
  async function end(where: SQL | undefined): Promise<string[]> {
    const gone = await db.delete(sessions).where(where).returning({ id: sessions.id });
    const ids = gone.map((row) => row.id);
    if (ids.length) onEnded(ids);
    return ids;
  }

  // Every signed-in request reads its session: the statement is built once (drizzle's prepared query), not per request.
  const byTokenHash = db
    .select()
    .from(sessions)
    .innerJoin(account, eq(account.id, sessions.userId))
    .leftJoin(twoFactors, eq(twoFactors.userId, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.expiresAt, sql`now()`),
        eq(account.status, "active"),
      ),
    )
    .prepare("session_by_token_hash");

  return {
    async resolveToken(token: string): Promise<ResolvedSession | null> {
      const [found] = await byTokenHash.execute({ tokenHash: hashToken(token) });
      if (!found) return null;
      const row = {
        user: found.account as UserRow,
        sessionId: found.sessions.id,
        lastSeenAt: found.sessions.lastSeenAt,
      };
      if (Date.now() - row.lastSeenAt.getTime() > SESSION_TOUCH_MS) {
        // The condition repeats the check in SQL, so parallel requests (or API processes) write it once.
        await db
          .update(sessions)
          .set({ lastSeenAt: sql`now()` })
          .where(
            and(
              eq(sessions.id, row.sessionId),
              lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${SESSION_TOUCH_MS / 1000})`),
            ),
          );
      }
      return {
        user: row.user,
        sessionId: row.sessionId,
        twoFactorEnabled: found.two_factors?.enabledAt != null,
        reauthenticatedAt: found.sessions.reauthenticatedAt,
      };
    },

    /** Marks the password typed again in this session (re-authentication before a sensitive change). */
    async markReauthenticated(sessionId: string): Promise<Date> {
      const [row] = await db
        .update(sessions)
        .set({ reauthenticatedAt: sql`now()` })
        .where(eq(sessions.id, sessionId))
        .returning({ at: sessions.reauthenticatedAt });
      return row?.at ?? new Date();
    },

    /** Forgets every browser the account trusted to skip the code step. */
    async forgetTrustedDevices(userId: string): Promise<void> {
      await db.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
    },

    /** Is this session still signed in (not logged out, revoked or expired)? One lookup by primary key. */
    async isLive(sessionId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, sql`now()`)));
      return row !== undefined;
    },

    async list(userId: string, currentSessionId: string): Promise<{ data: SessionItem[]; total: number }> {
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
      const data = rows.map((s) => ({
        _id: s.id,
        device: describeDevice(s.userAgent),
        userAgent: s.userAgent,
        ip: s.ip,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        current: s.id === currentSessionId,
      }));
      return { data, total: data.length };
    },

    /** Ends one of the user's own sessions; another account's session id is answered like an unknown one. */
    async revoke(userId: string, sessionId: string): Promise<void> {
      const gone = await end(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
      if (!gone.length) throw notFound("Session");
    },

    /** Ends one session (logout). */
    async endOne(sessionId: string): Promise<void> {
      await end(eq(sessions.id, sessionId));
    },

    /** Ends every session of the user, or every one but `exceptSessionId`; returns how many ended. */
    async revokeAll(userId: string, exceptSessionId?: string): Promise<number> {
      const gone = await end(
        exceptSessionId
          ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
          : eq(sessions.userId, userId),
      );
      return gone.length;
    },

    /** Deletes the expired sessions (housekeeping); returns how many went. */
    async purgeExpired(): Promise<number> {
      return (await end(lt(sessions.expiresAt, sql`now()`))).length;
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
