import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { hashPassword } from "../modules/auth/service.ts";
import { subscriptionPackages, subscriptions } from "../modules/commerce/subscriptions/tables.ts";
import { performers } from "../modules/performers/tables.ts";
import { settings } from "../modules/settings/tables.ts";
import { users } from "../modules/users/tables.ts";
import { markVerifiedWithoutDocuments } from "../modules/verification/applications.ts";
import { performerApplications } from "../modules/verification/tables.ts";
import { demoPerformers } from "./catalogue-data.ts";

export const DEMO_PASSWORD = "marquee-demo";

export const demoAccounts = [
  { username: "admin", name: "Avery Admin", role: "admin" },
  { username: "performer", name: "Piper Performer", role: "performer" },
  { username: "member", name: "Morgan Member", role: "user" },
  { username: "user", name: "Uma User", role: "user" },
] as const;

/**
 * The settings row that says the demo catalogue is complete. Not a setting (no definition: never listed or
 * editable); written once, at the very end of the first start that finishes the catalogue.
 */
export const DEMO_CATALOGUE_MARK = "seed.demoCatalogue";

export async function demoCatalogueDone(db: Db): Promise<boolean> {
  const [row] = await db.select({ key: settings.key }).from(settings).where(eq(settings.key, DEMO_CATALOGUE_MARK));
  return Boolean(row);
}

/** `found`: an earlier version had made it all, before the mark existed. */
export async function markDemoCatalogueDone(db: Db, how: "made" | "found"): Promise<void> {
  await db
    .insert(settings)
    .values({ key: DEMO_CATALOGUE_MARK, value: { how, at: new Date().toISOString() } })
    .onConflictDoNothing();
}

/**
 * The demo accounts; idempotent, never touches an account that already exists. Each account goes in with its
 * performer profile or membership in one transaction, so a start killed half-way leaves all or nothing of it.
 */
export async function seedDemo(db: Db, opts: { log?: { info(obj: object, msg: string): void } } = {}) {
  const existing = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(
        users.username,
        demoAccounts.map((a) => a.username),
      ),
    );
  const have = new Set(existing.map((e) => e.username));
  const missing = demoAccounts.filter((a) => !have.has(a.username));
  if (missing.length) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db.transaction(async (tx) => {
      const created = await tx
        .insert(users)
        .values(missing.map((a) => ({ ...a, email: `${a.username}@marquee.local`, passwordHash, verifiedEmail: true })))
        .onConflictDoNothing()
        .returning({ id: users.id, username: users.username });
      const idOf = (username: string) => created.find((c) => c.username === username)?.id;
      const performerId = idOf("performer");
      if (performerId) {
        await tx.insert(performers).values(performerProfile(performerId));
        await markVerifiedWithoutDocuments(tx as unknown as Db, [performerId]);
      }
      const memberId = idOf("member");
      if (memberId) await tx.insert(subscriptions).values(memberSubscription(memberId));
    });
    opts.log?.info({ accounts: missing.map((a) => a.username) }, "demo accounts created");
  }
  // An earlier version inserted these one by one: a first start killed in between left the performer without
  // its profile or the member without its membership. Until the first start has completed, they are made up.
  if (existing.length && !(await demoCatalogueDone(db))) await completeDemoAccounts(db, existing);
  await seedDemoPackages(db);
  // A demo made before verification existed: its performers are verified the same way (once).
  const demoProfiles = await db
    .select({ id: performers.id })
    .from(performers)
    .innerJoin(users, eq(users.id, performers.id))
    .where(inArray(users.username, ["performer", ...demoPerformers.map((p) => p.username)]));
  await verifySeeded(
    db,
    demoProfiles.map((p) => p.id),
  );
}

/**
 * The demo's performers are verified by a record that says it was seeded (no identity or ID images on file), so the
 * demo can publish; made once per performer that has no application at all.
 */
export async function verifySeeded(db: Db, userIds: readonly string[]) {
  if (!userIds.length) return;
  const have = await db
    .select({ userId: performerApplications.userId })
    .from(performerApplications)
    .where(inArray(performerApplications.userId, [...userIds]));
  const done = new Set(have.map((h) => h.userId));
  await markVerifiedWithoutDocuments(
    db,
    userIds.filter((id) => !done.has(id)),
  );
}

/** The membership packages of the demo: one of each kind, made once, when the site has none (admins edit them). */
export const demoPackages = [
  {
    name: "Monthly",
    description: "Every members movie and gallery, renewed each month until you cancel.",
    type: "recurring",
    priceCents: 1299,
    initialPeriodDays: 30,
    recurringPeriodDays: 30,
    ordering: 1,
  },
  {
    name: "Year pass",
    description: "A whole year of the site, paid once; it does not renew.",
    type: "single",
    priceCents: 9900,
    initialPeriodDays: 365,
    recurringPeriodDays: null,
    ordering: 2,
  },
  {
    name: "Free week",
    description: "Try the site for seven days, free, once.",
    type: "trial",
    priceCents: 0,
    initialPeriodDays: 7,
    recurringPeriodDays: null,
    ordering: 0,
  },
] as const;

async function seedDemoPackages(db: Db) {
  const [any] = await db.select({ id: subscriptionPackages.id }).from(subscriptionPackages).limit(1);
  if (!any) await db.insert(subscriptionPackages).values(demoPackages.map((p) => ({ ...p })));
}

const performerProfile = (id: string) => ({ id, monthlyPriceCents: 999, yearlyPriceCents: 7999 });

/** The demo member has a year of site membership; the plain user has none (DESIGN section 3). */
function memberSubscription(userId: string) {
  const now = new Date();
  return {
    userId,
    kind: "site" as const,
    period: "yearly" as const,
    status: "active" as const,
    startedAt: now,
    expiresAt: new Date(now.getTime() + 365 * 24 * 3600 * 1000),
  };
}

async function completeDemoAccounts(db: Db, existing: { id: string; username: string }[]) {
  const performer = existing.find((e) => e.username === "performer");
  if (performer) {
    await db.insert(performers).values(performerProfile(performer.id)).onConflictDoNothing();
    await verifySeeded(db, [performer.id]);
  }
  const member = existing.find((e) => e.username === "member");
  if (member) {
    const [membership] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, member.id), eq(subscriptions.kind, "site")))
      .limit(1);
    if (!membership) await db.insert(subscriptions).values(memberSubscription(member.id));
  }
}
