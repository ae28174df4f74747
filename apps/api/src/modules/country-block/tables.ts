import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";

export const blockedCountries = pgTable("blocked_countries", {
  countryCode: text("country_code").primaryKey(),
  createdAt: createdAt(),
});
