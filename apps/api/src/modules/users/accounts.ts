import { and, eq, getTableColumns, inArray, or, type SQL } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { type UserRow, users } from "./tables.ts";

export type { UserRow };
export type NewAccount = typeof users.$inferInsert;
type AccountChanges = Partial<Pick<NewAccount, "email" | "passwordHash" | "verifiedEmail" | "role">>;

/**
 * The accounts as a subquery another module's query joins on `id` (sessions to their user, performers to their
 * account): still one query (the planner inlines it), and only this module names the table.
 */
export const joinableAccounts = <A extends string>(alias: A) =>
  new QueryBuilder().select(getTableColumns(users)).from(users).as(alias);

/**
 * The accounts as other modules read and change them (auth signs people in and changes their password and
 * address; performers promote a user): the users module's table stays its own (DESIGN section 2).
 */
export function createAccounts(db: Db) {
  const one = async (where: SQL, tx: Db = db) => (await tx.select().from(users).where(where).limit(1))[0];

  return {
    byId: (id: string, tx?: Db) => one(eq(users.id, id), tx),
    byEmail: (email: string) => one(eq(users.email, email)),
    /** Who these accounts are (id, username, name), for lists that name their members. */
    async refs(ids: readonly string[]) {
      if (!ids.length) return new Map<string, { _id: string; username: string; name: string }>();
      const rows = await db
        .select({ id: users.id, username: users.username, name: users.name })
        .from(users)
        .where(inArray(users.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, { _id: r.id, username: r.username, name: r.name }]));
    },
    /** The active accounts among these with a confirmed address, and where to mail them (the news digest). */
    async mailable(ids: readonly string[]) {
      if (!ids.length) return new Map<string, { email: string; name: string }>();
      const rows = await db
        .select({ id: users.id, email: users.email, name: users.name, username: users.username })
        .from(users)
        .where(and(inArray(users.id, [...new Set(ids)]), eq(users.status, "active"), eq(users.verifiedEmail, true)));
      return new Map(rows.map((r) => [r.id, { email: r.email, name: r.name || r.username }]));
    },
    /** The active admins' ids: who is told of what needs a moderator. */
    async adminIds() {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, "admin"), eq(users.status, "active")));
      return rows.map((r) => r.id);
    },
    /** An account by username, or by email when the identifier has an `@`. */
    byLogin: (identifier: string) =>
      one(identifier.includes("@") ? eq(users.email, identifier) : eq(users.username, identifier)),
    /** The accounts that already use this username or this email (two at most). */
    clashes: (username: string, email: string) =>
      db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(or(eq(users.username, username), eq(users.email, email))),
    /** A new account; undefined when its username or email was taken meanwhile. */
    async insert(values: NewAccount): Promise<UserRow | undefined> {
      const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
      return row;
    },
    /** Changes an account (only while it is active, with `activeOnly`); undefined when no such account. */
    async update(id: string, changes: AccountChanges, opts: { activeOnly?: boolean; tx?: Db } = {}) {
      const where = opts.activeOnly ? and(eq(users.id, id), eq(users.status, "active")) : eq(users.id, id);
      const [row] = await (opts.tx ?? db).update(users).set(changes).where(where).returning({ id: users.id });
      return row;
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
