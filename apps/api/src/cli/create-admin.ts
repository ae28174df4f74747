// `npm run create-admin -- --username NAME --email ADDRESS [--password SECRET]`: the first admin on a
// production database. Without --password a strong one is generated and printed once.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { email, password, username } from "@marquee/contracts/users";
import { eq, or } from "drizzle-orm";
import { loadBaseConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { hashPassword } from "../modules/auth/service.ts";
import { users } from "../modules/users/tables.ts";

const { values } = parseArgs({
  options: {
    username: { type: "string" },
    email: { type: "string" },
    password: { type: "string" },
    name: { type: "string" },
  },
});
const u = username.safeParse(values.username);
const e = email.safeParse(values.email);
const generated = !values.password;
const p = password.safeParse(values.password ?? randomBytes(18).toString("base64url"));
if (!u.success || !e.success || !p.success) {
  console.error(
    "Usage: npm run create-admin -- --username NAME --email ADDRESS [--password SECRET] [--name 'Full Name']",
  );
  for (const r of [u, e, p]) if (!r.success) console.error(`  ${r.error.issues[0]?.message}`);
  process.exit(2);
}
// Not the payment gateway: an account needs none, and a misconfigured gateway must not keep an admin out.
const config = loadBaseConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
});
await database.migrate();
const [existing] = await database.db
  .select()
  .from(users)
  .where(or(eq(users.username, u.data), eq(users.email, e.data)));
if (existing) {
  await database.db.update(users).set({ role: "admin", status: "active" }).where(eq(users.id, existing.id));
  console.log(`${existing.username} is now an admin.`);
} else {
  await database.db.insert(users).values({
    username: u.data,
    email: e.data,
    name: values.name ?? u.data,
    passwordHash: await hashPassword(p.data),
    role: "admin",
    verifiedEmail: true,
  });
  console.log(`Admin ${u.data} created.${generated ? ` Password: ${p.data}` : ""}`);
}
await database.close();
