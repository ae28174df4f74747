import { z } from "zod";

/** Every error the API answers with has this shape (DESIGN section 4). */
export const errorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every id the API is sent (a path's, a query's, a body's): a UUID, parsed to its canonical form (lower case, the
 * database's own spelling), so a service only ever compares ids that are spelled one way. An id input is never a
 * bare `z.uuid()`, which keeps the case it was sent in: the same product in upper and lower case would be two.
 */
export const entityId = z.uuid().toLowerCase();

/**
 * An id in a path: a UUID (canonical, as `entityId`), or for resources that have one, a slug or username (as sent).
 */
export const idOrSlug = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .overwrite((v) => (UUID.test(v) ? v.toLowerCase() : v));

export const sortDirection = z.enum(["asc", "desc"]);

/** Query parameters shared by every list endpoint. `sortBy` is whitelisted per resource. */
export const listQuery = z.strictObject({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(12),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  sort: sortDirection.default("desc"),
});

/** Lists that page by keyset as well as offset: pass the previous page's `next` as `cursor`. */
export const pagedQuery = listQuery.extend({
  cursor: z.string().trim().min(1).max(400).optional(),
});

/**
 * Counting every match of a filter over a million rows costs more than the page itself, so counts stop at
 * this cap; `totalCapped` says the real number is larger.
 */
export const TOTAL_CAP = 1_000;

export function pagedResponse<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    totalCapped: z.boolean(),
    /** Opaque cursor of the next page, or null on the last one. */
    next: z.string().nullable(),
  });
}

/** An array filter from a query string: `ids=a&ids=b` or a single `ids=a`. */
export const repeated = <T extends z.ZodType>(item: T, max = 50) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(max)).optional();

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
  });
}

export const messageResponse = z.object({ message: z.string() });
