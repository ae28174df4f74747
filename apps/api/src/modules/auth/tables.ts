import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
    /** Touched at most once a minute per session (see SESSION_TOUCH_MS), not on every request. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the password was last typed again in this session (POST /auth/reauthenticate), before a sensitive change:
     * signing in does not count, so a session found signed in is never enough to change payout details or 2FA.
     */
    reauthenticatedAt: timestamp("reauthenticated_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Single-use, expiring tokens mailed for email verification, password reset and email change. */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify-email", "reset-password", "change-email"] }).notNull(),
    /** For `change-email`: the address that replaces the account's once the link is followed. */
    newEmail: text("new_email"),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("email_tokens_user_idx").on(t.userId, t.purpose)],
);

/**
 * An account's two-factor sign-in (TOTP, RFC 6238). `secret` is encrypted with the site's two-factor key
 * (platform/secret-box.ts). A row without `enabledAt` is an enrolment begun and not yet confirmed with a code.
 * `lastStep` is the newest 30-second step a code was accepted for: a code is never accepted twice.
 */
export const twoFactors = pgTable("two_factors", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastStep: integer("last_step").notNull().default(0),
  createdAt: createdAt(),
});

/** Single-use recovery codes, hashed with the password hasher (argon2). */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/** A password accepted for an account with two-factor sign-in: no session until a code follows (10 minutes). */
export const loginChallenges = pgTable(
  "login_challenges",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    remember: boolean("remember").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("login_challenges_user_idx").on(t.userId)],
);

/**
 * A browser that passed two-factor sign-in and asked to be trusted for 30 days: its token skips the code step.
 * They all go with a password change or reset, "log out all other sessions" and turning two-factor off.
 */
export const trustedDevices = pgTable(
  "trusted_devices",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    userAgent: text("user_agent"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("trusted_devices_user_idx").on(t.userId)],
);
