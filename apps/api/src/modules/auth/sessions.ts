import type { SessionItem } from "@marquee/contracts/auth";
import { and, desc, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../platform/errors.ts";
import { hashToken } from "../../platform/tokens.ts";
import { joinableAccounts, type UserRow } from "../users/accounts.ts";
import { describeDevice } from "./device.ts";
import { sessions } from "./tables.ts";

/** `lastSeenAt` is written at most this often per session: a write per request would cost more than it tells. */
export const SESSION_TOUCH_MS = 60_000;

/** The signed-in sessions of an account: resolving bearer tokens, listing and revoking them. */
const account = joinableAccounts("account");

export function createSessionsService(db: Db) {
  return {
    async resolveToken(token: string): Promise<{ user: UserRow; sessionId: string } | null> {
      const [found] = await db
        .select()
        .from(sessions)
        .innerJoin(account, eq(account.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, hashToken(token)),
            gt(sessions.expiresAt, sql`now()`),
            eq(account.status, "active"),
          ),
        );
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
      return { user: row.user, sessionId: row.sessionId };
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
      const gone = await db
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .returning({ id: sessions.id });
      if (!gone.length) throw notFound("Session");
    },

    /** Ends every session of the user, or every one but `exceptSessionId`; returns how many ended. */
    async revokeAll(userId: string, exceptSessionId?: string): Promise<number> {
      const gone = await db
        .delete(sessions)
        .where(
          exceptSessionId
            ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
            : eq(sessions.userId, userId),
        )
        .returning({ id: sessions.id });
      return gone.length;
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
