import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, detailPaths, type TestContext } from "../../../test/harness.ts";
import { CONTACT_LIMIT_PER_HOUR } from "./service.ts";
import { contactMessages } from "./tables.ts";

let t: TestContext;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await createTestContext();
  [admin, member] = await Promise.all([t.login("admin"), t.login("member")]);
});
afterAll(() => t.close());

const valid = {
  name: "Dana Visitor",
  email: "dana@example.com",
  subject: "Hello",
  message: "I would like to know more.",
};
let nextIp = 1;
/** A fresh client address per test, so the hourly limit of one test does not leak into another. */
const freshIp = () => `203.0.113.${nextIp++}`;
const send = (body: unknown, opts: { ip?: string; token?: string } = {}) =>
  t.request({
    method: "POST",
    url: "/contact",
    body,
    token: opts.token,
    headers: { "x-forwarded-for": opts.ip ?? freshIp() },
  });

describe("POST /contact", () => {
  it("stores the message and mails it to the site's contact address", async () => {
    const ip = freshIp();
    const before = t.mailer.outbox.length;
    const res = await send(valid, { ip });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toEqual(expect.any(String));

    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "dana@example.com"))
      .orderBy(desc(contactMessages.createdAt));
    expect(row).toMatchObject({
      name: "Dana Visitor",
      email: "dana@example.com",
      subject: "Hello",
      message: "I would like to know more.",
      userId: null,
      ip,
    });

    const mails = t.mailer.outbox.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "admin@marquee.local" });
    expect(mails[0]?.subject).toContain("Hello");
    expect(mails[0]?.text).toContain("dana@example.com");
    expect(mails[0]?.text).toContain("I would like to know more.");
  });

  it("mails the address an admin configured, and trims and lowercases input", async () => {
    const set = await t.request({
      method: "PUT",
      url: "/admin/settings/contactEmail",
      token: admin,
      body: { value: "support@example.org" },
    });
    expect(set.statusCode).toBe(200);
    const before = t.mailer.outbox.length;
    const res = await send({ name: "  Eli  ", email: " Eli@Example.COM ", message: "  A message without subject.  " });
    expect(res.statusCode).toBe(201);
    const mail = t.mailer.outbox.slice(before)[0];
    expect(mail?.to).toBe("support@example.org");
    expect(mail?.subject).toContain("Eli");
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "eli@example.com"));
    expect(row).toMatchObject({ name: "Eli", message: "A message without subject.", subject: null });
  });

  it("links the message to the signed-in user", async () => {
    const res = await send({ ...valid, email: "member-contact@example.com" }, { token: member });
    expect(res.statusCode).toBe(201);
    const me = (await t.request({ method: "GET", url: "/users/me", token: member })).json();
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "member-contact@example.com"));
    expect(row?.userId).toBe(me._id);
  });

  it.each([
    ["a bad email", { ...valid, email: "not-an-email" }, "body.email"],
    ["a missing email", { name: "A", message: "Long enough message" }, "body.email"],
    ["a too short message", { ...valid, message: "short" }, "body.message"],
    ["a blank message", { ...valid, message: "          " }, "body.message"],
    ["a too long message", { ...valid, message: "x".repeat(5001) }, "body.message"],
    ["a missing name", { email: "a@example.com", message: "Long enough message" }, "body.name"],
    ["a too long name", { ...valid, name: "n".repeat(81) }, "body.name"],
    ["a too long subject", { ...valid, subject: "s".repeat(151) }, "body.subject"],
    ["a name of the wrong type", { ...valid, name: 12 }, "body.name"],
    ["an unknown field", { ...valid, phone: "123" }, "body.phone"],
  ])("refuses %s with 400 naming the field, storing and mailing nothing", async (_what, body, path) => {
    const before = t.mailer.outbox.length;
    const res = await send(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(detailPaths(res)).toContain(path);
    expect(t.mailer.outbox.length).toBe(before);
  });

  it("refuses a body that is not JSON with 400, not 5xx", async () => {
    const res = await t.request({
      method: "POST",
      url: "/contact",
      headers: { "content-type": "application/json", "x-forwarded-for": freshIp() },
      body: "{not json",
    });
    expect(res.statusCode).toBe(400);
  });

  it(`allows ${CONTACT_LIMIT_PER_HOUR} messages an hour from one address, then answers 429`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_LIMIT_PER_HOUR; i++) {
      const res = await send({ ...valid, email: "flood@example.com" }, { ip });
      expect(res.statusCode, `message ${i + 1}`).toBe(201);
    }
    const before = t.mailer.outbox.length;
    const limited = await send({ ...valid, email: "flood@example.com" }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, error: "Too Many Requests" });
    expect(t.mailer.outbox.length).toBe(before);
    const rows = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "flood@example.com"));
    expect(rows).toHaveLength(CONTACT_LIMIT_PER_HOUR);

    // Another address is not affected.
    expect((await send(valid)).statusCode).toBe(201);
  });

  it("does not count refused (invalid) messages toward the limit", async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_LIMIT_PER_HOUR + 2; i++)
      expect((await send({ ...valid, email: "x" }, { ip })).statusCode).toBe(400);
    expect((await send(valid, { ip })).statusCode).toBe(201);
  });
});
