import { randomBytes } from "node:crypto";
import type { AppearingPeople, AppearingPerson, ItemKind } from "@marquee/contracts/verification";
import { releaseFiles } from "@marquee/contracts/verification";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { badRequest, type ErrorDetail, forbidden, notFound, unprocessable } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import type { Storage } from "../../platform/storage.ts";
import type { Actor as Viewer } from "../catalogue/access.ts";
import type { PerformersService } from "../performers/service.ts";
import type { Actor, Applications, RecordAudit } from "./applications.ts";
import { DOCUMENT_LINK_TTL_SEC } from "./applications.ts";
import { idImage, pdfFile } from "./form.ts";
import { coPerformerReleases, type ReleaseRow } from "./tables.ts";

/** What the releases need of a movie or gallery: the item as its owner (or an admin) manages it; 404/403 else. */
export type ManagedItem = (
  actor: Viewer,
  id: string,
) => Promise<{ id: string; title: string; performerIds: readonly string[]; createdBy: string | null }>;

const NOUN: Record<ItemKind | "product", string> = { video: "movie", gallery: "gallery", product: "product" };

export interface ReleaseFields {
  performerId?: string | undefined;
  displayName?: string | undefined;
  legalName: string;
  dateOfBirth: string;
  consentName?: string | undefined;
  consentAgreed?: "true" | "false" | undefined;
}

/**
 * Who appears in a movie or gallery and their releases, and the one rule publishing follows: every performer of the
 * item is verified or has a release on record with it (`publicationBlockers`).
 */
