import { getTableName, type SQL, sql } from "drizzle-orm";
import type { Storage } from "../../platform/storage.ts";
import type { Viewer } from "../catalogue/access.ts";
import { categories } from "../categories/tables.ts";
import type { Ownership } from "../commerce/ownership.ts";
import { performers } from "../performers/tables.ts";
import { users } from "../users/tables.ts";
import { THUMB_SPECS } from "./rows.ts";

/**
 * The public list's cards (contracts `video`), made by PostgreSQL as JSON text: the API hands the page to the
 * client as it comes, without decoding the rows, presenting them and encoding them again (issue 26). The fields are
 * those of `toVideo` (present.ts) with the performers and categories of `refsFor` and `isBought` of `markBought`;
 * the route's test checks every answer against the contract's schema.
 *
 * The card reads the columns of a page row named `p` (the column names of `listColumns`).
 */
export function createCardSql(deps: {
  storage: Pick<Storage, "publicUrl">;
  ownership: Pick<Ownership, "boughtColumn">;
}) {
  // The card's text is made once: only the instant and the viewer are values of a request. Building the statement
  // from a few chunks instead of a tree of them saves the API most of the cost of making its text (issue 26).
  const prefix = literal(publicPrefixOf(deps.storage));
  /** `storage.publicUrl(key + suffix)` in SQL (null for a null key). */
  const url = (key: string, suffix = "") =>
    `(${prefix} || case when left(${key}, 7) = 'public/' then substr(${key}, 8) else ${key} end${suffix ? ` || ${literal(suffix)}` : ""})`;
  /** `Date#toISOString()` of a timestamp (null stays null). */
  const iso = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const [small] = THUMB_SPECS;
  const variant = (name: string) => url("p.thumbnail_key", `-${name}.webp`);
  const thumbnail = `case when p.thumbnail_key is not null then json_build_object('url', ${variant(small.name)},
      'srcSet', ${THUMB_SPECS.map((s) => `${variant(s.name)} || ${literal(` ${s.width}w`)}`).join(" || ', ' || ")},
      'width', ${small.width}, 'height', ${small.height}) end`;
  const table = (t: Parameters<typeof getTableName>[0]) => `"${getTableName(t)}"`;
  // As `refsFor`: every performer and category of the movie that exists, in the movie's order.
  const performerRefs = `coalesce((select json_agg(json_build_object('_id', u.id, 'username', u.username,
      'name', u.name, 'avatar', ${url("u.avatar_key", "-256.webp")}) order by x.ord)
    from unnest(p.performer_ids) with ordinality x(id, ord)
    join ${table(performers)} pf on pf.id = x.id join ${table(users)} u on u.id = x.id), '[]'::json)`;
  const categoryRefs = `coalesce((select json_agg(json_build_object('_id', c.id, 'name', c.name, 'slug', c.slug)
      order by x.ord)
    from unnest(p.category_ids) with ordinality x(id, ord) join ${table(categories)} c on c.id = x.id), '[]'::json)`;
  const head = sql.raw(`json_build_object(
      '_id', p.id, 'slug', p.slug, 'title', p.title, 'description', p.description, 'tags', p.tags,
      'access', p.access, 'price', case when p.access = 'sale' then p.price_cents / 100::float8 end,
      'status', p.status, 'scheduledAt', ${iso("p.scheduled_at")}, 'isComing', coalesce(p.scheduled_at > `);
  const published = sql.raw(`::timestamptz, false),
      'publishedAt', case when p.listed and not coalesce(p.scheduled_at > `);
  const tail = sql.raw(`::timestamptz, false) then ${iso("p.released_at")} end,
      'durationSec', p.duration_sec, 'thumbnail', ${thumbnail}, 'teaser', ${url("p.teaser_key")},
      'performers', ${performerRefs}, 'categories', ${categoryRefs},
      'stats', json_build_object('views', p.views, 'likes', p.likes, 'favourites', p.favourites,
        'comments', p.comments),
      'createdAt', ${iso("p.created_at")}, 'isBought', `);

  /** The card of the page row `p` for this viewer at `at` (what "coming" is measured against). */
  return function card(viewer: Viewer, at: Date): SQL {
    const now = at.toISOString();
    const bought = viewer ? deps.ownership.boughtColumn(viewer, "video", sql.raw("p.id")) : sql.raw("false");
    return sql`${head}${now}${published}${now}${tail}${bought})`;
  };
}
export type CardSql = ReturnType<typeof createCardSql>;

/**
 * What `publicUrl` puts before a key (with `public/` taken off it): both storages make a public link that way. A
 * storage whose links are made otherwise is refused at start, rather than given wrong links.
 */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

function publicPrefixOf(storage: Pick<Storage, "publicUrl">): string {
  const probe = "videos/probe";
  const made = storage.publicUrl(`public/${probe}`);
  const prefix = made.slice(0, -probe.length);
  if (!made.endsWith(probe) || storage.publicUrl(`other/${probe}`) !== `${prefix}other/${probe}`)
    throw new Error(`The storage's public links are not a prefix and the key (${made}): the movie cards need one.`);
  return prefix;
}
