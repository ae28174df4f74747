import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { hashToken, newToken } from "../../platform/tokens.ts";
import { emailTokens } from "./tables.ts";

const HOUR = 3_600_000;
const TOKEN_TTL = { "verify-email": 48 * HOUR, "reset-password": HOUR, "change-email": 24 * HOUR } as const;
export type Purpose = keyof typeof TOKEN_TTL;

/** The single-use, expiring links mailed to an account; only their SHA-256 is kept. */
export function createMailTokens(db: Db) {
  return {
    /** A new link's token; `newEmail` is the address a `change-email` link moves the account to. */
    async issue(userId: string, purpose: Purpose, newEmail?: string): Promise<string> {
      const { token, hash: tokenHash } = newToken();
      await db
        .insert(emailTokens)
        .values({ userId, purpose, tokenHash, newEmail, expiresAt: new Date(Date.now() + TOKEN_TTL[purpose]) });
      return token;
    },

    /** Spends a live link of `purpose` in one statement, so it works once even when followed twice at once. */
    async consume(token: string, purpose: Purpose): Promise<{ userId: string; newEmail: string | null } | null> {
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
        .returning({ userId: emailTokens.userId, newEmail: emailTokens.newEmail });
      return row ?? null;
    },

    /** Marks the user's unused links of these purposes as spent, so only links issued later can work. */
    async retire(userId: string, purposes: Purpose[]) {
      await db
        .update(emailTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(emailTokens.userId, userId), inArray(emailTokens.purpose, purposes), isNull(emailTokens.usedAt)));
    },
  };
}
export type MailTokens = ReturnType<typeof createMailTokens>;
