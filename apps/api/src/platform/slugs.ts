import { badRequest } from "./errors.ts";

/** What a slug looks like (the `slug` contract): a path id of any other shape names no item. */
export const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A URL slug from a title or name: accents folded, lowercase letters and digits joined by single dashes
 * (the `slug` contract in packages/contracts/src/catalogue.ts), at most `max` characters. Empty when the
 * text has no letter or digit at all; callers then ask for a slug.
 */
export function slugify(text: string, max = 120): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, max)
    .replace(/^-+|-+$/g, "");
}

/** Whether a database error is a unique-index violation (two writers raced for the same key). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** A search term without its surrounding blanks; a blank one is none. */
export const cleanTerm = (q: string | undefined) => q?.trim() || undefined;

/** Escapes `%`, `_` and `\` so a user's text matches literally inside LIKE patterns. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Refuses a paging cursor whose text key carries a NUL (PostgreSQL would fail the query on it): the same 400 as
 * any other invalid cursor. Call before `keysetClauses` on lists sorted by a text column.
 */
export function assertCursorText(cursor: string | undefined) {
  if (cursor && Buffer.from(cursor, "base64url").toString("utf8").includes("\\u0000")) {
    throw badRequest("The cursor is not valid for this list; start again from the first page.", [
      { path: "querystring.cursor", message: "invalid cursor" },
    ]);
  }
}
