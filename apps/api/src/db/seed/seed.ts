import { inArray } from "drizzle-orm";
import { hashPassword } from "../../modules/auth/service.ts";
import { users } from "../../modules/users/tables.ts";
import type { Db } from "../client.ts";

export const DEMO_PASSWORD = "marquee-demo";

export const demoAccounts = [
  { username: "admin", name: "Avery Admin", role: "admin" },
  { username: "performer", name: "Piper Performer", role: "performer" },
  { username: "member", name: "Morgan Member", role: "user" },
  { username: "user", name: "Uma User", role: "user" },
] as const;

/** The demo accounts; idempotent, never touches an account that already exists. */
export async function seedDemo(db: Db, opts: { log?: { info(obj: object, msg: string): void } } = {}) {
  const existing = await db
    .select({ username: users.username })
    .from(users)
    .where(
      inArray(
        users.username,
        demoAccounts.map((a) => a.username),
      ),
    );
  const have = new Set(existing.map((e) => e.username));
  const missing = demoAccounts.filter((a) => !have.has(a.username));
  if (!missing.length) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(users)
    .values(missing.map((a) => ({ ...a, email: `${a.username}@marquee.local`, passwordHash, verifiedEmail: true })))
    .onConflictDoNothing();
  opts.log?.info({ accounts: missing.map((a) => a.username) }, "demo accounts created");
}
