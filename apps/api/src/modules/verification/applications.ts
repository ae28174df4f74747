import { randomBytes } from "node:crypto";
import type { RealtimeNotifier } from "@marquee/contracts/realtime-events";
import type {
  AdminApplication,
  AdminApplicationDetail,
  ApplicationImage,
  OwnVerification,
  VerificationStatus,
} from "@marquee/contracts/verification";
import { applicationImages } from "@marquee/contracts/verification";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { conflict, forbidden, notFound } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import type { Mailer } from "../../platform/mailer.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import { isUniqueViolation } from "../../platform/slugs.ts";
import type { Storage } from "../../platform/storage.ts";
import type { SettingsService } from "../settings/service.ts";
import type { Accounts } from "../users/accounts.ts";
import { users } from "../users/tables.ts";
import { idImage } from "./form.ts";
import { type ApplicationRow, performerApplications } from "./tables.ts";

/** How long an admin's link to an ID image works: long enough to look, too short to pass around. */
export const DOCUMENT_LINK_TTL_SEC = 300;

/** Who acts, as the audit trail records them. */
export interface Actor {
  userId: string;
  ip: string | null;
}
/** Records an admin action (modules/audit) in the transaction that makes it. */
export type RecordAudit = (
  db: Db,
  actor: Actor,
  entry: { action: string; subjectType: string; subjectId: string; before?: unknown; after?: unknown },
) => Promise<void>;

const KEY_FIELD: Record<ApplicationImage, "documentFrontKey" | "documentBackKey" | "selfieKey"> = {
  documentFront: "documentFrontKey",
  documentBack: "documentBackKey",
  selfie: "selfieKey",
};

/** Where an application stands at `at`. */
export function statusOf(row: ApplicationRow | undefined, at: Date): VerificationStatus {
  if (!row) return "none";
  if (row.state !== "approved") return row.state;
  if (row.renewalRequestedAt || (row.expiresAt && row.expiresAt <= at)) return "expired";
  return "approved";
}

/** A row without its storage keys or reviewer: what the audit trail keeps of it. */
const auditable = (row: ApplicationRow) => ({
  userId: row.userId,
  state: row.state,
  source: row.source,
  refusalReason: row.refusalReason,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  renewalRequestedAt: row.renewalRequestedAt?.toISOString() ?? null,
});

/**
 * Marks performers as verified without an identity on file: the demo seed's performers and test fixtures. The record
 * says so (`source` seed), and is never made for a real applicant.
 */
export async function markVerifiedWithoutDocuments(db: Db, userIds: readonly string[], note = "Seeded demo performer") {
  if (!userIds.length) return;
  await db.insert(performerApplications).values(
    userIds.map((userId) => ({
      userId,
      state: "approved" as const,
      source: "seed" as const,
      note,
      reviewedAt: new Date(),
    })),
  );
}

