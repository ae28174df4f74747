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

/**
 * Review before publication (issue 22 section 2) of a catalogue item a performer publishes (movie, gallery,
 * product): `pending` waits in the admins' queue since `reviewSubmittedAt`; `approved` went through it; `refused`
 * carries the reviewer's reason for its performers. null: never reviewed (the site did not ask for it, or an admin
 * published it). A pending or refused item is unlisted whatever its status.
 */
export const reviewColumns = () => ({
  reviewState: text("review_state", { enum: ["pending", "approved", "refused"] }),
  reviewReason: text("review_reason"),
  reviewSubmittedAt: timestamp("review_submitted_at", { withTimezone: true, mode: "date", precision: 3 }),
  reviewedAt: timestamp("reviewed_at", { withTimezone: true, mode: "date", precision: 3 }),
});

/**
 * A hold on a catalogue item (movie, gallery, product, post) while a report that it shows someone without their
 * consent, or someone who may be under 18, waits for review (modules/reports): when, and the reason its performers
 * are shown. A held item is unlisted whatever its status, like a taken-down one, until the report is dismissed (the
 * hold is lifted) or the item is taken down. It is its own state: status, review and take-down are untouched.
 */
export const holdColumns = () => ({
  heldAt: timestamp("held_at", { withTimezone: true, mode: "date", precision: 3 }),
  heldReason: text("held_reason"),
});
