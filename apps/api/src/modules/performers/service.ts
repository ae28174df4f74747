import { randomBytes } from "node:crypto";
import type { CategoryRef, Image, PerformerRef } from "@marquee/contracts/catalogue";
import type {
  AdminPerformer,
  AdminSearchPerformersQuery,
  AdminUpdatePerformerBody,
  Performer,
  PerformerProfile,
  SearchPerformersQuery,
} from "@marquee/contracts/performers";
import { and, arrayOverlaps, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type Engageable, tableCounter } from "../../platform/engageable.ts";
import { badRequest, conflict, notFound } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { cappedCountOf, type Keyset, keysetClauses, nextCursor } from "../../platform/paging.ts";
import { assertCursorText, cleanTerm, escapeLike, isUniqueViolation } from "../../platform/slugs.ts";
import type { Storage } from "../../platform/storage.ts";
import { removeWebpVariants, storeWebpVariants } from "../../platform/webp.ts";
import type { AccessService, Viewer } from "../access/service.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import type { CategoriesService } from "../categories/service.ts";
import type { ReactionsService } from "../reactions/service.ts";
import { type Accounts, joinableAccounts, type UserRow } from "../users/accounts.ts";
import { avatarUrls } from "../users/service.ts";
import { setCommission } from "./commission.ts";
import { type PerformerRow, performers } from "./tables.ts";

/** Cover variants: the profile header and its half-size for narrow screens. */
export const COVER_SPECS = [
  { name: "1600", width: 1600, height: 500 },
  { name: "800", width: 800, height: 250 },
] as const;

/** A performer's account, joined to the profile row. */
const users = joinableAccounts("u");

/** The account fields a performer shows, read alongside the profile row. */
const account = {
  username: users.username,
  name: users.name,
  avatarKey: users.avatarKey,
  bio: users.bio,
  gender: users.gender,
  country: users.country,
  status: users.status,
};
interface Joined {
  p: PerformerRow;
  u: { [K in keyof typeof account]: UserRow[K] };
}

/** Listed: the profile is on and the account is active. */
const visible = and(eq(performers.status, "active"), eq(users.status, "active")) as SQL;

const cents = (price: number | null | undefined) => (price == null ? null : Math.round(price * 100));
const major = (c: number | null) => (c == null ? null : c / 100);

/** The attribute columns a profile update may set, as they are named in the body and on the row. */
const ATTRIBUTES = ["ethnicity", "bodyType", "hairColor", "eyeColor", "height", "sexualOrientation"] as const;

