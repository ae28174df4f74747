import { boolean, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "../../db/columns.ts";

export const users = pgTable(
  "users",
  {
    id: idColumn(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["user", "performer", "admin"] })
      .notNull()
      .default("user"),
    status: text("status", { enum: ["active", "inactive"] })
      .notNull()
      .default("active"),
    verifiedEmail: boolean("verified_email").notNull().default(false),
    /** Storage key prefix of the avatar variants; null means the default avatar. */
    avatarKey: text("avatar_key"),
    bio: text("bio"),
    country: text("country"),
    gender: text("gender", { enum: ["female", "male", "transgender", "non-binary"] }),
    phone: text("phone"),
    phoneCode: text("phone_code"),
    /** The language the site speaks to them (contracts' `locales`); null follows the browser. */
    locale: text("locale"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_username_key").on(t.username),
    uniqueIndex("users_email_key").on(t.email),
    index("users_created_at_idx").on(t.createdAt, t.id),
    index("users_role_idx").on(t.role),
    index("users_name_idx").on(t.name),
    // The performer directory matches names and usernames by similarity (pg_trgm).
    index("users_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("users_username_trgm_idx").using("gin", t.username.op("gin_trgm_ops")),
  ],
);
export type UserRow = typeof users.$inferSelect;
