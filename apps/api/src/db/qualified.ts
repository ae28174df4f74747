import { getTableName, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * A column always named with its table (`"orders"."id"`). Drizzle leaves the table out of the fields of a select from
 * one table, so a subquery among those fields would read a bare `"id"` as one of its own columns, or as ambiguous.
 */
export const qualified = (column: AnyPgColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
