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
  // Per group (the alternatives `or` separates): the tsquery of its terms, and with `tags` one condition per term.
  const groups: { queries: SQL[]; terms: SQL[]; tagged: SQL[] }[] = [{ queries: [], terms: [], tagged: [] }];
  let terms = 0;
  for (const m of text.matchAll(/(-?)"([^"]*)"?|(-?)(\S+)/g)) {
    if (++terms > 16) break;
    const quoted = m[2] !== undefined;
    const term = quoted ? `"${m[2]}"` : (m[4] as string);
    const group = groups.at(-1) as (typeof groups)[number];
    if (!quoted && !m[3] && term.toLowerCase() === "or") {
      if (group.queries.length) groups.push({ queries: [], terms: [], tagged: [] });
      continue;
    }
    const negated = (m[1] || m[3]) === "-";
    const one = sql`(websearch_to_tsquery('simple', ${term}) || websearch_to_tsquery('english', ${term}))`;
    group.queries.push(negated ? sql`!!${one}` : one);
    if (!tags) continue;
    const tagged = sql`${tags} @> ARRAY[${(quoted ? (m[2] as string) : term).toLowerCase()}]::text[]`;
    if (negated) {
      group.terms.push(sql`NOT (${column} @@ ${one} OR ${tagged})`);
    } else {
      // A stop word ("the") makes an empty query, which matches nothing: it constrains nothing, as in websearch.
      group.terms.push(sql`(numnode(${one}) = 0 OR ${column} @@ ${one} OR ${tagged})`);
      group.tagged.push(tagged);
    }
  }
  const live = groups.filter((g) => g.queries.length);
  if (!live.length) return undefined;
  const query = (g: (typeof live)[number]) => sql`(${sql.join(g.queries, sql` && `)})`;
  if (tags) {
    // Each term in the text or the tags, and the group not made of stop words and punctuation only.
    const each = live.map(
      (g) =>
        sql`(${sql.join(g.terms, sql` AND `)} AND (numnode(${query(g)}) > 0 OR ${sql.join([sql`false`, ...g.tagged], sql` OR `)}))`,
    );
    return sql`(${sql.join(each, sql` OR `)})`;
  }
  return sql`${column} @@ (${sql.join(live.map(query), sql` || `)})`;
}
