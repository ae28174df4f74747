import { randomBytes } from "node:crypto";
import type { Image } from "@marquee/contracts/catalogue";
import type {
  AdminSearchPostsQuery,
  Post,
  PostBody,
  SearchPostsQuery,
  UpdatePostBody,
} from "@marquee/contracts/content";
import { and, eq, getTableColumns, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type Engageable, type ForgetEngagement, tableCounter } from "../../platform/engageable.ts";
import { badRequest, conflict, notFound } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { cappedCount, type Keyset, keysetClauses, nextCursor } from "../../platform/paging.ts";
import { assertCursorText, cleanTerm, isUniqueViolation, slugify } from "../../platform/slugs.ts";
import type { Storage } from "../../platform/storage.ts";
import { removeWebpVariants, storeWebpVariants } from "../../platform/webp.ts";
import type { Viewer } from "../access/service.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { posts } from "./tables.ts";

/** The post image, cropped to the 1.91:1 of link previews (Open Graph), and its half size. */
export const POST_IMAGE_SPECS = [
  { name: "1200", width: 1200, height: 630 },
  { name: "600", width: 600, height: 315 },
] as const;

// Everything but the generated search vector, which no answer needs.
const { search: _search, ...columns } = getTableColumns(posts);
type Row = { [K in keyof typeof columns]: (typeof posts.$inferSelect)[K] };

/** What the public sees: published, neither taken down nor held by a report. */
const isPublic = (row: Pick<Row, "status" | "takenDownAt" | "heldAt">) =>
  row.status === "published" && !row.takenDownAt && !row.heldAt;

const slugTaken = () => conflict("Another post has this slug.", [{ path: "body.slug", message: "already used" }]);

/**
 * Posts and pages (the home and contact texts are pages). Content is plain text; the web renders its paragraphs
 * and never interprets it as HTML. The public sees published ones only.
 */
