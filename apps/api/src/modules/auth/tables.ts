import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "../../db/columns.ts";
import { users } from "../users/tables.ts";

/** Opaque bearer tokens: only their SHA-256 is kept (DESIGN section 4). */
export const sessions = pgTable(
  "sessions",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Single-use, expiring tokens mailed for email verification and password reset. */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify-email", "reset-password"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("email_tokens_user_idx").on(t.userId, t.purpose)],
);