export function createReleases(deps: {
  db: Db;
  storage: Storage;
  signer: UrlSigner;
  applications: Pick<Applications, "standingOf">;
  performers: Pick<PerformersService, "refs">;
  audit: RecordAudit;
  /** Filled in once the catalogue services exist (they call the gate, the gate reads them). */
  items: Partial<Record<ItemKind, ManagedItem>>;
}) {
  const { db, storage } = deps;

  async function releasesOf(kind: ItemKind, itemId: string): Promise<ReleaseRow[]> {
    return db
      .select()
      .from(coPerformerReleases)
      .where(and(eq(coPerformerReleases.itemKind, kind), eq(coPerformerReleases.itemId, itemId)))
      .orderBy(asc(coPerformerReleases.createdAt));
  }

  /**
   * The item, for its owner (who made it, or its first performer when an admin made it) and admins only: the other
   * performers of an item do not see the legal identities of the people in it (403).
   */
  const itemOf = async (kind: ItemKind, actor: Viewer, id: string) => {
    const read = deps.items[kind];
    if (!read) throw new Error(`no item reader for ${kind}`);
    const item = await read(actor, id);
    const owner = item.createdBy && item.performerIds.includes(item.createdBy) ? item.createdBy : item.performerIds[0];
    if (actor.role !== "admin" && actor.id !== owner)
      throw forbidden(`Only the performer who made this ${NOUN[kind]} and admins manage the people in it.`);
    return item;
  };

  /** Everyone who appears in an item with what each one still needs, and the blockers as sentences. */
  async function people(
    kind: ItemKind | "product",
    itemId: string | null,
    performerIds: readonly string[],
  ): Promise<{ data: AppearingPerson[]; blockers: ErrorDetail[] }> {
    const [standing, refs, releases] = await Promise.all([
      deps.applications.standingOf(performerIds),
      deps.performers.refs(performerIds),
      itemId && kind !== "product" ? releasesOf(kind, itemId) : Promise.resolve([]),
    ]);
    const releaseOf = (r: ReleaseRow): AppearingPerson["release"] => ({
      _id: r.id,
      legalName: r.legalName,
      dateOfBirth: r.dateOfBirth,
      consent: r.consentPdfKey ? "pdf" : "signed",
      signedName: r.consentSignedName,
      signedAt: r.consentSignedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    });
    const data: AppearingPerson[] = [];
    const blockers: ErrorDetail[] = [];
    for (const id of performerIds) {
      const name = refs.get(id)?.name ?? "A performer";
      const verified = standing.get(id) === "approved";
      const release = releases.find((r) => r.performerId === id);
      const missing: string[] = [];
      if (!verified && !release) {
        missing.push(
          kind === "product"
            ? "a verified identity"
            : "a verified identity or a release (legal name, date of birth, ID images and signed consent)",
        );
        blockers.push({
          path: "body.status",
          message:
            kind === "product"
              ? `${name} is not a verified performer`
              : `${name} is not a verified performer and has no release on record for this ${NOUN[kind]}`,
        });
      }
      data.push({ performerId: id, name, verified, release: release ? releaseOf(release) : null, missing });
    }
    for (const r of releases.filter((r) => !r.performerId || !performerIds.includes(r.performerId)))
      data.push({ performerId: null, name: r.displayName, verified: false, release: releaseOf(r), missing: [] });
    return { data, blockers };
  }

  async function releaseById(actor: Viewer, kind: ItemKind, itemId: string, releaseId: string) {
    const item = await itemOf(kind, actor, itemId);
    if (!isUuid(releaseId)) throw notFound("Release");
    const [row] = await db
      .select()
      .from(coPerformerReleases)
      .where(
        and(
          eq(coPerformerReleases.id, releaseId),
          eq(coPerformerReleases.itemKind, kind),
          eq(coPerformerReleases.itemId, item.id),
        ),
      );
    if (!row) throw notFound("Release");
    return row;
  }

  return {
    /**
     * What keeps an item from being published: each of its performers who is neither verified nor covered by a
     * release on record with it (movies and galleries). `itemId` null: an item being created (no release yet).
     * Empty when it may be published. The review queue can show `people` beside an item with the same answer.
     */
    async publicationBlockers(kind: ItemKind | "product", itemId: string | null, performerIds: readonly string[]) {
      return (await people(kind, itemId, performerIds)).blockers;
    },

    /** 422 naming what is missing when the item may not be published. */
    async assertPublishable(kind: ItemKind | "product", itemId: string | null, performerIds: readonly string[]) {
      const blockers = (await people(kind, itemId, performerIds)).blockers;
      if (!blockers.length) return;
      throw unprocessable(
        `This ${NOUN[kind]} cannot be published yet: ${blockers.map((b) => b.message).join("; ")}.`,
        blockers,
      );
    },

    /** The people of an item as its owner or an admin sees them. */
    async list(actor: Viewer, kind: ItemKind, itemId: string): Promise<AppearingPeople> {
      const item = await itemOf(kind, actor, itemId);
      const { data, blockers } = await people(kind, item.id, item.performerIds);
      return { data, blockers: blockers.map((b) => b.message) };
    },

    /** Records a release for someone who appears in the item (a performer of it, or a person without an account). */
    async add(
      actor: Viewer,
      kind: ItemKind,
      itemId: string,
      fields: ReleaseFields,
      files: Map<string, Buffer>,
      signedFrom: string | null,
    ) {
      const item = await itemOf(kind, actor, itemId);
      const details: ErrorDetail[] = [];
      if (fields.performerId && !item.performerIds.includes(fields.performerId))
        details.push({ path: "body.performerId", message: `not a performer of this ${NOUN[kind]}` });
      if (!fields.performerId && !fields.displayName)
        details.push({ path: "body.displayName", message: "required: the name this person appears under" });
      const pdf = files.get("consentPdf");
      const signed = fields.consentAgreed === "true" && !!fields.consentName;
      if (!pdf && !signed)
        details.push({
          path: "consentPdf",
          message: "required: upload the signed release as a PDF, or sign it here (full name and agreement)",
        });
      if (signed && fields.consentName?.toLowerCase() !== fields.legalName.toLowerCase())
        details.push({ path: "body.consentName", message: "type the same full legal name to sign" });
      if (details.length) throw badRequest(details.map((d) => `${d.path}: ${d.message}`).join("; "), details);
      const front = await idImage("documentFront", files.get("documentFront") as Buffer);
      const back = await idImage("documentBack", files.get("documentBack") as Buffer);
      const consent = pdf ? pdfFile("consentPdf", pdf) : null;
      const name = fields.performerId
        ? ((await deps.performers.refs([fields.performerId])).get(fields.performerId)?.name ?? "Performer")
        : (fields.displayName as string);
      const folder = `private/releases/${kind}/${item.id}/${Date.now().toString(36)}${randomBytes(6).toString("hex")}`;
      // Whatever fails from the first file stored on leaves nothing behind.
      try {
        await storage.put(`${folder}/document-front.jpg`, front);
        await storage.put(`${folder}/document-back.jpg`, back);
        if (consent) await storage.put(`${folder}/consent.pdf`, consent);
        await db.insert(coPerformerReleases).values({
          itemKind: kind,
          itemId: item.id,
          performerId: fields.performerId ?? null,
          displayName: name,
          legalName: fields.legalName,
          dateOfBirth: fields.dateOfBirth,
          documentFrontKey: `${folder}/document-front.jpg`,
          documentBackKey: `${folder}/document-back.jpg`,
          consentPdfKey: consent ? `${folder}/consent.pdf` : null,
          consentSignedName: consent ? null : (fields.consentName as string),
          consentSignedAt: consent ? null : new Date(),
          consentIp: consent ? null : signedFrom,
          createdBy: actor.id,
        });
      } catch (err) {
        await storage.remove(folder);
        throw err;
      }
      const { data, blockers } = await people(kind, item.id, item.performerIds);
      return { data, blockers: blockers.map((b) => b.message) };
    },

    /** Removes a release and its files (the item may then be blocked again). */
    async remove(actor: Viewer, kind: ItemKind, itemId: string, releaseId: string) {
      const row = await releaseById(actor, kind, itemId, releaseId);
      await db.delete(coPerformerReleases).where(eq(coPerformerReleases.id, row.id));
      await storage.remove(row.documentFrontKey.split("/").slice(0, -1).join("/"));
    },

    /** Short-lived links to a release's files, for the item's owner and admins. */
    async files(actor: Viewer, kind: ItemKind, itemId: string, releaseId: string, audited: Actor) {
      const row = await releaseById(actor, kind, itemId, releaseId);
      // An admin's look at someone's ID documents is on the record, as with applications.
      if (actor.role === "admin")
        await deps.audit(db, audited, {
          action: "verification.view-release",
          subjectType: "co-performer-release",
          subjectId: row.id,
          after: { itemKind: kind, itemId: row.itemId },
        });
      const keys: Record<(typeof releaseFiles)[number], string | null> = {
        documentFront: row.documentFrontKey,
        documentBack: row.documentBackKey,
        consentPdf: row.consentPdfKey,
      };
      const data = [];
      for (const name of releaseFiles) {
        const key = keys[name];
        if (!key) continue;
        const signed = deps.signer.signed(key, DOCUMENT_LINK_TTL_SEC);
        data.push({ name, url: signed.url, expiresAt: signed.expiresAt.toISOString() });
      }
      return { data, release: row };
    },

    /** Forgets the releases of an item being deleted, with their files. */
    async forgetItem(kind: ItemKind, itemId: string) {
      await db
        .delete(coPerformerReleases)
        .where(and(eq(coPerformerReleases.itemKind, kind), eq(coPerformerReleases.itemId, itemId)));
      await storage.remove(`private/releases/${kind}/${itemId}`);
    },
  };
}
export type Releases = ReturnType<typeof createReleases>;
