import { and, asc, desc, eq, gt, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { conflict, notFound } from "../../../platform/errors.ts";
import { type AuditActor, recordAudit } from "../../audit/service.ts";
import type { Accounts } from "../../users/accounts.ts";
import { type PackageRow, type SubscriptionRow, subscriptionPackages, subscriptions } from "./tables.ts";

export interface PackageInput {
  name?: string;
  description?: string;
  type?: PackageRow["type"];
  price?: number;
  initialPeriodDays?: number;
  recurringPeriodDays?: number | null;
  active?: boolean;
  ordering?: number;
}

const presentPackage = (p: PackageRow) => ({
  _id: p.id,
  name: p.name,
  description: p.description,
  type: p.type,
  price: p.priceCents / 100,
  initialPeriodDays: p.initialPeriodDays,
  recurringPeriodDays: p.recurringPeriodDays,
  active: p.active,
  ordering: p.ordering,
});

const iso = (d: Date | null) => d?.toISOString() ?? null;
type Paging = { limit: number; offset: number };

/**
 * Site membership packages, and the subscriptions members hold (DESIGN section 5): what a member has now, their
 * history, a performer's subscribers. Payments start, renew and end them (subscribing.ts).
 */
export function createSubscriptionsService(deps: { db: Db; accounts: Pick<Accounts, "refs">; now?: () => Date }) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  async function present(rows: SubscriptionRow[], withUser: boolean) {
    const packageIds = [...new Set(rows.flatMap((r) => (r.packageId ? [r.packageId] : [])))];
    const [packs, people] = await Promise.all([
      packageIds.length
        ? db
            .select({ id: subscriptionPackages.id, name: subscriptionPackages.name })
            .from(subscriptionPackages)
            .where(inArray(subscriptionPackages.id, packageIds))
        : Promise.resolve([]),
      deps.accounts.refs(
        rows.flatMap((r) => [...(r.performerId ? [r.performerId] : []), ...(withUser ? [r.userId] : [])]),
      ),
    ]);
    const at = now();
    return rows.map((r) => ({
      _id: r.id,
      kind: r.kind,
      status: r.status,
      period: r.period,
      price: r.priceCents / 100,
      renews: r.renews,
      active: (r.status === "active" || r.status === "cancelled") && !!r.expiresAt && r.expiresAt > at,
      startedAt: iso(r.startedAt),
      expiresAt: iso(r.expiresAt),
      cancelledAt: iso(r.cancelledAt),
      package: r.packageId
        ? { _id: r.packageId, name: packs.find((p) => p.id === r.packageId)?.name ?? "Membership" }
        : null,
      performer: r.performerId ? (people.get(r.performerId) ?? null) : null,
      ...(withUser ? { user: people.get(r.userId) ?? null, adminNote: r.adminNote } : {}),
      gateway: r.gateway,
    }));
  }

  async function page(where: SQL | undefined, q: Paging, withUser: boolean) {
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(subscriptions)
        .where(where)
        .orderBy(desc(subscriptions.startedAt), desc(subscriptions.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ total: sql<number>`count(*)::int` }).from(subscriptions).where(where),
    ]);
    return { total: count?.total ?? 0, data: await present(rows, withUser) };
  }

  /** Subscriptions that started (a checkout never paid is not one), narrowed by status. */
  const started = (status?: SubscriptionRow["status"]) =>
    and(isNotNull(subscriptions.startedAt), status ? eq(subscriptions.status, status) : undefined);

  return {
    /** What the member has now: their site membership and the performer subscriptions that give access. */
    async current(userId: string) {
      const rows = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            inArray(subscriptions.status, ["active", "cancelled"]),
            gt(subscriptions.expiresAt, now()),
          ),
        )
        .orderBy(desc(subscriptions.expiresAt));
      const shown = await present(rows, false);
      return {
        membership: shown.find((s) => s.kind === "site") ?? null,
        performers: shown.filter((s) => s.kind === "performer"),
      };
    },
    /** The member's own subscriptions, newest first. */
    searchOwn: (userId: string, q: Paging & { status?: SubscriptionRow["status"] }) =>
      page(and(eq(subscriptions.userId, userId), started(q.status)), q, false),
    /** A performer's subscribers (an admin may name any performer). */
    searchSubscribers: (performerId: string, q: Paging & { status?: SubscriptionRow["status"] }) =>
      page(
        and(eq(subscriptions.kind, "performer"), eq(subscriptions.performerId, performerId), started(q.status)),
        q,
        true,
      ),
    /** Every subscription, for an admin. */
    searchAll: (q: Paging & { status?: SubscriptionRow["status"]; userId?: string; kind?: SubscriptionRow["kind"] }) =>
      page(
        and(
          started(q.status),
          q.userId ? eq(subscriptions.userId, q.userId) : undefined,
          q.kind ? eq(subscriptions.kind, q.kind) : undefined,
        ),
        q,
        true,
      ),
    /** One subscription, as its member or an admin sees it after a change. */
    async one(id: string) {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      if (!row) throw notFound("Subscription");
      return (await present([row], true))[0] as Awaited<ReturnType<typeof present>>[number];
    },

    /** The packages members can join, in the admin's order. */
    async activePackages() {
      const rows = await db
        .select()
        .from(subscriptionPackages)
        .where(eq(subscriptionPackages.active, true))
        .orderBy(asc(subscriptionPackages.ordering), asc(subscriptionPackages.priceCents));
      return { total: rows.length, data: rows.map(presentPackage) };
    },
    async listPackages(q: Paging) {
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(subscriptionPackages)
          .orderBy(asc(subscriptionPackages.ordering), asc(subscriptionPackages.createdAt))
          .limit(q.limit)
          .offset(q.offset),
        db.select({ total: sql<number>`count(*)::int` }).from(subscriptionPackages),
      ]);
      return { total: count?.total ?? 0, data: rows.map(presentPackage) };
    },
    /** An admin's new package, recorded in the audit trail in the same transaction. */
    async createPackage(
      input: Required<Pick<PackageInput, "name" | "type" | "price" | "initialPeriodDays">> & PackageInput,
      actor: AuditActor,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(subscriptionPackages)
          .values({
            name: input.name,
            description: input.description ?? "",
            type: input.type,
            priceCents: Math.round(input.price * 100),
            initialPeriodDays: input.initialPeriodDays,
            recurringPeriodDays:
              input.type === "recurring" ? (input.recurringPeriodDays ?? input.initialPeriodDays) : null,
            active: input.active ?? true,
            ordering: input.ordering ?? 0,
          })
          .returning();
        const created = presentPackage(row as PackageRow);
        await recordAudit(tx, actor, {
          action: "packages.create",
          subjectType: "package",
          subjectId: created._id,
          after: created,
        });
        return created;
      });
    },
    /**
     * Changes apply to new subscriptions; the ones running keep the price they were sold at. Recorded with the
     * package before and after in the same transaction.
     */
    async updatePackage(id: string, input: PackageInput, actor: AuditActor) {
      return db.transaction(async (tx) => {
        const [p] = await tx.select().from(subscriptionPackages).where(eq(subscriptionPackages.id, id)).for("update");
        if (!p) throw notFound("Package");
        const price = input.price === undefined ? p.priceCents : Math.round(input.price * 100);
        if (p.type === "trial" && price !== 0) throw conflict("A free trial costs nothing: its price stays 0.");
        if (p.type !== "trial" && price <= 0) throw conflict("A paid package needs a price above 0.");
        const [row] = await tx
          .update(subscriptionPackages)
          .set({
            name: input.name ?? p.name,
            description: input.description ?? p.description,
            priceCents: price,
            initialPeriodDays: input.initialPeriodDays ?? p.initialPeriodDays,
            recurringPeriodDays:
              p.type === "recurring" ? (input.recurringPeriodDays ?? p.recurringPeriodDays) : p.recurringPeriodDays,
            active: input.active ?? p.active,
            ordering: input.ordering ?? p.ordering,
          })
          .where(eq(subscriptionPackages.id, id))
          .returning();
        const after = presentPackage(row as PackageRow);
        await recordAudit(tx, actor, {
          action: "packages.update",
          subjectType: "package",
          subjectId: id,
          before: presentPackage(p),
          after,
        });
        return after;
      });
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
