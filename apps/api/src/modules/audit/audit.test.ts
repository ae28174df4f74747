import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/harness.ts";
import { users } from "../users/tables.ts";
import { recordAudit } from "./service.ts";
import { auditLog } from "./tables.ts";

/** The audit trail's own rules: who and from where, secrets never stored, and no way to rewrite what is recorded. */
let t: TestContext;
let adminId: string;

beforeAll(async () => {
  t = await createTestContext();
  const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, "admin"));
  adminId = (admin as { id: string }).id;
});
afterAll(() => t.close());

const rowsOf = (subjectId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));

describe("the audit trail", () => {
  it("records who (with the username they had), from where, what, and the subject before and after", async () => {
    await recordAudit(
      t.database.db,
      { userId: adminId, ip: "203.0.113.9" },
      {
        action: "settings.update",
        subjectType: "setting",
        subjectId: "audit-test-1",
        before: { value: "a", at: new Date("2026-11-01T00:00:00Z") },
        after: { value: "b", at: new Date("2026-11-02T00:00:00Z") },
      },
    );
    const [row] = await rowsOf("audit-test-1");
    expect(row).toMatchObject({
      actorId: adminId,
      actorName: "admin",
      ip: "203.0.113.9",
      action: "settings.update",
      subjectType: "setting",
      before: { value: "a", at: "2026-11-01T00:00:00.000Z" },
      after: { value: "b", at: "2026-11-02T00:00:00.000Z" },
    });
  });

  it("never stores a password, hash, token, key or secret, however deep", async () => {
    await recordAudit(
      t.database.db,
      { userId: null, ip: null },
      {
        action: "users.update",
        subjectType: "user",
        subjectId: "audit-test-2",
        before: { passwordHash: "$argon2id$x", profile: { apiKey: "sk_live_1", name: "Ann" } },
        after: { gateway: { webhookSecret: "whsec_1", totpSecret: "JBSWY3DP" }, note: null },
      },
    );
    const [row] = await rowsOf("audit-test-2");
    expect(row?.before).toEqual({ passwordHash: "[redacted]", profile: { apiKey: "[redacted]", name: "Ann" } });
    expect(row?.after).toEqual({ gateway: { webhookSecret: "[redacted]", totpSecret: "[redacted]" }, note: null });
    expect(row?.actorName).toBeNull();
  });

  it("is append-only: an update, a delete or a truncate of the trail is refused by the database", async () => {
    const db = t.database.db;
    // Drizzle wraps the database's error; the trigger's own words are its cause.
    const refusal = (query: PromiseLike<unknown>) =>
      Promise.resolve(query).then(
        () => "applied",
        (err: { cause?: { message?: string }; message?: string }) => err.cause?.message ?? err.message,
      );
    const one = eq(auditLog.subjectId, "audit-test-1");
    expect(await refusal(db.update(auditLog).set({ action: "x" }).where(one))).toBe(
      "audit_log is append-only: UPDATE is not allowed",
    );
    expect(await refusal(db.delete(auditLog).where(one))).toBe("audit_log is append-only: DELETE is not allowed");
    expect(await refusal(db.execute(sql`truncate audit_log`))).toBe(
      "audit_log is append-only: TRUNCATE is not allowed",
    );
    expect(await rowsOf("audit-test-1")).toHaveLength(1);
  });
});