export function createPerformersService(deps: {
  db: Db;
  storage: Storage;
  access: AccessService;
  categories: CategoriesService;
  accounts: Pick<Accounts, "byId" | "update">;
  /** The viewer's own likes (modules/reactions). */
  reactions: Pick<ReactionsService, "flagsFor">;
}) {
  const { db, storage } = deps;

  /** Names and usernames by trigram similarity (`%`, GIN trigram indexes) or by a (word) prefix. */
  function matching(term: string): SQL {
    const prefix = `${escapeLike(term)}%`;
    return or(
      sql`${users.name} % ${term}`,
      sql`${users.username} % ${term}`,
      sql`${users.username} ilike ${prefix}`,
      sql`${users.name} ilike ${prefix}`,
      sql`${users.name} ilike ${`% ${prefix}`}`,
    ) as SQL;
  }

  function coverOf(coverKey: string | null): Image | null {
    if (!coverKey) return null;
    const [wide] = COVER_SPECS;
    return {
      url: storage.publicUrl(`${coverKey}-${wide.name}.webp`),
      srcSet: COVER_SPECS.map((s) => `${storage.publicUrl(`${coverKey}-${s.name}.webp`)} ${s.width}w`).join(", "),
      width: wide.width,
      height: wide.height,
    };
  }

  function toPerformer({ p, u }: Joined, cats: Map<string, CategoryRef>): Performer {
    const coverImage = coverOf(p.coverKey);
    return {
      _id: p.id,
      username: u.username,
      name: u.name,
      ...avatarUrls(storage, u.avatarKey),
      cover: coverImage?.url ?? null,
      coverImage,
      bio: u.bio,
      gender: u.gender,
      country: u.country,
      languages: p.languages,
      attributes: {
        ethnicity: p.ethnicity as Performer["attributes"]["ethnicity"],
        bodyType: p.bodyType as Performer["attributes"]["bodyType"],
        hairColor: p.hairColor as Performer["attributes"]["hairColor"],
        eyeColor: p.eyeColor as Performer["attributes"]["eyeColor"],
        height: p.height as Performer["attributes"]["height"],
        sexualOrientation: p.sexualOrientation as Performer["attributes"]["sexualOrientation"],
      },
      categories: p.categoryIds.flatMap((id) => {
        const ref = cats.get(id);
        return ref ? [ref] : [];
      }),
      stats: {
        views: p.views,
        likes: p.likes,
        videos: p.videosCount,
        galleries: p.galleriesCount,
        products: p.productsCount,
        subscribers: p.subscribersCount,
        followers: p.followersCount,
      },
      monthlyPrice: major(p.monthlyPriceCents),
      yearlyPrice: major(p.yearlyPriceCents),
      status: p.status,
      createdAt: p.createdAt.toISOString(),
    };
  }

  async function toPerformers(rows: Joined[]) {
    const cats = await deps.categories.refs(rows.flatMap((r) => r.p.categoryIds));
    return rows.map((r) => toPerformer(r, cats));
  }

  const select = () =>
    db.select({ p: performers, u: account }).from(performers).innerJoin(users, eq(users.id, performers.id));

  async function joinedById(id: string): Promise<Joined> {
    const [row] = await select().where(eq(performers.id, id));
    if (!row) throw notFound("Performer");
    return row;
  }

  /** Counts up to TOTAL_CAP over the join with the accounts. */
  const countWhere = (where: SQL | undefined) =>
    cappedCountOf(
      db,
      db.select({ one: sql`1` }).from(performers).innerJoin(users, eq(users.id, performers.id)).where(where),
    );

  /** A profile's change; an admin's (`audit`) is recorded with the fields before and after in its transaction. */
  async function update(id: string, body: AdminUpdatePerformerBody, audit?: AuditActor) {
    await joinedById(id);
    if (body.categoryIds) await deps.categories.assertExist(body.categoryIds, "performer", "body.categoryIds");
    const patch: Partial<PerformerRow> = {};
    for (const k of ATTRIBUTES) if (body[k] !== undefined) patch[k] = body[k];
    if (body.languages) patch.languages = [...new Set(body.languages)];
    if (body.categoryIds) patch.categoryIds = [...new Set(body.categoryIds)];
    if (body.monthlyPrice !== undefined) patch.monthlyPriceCents = cents(body.monthlyPrice);
    if (body.yearlyPrice !== undefined) patch.yearlyPriceCents = cents(body.yearlyPrice);
    if (body.status) patch.status = body.status;
    if (Object.keys(patch).length || audit)
      await db.transaction(async (tx) => {
        const [was] = await tx.select().from(performers).where(eq(performers.id, id)).for("update");
        if (!was) throw notFound("Performer");
        if (Object.keys(patch).length) await tx.update(performers).set(patch).where(eq(performers.id, id));
        const fields = Object.keys(patch) as (keyof PerformerRow)[];
        if (audit)
          await recordAudit(tx, audit, {
            action: "performers.update",
            subjectType: "performer",
            subjectId: id,
            before: Object.fromEntries(fields.map((k) => [k, was[k]])),
            after: patch,
          });
      });
    return (await toPerformers([await joinedById(id)]))[0] as Performer;
  }

  /** A new cover; an admin's (`audit`) is recorded in the transaction that sets it, or its new files are removed. */
  async function setCover(id: string, file: Buffer, audit?: AuditActor) {
    const current = await joinedById(id);
    // A fresh key per upload, so caches never serve an old picture under a new name.
    const key = `public/covers/${id}/${Date.now().toString(36)}${randomBytes(4).toString("hex")}`;
    await storeWebpVariants(storage, key, file, COVER_SPECS);
    try {
      await db.transaction(async (tx) => {
        await tx.update(performers).set({ coverKey: key }).where(eq(performers.id, id));
        if (audit)
          await recordAudit(tx, audit, {
            action: "performers.cover",
            subjectType: "performer",
            subjectId: id,
            before: { coverKey: current.p.coverKey },
            after: { coverKey: key },
          });
      });
    } catch (err) {
      await removeWebpVariants(storage, key, COVER_SPECS);
      throw err;
    }
    if (current.p.coverKey) await removeWebpVariants(storage, current.p.coverKey, COVER_SPECS);
    return (await toPerformers([await joinedById(id)]))[0] as Performer;
  }

  /** Filters, sorts and pages the profiles that `scope` lets through (the directory's or an admin's view). */
  async function list(q: SearchPerformersQuery, scope: SQL | undefined) {
    const where: SQL[] = scope ? [scope] : [];
    const term = cleanTerm(q.q);
    if (term) where.push(matching(term));
    if (q.gender) where.push(eq(users.gender, q.gender));
    if (q.country) where.push(eq(users.country, q.country));
    if (q.categoryIds?.length) where.push(arrayOverlaps(performers.categoryIds, q.categoryIds));
    for (const k of ATTRIBUTES) {
      const v = q[k];
      if (v) where.push(eq(performers[k], v));
    }
    const direction = q.sort ?? (q.sortBy === "name" ? "asc" : "desc");
    const keyset: Keyset = {
      name: `${q.sortBy}:${direction}`,
      key: { newest: performers.createdAt, popular: performers.views, name: users.name }[q.sortBy],
      kind: ({ newest: "timestamp", popular: "int", name: "text" } as const)[q.sortBy],
      id: performers.id,
      direction,
    };
    assertCursorText(q.cursor);
    const { after, orderBy } = keysetClauses(keyset, q.cursor);
    const cond = and(...where);
    const [rows, count] = await Promise.all([
      select()
        .where(and(cond, after))
        .orderBy(...orderBy)
        .limit(q.limit)
        .offset(q.cursor ? 0 : q.offset),
      countWhere(cond),
    ]);
    return {
      data: await toPerformers(rows),
      ...count,
      next: nextCursor(rows, q.limit, keyset.name, ({ p, u }) => [
        { newest: p.createdAt, popular: p.views, name: u.name }[q.sortBy],
        p.id,
      ]),
    };
  }

  /** What comments and reactions need of a profile: it must exist for the viewer (as its page); its likes. */
  const engagement: Engageable = {
    async open(viewer, id) {
      if (!isUuid(id)) return null;
      const [row] = await select().where(eq(performers.id, id));
      const listed = row?.p.status === "active" && row.u.status === "active";
      if (!row || (!listed && viewer?.role !== "admin" && viewer?.id !== row.p.id)) return null;
      return { id: row.p.id, title: row.u.name, performerIds: [row.p.id], link: `/performers/${row.u.username}` };
    },
    count: tableCounter(performers, { likes: "likes" }, "updatedAt"),
  };

  return {
    engagement,
    /** The public directory: active profiles of active accounts, filtered, sorted and paged. */
    /** A page of the directory; each card says whether this viewer subscribes to the performer. */
    async search(q: SearchPerformersQuery, viewer: Viewer = null) {
      const page = await list(q, visible);
      return { ...page, data: await deps.access.markSubscribed(viewer, page.data) };
    },

    /**
     * Every performer for the admin screen, whatever their account's state, by profile status (`all` by
     * default): the switch an admin flips, so a hidden profile can be found and switched back on.
     */
    async adminSearch({ status, ...q }: AdminSearchPerformersQuery) {
      const page = await list(q, status === "all" ? undefined : eq(performers.status, status));
      const ids = page.data.map((p) => p._id);
      const rates = ids.length
        ? await db
            .select({ id: performers.id, rate: performers.commissionRate })
            .from(performers)
            .where(inArray(performers.id, ids))
        : [];
      const rateOf = new Map(rates.map((r) => [r.id, r.rate === null ? null : Number(r.rate)]));
      return {
        ...page,
        data: page.data.map((p): AdminPerformer => ({ ...p, commissionRate: rateOf.get(p._id) ?? null })),
      };
    },

    /**
     * A profile by id or username; counts a view (not the performer's own). Inactive profiles and accounts are
     * found by admins only.
     */
    async view(viewer: Viewer, idOrUsername: string): Promise<PerformerProfile> {
      const key = idOrUsername.toLowerCase();
      const [row] = await select().where(isUuid(key) ? eq(performers.id, key) : eq(users.username, key));
      const listed = row?.p.status === "active" && row.u.status === "active";
      if (!row || (!listed && viewer?.role !== "admin")) throw notFound("Performer");
      if (listed && viewer?.id !== row.p.id) {
        const [counted] = await db
          .update(performers)
          .set({ views: sql`${performers.views} + 1` })
          .where(eq(performers.id, row.p.id))
          .returning({ views: performers.views });
        if (counted) row.p.views = counted.views;
      }
      const [expiresAt, flags, [performer]] = await Promise.all([
        deps.access.performerSubscription(viewer, row.p.id),
        deps.reactions.flagsFor(viewer?.id ?? null, "performer", [row.p.id]),
        toPerformers([row]),
      ]);
      return {
        ...(performer as Performer),
        isSubscribed: expiresAt !== null,
        subscriptionExpiresAt: expiresAt?.toISOString() ?? null,
        isLiked: flags.get(row.p.id)?.isLiked ?? false,
      };
    },

    /** The signed-in performer's own profile row; 404 when the account has none (e.g. an admin). */
    async own(userId: string) {
      return (await toPerformers([await joinedById(userId)]))[0] as Performer;
    },

    /** A performer edits their own profile (`status` is the admins' to change). */
    updateOwn: (userId: string, body: Omit<AdminUpdatePerformerBody, "status">) =>
      update(userId, { ...body, status: undefined }),
    async adminUpdate(id: string, body: AdminUpdatePerformerBody, audit: AuditActor): Promise<AdminPerformer> {
      const performer = await update(id, body, audit);
      const rate = (await joinedById(id)).p.commissionRate;
      return { ...performer, commissionRate: rate === null ? null : Number(rate) };
    },
    setCover,

    /** An admin's choice of a performer's own commission rate (commission.ts). */
    setCommission: (id: string, rate: number | null, actor: AuditActor) => setCommission(db, id, rate, actor),

    /**
     * Makes an account a performer: a profile row, and the performer role unless the account is an admin. An
     * admin's (`audit`) is recorded in the same transaction.
     */
    async create(userId: string, audit?: AuditActor) {
      const user = await deps.accounts.byId(userId);
      if (!user) throw badRequest("No account has this id.", [{ path: "body.userId", message: "unknown user" }]);
      const already = () =>
        conflict("This account is already a performer.", [{ path: "body.userId", message: "already a performer" }]);
      try {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(performers)
            .values({ id: userId })
            .onConflictDoNothing()
            .returning({ id: performers.id });
          if (!row) throw already();
          if (user.role === "user")
            await deps.accounts.update(userId, { role: "performer" }, { tx: tx as unknown as Db });
          if (audit)
            await recordAudit(tx, audit, {
              action: "performers.create",
              subjectType: "performer",
              subjectId: userId,
              before: { username: user.username, role: user.role, performer: false },
              after: { username: user.username, role: user.role === "user" ? "performer" : user.role, performer: true },
            });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw already();
        throw err;
      }
      return (await toPerformers([await joinedById(userId)]))[0] as Performer;
    },

    /** `{ _id, username, name, avatar }` of the given ids in one query; unknown ids are left out. */
    async refs(ids: readonly string[]): Promise<Map<string, PerformerRef>> {
      const out = new Map<string, PerformerRef>();
      const unique = [...new Set(ids)].filter(isUuid);
      if (!unique.length) return out;
      const rows = await db
        .select({ id: performers.id, username: users.username, name: users.name, avatarKey: users.avatarKey })
        .from(performers)
        .innerJoin(users, eq(users.id, performers.id))
        .where(inArray(performers.id, unique));
      for (const r of rows) {
        out.set(r.id, {
          _id: r.id,
          username: r.username,
          name: r.name,
          avatar: avatarUrls(storage, r.avatarKey).avatar,
        });
      }
      return out;
    },

    /**
     * The monthly subscription price of the listed performers among `ids`, with their names, in one query (no view
     * is counted, unlike `view`); unknown and hidden profiles are left out.
     */
    async prices(
      ids: readonly string[],
    ): Promise<Map<string, { username: string; name: string; monthlyPrice: number | null }>> {
      const out = new Map<string, { username: string; name: string; monthlyPrice: number | null }>();
      const unique = [...new Set(ids)].filter(isUuid);
      if (!unique.length) return out;
      const rows = await db
        .select({ id: performers.id, username: users.username, name: users.name, cents: performers.monthlyPriceCents })
        .from(performers)
        .innerJoin(users, eq(users.id, performers.id))
        .where(and(visible, inArray(performers.id, unique)));
      for (const r of rows) out.set(r.id, { username: r.username, name: r.name, monthlyPrice: major(r.cents) });
      return out;
    },

    /** True when every id names a performer (any status); the caller reports the field. */
    async exists(ids: readonly string[]): Promise<boolean> {
      const unique = [...new Set(ids)];
      if (!unique.length) return true;
      if (!unique.every(isUuid)) return false;
      const rows = await db.select({ id: performers.id }).from(performers).where(inArray(performers.id, unique));
      return rows.length === unique.length;
    },

    /** Moves the videos/galleries/products counters of these performers by the given amounts (never below 0). */
    async adjustCounts(ids: readonly string[], by: { videos?: number; galleries?: number; products?: number }) {
      const unique = [...new Set(ids)].filter(isUuid);
      const patch: Partial<Record<"videosCount" | "galleriesCount" | "productsCount", SQL>> = {};
      if (by.videos) patch.videosCount = sql`greatest(0, ${performers.videosCount} + ${by.videos})`;
      if (by.galleries) patch.galleriesCount = sql`greatest(0, ${performers.galleriesCount} + ${by.galleries})`;
      if (by.products) patch.productsCount = sql`greatest(0, ${performers.productsCount} + ${by.products})`;
      if (!unique.length || !Object.keys(patch).length) return;
      await db.update(performers).set(patch).where(inArray(performers.id, unique));
    },

    /** How many listed performers match `q` (all of them for a blank one), up to TOTAL_CAP; for /search/total. */
    async countMatching(q: string): Promise<number> {
      const term = cleanTerm(q);
      return (await countWhere(term ? (and(visible, matching(term)) as SQL) : visible)).total;
    },
  };
}
export type PerformersService = ReturnType<typeof createPerformersService>;
