import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/harness.ts";
import { users } from "../users/tables.ts";
import { EXPORT_BATCH } from "./trail.ts";

let t: TestContext;
let admin: string;
let user: string;
let performer: string;
let memberId: string;

beforeAll(async () => {
  t = await createTestContext();
  [admin, user, performer] = await Promise.all([t.login("admin"), t.login("user"), t.login("performer")]);
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, "member"));
  memberId = (row as { id: string }).id;
});
afterAll(() => t.close());

const from = (ip: string) => ({ "x-forwarded-for": ip });
const trail = (query: Record<string, string> = {}, token = admin) =>
  t.request({ method: "GET", url: "/admin/audit", token, query });

interface Entry {
  action: string;
  subjectType: string;
  subjectId: string | null;
  ip: string | null;
  actor: { username: string | null } | null;
  before: unknown;
  after: unknown;
  changes: { field: string; before: unknown; after: unknown }[];
}

describe("recording admin actions", () => {
  it("records a settings change with who, the address, and the value before and after", async () => {
    const res = await t.request({
      method: "PUT",
      url: "/admin/settings/siteName",
      token: admin,
      body: { value: "Audited Club" },
      headers: from("203.0.113.7"),
    });
    expect(res.statusCode).toBe(200);
    const [entry] = (await trail({ action: "settings.update", subjectId: "siteName" })).json().data as Entry[];
    expect(entry).toMatchObject({
      action: "settings.update",
      subjectType: "setting",
      subjectId: "siteName",
      ip: "203.0.113.7",
      actor: { username: "admin" },
      changes: [{ field: "value", before: "Marquee", after: "Audited Club" }],
    });
  });

  it("never records a secret setting's value", async () => {
    const key = "sk_test_abcdefghijklmnopqrstuvwxyz0123";
    const res = await t.request({
      method: "PUT",
      url: "/admin/settings/stripeSecretKey",
      token: admin,
      body: { value: key },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = (await trail({ subjectId: "stripeSecretKey" })).json().data as Entry[];
    expect(JSON.stringify(entry)).not.toContain("sk_test_");
    expect(entry?.changes).toEqual([{ field: "value", before: null, after: "[redacted: new value]" }]);
  });

  it("records a role change and a deactivation as their own actions", async () => {
    const put = (body: unknown) => t.request({ method: "PUT", url: `/admin/users/${memberId}`, token: admin, body });
    expect((await put({ role: "performer" })).statusCode).toBe(200);
    expect((await put({ status: "inactive" })).statusCode).toBe(200);
    expect((await put({ status: "active", role: "user" })).statusCode).toBe(200);
    const entries = (await trail({ subjectType: "user", subjectId: memberId })).json().data as Entry[];
    expect(entries.map((e) => e.action)).toEqual(["users.role-change", "users.deactivate", "users.role-change"]);
    expect(entries[1]?.changes).toEqual([{ field: "status", before: "active", after: "inactive" }]);
    // Newest first: the last change (role and status at once) heads the list.
    expect(entries[0]?.changes).toEqual([
      { field: "role", before: "performer", after: "user" },
      { field: "status", before: "inactive", after: "active" },
    ]);
    expect(entries[2]?.changes).toEqual([{ field: "role", before: "user", after: "performer" }]);
  });

  it("records country blocks and coupons", async () => {
    await t.request({ method: "POST", url: "/admin/country-block", token: admin, body: { countryCode: "ru" } });
    await t.request({ method: "DELETE", url: "/admin/country-block/RU", token: admin });
    const created = await t.request({
      method: "POST",
      url: "/admin/coupons",
      token: admin,
      body: { code: "AUDIT10", value: 0.1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    await t.request({
      method: "PUT",
      url: `/admin/coupons/${created.json()._id}`,
      token: admin,
      body: { active: false },
    });
    const actions = ((await trail()).json().data as Entry[]).map((e) => e.action);
    expect(actions.slice(0, 4)).toEqual([
      "coupons.update",
      "coupons.create",
      "country-block.remove",
      "country-block.add",
    ]);
    const [update] = (await trail({ action: "coupons.update" })).json().data as Entry[];
    expect(update?.changes).toEqual([{ field: "active", before: true, after: false }]);
  });
});

describe("GET /admin/audit", () => {
  it("is for admins only", async () => {
    expect((await trail({}, user)).statusCode).toBe(403);
    expect((await trail({}, performer)).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/admin/audit" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/admin/audit/export.csv", token: user })).statusCode).toBe(403);
  });

  it("filters by actor, action or its area, subject and dates", async () => {
    expect(((await trail({ actor: "ADMIN" })).json().data as Entry[]).length).toBeGreaterThan(5);
    expect((await trail({ actor: "member" })).json().data).toEqual([]);
    const area = (await trail({ action: "country-block" })).json().data as Entry[];
    expect(area.map((e) => e.action)).toEqual(["country-block.remove", "country-block.add"]);
    expect((await trail({ subjectType: "country", subjectId: "RU" })).json().data).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    expect(((await trail({ from: today, to: today, action: "country-block" })).json().data as Entry[]).length).toBe(2);
    expect((await trail({ to: "2020-01-01" })).json().data).toEqual([]);
    expect((await trail({ from: "2999-01-01" })).json().data).toEqual([]);
  });

  it("pages newest first with a cursor", async () => {
    const first = (await trail({ limit: "3" })).json();
    expect(first.data).toHaveLength(3);
    const second = (await trail({ limit: "3", cursor: first.next })).json();
    expect(second.data).toHaveLength(3);
    const all = ((await trail({ limit: "6" })).json().data as { _id: string }[]).map((e) => e._id);
    expect([...first.data, ...second.data].map((e: { _id: string }) => e._id)).toEqual(all);
  });

  it("refuses bad filters with the field and the reason", async () => {
    const dates = await trail({ from: "2026-11-10", to: "2026-11-01" });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().details).toEqual([{ path: "querystring.to", message: "must be after from" }]);
    const when = await trail({ from: "yesterday" });
    expect(when.statusCode).toBe(400);
    expect(when.json().message).toContain("from");
    expect((await trail({ action: "DROP TABLE;" })).statusCode).toBe(400);
    expect((await trail({ cursor: "nonsense" })).statusCode).toBe(400);
  });
});

describe("GET /admin/audit/export.csv", () => {
  it("exports the filtered set as CSV, newest first, more rows than one read holds", async () => {
    // More than one read's worth of rows, through the real route: a setting changed back and forth.
    for (let i = 0; i < EXPORT_BATCH + 20; i++) {
      await t.request({
        method: "PUT",
        url: "/admin/settings/footerContent",
        token: admin,
        body: { value: `Footer ${i}` },
      });
    }
    const res = await t.request({
      method: "GET",
      url: "/admin/audit/export.csv",
      token: admin,
      query: { action: "settings.update", subjectId: "footerContent" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trim().split("\n");
    expect(lines[0]).toBe("at,actor,actor_id,ip,action,subject_type,subject_id,changes,before,after");
    expect(lines).toHaveLength(EXPORT_BATCH + 21);
    expect(lines[1]).toContain(`Footer ${EXPORT_BATCH + 19}`);
    expect(lines.every((l, i) => i === 0 || l.includes(",admin,"))).toBe(true);
    // The oldest row: the first change, from the default.
    expect(lines.at(-1)).toContain(`"value: ""© Marquee."" -> ""Footer 0"""`);
  }, 240_000);

  it("refuses a bad filter before sending anything", async () => {
    const res = await t.request({
      method: "GET",
      url: "/admin/audit/export.csv",
      token: admin,
      query: { from: "2026-11-10", to: "2026-11-01" },
    });
    expect(res.statusCode).toBe(400);
  });
});
