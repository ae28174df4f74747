import { inArray } from "drizzle-orm";
import { hashPassword } from "../../modules/auth/service.ts";
import { performers } from "../../modules/performers/tables.ts";
import { subscriptions } from "../../modules/subscriptions/tables.ts";
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
  const created = await db
    .insert(users)
    .values(missing.map((a) => ({ ...a, email: `${a.username}@marquee.local`, passwordHash, verifiedEmail: true })))
    .onConflictDoNothing()
    .returning({ id: users.id, username: users.username });
  const idOf = (username: string) => created.find((c) => c.username === username)?.id;
  const performerId = idOf("performer");
  if (performerId) {
    await db.insert(performers).values({ id: performerId, monthlyPriceCents: 999, yearlyPriceCents: 7999 });
  }
  // The demo member has a year of site membership; the plain user has none (DESIGN section 3).
  const memberId = idOf("member");
  if (memberId) {
    const now = new Date();
    await db.insert(subscriptions).values({
      userId: memberId,
      kind: "site",
      period: "yearly",
      status: "active",
      startedAt: now,
      expiresAt: new Date(now.getTime() + 365 * 24 * 3600 * 1000),
    });
  }
  opts.log?.info({ accounts: missing.map((a) => a.username) }, "demo accounts created");
}
