import { sql } from "drizzle-orm";
import { customType, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { uuidv7 } from "../platform/ids.ts";

/** Time-ordered UUID v7 primary key (DESIGN section 4). */
export const idColumn = () =>
  uuid("id")
    .primaryKey()
    .$defaultFn(() => uuidv7());

export const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => sql`now()`);

/** PostgreSQL's full-text document type, for the generated `search` columns. */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * An admin's take-down of a catalogue item (movie, gallery): when, and the reason the performers are shown.
 * A taken-down item is unlisted whatever its status, until an admin restores it.
 */
export const takedownColumns = () => ({
  takenDownAt: timestamp("taken_down_at", { withTimezone: true, mode: "date", precision: 3 }),
  takenDownReason: text("taken_down_reason"),
});
