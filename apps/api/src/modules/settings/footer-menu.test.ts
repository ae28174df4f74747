import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/harness.ts";

/**
 * The footer's links used to be fixed in the web app (Membership, Posts, Contact, then the admin's footer menus);
 * now they are the footer section of the `menus` setting. A site that had stored its menus keeps its footer.
 */
const MIGRATION = new URL("../../db/migrations/0032_footer_menu.sql", import.meta.url);

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login("admin");
});
afterAll(() => t.close());

const store = (value: unknown) =>
  t.database.db.execute(sql`
    insert into settings (key, value) values ('menus', ${JSON.stringify(value)}::jsonb)
    on conflict (key) do update set value = excluded.value`);

const migrate = async () => t.database.db.execute(sql.raw(await readFile(MIGRATION, "utf8")));

const storedMenus = async () => {
  const rows = (await t.database.db.execute(sql`select value from settings where key = 'menus'`)) as unknown as
    | { rows: Array<{ value: unknown }> }
    | Array<{ value: unknown }>;
  const list = Array.isArray(rows) ? rows : rows.rows;
  return list[0]?.value as Array<{ title: string; path: string; section: string; ordering: number }>;
};

describe("migration 0032: the footer's fixed links join a stored menus setting", () => {
  it("puts Membership, Posts and Contact first in the footer of a site whose stored menus lack them", async () => {
    await store([
      { title: "Blog", path: "https://blog.example.com/", section: "header", isOpenNewTab: true, ordering: 0 },
      { title: "Help", path: "/help", section: "footer", isOpenNewTab: false, ordering: 1 },
    ]);
    await migrate();
    const menus = await storedMenus();
    const footer = menus
      .filter((m) => m.section === "footer")
      .sort((a, b) => a.ordering - b.ordering)
      .map((m) => m.title);
    expect(footer).toEqual(["Membership", "Posts", "Contact", "Help"]);
    expect(menus.filter((m) => m.section === "header").map((m) => m.title)).toEqual(["Blog"]);
    // What it wrote is a valid value: the admin can save the menus again as they are.
    const saved = await t.request({
      method: "PUT",
      url: "/admin/settings/menus",
      token: admin,
      body: { value: menus },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it("adds nothing the footer already links to, and nothing when run again", async () => {
    await store([{ title: "Write to us", path: "/contact", section: "footer", isOpenNewTab: false, ordering: 0 }]);
    await migrate();
    await migrate();
    const footer = (await storedMenus()).sort((a, b) => a.ordering - b.ordering).map((m) => m.title);
    expect(footer).toEqual(["Membership", "Posts", "Write to us"]);
  });
});