export function createPostsService(deps: {
  db: Db;
  storage: Storage;
  /** Deletes the comments on a post, in the transaction that deletes it. */
  forgetEngagement: ForgetEngagement<"post">;
}) {
  const { db, storage } = deps;

  function imageOf(key: string | null): Image | null {
    if (!key) return null;
    const [large] = POST_IMAGE_SPECS;
    return {
      url: storage.publicUrl(`${key}-${large.name}.webp`),
      srcSet: POST_IMAGE_SPECS.map((s) => `${storage.publicUrl(`${key}-${s.name}.webp`)} ${s.width}w`).join(", "),
      width: large.width,
      height: large.height,
    };
  }

  const toPost = (row: Row): Post => ({
    _id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    content: row.content,
    type: row.type,
    status: row.status,
    image: imageOf(row.imageKey),
    template: row.template,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  /** Titles by their `simple` (unstemmed) vector part, content by its `english` (stemmed) part. */
  const matching = (term: string) =>
    sql`(${posts.search} @@ websearch_to_tsquery('simple', ${term}) or ${posts.search} @@ websearch_to_tsquery('english', ${term}))`;

  async function list(q: AdminSearchPostsQuery, publicOnly: boolean) {
    const where: SQL[] = [];
    if (publicOnly) where.push(eq(posts.status, "published"), isNull(posts.takenDownAt), isNull(posts.heldAt));
    else if (q.status) where.push(eq(posts.status, q.status));
    const term = cleanTerm(q.q);
    if (term) where.push(matching(term));
    if (q.type) where.push(eq(posts.type, q.type));
    const direction = q.sort ?? (q.sortBy === "title" ? "asc" : "desc");
    // Drafts have no publication date, so the admins' "newest" is by creation.
    const newest = publicOnly
      ? ({ key: posts.publishedAt, kind: "timestamp" } as const)
      : ({ key: posts.createdAt, kind: "timestamp" } as const);
    const sortKey = q.sortBy === "title" ? ({ key: posts.title, kind: "text" } as const) : newest;
    const keyset: Keyset = {
      name: `${publicOnly ? "" : "admin:"}${q.sortBy}:${direction}`,
      ...sortKey,
      id: posts.id,
      direction,
    };
    assertCursorText(q.cursor);
    const { after, orderBy } = keysetClauses(keyset, q.cursor);
    const cond = where.length ? and(...where) : undefined;
    const [rows, count] = await Promise.all([
      db
        .select(columns)
        .from(posts)
        .where(and(cond, after))
        .orderBy(...orderBy)
        .limit(q.limit)
        .offset(q.cursor ? 0 : q.offset),
      cappedCount(db, posts, cond),
    ]);
    return {
      data: rows.map(toPost),
      ...count,
      next: nextCursor(rows, q.limit, keyset.name, (r) => [
        (q.sortBy === "title" ? r.title : publicOnly ? r.publishedAt : r.createdAt) as string | Date,
        r.id,
      ]),
    };
  }

  async function byId(id: string): Promise<Row> {
    const [row] = await db.select(columns).from(posts).where(eq(posts.id, id));
    if (!row) throw notFound("Post");
    return row;
  }

  async function assertSlugFree(slug: string, exceptId?: string) {
    const [taken] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.slug, slug), exceptId ? ne(posts.id, exceptId) : undefined));
    if (taken) throw slugTaken();
  }

  async function write<T>(op: () => Promise<T>) {
    try {
      return await op();
    } catch (err) {
      if (isUniqueViolation(err)) throw slugTaken();
      throw err;
    }
  }

  /**
   * An admin takes a post off the site (`reason` kept) or puts it back (null); a report holds it pending review or
   * lifts the hold (modules/reports). Either hides it from everyone but admins, whatever its status.
   */
  async function setWithdrawal(id: string, patch: (row: Row) => Partial<typeof posts.$inferInsert>) {
    const row = await byId(id);
    const [after] = await db.update(posts).set(patch(row)).where(eq(posts.id, row.id)).returning(columns);
    return toPost(after as Row);
  }
  const setTakedown = (id: string, reason: string | null) =>
    setWithdrawal(id, (p) => ({
      takenDownAt: reason === null ? null : (p.takenDownAt ?? new Date()),
      takenDownReason: reason,
    }));
  const setHold = (id: string, reason: string | null) =>
    setWithdrawal(id, (p) => ({ heldAt: reason === null ? null : (p.heldAt ?? new Date()), heldReason: reason }));

  /** What comments need of a post: published (drafts for admins only, as its page); posts keep no counters. */
  const engagement: Engageable = {
    async open(viewer, id) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select({
          id: posts.id,
          title: posts.title,
          slug: posts.slug,
          status: posts.status,
          takenDownAt: posts.takenDownAt,
          heldAt: posts.heldAt,
        })
        .from(posts)
        .where(eq(posts.id, id));
      if (!row || (!isPublic(row) && viewer?.role !== "admin")) return null;
      return { id: row.id, title: row.title, performerIds: [], link: `/posts/${row.slug}` };
    },
    count: tableCounter(posts, {}, "updatedAt"),
  };

  return {
    engagement,
    setTakedown,
    setHold,
    toPost,
    search: (q: SearchPostsQuery) => list({ ...q, status: undefined }, true),
    adminSearch: (q: AdminSearchPostsQuery) => list(q, false),

    /** A post by id or slug; drafts only for admins. */
    async view(viewer: Viewer, idOrSlug: string) {
      const key = idOrSlug.toLowerCase();
      const [row] = await db
        .select(columns)
        .from(posts)
        .where(isUuid(key) ? eq(posts.id, key) : eq(posts.slug, key));
      if (!row || (!isPublic(row) && viewer?.role !== "admin")) throw notFound("Post");
      return toPost(row);
    },

    /** An admin's new post, recorded in the audit trail in the same transaction. */
    async create(body: PostBody, actor: AuditActor) {
      const slug = body.slug ?? slugify(body.title);
      if (!slug)
        throw badRequest("The title has no letters or digits to make a slug from; give a slug.", [
          { path: "body.slug", message: "required for this title" },
        ]);
      await assertSlugFree(slug);
      return write(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(posts)
            .values({ ...body, slug, publishedAt: body.status === "published" ? new Date() : null })
            .returning(columns);
          const after = toPost(row as Row);
          await recordAudit(tx, actor, { action: "posts.create", subjectType: "post", subjectId: after._id, after });
          return after;
        }),
      );
    },

    /** An admin's change, recorded with the post before and after in the same transaction. */
    async update(id: string, body: UpdatePostBody, actor: AuditActor) {
      const current = await byId(id);
      if (body.slug && body.slug !== current.slug) await assertSlugFree(body.slug, id);
      if (Object.keys(body).length === 0) return toPost(current);
      return write(() =>
        db.transaction(async (tx) => {
          const [was] = await tx.select(columns).from(posts).where(eq(posts.id, id)).for("update");
          if (!was) throw notFound("Post");
          // publishedAt is set the first time a post is published and kept through later unpublishing.
          const publishedAt = body.status === "published" && !was.publishedAt ? new Date() : undefined;
          // A seeded template (a legal page) stops being one once its words are edited.
          const edited = (["title", "summary", "content"] as const).some(
            (k) => body[k] !== undefined && body[k] !== was[k],
          );
          const [row] = await tx
            .update(posts)
            .set({ ...body, ...(publishedAt ? { publishedAt } : {}), ...(edited ? { template: false } : {}) })
            .where(eq(posts.id, id))
            .returning(columns);
          const after = toPost(row as Row);
          await recordAudit(tx, actor, {
            action: "posts.update",
            subjectType: "post",
            subjectId: id,
            before: toPost(was),
            after,
          });
          return after;
        }),
      );
    },

    /** Deletes a post with its comments (recorded with the post as it was, in the same transaction); its image once that is committed. */
    async remove(id: string, actor: AuditActor) {
      const row = await db.transaction(async (tx) => {
        const [gone] = await tx.delete(posts).where(eq(posts.id, id)).returning(columns);
        if (!gone) throw notFound("Post");
        await deps.forgetEngagement(tx, "post", id);
        await recordAudit(tx, actor, {
          action: "posts.delete",
          subjectType: "post",
          subjectId: id,
          before: toPost(gone),
        });
        return gone;
      });
      if (row.imageKey) await removeWebpVariants(storage, row.imageKey, POST_IMAGE_SPECS);
    },

    /**
     * A new image: its files are stored first, then the post points at them with the audit record in one
     * transaction; the old files go once that commits, the new ones if it does not.
     */
    async setImage(id: string, file: Buffer, actor: AuditActor) {
      await byId(id);
      const key = `public/posts/${id}/${Date.now().toString(36)}${randomBytes(4).toString("hex")}`;
      await storeWebpVariants(storage, key, file, POST_IMAGE_SPECS);
      let was: Row;
      let row: Row;
      try {
        [was, row] = await db.transaction(async (tx) => {
          // Deleted while the image was encoded: nothing is left behind.
          const [current] = await tx.select(columns).from(posts).where(eq(posts.id, id)).for("update");
          if (!current) throw notFound("Post");
          const [updated] = await tx.update(posts).set({ imageKey: key }).where(eq(posts.id, id)).returning(columns);
          const after = toPost(updated as Row);
          await recordAudit(tx, actor, {
            action: "posts.image",
            subjectType: "post",
            subjectId: id,
            before: { image: toPost(current).image?.url ?? null },
            after: { image: after.image?.url ?? null },
          });
          return [current, updated as Row] as const;
        });
      } catch (err) {
        await removeWebpVariants(storage, key, POST_IMAGE_SPECS);
        throw err;
      }
      if (was.imageKey) await removeWebpVariants(storage, was.imageKey, POST_IMAGE_SPECS);
      return toPost(row);
    },
  };
}
export type PostsService = ReturnType<typeof createPostsService>;
