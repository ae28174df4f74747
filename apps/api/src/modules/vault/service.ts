import type { VaultItem, VaultList, VaultQuery } from "@marquee/contracts/vault";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { conflict, notFound, unprocessable } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import type { Jobs, JobsLog } from "../../platform/jobs.ts";
import type { ItemAccess } from "../../platform/media/grants.ts";
import { type Keyset, keysetClauses, nextCursor } from "../../platform/paging.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import type { Storage } from "../../platform/storage.ts";
import type { Actor, Viewer } from "../catalogue/access.ts";
import { createVaultPresenter } from "./present.ts";
import { createVaultProcessing, type Receive } from "./processing.ts";
import { attachedColumn } from "./rows.ts";
import { type VaultItemRow, vaultItems } from "./tables.ts";

export { NOT_MEDIA, PHOTO_TOO_LARGE, TOO_LONG } from "./processing.ts";

export const ATTACHED = "This item is attached to a post or message.";
export const NO_ACCESS = "You do not have access to this media.";

/** A transaction or the database: what `ownedReady` and the ports read with. */
export type DbOrTx = Pick<Db, "select">;

/**
 * Who else may open a vault item's media links (beyond its performer and admins, who always may): a module that
 * shows the item open to `viewer` (their account as it is now; null: nobody signed in or deactivated) answers true,
 * e.g. a feed post they may see, a paid message they bought. Asked at every fetch of a link `present` made, so it must
 * be the same decision that made `present(..., open = true)`. Fits `mayViewItem` of social/posts and messages.
 */
export type VaultViewerCheck = (viewer: Viewer, itemId: string) => Promise<boolean>;

/**
 * Whether item `itemId` is attached somewhere (a post, a message) a module owns. Asked while the deleting transaction
 * holds the item's row locked (`tx`, for a check that wants it); an attached item is not deleted (409 ATTACHED). Fits
 * `carries` of social/posts and messages.
 */
export type VaultAttachmentCheck = (itemId: string, tx: DbOrTx) => Promise<boolean>;

const NEWEST: Keyset = {
  name: "vault-newest",
  key: vaultItems.createdAt,
  kind: "timestamp",
  id: vaultItems.id,
  direction: "desc",
};

/**
 * The performer's vault (issue 25 section 2): a library of photos and videos uploaded and processed once, attached to
 * feed posts and messages by id. Other modules use only:
 * - `ownedReady(performerId, ids, tx?)`: the performer's own ready items, in the order given, or 422 naming
 *   `body.attachmentIds` (call it in the transaction that saves the attachment: it locks the rows against deletion);
 * - `present(rows, open, viewerId)`: the attachments as a viewer gets them;
 * - `addViewers(check)`: who else may open an item's links (the media route asks at every fetch);
 * - `addAttachmentChecks(check)`: which items are attached, so that those are not deleted.
 */
