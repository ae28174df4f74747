import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "../../db/columns.ts";
import { users } from "../users/tables.ts";

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: idColumn(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject"),
    message: text("message").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);
