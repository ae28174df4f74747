import { TOTAL_CAP } from "@marquee/contracts/common";
import type { SearchStudioVideosQuery, SearchVideosQuery, StudioVideo, VideoDetail } from "@marquee/contracts/videos";
import {
  and,
  arrayContains,
  arrayOverlaps,
  eq,
  inArray,
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
import { forbidden, notFound } from "../../platform/errors.ts";
import { matchText } from "../../platform/fulltext.ts";
import { isUuid } from "../../platform/ids.ts";
import {
  cappedCount,
  countUnless,
  encodeCursor,
  keysetClauses,
  nextCursor,
  type Uncounted,
} from "../../platform/paging.ts";
import { SLUG_SHAPE } from "../../platform/slugs.ts";
import { type Actor, canOpen, type Offer, type Viewer } from "../catalogue/access.ts";
import { assertEditable } from "../catalogue/editing.ts";
import { catalogueKeyset, studioKeyset } from "../catalogue/paging.ts";
import type { CardSql } from "./cards.ts";
import { createListCache } from "./list-cache.ts";
import type { VideoPresenter } from "./present.ts";
import { exactTime, listColumns, MOVIE, type Row, rowColumns } from "./rows.ts";
import { videos } from "./tables.ts";
import { type ClientHints, createViewCounter, viewerKey } from "./views.ts";

/** A planner estimate this far above the cap means the count would only say "more than TOTAL_CAP". */
const SURELY_CAPPED = 2 * TOTAL_CAP;

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

/** A small expiring cache by filter; bounded, the oldest entry goes first. */
function filterCache<V>(ttlMs: number) {
  const map = new Map<string, { value: V; until: number }>();
  return {
    get(key: string) {
      const hit = map.get(key);
      return hit && hit.until > Date.now() ? hit.value : undefined;
    },
    set(key: string, value: V) {
      map.delete(key);
      if (map.size >= 1000) map.delete(map.keys().next().value as string);
      map.set(key, { value, until: Date.now() + ttlMs });
    },
    clear: () => map.clear(),
  };
}

/** Reading movies: the public lists and counts, a movie's page, and the studio's lists. */
export function createVideoReads(deps: {
  db: Db;
  present: VideoPresenter;
  card: CardSql;
  now: () => Date;
  listCacheMs: number;
}) {
  const { db, present, card, now } = deps;
  /**
   * Visitors' answers of the public list, reused for `listCacheMs` (list-cache.ts). Keyed by the query as its
   * schema reads it: a visitor's answer depends on nothing else (no viewer, so no purchases), and a visitor the
   * country block refuses is refused before any route runs (platform/access.ts), so an answer made for one
   * country is only ever given to a visitor who may see it. Any change this process makes to the catalogue drops
   * them (`dropCounts`); an announced movie's date, another process's change, show within `listCacheMs`.
   */
  const visitorAnswers = createListCache(deps.listCacheMs);
  const viewCounter = createViewCounter({ db, now });
  /** Planner estimates by filter, for a minute: a statistic that moves slowly, asked for on every list request. */
  const estimates = filterCache<number>(60_000);
  /**
   * Capped counts by filter, for half a minute: a list is paged ("load more") and asked by many visitors with
   * the same filter, and a count of thousands of rows costs far more than the page. Any change this process
   * makes to the catalogue drops them (`dropCounts`); another API process's change shows within 30 s.
   */
  const counts = filterCache<{ total: number; totalCapped: boolean }>(30_000);

  /** The lookup for a path id: a UUID, or a slug (lowercase words and dashes); null for anything else. */
  const byIdOrSlug = (idOrSlug: string): SQL | null => {
    if (isUuid(idOrSlug)) return eq(videos.id, idOrSlug);
    const slug = idOrSlug.toLowerCase();
    return SLUG_SHAPE.test(slug) ? eq(videos.slug, slug) : null;
  };

  async function findRow(idOrSlug: string): Promise<Row | undefined> {
    const where = byIdOrSlug(idOrSlug);
    if (!where) return undefined;
    const [row] = await db.select(rowColumns).from(videos).where(where).limit(1);
    return row;
  }

  /** A movie the actor may manage: 404 when it does not exist, 403 when it is another performer's. */
  const managedRow = async (actor: Actor, idOrSlug: string) => assertEditable(actor, await findRow(idOrSlug), MOVIE);

  /** The sort value as the cursor carries it (timestamps to the microsecond). */
  const exactKey = (sortBy: SearchVideosQuery["sortBy"]): SQL<string | number> =>
    sortBy === "newest" || sortBy === "oldest"
      ? exactTime(videos.releasedAt)
      : sql<number>`${sortBy === "popular" ? videos.views : videos.priceCents}`;

  /** The public filter: listed movies only, then each optional filter of the query. */
  function publicWhere(q: Partial<SearchVideosQuery>, implied = true): SQL {
    const conds: (SQL | undefined)[] = [
      eq(videos.listed, true),
      matchText(videos.search, q.q, videos.tags),
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

  /** The planner's estimate of the rows matching `where` (planning only, nothing is read). */
  async function estimateRows(q: Partial<SearchVideosQuery>): Promise<number> {
    const key = filterKey(q);
    const cached = estimates.get(key);
    if (cached !== undefined) return cached;
    // Without the implied price conditions: the planner takes them as independent of `access` and would
    // multiply the estimate down by their selectivity.
    const rows = await planRows(publicWhere(q, false));
    estimates.set(key, rows);
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
    if (cached) return cached;
    const value = await cappedCount(db, videos, publicWhere(q));
    counts.set(key, value);
    return value;
  }

  /**
   * Runs a page query and takes its cards as one JSON text, made by PostgreSQL (cards.ts), with what the answer needs
   * beside them: how many rows there are, the last row's sort key and id (for the next cursor), and how many rows
   * match (`fewQuery`). The cards are never decoded here: the route sends them as they come.
   */
  async function jsonPage(page: { as(alias: "p"): Subquery }, direction: "asc" | "desc", viewer: Viewer) {
    const dir = sql.raw(direction);
    const back = sql.raw(direction === "asc" ? "desc" : "asc");
    const [r] = await db
      .select({
        cards: sql<string>`coalesce(json_agg(${card(viewer, now())} order by p.sort_key ${dir}, p.id ${dir}), '[]'::json)::text`,
        n: sql<number>`count(*)::int`,
        last: sql<
          string | null
        >`(array_agg(json_build_array(p.sort_key, p.id)::text order by p.sort_key ${back}, p.id ${back}))[1]`,
        matches: sql<number | null>`max(p.matches)::int`,
      })
      .from(page.as("p"));
    const last = r?.last ? (JSON.parse(r.last) as [string | number, string]) : null;
    return { cards: r?.cards ?? "[]", n: r?.n ?? 0, last, matches: r?.matches ?? null };
  }

  /** A page in sort order: the planner walks the sort's index, meeting matches along the way. */
  function pageQuery(query: SearchVideosQuery, where: SQL, viewer: Viewer) {
    const keyset = catalogueKeyset(query.sortBy, query.sort, videos);
    const { after, orderBy } = keysetClauses(keyset, query.cursor);
    return jsonPage(
      db
        .select({
          ...listColumns,
          sortKey: exactKey(query.sortBy).as("sort_key"),
          matches: sql<number | null>`null::int`.as("matches"),
        })
        .from(videos)
        .where(after ? and(where, after) : where)
        .orderBy(...orderBy)
        .limit(query.limit)
        .offset(query.offset),
      keyset.direction,
      viewer,
    );
  }

  /**
   * A page of a filter that few rows match: every match is read (through the filter's own index), counted and
   * sorted, in one query. Walking a sort index instead would read the whole table when matches are rare.
   */
  async function fewQuery(query: SearchVideosQuery, where: SQL, viewer: Viewer) {
    const m = db
      .select({
        ...listColumns,
        sortKey: exactKey(query.sortBy).as("sort_key"),
        matches: sql<number>`count(*) over ()`.as("matches"),
      })
      .from(videos)
      .where(where)
      .as("m");
    const keyset = catalogueKeyset(query.sortBy, query.sort, m);
    const { after, orderBy } = keysetClauses(keyset, query.cursor);
    return jsonPage(
      db
        .select()
        .from(m)
        .where(after)
        .orderBy(...orderBy)
        .limit(query.limit)
        .offset(query.offset),
      keyset.direction,
      viewer,
    );
  }

  /**
   * A page of the public list for this viewer as the JSON text of its answer (contracts `videoList`): each card
   * says whether this viewer bought the movie.
   */
  function searchJson(query: SearchVideosQuery & Uncounted, viewer: Viewer): Promise<string> {
    return viewer === null
      ? visitorAnswers.get(JSON.stringify(query), () => answer(query, null))
      : answer(query, viewer);
  }

  async function answer(query: SearchVideosQuery & Uncounted, viewer: Viewer): Promise<string> {
    const keyset = catalogueKeyset(query.sortBy, query.sort, videos);
    keysetClauses(keyset, query.cursor); // a bad cursor is refused before anything runs
    const where = publicWhere(query);
    let page: Awaited<ReturnType<typeof pageQuery>>;
    let counted: { total: number; totalCapped: boolean };
    const estimate = matchText(videos.search, query.q) ? await estimateRows(query) : undefined;
    if (estimate !== undefined && estimate < SURELY_CAPPED) {
      // The planner cannot tell a rare word from a missing one (it guesses 0.5% for both), so a full-text
      // filter it does not know to be common is read in full rather than met along a sort index.
      page = await fewQuery(query, where, viewer);
      counted =
        page.matches !== null
          ? { total: Math.min(page.matches, TOTAL_CAP), totalCapped: page.matches > TOTAL_CAP }
          : query.cursor || query.offset
            ? await countUnless(query, () => cappedCount(db, videos, where))
            : { total: 0, totalCapped: false };
    } else {
      [page, counted] = await Promise.all([
        pageQuery(query, where, viewer),
        countUnless(query, () => countOf(query, estimate)),
      ]);
    }
    const next = page.n < query.limit || !page.last ? null : encodeCursor(keyset.name, page.last[0], page.last[1]);
    return `{"data":${page.cards},"total":${counted.total},"totalCapped":${counted.totalCapped},"next":${JSON.stringify(next)}}`;
  }

  /** Listed movies matching `q`, counted up to TOTAL_CAP (for `/search/total`). */
  async function countMatching(q: string | undefined): Promise<number> {
    return (await countOf({ q })).total;
  }

  /**
   * A movie page: listed movies for everyone, unlisted ones only for their performers and admins (404 for anyone
   * else, so drafts and taken-down movies stay private). A view counts only when the viewer can watch it: a locked
   * page, an announced movie or one still processing is not a view; and once per viewer per VIEW_WINDOW_MS
   * (views.ts), members by id, visitors by their address and user agent (`client`).
   */
  async function detail(viewer: Viewer, idOrSlug: string, client?: ClientHints): Promise<VideoDetail> {
    const row = await findRow(idOrSlug);
    if (!row || !canOpen(viewer, row)) throw notFound("Movie");
    const [out] = (await present.detailsOf(viewer, [row])) as [VideoDetail];
    if (!row.listed || !out.canWatch) return out;
    const views = await viewCounter.count(row.id, viewerKey(viewer, client));
    return views === null ? out : { ...out, stats: { ...out.stats, views } };
  }

  /** The movie as a checkout sees it (no view counted): 404 when the viewer may not open it. */
  async function offer(viewer: Viewer, idOrSlug: string): Promise<Offer> {
    const row = await findRow(idOrSlug);
    if (!row || !canOpen(viewer, row)) throw notFound("Movie");
    const [out] = (await present.detailsOf(viewer, [row])) as [VideoDetail];
    return {
      kind: "video",
      id: row.id,
      title: row.title,
      priceCents: row.priceCents,
      performerIds: row.performerIds,
      listed: row.listed,
      decision: { canWatch: out.canWatch, lock: out.lock, isBought: out.isBought },
    };
  }

  async function studioView(actor: Actor, idOrSlug: string): Promise<StudioVideo> {
    return present.studioOf(actor, await managedRow(actor, idOrSlug));
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
      matchText(videos.search, query.q, videos.tags),
    );
    const keyset = studioKeyset(query.sortBy, query.sort, videos);
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
    const details = await present.detailsOf(actor, rows);
    return {
      data: details.map((d, i) => present.toStudio(d, rows[i] as Row)),
      ...counted,
      next: nextCursor(rows, query.limit, keyset.name, (r) => [r.sortKey, r.id]),
    };
  }

  /**
   * The movies an admin has taken down or a report holds (modules/reports), with when: id -> withdrawn at (the
   * take-down's time, else the hold's). Their files stop for everyone but their staff's fresh links.
   */
  async function takenDown(): Promise<Map<string, Date>> {
    const rows = await db
      .select({
        id: videos.id,
        at: sql<Date>`coalesce(${videos.takenDownAt}, ${videos.heldAt})`.mapWith(videos.takenDownAt),
      })
      .from(videos)
      .where(or(isNotNull(videos.takenDownAt), isNotNull(videos.heldAt)));
    return new Map(rows.flatMap((r) => (r.at ? [[r.id, r.at] as const] : [])));
  }

  /** Movies by id as lists show them, in the order given; those the viewer may not open are left out. */
  async function listByIds(viewer: Viewer, ids: readonly string[]) {
    if (!ids.length) return [];
    const found = await db
      .select(listColumns)
      .from(videos)
      .where(inArray(videos.id, [...new Set(ids)]));
    const byId = new Map(found.filter((r) => canOpen(viewer, r)).map((r) => [r.id, r]));
    const rows = ids.flatMap((id) => byId.get(id) ?? []);
    const refs = await present.refsFor(rows);
    return rows.map((r) => present.toVideo(r, refs));
  }

  return {
    findRow,
    listByIds,
    managedRow,
    takenDown,
    offer,
    searchJson,
    countMatching,
    detail,
    studioView,
    studioSearch,
    /** Forgets the cached list counts and answers: called by every write that can change what the catalogue lists. */
    dropCounts: () => {
      counts.clear();
      visitorAnswers.clear();
    },
    purgeViewMarks: viewCounter.purge,
  };
}
export type VideoReads = ReturnType<typeof createVideoReads>;