export function createVaultService(deps: {
  db: Db;
  storage: Storage;
  jobs: Jobs;
  signer: UrlSigner;
  log: JobsLog;
  /** The viewer a grant was made for, as their account is now (null: deactivated or unknown). */
  viewerOf(userId: string): Promise<Viewer>;
}) {
  const { db } = deps;
  const processing = createVaultProcessing(deps);
  const presenter = createVaultPresenter(deps);
  const viewers: VaultViewerCheck[] = [];
  const attachments: VaultAttachmentCheck[] = [];

  /** The item `id` if `actor` manages it (its performer, or an admin); 404 otherwise, never saying it exists. */
  async function managed(actor: Actor, id: string, tx: DbOrTx = db, lock = false): Promise<VaultItemRow> {
    if (!isUuid(id)) throw notFound("Vault item");
    const owner: SQL | undefined = actor.role === "admin" ? undefined : eq(vaultItems.performerId, actor.id);
    const query = tx
      .select()
      .from(vaultItems)
      .where(and(eq(vaultItems.id, id), owner));
    const [row] = await (lock ? query.for("update") : query);
    if (!row) throw notFound("Vault item");
    return row;
  }

  /** POST /vault: one upload, answered `processing` (or `failed` for a video too long to keep). */
  async function upload(actor: Actor, receive: Receive): Promise<VaultItem> {
    const row = await processing.upload(actor, receive);
    return presenter.studioOf(row, actor.id);
  }

  /** GET /vault: the actor's own items, newest first, by keyset cursor. */
  async function list(actor: Actor, query: VaultQuery): Promise<VaultList> {
    const { after, orderBy } = keysetClauses(NEWEST, query.cursor);
    const rows = await db
      .select()
      .from(vaultItems)
      .where(and(eq(vaultItems.performerId, actor.id), query.kind ? eq(vaultItems.kind, query.kind) : undefined, after))
      .orderBy(...orderBy)
      .limit(query.limit);
    return {
      data: rows.map((row) => presenter.studioOf(row, actor.id)),
      next: nextCursor(rows, query.limit, NEWEST.name, (r) => [r.createdAt, r.id]),
    };
  }

  /**
   * DELETE /vault/:id: the item and its files. 404 unless the actor manages it; 409 ATTACHED while a post or message
   * carries it. The row is locked first, so an attachment saved meanwhile (which `ownedReady` locks too) is seen.
   */
  async function remove(actor: Actor, id: string): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await managed(actor, id, tx, true);
      for (const check of attachments) {
        if (await check(row.id, tx)) throw conflict(ATTACHED, [{ path: "id", message: "attached" }]);
      }
      await tx.delete(vaultItems).where(eq(vaultItems.id, row.id));
    });
    await processing.removeFiles(id);
  }

  /**
   * The performer's own READY items named by `ids`, in the order given: what a post or message may carry. 422 naming
   * `body.attachmentIds` and which one for an id that is not (someone else's item, one still processing or failed,
   * one that does not exist: all the same to the caller, so nothing of another performer's vault shows). With `tx`
   * the rows are locked (FOR SHARE) until it ends, so none is deleted before the attachment is saved.
   */
  async function ownedReady(performerId: string, ids: readonly string[], tx?: DbOrTx): Promise<VaultItemRow[]> {
    if (!ids.length) return [];
    const wanted = ids.filter(isUuid);
    let rows: VaultItemRow[] = [];
    if (wanted.length) {
      const query = (tx ?? db)
        .select()
        .from(vaultItems)
        .where(and(eq(vaultItems.performerId, performerId), inArray(vaultItems.id, wanted)));
      rows = await (tx ? query.for("share") : query);
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id, index) => {
      const row = byId.get(id);
      if (row?.status === "ready") return row;
      const message = !row
        ? `Attachment ${index + 1} is not in your vault.`
        : row.status === "processing"
          ? `Attachment ${index + 1} is still being processed.`
          : `Attachment ${index + 1} could not be processed.`;
      throw unprocessable(message, [
        { path: "body.attachmentIds", message: `${id}: ${row ? row.status : "not found"}` },
      ]);
    });
  }

  /** The rows of `ids` in any order (what `present` needs), for a module that stored the ids. */
  async function rowsOf(ids: readonly string[], tx: DbOrTx = db): Promise<VaultItemRow[]> {
    const wanted = ids.filter(isUuid);
    if (!wanted.length) return [];
    return tx.select().from(vaultItems).where(inArray(vaultItems.id, wanted));
  }

  /**
   * The media route's port for `private/vault/<id>/...` grants: the item is ready and the viewer is its performer, an
   * admin, or let in by a registered `VaultViewerCheck`.
   */
  const playback: ItemAccess = async (viewerId, itemId) => {
    if (!isUuid(itemId)) return NO_ACCESS;
    const [[row], viewer] = await Promise.all([
      db.select().from(vaultItems).where(eq(vaultItems.id, itemId)),
      viewerId ? deps.viewerOf(viewerId) : null,
    ]);
    if (row?.status !== "ready") return NO_ACCESS;
    if (viewer && (viewer.id === row.performerId || viewer.role === "admin")) return null;
    for (const check of viewers) if (await check(viewer, itemId)) return null;
    return NO_ACCESS;
  };

  return {
    upload,
    list,
    remove,
    ownedReady,
    rowsOf,
    /**
     * Attachments as `viewerId` gets them, in the order of `rows`: the blurred public preview always; with `open`, the
     * thumbnail and full size (a video's MP4) as grants to that viewer. Give `open` only when a registered
     * `VaultViewerCheck` answers true for the same viewer, or the links are refused when fetched.
     */
    /** The items an id array column names, read as a column of another module's list query. */
    attachedColumn,
    /** One item read through `attachedColumn`, as `present` gives it. */
    attachmentOf: presenter.attachmentOf,
    present: (rows: readonly VaultItemRow[], open: boolean, viewerId: string | null) =>
      rows.map((row) => presenter.attachmentOf(row, open, viewerId)),
    /**
     * `present` by ids, for a module that stored them: a map from id to attachment (unknown ids left out), one query.
     * Fits social's `VaultPort.attachments` once that takes the viewer.
     */
    async attachmentsById(ids: readonly string[], open: boolean, viewerId: string | null) {
      const rows = await rowsOf([...new Set(ids)]);
      return new Map(rows.map((row) => [row.id, presenter.attachmentOf(row, open, viewerId)]));
    },
    /** Registers who else may open vault items' links (feed posts, messages). */
    addViewers(check: VaultViewerCheck) {
      viewers.push(check);
    },
    /** Registers where vault items are attached (feed posts, messages), so that those are not deleted. */
    addAttachmentChecks(check: VaultAttachmentCheck) {
      attachments.push(check);
    },
    playback,
    registerJobs: processing.registerJobs,
    applyPhoto: processing.applyPhoto,
    applyVideo: processing.applyVideo,
  };
}
export type VaultService = ReturnType<typeof createVaultService>;
