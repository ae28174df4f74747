import type { CreateVideoBody, StudioVideo, UpdateVideoBody } from "@marquee/contracts/videos";
import { eq, type SQL, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import type { ForgetEngagement } from "../../platform/engageable.ts";
import { badRequest, conflict, notFound, unprocessable } from "../../platform/errors.ts";
import { isUniqueViolation } from "../../platform/slugs.ts";
import type { Storage } from "../../platform/storage.ts";
import type { Actor } from "../catalogue/access.ts";
import * as rules from "../catalogue/editing.ts";
import {
  decisionFields,
  heldByReview,
  type ReviewGate,
  reviewAfterWrite,
  reviewOfNewMedia as reviewOfNewMediaRule,
} from "../catalogue/review.ts";
import type { VideoPresenter } from "./present.ts";
import type { VideoReads } from "./reading.ts";
import { MOVIE, type Row, rowColumns, sourceDir } from "./rows.ts";
import { videos } from "./tables.ts";

/** What runs in a save's transaction with the movie before and after: the audit trail's record of an admin's edit. */
type SaveRecord = (tx: Db, before: Row, after: Row) => Promise<void>;

type PlacementState = Pick<
  Row,
  "status" | "processingStatus" | "scheduledAt" | "releasedAt" | "createdAt" | "takenDownAt" | "heldAt" | "reviewState"
>;

/** Writing movies: create, edit, delete and take down, keeping `listed`, `releasedAt` and the counters true. */
export function createVideoWrites(deps: {
  db: Db;
  storage: Storage;
  performers: rules.PerformerDirectory;
  categories: rules.CategoryDirectory;
  publication: rules.PublicationGate;
  reads: VideoReads;
  present: VideoPresenter;
  forgetEngagement: ForgetEngagement<"video">;
  review: ReviewGate;
  now: () => Date;
}) {
  const { db, storage, reads, present, now } = deps;

  /**
   * Where a movie stands in the catalogue after a change: listed when active and processed, or active and
   * announced for a future date ("coming"), unless an admin took it down or it waits for (or failed) review. `releasedAt` (the "newest" key) is the
   * scheduled date, else the moment it was first listed; `releasedAt = createdAt` marks a movie never released.
   */
  function placement(state: PlacementState): { listed: boolean; releasedAt: Date } {
    const at = now();
    const coming = !!state.scheduledAt && state.scheduledAt > at;
    const listed =
      state.status === "active" &&
      !state.takenDownAt &&
      !state.heldAt &&
      !heldByReview(state) &&
      (state.processingStatus === "ready" || coming);
    let releasedAt = state.releasedAt;
    if (state.scheduledAt) releasedAt = state.scheduledAt;
    // A schedule taken back before its date: not released after all.
    else if (releasedAt > at) releasedAt = state.createdAt;
    if (listed && !coming && releasedAt.getTime() === state.createdAt.getTime()) releasedAt = at;
    return { listed, releasedAt };
  }

  /**
   * `placement` for an UPDATE of a movie read earlier (an edit, an upload that took minutes, the end of its
   * processing): the row's `taken_down_at` at the moment of writing has the last word, so a write that read the
   * movie before an admin took it down cannot list it again. (A take-down itself sets both in one statement.)
   */
  function placementNow(state: PlacementState): { listed: boolean | SQL<boolean>; releasedAt: Date } {
    const p = placement(state);
    // Likewise a hold or a review that began meanwhile (a report, or a performer's publication of it in another
    // request) holds it back.
    return {
      ...p,
      listed: p.listed
        ? sql<boolean>`(${videos.takenDownAt} is null and ${videos.heldAt} is null and coalesce(${videos.reviewState}, 'approved') = 'approved')`
        : false,
    };
  }

  /**
   * Moves the performers' `videos` stat by what changed between the rows (null: created or deleted), and drops
   * the cached list counts. Every write that can change what the catalogue lists goes through here. A movie
   * counts once it is listed and released (not announced).
   */
  async function syncCounts(changes: { before: Row | null; after: Row | null }[]) {
    reads.dropCounts();
    await rules.syncPerformerCounts(deps.performers, "videos", (r) => r.listed && !r.scheduledAt, changes);
  }

  function scheduleOf(value: string | null | undefined, current?: Row): Date | null | undefined {
    if (value === undefined) return undefined;
    if (value === null) return null;
    const at = new Date(value);
    // Sending back the stored date unchanged is fine even once it has passed (the hourly job releases it).
    if (current?.scheduledAt && current.scheduledAt.getTime() === at.getTime()) return at;
    if (at <= now())
      throw badRequest("The release date must be in the future", [
        { path: "body.scheduledAt", message: "must be in the future" },
      ]);
    return at;
  }

  async function create(actor: Actor, body: CreateVideoBody): Promise<StudioVideo> {
    const fields = await rules.newItemFields(deps, actor, body, MOVIE);
    if (rules.publishes(null, { status: body.status, performerIds: fields.performerIds }))
      await deps.publication.assertPublishable("video", null, fields.performerIds);
    const scheduledAt = scheduleOf(body.scheduledAt) ?? null;
    const createdAt = now();
    const base = {
      status: body.status,
      processingStatus: "none" as const,
      scheduledAt,
      releasedAt: createdAt,
      createdAt,
      takenDownAt: null,
      heldAt: null,
      reviewState: null,
      ...(await reviewAfterWrite(deps.review, actor, null, body.status, createdAt)),
    };
    const values = { ...fields, ...base, ...placement(base) };
    const row = await rules.insertWithSlug({
      db,
      table: videos,
      slugColumn: videos.slug,
      chosen: body.slug,
      title: body.title,
      kind: MOVIE,
      insert: (slug) =>
        db
          .insert(videos)
          .values({ ...values, slug })
          .returning(rowColumns),
    });
    await syncCounts([{ before: null, after: row }]);
    return present.studioOf(actor, row);
  }

  /** Writes `changes` to a movie the caller read as `current`, keeping the counters; 409 on a taken slug. */
  async function save(current: Row, changes: PgUpdateSetSource<typeof videos>, record?: SaveRecord): Promise<Row> {
    let row: Row | undefined;
    try {
      // With the audit trail's record (`record`, an admin's edit) in the same transaction.
      row = await db.transaction(async (tx) => {
        const [was] = await tx.select(rowColumns).from(videos).where(eq(videos.id, current.id)).for("update");
        if (!was) return undefined;
        const [saved] = await tx.update(videos).set(changes).where(eq(videos.id, current.id)).returning(rowColumns);
        if (saved) await record?.(tx as unknown as Db, was, saved);
        return saved;
      });
    } catch (err) {
      if (isUniqueViolation(err) && changes.slug) throw rules.slugTaken(MOVIE);
      throw err;
    }
    if (!row) throw notFound("Movie");
    await syncCounts([{ before: current, after: row }]);
    return row;
  }

  async function update(actor: Actor, id: string, body: UpdateVideoBody, record?: SaveRecord): Promise<StudioVideo> {
    const current = await reads.managedRow(actor, id);
    const performerIds =
      body.performerIds !== undefined
        ? await rules.resolvePerformers(deps.performers, actor, body.performerIds, MOVIE, current.performerIds)
        : current.performerIds;
    const categoryIds =
      body.categoryIds !== undefined
        ? await rules.resolveCategories(deps.categories, body.categoryIds, MOVIE)
        : current.categoryIds;
    const accessKind = body.access ?? current.access;
    const priceCents = rules.priceCentsOf(MOVIE, accessKind, body.price, current);
    const scheduled = scheduleOf(body.scheduledAt, current);
    const scheduledAt = scheduled === undefined ? current.scheduledAt : scheduled;
    if (body.slug !== undefined && body.slug !== current.slug) rules.assertSlugAllowed(body.slug);
    const status = body.status ?? current.status;
    if (rules.publishes(current, { status, performerIds }))
      await deps.publication.assertPublishable("video", current.id, performerIds);
    const review = await reviewAfterWrite(deps.review, actor, current, status, now());
    const row = await save(
      current,
      {
        ...review,
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.slug !== undefined ? { slug: body.slug } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.tags !== undefined ? { tags: [...new Set(body.tags)] } : {}),
        access: accessKind,
        priceCents,
        status,
        scheduledAt,
        performerIds,
        categoryIds,
        ...placementNow({ ...current, ...review, status, scheduledAt }),
      },
      record,
    );
    return present.studioOf(actor, row);
  }

  /**
   * An admin takes a movie off the site (`reason` is kept for its performers), or puts it back (`reason` null).
   * Nothing else about the movie changes: restored, it is listed again exactly when it would have been.
   */
  async function setTakedown(
    id: string,
    reason: string | null,
    record?: (tx: Db, before: Row, after: Row) => Promise<void>,
  ): Promise<Row> {
    // In one transaction with the audit trail's record (`record`), the movie locked.
    const { before, after } = await db.transaction(async (tx) => {
      const [current] = await tx.select(rowColumns).from(videos).where(eq(videos.id, id)).for("update");
      if (!current) throw notFound("Movie");
      const takenDownAt = reason === null ? null : (current.takenDownAt ?? now());
      const [row] = await tx
        .update(videos)
        .set({ takenDownAt, takenDownReason: reason, ...placement({ ...current, takenDownAt }) })
        .where(eq(videos.id, id))
        .returning(rowColumns);
      if (!row) throw notFound("Movie");
      await record?.(tx as unknown as Db, current, row);
      return { before: current, after: row };
    });
    await syncCounts([{ before, after }]);
    return after;
  }

  /** What a new upload does to an active movie's review (catalogue/review.ts). */
  const reviewOfNewMedia = (actor: Actor, current: Row) => reviewOfNewMediaRule(deps.review, actor, current, now());

  /**
   * An admin's review decision on a waiting movie, in one transaction with `record` (the audit trail): approved,
   * it is listed now (or announced until its scheduled date, when the hourly job releases it); refused, it stays
   * off the site with the reason. 409 when it is not waiting; 422 to approve a movie whose media is not processed.
   */
  async function decideReview(
    id: string,
    decision: { state: "approved" } | { state: "refused"; reason: string },
    record?: (tx: Db, before: Row, after: Row) => Promise<void>,
  ): Promise<Row> {
    const { before, after } = await db.transaction(async (tx) => {
      const [current] = await tx.select(rowColumns).from(videos).where(eq(videos.id, id)).for("update");
      if (!current) throw notFound("Movie");
      if (current.reviewState !== "pending") throw conflict("This movie is not waiting for review.");
      if (decision.state === "approved" && current.processingStatus !== "ready")
        throw unprocessable("This movie's media is not processed yet: it can be approved once it plays.");
      const fields = decisionFields(decision, now());
      const [row] = await tx
        .update(videos)
        .set({ ...fields, ...placement({ ...current, ...fields }) })
        .where(eq(videos.id, id))
        .returning(rowColumns);
      if (!row) throw notFound("Movie");
      await record?.(tx as unknown as Db, current, row);
      return { before: current, after: row };
    });
    await syncCounts([{ before, after }]);
    return after;
  }

  /** A report holds a movie off the site pending review (`reason` kept for its performers), or lifts it (null). */
  async function setHold(id: string, reason: string | null): Promise<Row> {
    const current = await reads.findRow(id);
    if (!current) throw notFound("Movie");
    const heldAt = reason === null ? null : (current.heldAt ?? now());
    return save(current, { heldAt, heldReason: reason, ...placement({ ...current, heldAt }) });
  }

  async function removeFiles(id: string) {
    await storage.remove(`private/videos/${id}`);
    await storage.remove(sourceDir(id));
    await storage.remove(`public/videos/${id}`);
  }

  async function remove(actor: Actor, id: string): Promise<void> {
    const current = await reads.managedRow(actor, id);
    // The movie and its comments and reactions go together; its files and the counts once that is committed.
    await db.transaction(async (tx) => {
      const [gone] = await tx.delete(videos).where(eq(videos.id, current.id)).returning({ id: videos.id });
      if (!gone) throw notFound("Movie");
      await deps.forgetEngagement(tx, "video", current.id);
    });
    await removeFiles(current.id);
    await deps.publication.forgetItem("video", current.id);
    await syncCounts([{ before: current, after: null }]);
  }

  return {
    placement,
    placementNow,
    syncCounts,
    removeFiles,
    create,
    update,
    setTakedown,
    setHold,
    decideReview,
    reviewOfNewMedia,
    remove,
  };
}
export type VideoWrites = ReturnType<typeof createVideoWrites>;
