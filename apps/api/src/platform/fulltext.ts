import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * The full-text condition for a search box (movies, galleries). The `search` column holds title words as typed ('simple') and
 * description words stemmed ('english'), so each term matches in either form: `run` finds "running" in a
 * description and a name in a title exactly. Websearch syntax is kept per term ("a phrase", -not, or).
 * With `tags` (a lowercase text[] column) a term also matches an item tagged with exactly that word.
 */
export function matchText(column: AnyColumn, q: string | undefined, tags?: AnyColumn): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  // As websearch_to_tsquery reads it: terms side by side must all match, `or` separates alternatives.
  const groups: SQL[][] = [[]];
  let terms = 0;
  for (const m of text.matchAll(/(-?)"([^"]*)"?|(-?)(\S+)/g)) {
    if (++terms > 16) break;
    const quoted = m[2] !== undefined;
    const term = quoted ? `"${m[2]}"` : (m[4] as string);
    if (!quoted && !m[3] && term.toLowerCase() === "or") {
      if ((groups.at(-1) as SQL[]).length) groups.push([]);
      continue;
    }
    const negated = (m[1] || m[3]) === "-";
    const one = sql`(websearch_to_tsquery('simple', ${term}) || websearch_to_tsquery('english', ${term}))`;
    if (!tags) {
      (groups.at(-1) as SQL[]).push(negated ? sql`!!${one}` : one);
      continue;
    }
    const tagged = sql`${tags} @> ARRAY[${(quoted ? (m[2] as string) : term).toLowerCase()}]::text[]`;
    const either = sql`(${column} @@ ${one} OR ${tagged})`;
    (groups.at(-1) as SQL[]).push(negated ? sql`NOT ${either}` : either);
  }
  const live = groups.filter((g) => g.length);
  if (!live.length) return undefined;
  if (tags)
    return sql`(${sql.join(
      live.map((g) => sql`(${sql.join(g, sql` AND `)})`),
      sql` OR `,
    )})`;
  return sql`${column} @@ (${sql.join(
    live.map((g) => sql`(${sql.join(g, sql` && `)})`),
    sql` || `,
  )})`;
}
