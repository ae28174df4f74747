import { sql } from "drizzle-orm";
import { check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "../../db/columns.ts";
import { users } from "../users/tables.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date", precision: 3 });

/**
 * A user's application to be a verified performer (issue 22 section 1): their legal identity and the storage keys
 * of their ID images (under `private/verification/`, never public). The newest one of a user says where they stand.
 * `source`: filed by the user, by an admin for them, or made by the demo seed (no identity, no images).
 */
export const performerApplications = pgTable(
  "performer_applications",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    legalName: text("legal_name"),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    country: text("country"),
    documentFrontKey: text("document_front_key"),
    documentBackKey: text("document_back_key"),
    selfieKey: text("selfie_key"),
    state: text("state", { enum: ["pending", "approved", "refused"] })
      .notNull()
      .default("pending"),
    source: text("source", { enum: ["applicant", "admin", "seed"] }).notNull(),
    submittedBy: uuid("submitted_by").references(() => users.id, { onDelete: "set null" }),
    refusalReason: text("refusal_reason"),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: at("reviewed_at"),
    /** Approved: verified until then; null never expires. */
    expiresAt: at("expires_at"),
    /** An admin asked for a new application: the approval no longer counts. */
    renewalRequestedAt: at("renewal_requested_at"),
    renewalReason: text("renewal_reason"),
    /** What a reviewer should know of a record not made by an application (e.g. "Seeded demo performer"). */
    note: text("note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("performer_applications_user_idx").on(t.userId, t.createdAt),
    index("performer_applications_state_idx").on(t.state, t.createdAt),
    uniqueIndex("performer_applications_one_pending_idx").on(t.userId).where(sql`state = 'pending'`),
    check(
      "performer_applications_identity_check",
      sql`source = 'seed' or (legal_name is not null and date_of_birth is not null and country is not null
        and document_front_key is not null and document_back_key is not null and selfie_key is not null)`,
    ),
  ],
);
export type ApplicationRow = typeof performerApplications.$inferSelect;

/**
 * The release of someone who appears in a movie or gallery and is not a verified performer of the site: their
 * legal identity, ID images and signed consent (a PDF, or typed name + agreement + time + address), kept privately
 * with the item under `private/releases/`. `performerId` is set when it covers a performer of the site.
 */
export const coPerformerReleases = pgTable(
  "co_performer_releases",
  {
    id: idColumn(),
    itemKind: text("item_kind", { enum: ["video", "gallery"] }).notNull(),
    itemId: uuid("item_id").notNull(),
    performerId: uuid("performer_id").references(() => users.id, { onDelete: "set null" }),
    displayName: text("display_name").notNull(),
    legalName: text("legal_name").notNull(),
    dateOfBirth: date("date_of_birth", { mode: "string" }).notNull(),
    documentFrontKey: text("document_front_key").notNull(),
    documentBackKey: text("document_back_key").notNull(),
    consentPdfKey: text("consent_pdf_key"),
    consentSignedName: text("consent_signed_name"),
    consentSignedAt: at("consent_signed_at"),
    consentIp: text("consent_ip"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("co_performer_releases_item_idx").on(t.itemKind, t.itemId),
    check(
      "co_performer_releases_consent_check",
      sql`consent_pdf_key is not null or (consent_signed_name is not null and consent_signed_at is not null)`,
    ),
  ],
);
export type ReleaseRow = typeof coPerformerReleases.$inferSelect;
