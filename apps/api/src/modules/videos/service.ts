import { randomBytes } from "node:crypto";
import { cp, rm } from "node:fs/promises";
import path from "node:path";
import { TOTAL_CAP } from "@marquee/contracts/common";
import type {
  CreateVideoBody,
  SearchStudioVideosQuery,
  SearchVideosQuery,
  StudioVideo,
  UpdateVideoBody,
  Video,
  VideoDetail,
} from "@marquee/contracts/videos";
import {
  type AnyColumn,
  and,
  arrayContains,
  arrayOverlaps,
  eq,
  getTableColumns,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  type Subquery,
  sql,
} from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { AppError, badRequest, conflict, forbidden, notFound, unprocessable } from "../../platform/errors.ts";
import { matchText } from "../../platform/fulltext.ts";
import { isUuid, uuidv7 } from "../../platform/ids.ts";
import type { Jobs, JobsLog } from "../../platform/jobs.ts";
import { imageVariants } from "../../platform/media/images.ts";
import { makeTeaser, probeVideo, transcodeVideo } from "../../platform/media/video.ts";
import { cappedCount, type Keyset, keysetClauses, nextCursor } from "../../platform/paging.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import type { Storage } from "../../platform/storage.ts";
import type { AccessService, Entitlements, Protected, Viewer } from "../access/service.ts";
import type { CategoriesService } from "../categories/service.ts";
import type { PerformersService } from "../performers/service.ts";
import type { ReactionsService } from "../reactions/service.ts";
import { type VideoRow, videos } from "./tables.ts";

/** Job names: processing one upload, and the hourly release of scheduled movies. */
export const VIDEO_JOBS = { process: "video.process", publishScheduled: "videos.publishScheduled" } as const;

/** Thumbnails are cropped to 16:9; the list card takes the small one, the player poster the large one. */
const THUMB_SPECS = [
  { name: "480", width: 480, height: 270, fit: "cover" },
  { name: "1280", width: 1280, height: 720, fit: "cover" },
] as const;
const TEASER_SECONDS = 8;
const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A planner estimate this far above the cap means the count would only say "more than TOTAL_CAP". */
const SURELY_CAPPED = 2 * TOTAL_CAP;
/** Paths under `/user/assets/videos/` that a slug must not shadow. */
const RESERVED_SLUGS = new Set(["search"]);

/** The slice of a row lists and pages need (the `search` tsvector stays in the database). */
const { search: _search, ...rowColumns } = getTableColumns(videos);
/** What a list shows of a movie: reading and decoding fewer columns is most of a list's cost on the API side. */
const {
  processingStatus: _ps,
  processingError: _pe,
  mediaKey: _mk,
  sourceSizeBytes: _sb,
  width: _w,
  height: _h,
  createdBy: _cb,
  updatedAt: _ua,
  ...listColumns
} = rowColumns;
type ListRow = Pick<Row, keyof typeof listColumns>;

/** A list row as `json_agg` hands it over: column names, timestamps as text. */
interface JsonListRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  tags: string[];
  access: Row["access"];
  price_cents: number;
  status: Row["status"];
  listed: boolean;
  scheduled_at: string | null;
  released_at: string;
  performer_ids: string[];
  category_ids: string[];
  duration_sec: number | null;
  thumbnail_key: string | null;
  teaser_key: string | null;
  views: number;
  likes: number;
  favourites: number;
  comments: number;
  created_at: string;
  sort_key: string | number;
  matches?: number;
}

const fromJson = (r: JsonListRow): ListRow & { sortKey: string | number; matches?: number } => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  description: r.description,
  tags: r.tags,
  access: r.access,
  priceCents: r.price_cents,
  status: r.status,
  listed: r.listed,
  scheduledAt: r.scheduled_at ? new Date(r.scheduled_at) : null,
  releasedAt: new Date(r.released_at),
  performerIds: r.performer_ids,
  categoryIds: r.category_ids,
  durationSec: r.duration_sec,
  thumbnailKey: r.thumbnail_key,
  teaserKey: r.teaser_key,
  views: r.views,
  likes: r.likes,
  favourites: r.favourites,
  comments: r.comments,
  createdAt: new Date(r.created_at),
  sortKey: r.sort_key,
  matches: r.matches,
});
type Row = Omit<VideoRow, "search">;

/** The exact stored timestamp (microseconds), so a cursor continues after the very row it names. */
const exactTime = (col: typeof videos.releasedAt | typeof videos.createdAt) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface VideosDeps {
  db: Db;
  storage: Storage;
  signer: UrlSigner;
  jobs: Jobs;
  access: AccessService;
  reactions: ReactionsService;
  performers: Pick<PerformersService, "refs" | "exists" | "adjustCounts">;
  categories: Pick<CategoriesService, "refs" | "assertExist">;
  notify(userId: string, event: string, payload: unknown): void;
  log: JobsLog;
  now?: () => Date;
}

type Actor = NonNullable<Viewer>;

const slugify = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 100)
    .replace(/^-+|-+$/g, "");

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
};

const randomPart = () => `${Date.now().toString(36)}${randomBytes(4).toString("hex")}`;
const toCents = (price: number) => Math.round(price * 100);

/**
 * Movies (DESIGN section 5): the public catalogue, the performer's studio and the media pipeline.
 * `listed` and `releasedAt` are derived here on every write (see `placement`), so lists only filter on them.
 */