/** Performer applications: filing, the admins' queue and decisions, and each user's current standing. */
export function createApplications(deps: {
  db: Db;
  storage: Storage;
  signer: UrlSigner;
  mailer: Mailer;
  settings: Pick<SettingsService, "get">;
  accounts: Pick<Accounts, "byId" | "adminIds">;
  /** Gives an approved applicant a performer profile (and the role) when they have none. */
  makePerformer(userId: string): Promise<void>;
  notify: RealtimeNotifier;
  audit: RecordAudit;
  now?: () => Date;
}) {
  const { db, storage } = deps;
  const now = deps.now ?? (() => new Date());

  /** The newest application of each user. */
  async function latestOf(userIds: readonly string[]): Promise<Map<string, ApplicationRow>> {
    const ids = [...new Set(userIds)].filter(isUuid);
    if (!ids.length) return new Map();
    const rows = await db
      .selectDistinctOn([performerApplications.userId])
      .from(performerApplications)
      .where(inArray(performerApplications.userId, ids))
      .orderBy(performerApplications.userId, desc(performerApplications.createdAt), desc(performerApplications.id));
    return new Map(rows.map((r) => [r.userId, r]));
  }

  /** The newest application that was decided or is pending: a refused re-application does not undo an approval. */
  async function standingOf(userIds: readonly string[]): Promise<Map<string, VerificationStatus>> {
    const latest = await latestOf(userIds);
    const at = now();
    return new Map([...latest].map(([id, row]) => [id, statusOf(row, at)]));
  }

  async function byId(id: string): Promise<ApplicationRow> {
    if (!isUuid(id)) throw notFound("Application");
    const [row] = await db.select().from(performerApplications).where(eq(performerApplications.id, id));
    if (!row) throw notFound("Application");
    return row;
  }

  async function present(rows: ApplicationRow[]): Promise<AdminApplication[]> {
    const ids = [...new Set(rows.map((r) => r.userId))];
    const people = ids.length
      ? await db
          .select({ id: users.id, username: users.username, name: users.name, email: users.email })
          .from(users)
          .where(inArray(users.id, ids))
      : [];
    const who = new Map(people.map((p) => [p.id, p]));
    const at = now();
    return rows.map((r) => ({
      _id: r.id,
      userId: r.userId,
      username: who.get(r.userId)?.username ?? "",
      name: who.get(r.userId)?.name ?? "",
      email: who.get(r.userId)?.email ?? "",
      legalName: r.legalName,
      dateOfBirth: r.dateOfBirth,
      country: r.country,
      state: r.state,
      status: statusOf(r, at),
      source: r.source,
      refusalReason: r.refusalReason,
      expiresAt: r.expiresAt?.toISOString() ?? null,
      renewalRequestedAt: r.renewalRequestedAt?.toISOString() ?? null,
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  async function tell(userId: string, payload: { status: string; reason?: string | null; expiresAt?: string | null }) {
    deps.notify(userId, "notification", { type: "verification", ...payload });
    const user = await deps.accounts.byId(userId);
    if (!user) return;
    const text =
      payload.status === "approved"
        ? `Your performer verification was approved${payload.expiresAt ? ` until ${payload.expiresAt.slice(0, 10)}` : ""}. You can now publish from your studio.`
        : payload.status === "refused"
          ? `Your performer verification was refused.\n\nReason: ${payload.reason}\n\nYou can apply again from your account.`
          : `An administrator asked you to verify your identity again.${payload.reason ? `\n\nReason: ${payload.reason}` : ""}\n\nUntil then your items cannot be published and payouts wait.`;
    await deps.mailer.send({ to: user.email, subject: "Your performer verification", text }).catch(() => {});
  }

  return {
    latestOf,
    standingOf,

    /** Whether the user is a verified performer now (approved, not expired, not asked to renew). */
    async isVerified(userId: string) {
      return (await standingOf([userId])).get(userId) === "approved";
    },

    /** The signed-in user's own standing and latest application. */
    async own(userId: string): Promise<OwnVerification> {
      const row = (await latestOf([userId])).get(userId);
      const status = statusOf(row, now());
      return {
        status,
        expiresAt: row?.state === "approved" ? (row.expiresAt?.toISOString() ?? null) : null,
        refusalReason: row?.state === "refused" ? row.refusalReason : null,
        renewalRequested: !!row?.renewalRequestedAt,
        application: row
          ? {
              _id: row.id,
              legalName: row.legalName,
              dateOfBirth: row.dateOfBirth,
              country: row.country,
              submittedAt: row.createdAt.toISOString(),
              reviewedAt: row.reviewedAt?.toISOString() ?? null,
            }
          : null,
      };
    },

    /**
     * Files an application with its three images (already checked present). Refused while one is pending or while
     * the user is verified and not due to renew.
     */
    async apply(
      userId: string,
      fields: { legalName: string; dateOfBirth: string; country: string },
      files: Map<string, Buffer>,
      by: { source: "applicant" | "admin"; submittedBy: string; actor?: Actor },
    ) {
      if (!(await deps.accounts.byId(userId))) throw notFound("User");
      const current = (await latestOf([userId])).get(userId);
      const status = statusOf(current, now());
      if (status === "pending")
        throw conflict("An application is already waiting for review.", [{ path: "body", message: "already pending" }]);
      if (status === "approved")
        throw conflict("This account is already verified.", [{ path: "body", message: "already verified" }]);
      const images = new Map<ApplicationImage, Buffer>();
      for (const name of applicationImages) images.set(name, await idImage(name, files.get(name) as Buffer));
      const folder = `private/verification/${userId}/${Date.now().toString(36)}${randomBytes(6).toString("hex")}`;
      const keys: Partial<Record<(typeof KEY_FIELD)[ApplicationImage], string>> = {};
      // Whatever fails from the first file stored on leaves nothing behind.
      try {
        for (const [name, data] of images) {
          const key = `${folder}/${name.toLowerCase()}.jpg`;
          await storage.put(key, data);
          keys[KEY_FIELD[name]] = key;
        }
        // An admin's filing is recorded in the audit trail in the transaction that stores it.
        const row = await db.transaction(async (tx) => {
          const [made] = await tx
            .insert(performerApplications)
            .values({ userId, ...fields, ...keys, source: by.source, submittedBy: by.submittedBy })
            .returning();
          if (by.source === "admin" && made)
            await deps.audit(tx as unknown as Db, by.actor ?? { userId: by.submittedBy, ip: null }, {
              action: "verification.file-for",
              subjectType: "performer-application",
              subjectId: made.id,
              after: auditable(made),
            });
          return made;
        });
        for (const adminId of await deps.accounts.adminIds())
          if (adminId !== userId) deps.notify(adminId, "notification", { type: "verification", status: "submitted" });
        return (await present([row as ApplicationRow]))[0] as AdminApplication;
      } catch (err) {
        await storage.remove(folder);
        if (isUniqueViolation(err))
          throw conflict("An application is already waiting for review.", [
            { path: "body", message: "already pending" },
          ]);
        throw err;
      }
    },

    /** The admins' queue: by state (pending first in, by default), or one user's history. */
    async list(q: {
      state: "pending" | "approved" | "refused" | "all";
      userId?: string;
      limit: number;
      offset: number;
    }) {
      const where = and(
        q.state === "all" ? undefined : eq(performerApplications.state, q.state),
        q.userId ? eq(performerApplications.userId, q.userId) : undefined,
      );
      const order =
        q.state === "pending"
          ? [performerApplications.createdAt, performerApplications.id]
          : [desc(performerApplications.createdAt), desc(performerApplications.id)];
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(performerApplications)
          .where(where)
          .orderBy(...order)
          .limit(q.limit)
          .offset(q.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(performerApplications).where(where),
      ]);
      return { data: await present(rows), total: count?.n ?? 0 };
    },

    /** One application with short-lived links to its images; the viewing is recorded in the audit trail. */
    async detail(actor: Actor, id: string): Promise<AdminApplicationDetail> {
      const row = await byId(id);
      const images: AdminApplicationDetail["images"] = [];
      for (const name of applicationImages) {
        const key = row[KEY_FIELD[name]];
        if (!key) continue;
        const direct = await storage.directUrl(key, { ttlSec: DOCUMENT_LINK_TTL_SEC });
        const signed = deps.signer.signed(key, DOCUMENT_LINK_TTL_SEC);
        images.push({ name, url: direct ?? signed.url, expiresAt: signed.expiresAt.toISOString() });
      }
      if (images.length)
        await deps.audit(db, actor, {
          action: "verification.view-document",
          subjectType: "performer-application",
          subjectId: row.id,
          after: { userId: row.userId, documents: images.map((i) => i.name) },
        });
      return { ...((await present([row]))[0] as AdminApplication), images };
    },

    /** Approves a pending application: verified for the months the site's setting says (0: no end). */
    async approve(actor: Actor, id: string) {
      const row = await byId(id);
      if (row.userId === actor.userId) throw forbidden("You cannot review your own application.");
      if (row.state !== "pending")
        throw conflict(`This application was already ${row.state}.`, [{ path: "id", message: row.state }]);
      const months = await deps.settings.get("verificationValidMonths");
      const at = now();
      const expiresAt = months > 0 ? new Date(at) : null;
      expiresAt?.setUTCMonth(expiresAt.getUTCMonth() + months);
      const after = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(performerApplications)
          .set({ state: "approved", reviewedBy: actor.userId, reviewedAt: at, expiresAt })
          .where(and(eq(performerApplications.id, id), eq(performerApplications.state, "pending")))
          .returning();
        if (!updated) throw conflict("This application was already decided.", [{ path: "id", message: "decided" }]);
        await deps.audit(tx as unknown as Db, actor, {
          action: "verification.approve",
          subjectType: "performer-application",
          subjectId: id,
          before: auditable(row),
          after: auditable(updated),
        });
        return updated;
      });
      await deps.makePerformer(row.userId);
      await tell(row.userId, { status: "approved", expiresAt: expiresAt?.toISOString() ?? null });
      return (await present([after]))[0] as AdminApplication;
    },

    /** Refuses a pending application with the reason the applicant is shown. */
    async refuse(actor: Actor, id: string, reason: string) {
      const row = await byId(id);
      if (row.userId === actor.userId) throw forbidden("You cannot review your own application.");
      if (row.state !== "pending")
        throw conflict(`This application was already ${row.state}.`, [{ path: "id", message: row.state }]);
      const after = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(performerApplications)
          .set({ state: "refused", refusalReason: reason, reviewedBy: actor.userId, reviewedAt: now() })
          .where(and(eq(performerApplications.id, id), eq(performerApplications.state, "pending")))
          .returning();
        if (!updated) throw conflict("This application was already decided.", [{ path: "id", message: "decided" }]);
        await deps.audit(tx as unknown as Db, actor, {
          action: "verification.refuse",
          subjectType: "performer-application",
          subjectId: id,
          before: auditable(row),
          after: auditable(updated),
        });
        return updated;
      });
      await tell(row.userId, { status: "refused", reason });
      return (await present([after]))[0] as AdminApplication;
    },

    /** Asks a verified performer to apply again: their approval stops counting now. */
    async requestAgain(actor: Actor, userId: string, reason: string | undefined) {
      const row = (await latestOf([userId])).get(userId);
      if (row?.state !== "approved")
        throw conflict("This account has no approved verification to renew.", [
          { path: "userId", message: "not verified" },
        ]);
      const after = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(performerApplications)
          .set({ renewalRequestedAt: row.renewalRequestedAt ?? now(), renewalReason: reason ?? null })
          .where(eq(performerApplications.id, row.id))
          .returning();
        await deps.audit(tx as unknown as Db, actor, {
          action: "verification.request-again",
          subjectType: "performer-application",
          subjectId: row.id,
          before: auditable(row),
          after: auditable(updated as ApplicationRow),
        });
        return updated as ApplicationRow;
      });
      await tell(userId, { status: "renewal", reason: reason ?? null });
      return (await present([after]))[0] as AdminApplication;
    },
  };
}
export type Applications = ReturnType<typeof createApplications>;