export function createVideosService(deps: VideosDeps) {
  const { db, storage, signer, jobs, access, reactions, log } = deps;
  const now = deps.now ?? (() => new Date());

  // ---- references ------------------------------------------------------------------------------------------------

  async function refsFor(rows: readonly Pick<Row, "performerIds" | "categoryIds">[]) {
    const [p, c] = await Promise.all([
      deps.performers.refs(rows.flatMap((r) => r.performerIds)),
      deps.categories.refs(rows.flatMap((r) => r.categoryIds)),
    ]);
    return { performers: p, categories: c };
  }

  // ---- shaping ---------------------------------------------------------------------------------------------------

  const isComing = (row: Pick<Row, "scheduledAt">) => !!row.scheduledAt && row.scheduledAt > now();

  function thumbnailOf(key: string | null) {
    if (!key) return null;
    const [small] = THUMB_SPECS;
    return {
      url: storage.publicUrl(`${key}-${small.name}.webp`),
      srcSet: THUMB_SPECS.map((s) => `${storage.publicUrl(`${key}-${s.name}.webp`)} ${s.width}w`).join(", "),
      width: small.width,
      height: small.height,
    };
  }

  function toVideo(row: ListRow, refs: Awaited<ReturnType<typeof refsFor>>): Video {
    const coming = isComing(row);
    return {
      _id: row.id,
      slug: row.slug,
      title: row.title,
      description: row.description,
      tags: row.tags,
      access: row.access,
      price: row.access === "sale" ? row.priceCents / 100 : null,
      status: row.status,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      isComing: coming,
      publishedAt: row.listed && !coming ? row.releasedAt.toISOString() : null,
      durationSec: row.durationSec,
      thumbnail: thumbnailOf(row.thumbnailKey),
      teaser: row.teaserKey ? storage.publicUrl(row.teaserKey) : null,
      performers: row.performerIds.flatMap((id) => refs.performers.get(id) ?? []),
      categories: row.categoryIds.flatMap((id) => refs.categories.get(id) ?? []),
      stats: { views: row.views, likes: row.likes, favourites: row.favourites, comments: row.comments },
      createdAt: row.createdAt.toISOString(),
    };
  }

  const protectedOf = (row: Row): Protected => ({
    kind: "video",
    id: row.id,
    access: row.access,
    performerIds: row.performerIds,
    scheduledAt: row.scheduledAt,
    ready: row.processingStatus === "ready",
  });

  /** Signed links to the renditions; only ever called after the access check said the viewer may watch. */
  function mediaOf(row: Row) {
    if (row.processingStatus !== "ready" || !row.mediaKey) return null;
    const hls = signer.sign(`${row.mediaKey}/hls/master.m3u8`);
    // `${base}/media/${exp}/${sig}/${key}`, the base being root-relative (/api).
    const exp = Number(hls.match(/\/media\/(\d+)\//)?.[1]);
    return {
      hls,
      mp4: signer.sign(`${row.mediaKey}/video.mp4`),
      strip: signer.sign(`${row.mediaKey}/strip.webp`),
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  }

  async function detailsOf(viewer: Viewer, rows: Row[]): Promise<VideoDetail[]> {
    const items = rows.map(protectedOf);
    const [refs, ent, flags] = await Promise.all([
      refsFor(rows),
      access.entitlements(viewer, items),
      reactions.flagsFor(
        viewer?.id ?? null,
        "video",
        rows.map((r) => r.id),
      ),
    ]);
    return rows.map((row, i) => detailOf(viewer, row, refs, ent, flags.get(row.id) ?? reactions.none, items[i]));
  }

  function detailOf(
    viewer: Viewer,
    row: Row,
    refs: Awaited<ReturnType<typeof refsFor>>,
    ent: Entitlements,
    flags: typeof reactions.none,
    item = protectedOf(row),
  ): VideoDetail {
    const decision = access.decideWith(viewer, item, ent);
    return {
      ...toVideo(row, refs),
      ...flags,
      isBought: decision.isBought,
      canWatch: decision.canWatch,
      lock: decision.lock,
      // A locked movie shows its thumbnail and teaser, never a usable media URL.
      media: decision.canWatch ? mediaOf(row) : null,
    };
  }

  function toStudio(detail: VideoDetail, row: Row): StudioVideo {
    return {
      ...detail,
      processing: { status: row.processingStatus, error: row.processingError },
      sourceSizeBytes: row.sourceSizeBytes,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  // ---- reading ---------------------------------------------------------------------------------------------------

  /** The lookup for a path id: a UUID, or a slug (lowercase words and dashes); null for anything else. */
  const byIdOrSlug = (idOrSlug: string): SQL | null => {
    if (isUuid(idOrSlug)) return eq(videos.id, idOrSlug);
    const slug = idOrSlug.toLowerCase();
    return SLUG_RE.test(slug) ? eq(videos.slug, slug) : null;
  };

  async function findRow(idOrSlug: string): Promise<Row | undefined> {
    const where = byIdOrSlug(idOrSlug);
    if (!where) return undefined;
    const [row] = await db.select(rowColumns).from(videos).where(where).limit(1);
    return row;
  }

  const ownsOrAdmin = (viewer: Viewer, row: Pick<Row, "performerIds">) =>
    !!viewer && (viewer.role === "admin" || row.performerIds.includes(viewer.id));

  /** A movie the actor may manage: 404 when it does not exist, 403 when it is another performer's. */
  async function managedRow(actor: Actor, idOrSlug: string): Promise<Row> {
    const row = await findRow(idOrSlug);
    if (!row) throw notFound("Movie");
    if (!ownsOrAdmin(actor, row)) throw forbidden("This movie belongs to another performer.");
    return row;
  }

  type SortName = SearchVideosQuery["sortBy"];
  type SortColumns = Record<"releasedAt" | "views" | "priceCents" | "id", AnyColumn>;
  /** The keyset of a sort, over the table or over a subquery with the same columns. */
  function keysetOf(sortBy: SortName, sort: "asc" | "desc", on: SortColumns = videos): Keyset {
    const flip = sort === "asc" ? "desc" : "asc";
    const base = { name: `${sortBy}:${sort}`, id: on.id };
    switch (sortBy) {
      case "newest":
        return { ...base, key: on.releasedAt, kind: "timestamp", direction: sort };
      case "oldest":
        return { ...base, key: on.releasedAt, kind: "timestamp", direction: flip };
      case "popular":
        return { ...base, key: on.views, kind: "int", direction: sort };
      case "price":
        return { ...base, key: on.priceCents, kind: "int", direction: sort };
    }
  }
  /** The sort value as the cursor carries it (timestamps to the microsecond). */
  const exactKey = (sortBy: SortName): SQL<string | number> =>
    sortBy === "newest" || sortBy === "oldest"
      ? exactTime(videos.releasedAt)
      : sql<number>`${sortBy === "popular" ? videos.views : videos.priceCents}`;

  /** What makes `publicWhere` differ: two queries with the same key filter the same rows. */
  const filterKey = (q: Partial<SearchVideosQuery>) =>
    JSON.stringify([
      q.q?.trim() ?? "",
      q.performerIds ?? [],
      q.categoryIds ?? [],
      q.tags ?? [],
      q.access ?? "",
      q.excludedId ?? "",
      q.includeComing ?? true,
    ]);

  /** The public filter: listed movies only, then each optional filter of the query. */
  function publicWhere(q: Partial<SearchVideosQuery>, implied = true): SQL {
    const conds: (SQL | undefined)[] = [
      eq(videos.listed, true),
      matchText(videos.search, q.q),
      q.performerIds?.length ? arrayOverlaps(videos.performerIds, q.performerIds) : undefined,
      q.categoryIds?.length ? arrayOverlaps(videos.categoryIds, q.categoryIds) : undefined,
      q.tags?.length ? arrayOverlaps(videos.tags, q.tags) : undefined,
      q.access ? eq(videos.access, q.access) : undefined,
      // Implied by `access = sale` (a sale price is at least 0.50): the price index starts past the free rows.
      implied && q.access === "sale" ? sql`${videos.priceCents} > 0` : undefined,
      // Likewise free and members movies cost nothing: sorting them by price starts at the zero prices.
      implied && (q.access === "free" || q.access === "members") ? sql`${videos.priceCents} = 0` : undefined,
      q.excludedId ? ne(videos.id, q.excludedId) : undefined,
      q.includeComing === false ? or(isNull(videos.scheduledAt), lte(videos.scheduledAt, now())) : undefined,
    ];
    return and(...conds) as SQL;
  }

  /**
   * Planner estimates by filter, for a minute: a statistic that moves slowly, asked for on every list request.
   * Bounded; the oldest entry goes first.
   */
  const estimates = new Map<string, { rows: number; until: number }>();
  /**
   * Capped counts by filter, for half a minute: a list is paged ("load more") and asked by many visitors with
   * the same filter, and a count of thousands of rows costs far more than the page. Any change this process
   * makes to the catalogue drops them (see `syncCounts`); another API process's change shows within 30 s.
   */
  const counts = new Map<string, { value: { total: number; totalCapped: boolean }; until: number }>();

  /** The planner's estimate of the rows matching `where` (planning only, nothing is read). */
  async function estimateRows(q: Partial<SearchVideosQuery>): Promise<number> {
    const key = filterKey(q);
    const cached = estimates.get(key);
    if (cached && cached.until > Date.now()) return cached.rows;
    // Without the implied price conditions: the planner takes them as independent of `access` and would
    // multiply the estimate down by their selectivity.
    const rows = await planRows(publicWhere(q, false));
    estimates.delete(key);
    if (estimates.size >= 1000) estimates.delete(estimates.keys().next().value as string);
    estimates.set(key, { rows, until: Date.now() + 60_000 });
    return rows;
  }

  async function planRows(where: SQL): Promise<number> {
    const res = (await db.execute(sql`explain (format json) select 1 from ${videos} where ${where}`)) as unknown as {
      rows?: Record<string, unknown>[];
    };
    const cell = res.rows?.[0] ? Object.values(res.rows[0])[0] : undefined;
    const plan = (typeof cell === "string" ? JSON.parse(cell) : cell) as { Plan?: { "Plan Rows"?: number } }[];
    const n = plan?.[0]?.Plan?.["Plan Rows"];
    return typeof n === "number" ? n : 0;
  }

  /**
   * `cappedCount`, skipped when the planner expects far more matches than the cap: counting ten thousand rows of
   * a broad filter over a million costs tens of milliseconds, and the answer would be "more than the cap" anyway.
   */
  async function countOf(q: Partial<SearchVideosQuery>, estimate?: number) {
    if ((estimate ?? (await estimateRows(q))) >= SURELY_CAPPED) return { total: TOTAL_CAP, totalCapped: true };
    const key = filterKey(q);
    const cached = counts.get(key);
    if (cached && cached.until > Date.now()) return cached.value;
    const value = await cappedCount(db, videos, publicWhere(q));
    counts.delete(key);
    if (counts.size >= 1000) counts.delete(counts.keys().next().value as string);
    counts.set(key, { value, until: Date.now() + 30_000 });
    return value;
  }

  /**
   * Runs a page query and takes its rows as one JSON array: decoding one JSON value costs the API a fraction of
   * decoding two dozen rows of arrays and timestamps column by column, and a list is mostly that.
   */
  async function asJsonPage(page: { as(alias: "p"): Subquery }, direction: "asc" | "desc") {
    const dir = sql.raw(direction);
    const [r] = await db
      .select({
        rows: sql<JsonListRow[] | string>`coalesce(json_agg(p order by p.sort_key ${dir}, p.id ${dir}), '[]'::json)`,
      })
      .from(page.as("p"));
    const rows = typeof r?.rows === "string" ? (JSON.parse(r.rows) as JsonListRow[]) : (r?.rows ?? []);
    return rows.map(fromJson);
  }

  /** A page in sort order: the planner walks the sort's index, meeting matches along the way. */
  function pageQuery(query: SearchVideosQuery, where: SQL) {
    const keyset = keysetOf(query.sortBy, query.sort);
    const { after, orderBy } = keysetClauses(keyset, query.cursor);
    return asJsonPage(
      db
        .select({ ...listColumns, sortKey: exactKey(query.sortBy).as("sort_key") })
        .from(videos)
        .where(after ? and(where, after) : where)
        .orderBy(...orderBy)
        .limit(query.limit)
        .offset(query.offset),
      keyset.direction,
    );
  }

  /**
   * A page of a filter that few rows match: every match is read (through the filter's own index), counted and
   * sorted, in one query. Walking a sort index instead would read the whole table when matches are rare.
   */
  async function fewQuery(query: SearchVideosQuery, where: SQL) {
    const m = db
      .select({
        ...listColumns,
        sortKey: exactKey(query.sortBy).as("sort_key"),
        matches: sql<number>`count(*) over ()`.as("matches"),
      })
      .from(videos)
      .where(where)
      .as("m");
    const keyset = keysetOf(query.sortBy, query.sort, m);
    const { after, orderBy } = keysetClauses(keyset, query.cursor);
    const rows = await asJsonPage(
      db
        .select()
        .from(m)
        .where(after)
        .orderBy(...orderBy)
        .limit(query.limit)
        .offset(query.offset),
      keyset.direction,
    );
    return { rows, matches: rows[0] ? Number(rows[0].matches) : undefined };
  }

  async function search(query: SearchVideosQuery) {
    const name = keysetOf(query.sortBy, query.sort).name;
    keysetClauses(keysetOf(query.sortBy, query.sort), query.cursor); // a bad cursor is refused before anything runs
    const where = publicWhere(query);
    let rows: Awaited<ReturnType<typeof pageQuery>>;
    let counted: { total: number; totalCapped: boolean };
    const estimate = matchText(videos.search, query.q) ? await estimateRows(query) : undefined;
    if (estimate !== undefined && estimate < SURELY_CAPPED) {
      // The planner cannot tell a rare word from a missing one (it guesses 0.5% for both), so a full-text
      // filter it does not know to be common is read in full rather than met along a sort index.
      const few = await fewQuery(query, where);
      rows = few.rows;
      counted =
        few.matches !== undefined
          ? { total: Math.min(few.matches, TOTAL_CAP), totalCapped: few.matches > TOTAL_CAP }
          : query.cursor || query.offset
            ? await cappedCount(db, videos, where)
            : { total: 0, totalCapped: false };
    } else {
      [rows, counted] = await Promise.all([pageQuery(query, where), countOf(query, estimate)]);
    }
    const refs = await refsFor(rows);
    return {
      data: rows.map((r) => toVideo(r, refs)),
      ...counted,
      next: nextCursor(rows, query.limit, name, (r) => [r.sortKey as string | number, r.id]),
    };
  }

  /** Listed movies matching `q`, counted up to TOTAL_CAP (for `/search/total`). */
  async function countMatching(q: string | undefined): Promise<number> {
    return (await countOf({ q })).total;
  }

  /**
   * A movie page: listed movies for everyone (counting a view), unlisted ones only for their performers and
   * admins (404 for anyone else, so drafts stay private).
   */
  async function detail(viewer: Viewer, idOrSlug: string): Promise<VideoDetail> {
    const where = byIdOrSlug(idOrSlug);
    if (!where) throw notFound("Movie");
    const [counted] = await db
      .update(videos)
      .set({ views: sql`${videos.views} + 1`, updatedAt: sql`${videos.updatedAt}` })
      .where(and(where, eq(videos.listed, true)))
      .returning(rowColumns);
    const row = counted ?? (await findRow(idOrSlug));
    if (!row || (!row.listed && !ownsOrAdmin(viewer, row))) throw notFound("Movie");
    const [out] = await detailsOf(viewer, [row]);
    return out as VideoDetail;
  }

  async function studioView(actor: Actor, idOrSlug: string): Promise<StudioVideo> {
    const row = await managedRow(actor, idOrSlug);
    return studioOf(actor, row);
  }

  async function studioOf(actor: Actor, row: Row): Promise<StudioVideo> {
    const [d] = await detailsOf(actor, [row]);
    return toStudio(d as VideoDetail, row);
  }

  async function studioSearch(actor: Actor, query: SearchStudioVideosQuery) {
    let performerId = query.performerId;
    if (actor.role !== "admin") {
      if (performerId && performerId !== actor.id) throw forbidden("You can only list your own movies.");
      performerId = actor.id;
    }
    const where = and(
      performerId ? arrayContains(videos.performerIds, [performerId]) : undefined,
      query.status ? eq(videos.status, query.status) : undefined,
      matchText(videos.search, query.q),
    );
    const direction = query.sortBy === "oldest" ? (query.sort === "asc" ? "desc" : "asc") : query.sort;
    const keyset: Keyset = {
      name: `studio-${query.sortBy}:${query.sort}`,
      key: videos.createdAt,
      kind: "timestamp",
      id: videos.id,
      direction,
    };
    const { after, orderBy } = keysetClauses(keyset, query.cursor);
    const [rows, counted] = await Promise.all([
      db
        .select({ ...rowColumns, sortKey: exactTime(videos.createdAt) })
        .from(videos)
        .where(after ? and(where, after) : where)
        .orderBy(...orderBy)
        .limit(query.limit)
        .offset(query.offset),
      cappedCount(db, videos, where),
    ]);
    const details = await detailsOf(actor, rows);
    return {
      data: details.map((d, i) => toStudio(d, rows[i] as Row)),
      ...counted,
      next: nextCursor(rows, query.limit, keyset.name, (r) => [r.sortKey, r.id]),
    };
  }

  // ---- writing ---------------------------------------------------------------------------------------------------

  /**
   * Where a movie stands in the catalogue after a change: listed when active and processed, or active and
   * announced for a future date ("coming"). `releasedAt` (the "newest" key) is the scheduled date, else the
   * moment it was first listed; `releasedAt = createdAt` marks a movie never released yet.
   */
  function placement(state: Pick<Row, "status" | "processingStatus" | "scheduledAt" | "releasedAt" | "createdAt">): {
    listed: boolean;
    releasedAt: Date;
  } {
    const at = now();
    const coming = !!state.scheduledAt && state.scheduledAt > at;
    const listed = state.status === "active" && (state.processingStatus === "ready" || coming);
    let releasedAt = state.releasedAt;
    if (state.scheduledAt) releasedAt = state.scheduledAt;
    // A schedule taken back before its date: not released after all.
    else if (releasedAt > at) releasedAt = state.createdAt;
    if (listed && !coming && releasedAt.getTime() === state.createdAt.getTime()) releasedAt = at;
    return { listed, releasedAt };
  }

  /** A movie counts in its performers' `videos` stat once it is listed and released (not announced). */
  const counted = (row: Pick<Row, "listed" | "scheduledAt">) => row.listed && !row.scheduledAt;

  /**
   * Moves the performers' `videos` stat by what changed between the rows (null: created or deleted), and drops
   * the cached list counts. Every write that can change what the catalogue lists goes through here.
   */
  async function syncCounts(changes: { before: Row | null; after: Row | null }[]) {
    counts.clear();
    const delta = new Map<string, number>();
    for (const { before, after } of changes) {
      if (before && counted(before)) for (const id of before.performerIds) delta.set(id, (delta.get(id) ?? 0) - 1);
      if (after && counted(after)) for (const id of after.performerIds) delta.set(id, (delta.get(id) ?? 0) + 1);
    }
    const byAmount = new Map<number, string[]>();
    for (const [id, d] of delta) if (d !== 0) byAmount.set(d, [...(byAmount.get(d) ?? []), id]);
    for (const [amount, ids] of byAmount) await deps.performers.adjustCounts(ids, { videos: amount });
  }

  async function resolvePerformers(
    actor: Actor,
    given: string[] | undefined,
    current?: readonly string[],
  ): Promise<string[]> {
    let ids: string[];
    if (actor.role === "admin") {
      if (!given?.length)
        throw badRequest("Choose the performers of this movie", [{ path: "body.performerIds", message: "required" }]);
      ids = [...new Set(given)];
    } else {
      ids = [...new Set(given ?? [actor.id])];
      if (!ids.includes(actor.id))
        throw badRequest("Your own movies must include you as a performer", [
          { path: "body.performerIds", message: "must include yourself" },
        ]);
    }
    // A co-performer may add people to a movie, never take others (its maker above all) off it.
    const dropped = actor.role === "admin" ? [] : (current ?? []).filter((p) => !ids.includes(p));
    if (dropped.length)
      throw badRequest("Only an admin can remove another performer from this movie", [
        { path: "body.performerIds", message: "cannot remove other performers" },
      ]);
    if (!(await deps.performers.exists(ids)))
      throw badRequest("Unknown performer", [{ path: "body.performerIds", message: "unknown performer" }]);
    return ids;
  }

  async function resolveCategories(given: string[]): Promise<string[]> {
    const ids = [...new Set(given)];
    await deps.categories.assertExist(ids, "video", "body.categoryIds");
    return ids;
  }

  function priceCentsOf(accessKind: Row["access"], price: number | null | undefined, current?: Row): number {
    if (accessKind !== "sale") {
      if (price != null)
        throw badRequest("Only movies for sale have a price", [{ path: "body.price", message: "only for sale" }]);
      return 0;
    }
    if (price != null) return toCents(price);
    if (current?.access === "sale" && current.priceCents > 0 && price === undefined) return current.priceCents;
    throw badRequest("A movie for sale needs a price", [{ path: "body.price", message: "required for sale" }]);
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

  function assertSlugAllowed(slug: string) {
    if (isUuid(slug) || RESERVED_SLUGS.has(slug))
      throw badRequest("This slug is reserved; choose another", [{ path: "body.slug", message: "reserved" }]);
  }

  const slugTaken = () =>
    conflict("This slug is already used by another movie", [{ path: "body.slug", message: "already used" }]);

  /** A free slug from the title: `title`, else `title-2`, `title-3`, ... */
  async function freeSlug(title: string): Promise<string> {
    let base = slugify(title) || "movie";
    if (RESERVED_SLUGS.has(base) || isUuid(base)) base = `${base}-movie`;
    const rows = await db
      .select({ slug: videos.slug })
      .from(videos)
      .where(or(eq(videos.slug, base), sql`${videos.slug} ~ ${`^${base}-[0-9]+$`}`));
    const used = new Set(rows.map((r) => r.slug));
    if (!used.has(base)) return base;
    for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  async function create(actor: Actor, body: CreateVideoBody): Promise<StudioVideo> {
    const performerIds = await resolvePerformers(actor, body.performerIds);
    const categoryIds = await resolveCategories(body.categoryIds);
    const priceCents = priceCentsOf(body.access, body.price);
    const scheduledAt = scheduleOf(body.scheduledAt) ?? null;
    if (body.slug) assertSlugAllowed(body.slug);
    const createdAt = now();
    const base = {
      status: body.status,
      processingStatus: "none" as const,
      scheduledAt,
      releasedAt: createdAt,
      createdAt,
    };
    const values = {
      id: uuidv7(),
      title: body.title,
      description: body.description,
      tags: [...new Set(body.tags)],
      access: body.access,
      priceCents,
      performerIds,
      categoryIds,
      createdBy: actor.id,
      ...base,
      ...placement(base),
    };
    let row: Row | undefined;
    for (let attempt = 0; !row; attempt++) {
      const slug =
        body.slug ?? (attempt < 3 ? await freeSlug(body.title) : `${slugify(body.title) || "movie"}-${randomPart()}`);
      try {
        [row] = await db
          .insert(videos)
          .values({ ...values, slug })
          .returning(rowColumns);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        if (body.slug) throw slugTaken();
      }
    }
    await syncCounts([{ before: null, after: row }]);
    return studioOf(actor, row);
  }

  async function update(actor: Actor, id: string, body: UpdateVideoBody): Promise<StudioVideo> {
    const current = await managedRow(actor, id);
    const performerIds =
      body.performerIds !== undefined
        ? await resolvePerformers(actor, body.performerIds, current.performerIds)
        : current.performerIds;
    const categoryIds =
      body.categoryIds !== undefined ? await resolveCategories(body.categoryIds) : current.categoryIds;
    const accessKind = body.access ?? current.access;
    const priceCents = priceCentsOf(accessKind, body.price, current);
    const scheduled = scheduleOf(body.scheduledAt, current);
    const scheduledAt = scheduled === undefined ? current.scheduledAt : scheduled;
    if (body.slug !== undefined && body.slug !== current.slug) assertSlugAllowed(body.slug);
    const status = body.status ?? current.status;
    const changes = {
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
      ...placement({ ...current, status, scheduledAt }),
    };
    let row: Row | undefined;
    try {
      [row] = await db.update(videos).set(changes).where(eq(videos.id, current.id)).returning(rowColumns);
    } catch (err) {
      if (isUniqueViolation(err) && body.slug) throw slugTaken();
      throw err;
    }
    if (!row) throw notFound("Movie");
    await syncCounts([{ before: current, after: row }]);
    return studioOf(actor, row);
  }

  async function removeFiles(id: string) {
    await storage.remove(`private/videos/${id}`);
    await storage.remove(sourceDir(id));
    await storage.remove(`public/videos/${id}`);
  }

  async function remove(actor: Actor, id: string): Promise<void> {
    const current = await managedRow(actor, id);
    const [gone] = await db.delete(videos).where(eq(videos.id, current.id)).returning({ id: videos.id });
    if (!gone) throw notFound("Movie");
    await removeFiles(current.id);
    await syncCounts([{ before: current, after: null }]);
  }

  // ---- media -----------------------------------------------------------------------------------------------------

  /** Writes a file to `destPath` and says how large it is (the route streams the request body). */
  type Receive = (destPath: string) => Promise<{ bytes: number }>;

  /**
   * The uploaded original lives apart from what is served: a signed link opens everything under
   * `private/videos/<id>/`, and the original must never be downloadable through one.
   */
  const sourceDir = (id: string) => `private/video-sources/${id}`;

  /**
   * Takes the movie file: streamed to a temp file, probed at once so that what is not a video is refused (422) and
   * removed, then moved in as `private/video-sources/<id>/source` and queued for processing. A crash mid-upload
   * leaves only the temp file, which the next start or the housekeeping removes.
   */
  async function uploadVideo(actor: Actor, id: string, receive: Receive): Promise<StudioVideo> {
    const current = await managedRow(actor, id);
    const mediaKey = `private/videos/${current.id}`;
    const tmp = await storage.tempPath("upload");
    let bytes: number;
    let info: Awaited<ReturnType<typeof probeVideo>>;
    try {
      ({ bytes } = await receive(tmp));
      info = await probeVideo(tmp);
      await storage.moveIn(tmp, `${sourceDir(current.id)}/source`);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    const state = { ...current, processingStatus: "pending" as const };
    const [row] = await db
      .update(videos)
      .set({
        processingStatus: "pending",
        processingError: null,
        mediaKey,
        sourceSizeBytes: bytes,
        durationSec: info.durationSec,
        width: info.width,
        height: info.height,
        ...placement(state),
      })
      .where(eq(videos.id, current.id))
      .returning(rowColumns);
    if (!row) {
      // Deleted while the file was arriving.
      await removeFiles(current.id);
      throw notFound("Movie");
    }
    await syncCounts([{ before: current, after: row }]);
    await jobs.send(VIDEO_JOBS.process, { videoId: row.id }, { singletonKey: row.id });
    return studioOf(actor, row);
  }

  /** A teaser: a short silent clip cut from the uploaded video, public (shown also when the movie is locked). */
  async function uploadTeaser(actor: Actor, id: string, receive: Receive): Promise<StudioVideo> {
    const current = await managedRow(actor, id);
    const tmp = await storage.tempPath("teaser-upload");
    const key = `public/videos/${current.id}/teaser-${randomPart()}.mp4`;
    try {
      await receive(tmp);
      await makeTeaserAt(tmp, key);
    } catch (err) {
      if (err instanceof AppError) throw err;
      log.warn({ err, videoId: current.id }, "teaser could not be made");
      throw unprocessable("The file is not a video we can read.", [{ path: "file", message: "not a video" }]);
    } finally {
      await rm(tmp, { force: true });
    }
    return replaceTeaser(actor, current.id, key);
  }

  /** Cuts a teaser from `input` in the scratch folder and moves it in at `key` once complete. */
  async function makeTeaserAt(input: string, key: string) {
    const out = await storage.tempPath("teaser");
    try {
      await makeTeaser(input, out, { seconds: TEASER_SECONDS });
      await storage.moveIn(out, key);
    } finally {
      await rm(out, { force: true });
    }
  }

  async function replaceTeaser(actor: Actor, id: string, key: string) {
    const [before] = await db.select({ teaserKey: videos.teaserKey }).from(videos).where(eq(videos.id, id));
    const [row] = await db.update(videos).set({ teaserKey: key }).where(eq(videos.id, id)).returning(rowColumns);
    if (!row) {
      await removeFiles(id);
      throw notFound("Movie");
    }
    if (before?.teaserKey && before.teaserKey !== key) await storage.remove(before.teaserKey);
    return studioOf(actor, row);
  }

  async function storeThumbnail(videoId: string, input: Buffer | string, kind: "thumb" | "poster") {
    const { variants } = await imageVariants(input, THUMB_SPECS);
    const key = `public/videos/${videoId}/${kind}-${randomPart()}`;
    for (const [name, data] of variants) await storage.put(`${key}-${name}.webp`, data);
    return key;
  }
  const removeThumbnail = async (key: string) => {
    for (const s of THUMB_SPECS) await storage.remove(`${key}-${s.name}.webp`);
  };

  /** An uploaded image becomes the thumbnail (webp variants); it then wins over the processing poster. */
  async function uploadThumbnail(actor: Actor, id: string, read: () => Promise<Buffer>): Promise<StudioVideo> {
    const current = await managedRow(actor, id);
    const key = await storeThumbnail(current.id, await read(), "thumb");
    const [before] = await db.select({ key: videos.thumbnailKey }).from(videos).where(eq(videos.id, current.id));
    const [row] = await db
      .update(videos)
      .set({ thumbnailKey: key })
      .where(eq(videos.id, current.id))
      .returning(rowColumns);
    if (!row) {
      await removeFiles(current.id);
      throw notFound("Movie");
    }
    if (before?.key && before.key !== key) await removeThumbnail(before.key);
    return studioOf(actor, row);
  }

  /** Generated thumbnails and teasers are replaced when the movie is processed again; uploaded ones stay. */
  const isGenerated = (key: string | null) => !key || /\/(poster|teaser-auto)-[^/]+$/.test(key);

  /**
   * The `video.process` job: transcodes the source into an HLS ladder, an MP4, a strip and a poster, adds a
   * thumbnail and a teaser when none was uploaded, and tells the uploader. Safe to run again.
   */
  async function processVideo(videoId: string): Promise<void> {
    if (!isUuid(videoId)) return;
    const start = await findRow(videoId);
    if (!start?.mediaKey || !["pending", "processing"].includes(start.processingStatus)) return;
    await db.update(videos).set({ processingStatus: "processing" }).where(eq(videos.id, videoId));
    // The outputs are made in a work folder, moved into place only when complete: a run cut short by a crash
    // leaves them in the scratch folder (removed at start or by the housekeeping) and the job runs again.
    const work = await storage.tempPath("transcode");
    try {
      await transcodeAndStore(videoId, start.mediaKey, work);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  async function transcodeAndStore(videoId: string, mediaKey: string, work: string): Promise<void> {
    const source = storage.localPath(`${sourceDir(videoId)}/source`);
    let result: Awaited<ReturnType<typeof transcodeVideo>> | null = null;
    let error: string | null = null;
    try {
      result = await transcodeVideo(source, work);
    } catch (err) {
      log.error({ err, videoId }, "video processing failed");
      error =
        err instanceof AppError ? err.message : "The video could not be processed. Try again or upload another file.";
    }

    const current = await findRow(videoId);
    if (!current) {
      await removeFiles(videoId);
      return;
    }
    // Another file was uploaded while this one was transcoding: its own job makes the movie; this result is stale.
    if (current.processingStatus !== "processing") return;
    const changes: Partial<typeof videos.$inferInsert> = {};
    const stale: (() => Promise<void>)[] = [];
    if (result) {
      Object.assign(changes, {
        processingStatus: "ready",
        processingError: null,
        durationSec: result.durationSec,
        width: result.width,
        height: result.height,
      });
      if (isGenerated(current.thumbnailKey)) {
        try {
          changes.thumbnailKey = await storeThumbnail(videoId, path.join(work, result.files.poster), "poster");
          const old = current.thumbnailKey;
          if (old) stale.push(() => removeThumbnail(old));
        } catch (err) {
          log.warn({ err, videoId }, "thumbnail from the poster failed");
        }
      }
      if (isGenerated(current.teaserKey)) {
        const key = `public/videos/${videoId}/teaser-auto-${randomPart()}.mp4`;
        try {
          await makeTeaserAt(source, key);
          changes.teaserKey = key;
          const old = current.teaserKey;
          if (old) stale.push(() => storage.remove(old));
        } catch (err) {
          log.warn({ err, videoId }, "teaser could not be made");
        }
      }
      await storage.moveIn(work, mediaKey);
    } else {
      Object.assign(changes, { processingStatus: "failed", processingError: error });
    }
    const [row] = await db
      .update(videos)
      .set({
        ...changes,
        ...placement({ ...current, processingStatus: changes.processingStatus as Row["processingStatus"] }),
      })
      // Only while still processing this upload: a newer upload set it back to pending.
      .where(and(eq(videos.id, videoId), eq(videos.processingStatus, "processing")))
      .returning(rowColumns);
    if (!row) {
      if (!(await findRow(videoId))) return removeFiles(videoId);
      if (changes.thumbnailKey && changes.thumbnailKey !== current.thumbnailKey)
        await removeThumbnail(changes.thumbnailKey);
      if (changes.teaserKey && changes.teaserKey !== current.teaserKey) await storage.remove(changes.teaserKey);
      return;
    }
    for (const drop of stale) await drop();
    await syncCounts([{ before: current, after: row }]);
    deps.notify(row.createdBy, "notification", {
      type: "media.processed",
      objectType: "video",
      objectId: row.id,
      status: result ? "ready" : "failed",
      title: row.title,
      message: result ? `"${row.title}" is processed and ready.` : `"${row.title}" could not be processed: ${error}`,
    });
  }

  /**
   * The hourly job: movies whose date has come become plain movies, released at their scheduled date;
   * their performers' counts follow. Returns how many were released.
   */
  async function publishScheduled(at: Date = now()): Promise<number> {
    const released = await db
      .update(videos)
      .set({
        releasedAt: sql`${videos.scheduledAt}`,
        scheduledAt: null,
        listed: sql`${videos.status} = 'active' and ${videos.processingStatus} = 'ready'`,
      })
      .where(and(isNotNull(videos.scheduledAt), lte(videos.scheduledAt, at)))
      .returning(rowColumns);
    // Nothing scheduled was counted yet (see `counted`).
    await syncCounts(released.map((after) => ({ before: null, after })));
    if (released.length) log.info({ count: released.length }, "scheduled movies released");
    return released.length;
  }

  /**
   * Gives `toId` the processed media of `fromId` (renditions, thumbnail, teaser) without transcoding again:
   * the demo seed makes a few clips and shares them among its movies. Local-disk storage only.
   */
  async function copyMedia(fromId: string, toId: string): Promise<void> {
    const [from, to] = [await findRow(fromId), await findRow(toId)];
    if (!from || !to) throw notFound("Movie");
    if (from.processingStatus !== "ready" || !from.mediaKey) throw new Error(`movie ${fromId} is not processed`);
    const mediaKey = `private/videos/${to.id}`;
    await cp(storage.localPath(from.mediaKey), storage.localPath(mediaKey), { recursive: true, force: true });
    await cp(storage.localPath(sourceDir(from.id)), storage.localPath(sourceDir(to.id)), {
      recursive: true,
      force: true,
    });
    let thumbnailKey: string | null = null;
    if (from.thumbnailKey) {
      thumbnailKey = `public/videos/${to.id}/poster-${randomPart()}`;
      for (const spec of THUMB_SPECS) {
        await cp(
          storage.localPath(`${from.thumbnailKey}-${spec.name}.webp`),
          storage.localPath(`${thumbnailKey}-${spec.name}.webp`),
        );
      }
    }
    let teaserKey: string | null = null;
    if (from.teaserKey) {
      teaserKey = `public/videos/${to.id}/teaser-auto-${randomPart()}.mp4`;
      await cp(storage.localPath(from.teaserKey), storage.localPath(teaserKey));
    }
    const [row] = await db
      .update(videos)
      .set({
        processingStatus: "ready",
        processingError: null,
        mediaKey,
        sourceSizeBytes: from.sourceSizeBytes,
        durationSec: from.durationSec,
        width: from.width,
        height: from.height,
        thumbnailKey,
        teaserKey,
        ...placement({ ...to, processingStatus: "ready" }),
      })
      .where(eq(videos.id, to.id))
      .returning(rowColumns);
    if (!row) return removeFiles(to.id);
    await syncCounts([{ before: to, after: row }]);
  }

  async function registerJobs() {
    await jobs.work<{ videoId: string }>(VIDEO_JOBS.process, (data) => processVideo(String(data?.videoId ?? "")));
    await jobs.work(VIDEO_JOBS.publishScheduled, async () => {
      await publishScheduled();
    });
  }

  return {
    search,
    countMatching,
    detail,
    studioView,
    studioSearch,
    create,
    update,
    remove,
    uploadVideo,
    uploadTeaser,
    uploadThumbnail,
    processVideo,
    publishScheduled,
    copyMedia,
    registerJobs,
  };
}
export type VideosService = ReturnType<typeof createVideosService>;
