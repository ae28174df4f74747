/**
 * The captcha of the sign-up and contact forms is the API's to enforce: a client calling POST /auth/users/register
 * or POST /contact directly must bring a token the provider accepts whenever a captcha secret is configured.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { CAPTCHA_REQUIRED } from "@marquee/contracts/site";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, detailPaths, type TestContext } from "../../../test/harness.ts";
import { CONTACT_LIMIT_PER_HOUR } from "../contact/service.ts";
import { contactMessages } from "../contact/tables.ts";
import { users } from "../users/tables.ts";

let seq = 0;
/** A sign-up and a contact message no other test uses, each from a client address of its own. */
function fresh() {
  seq += 1;
  const username = `captcha_${seq}`;
  return {
    ip: `198.51.100.${seq}`,
    account: { username, email: `${username}@example.test`, name: `Captcha ${seq}`, password: "correct horse battery" },
    message: { name: `Visitor ${seq}`, email: `visitor${seq}@example.test`, message: `Message number ${seq} here.` },
  };
}

const register = (t: TestContext, body: object, ip: string) =>
  t.request({ method: "POST", url: "/auth/users/register", body, headers: { "x-forwarded-for": ip } });
const contact = (t: TestContext, body: object, ip: string) =>
  t.request({ method: "POST", url: "/contact", body, headers: { "x-forwarded-for": ip } });

const accountsNamed = (t: TestContext, username: string) =>
  t.database.db.select().from(users).where(eq(users.username, username));
const messagesFrom = (t: TestContext, email: string) =>
  t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));

/** The 422 of a missing or refused captcha: the token's field, with the message the form shows under the widget. */
function expectCaptchaRefused(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(422);
  expect(res.json()).toMatchObject({
    statusCode: 422,
    error: "Unprocessable Entity",
    message: CAPTCHA_REQUIRED,
    details: [{ path: "body.captchaToken", message: CAPTCHA_REQUIRED }],
  });
}

describe("sign-up and contact with a captcha configured", () => {
  /** What the fake provider was asked, in order. */
  const asked: Record<string, string>[] = [];
  let down = false;
  const provider = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      asked.push(form);
      if (down) {
        res.writeHead(502, { "content-type": "text/html" }).end("<html>bad gateway</html>");
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ success: form.response === "good" && form.secret === "s3cret" }));
    });
  });
  let t: TestContext;

  beforeAll(async () => {
    const port = await new Promise<number>((resolve) =>
      provider.listen(0, "127.0.0.1", () => resolve((provider.address() as AddressInfo).port)),
    );
    t = await createTestContext({
      RECAPTCHA_SECRET: "s3cret",
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => provider.close(() => resolve()));
  });
  beforeEach(() => {
    asked.length = 0;
    down = false;
  });

  describe("POST /auth/users/register", () => {
    it.each([
      ["without a token", {}],
      ["with an empty token", { captchaToken: "" }],
    ])("refuses a sign-up %s with a 422 naming the field, creating and mailing nothing", async (_what, token) => {
      const { account, ip } = fresh();
      const before = t.mailer.outbox.length;
      expectCaptchaRefused(await register(t, { ...account, ...token }, ip));
      expect(await accountsNamed(t, account.username)).toHaveLength(0);
      expect(t.mailer.outbox.length).toBe(before);
      expect(asked).toHaveLength(0);
    });

    it("refuses a token the provider refuses, creating nothing", async () => {
      const { account, ip } = fresh();
      const before = t.mailer.outbox.length;
      expectCaptchaRefused(await register(t, { ...account, captchaToken: "bad" }, ip));
      expect(asked).toEqual([{ secret: "s3cret", response: "bad", remoteip: ip }]);
      expect(await accountsNamed(t, account.username)).toHaveLength(0);
      expect(t.mailer.outbox.length).toBe(before);
    });

    it("signs up with a token the provider accepts, asking it once with the client's address", async () => {
      const { account, ip } = fresh();
      const res = await register(t, { ...account, captchaToken: "good" }, ip);
      expect(res.statusCode).toBe(201);
      expect(asked).toEqual([{ secret: "s3cret", response: "good", remoteip: ip }]);
      const [row] = await accountsNamed(t, account.username);
      expect(row).toMatchObject({ email: account.email, name: account.name });
      expect(t.mailer.outbox.filter((m) => m.to === account.email)).toHaveLength(1);
    });

    it("answers 503 and creates nothing when the provider is down", async () => {
      down = true;
      const { account, ip } = fresh();
      const res = await register(t, { ...account, captchaToken: "good" }, ip);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ statusCode: 503, error: "Service Unavailable" });
      expect(await accountsNamed(t, account.username)).toHaveLength(0);
    });

    it.each([
      ["a token of the wrong type", 1],
      ["a too long token", "t".repeat(4001)],
    ])("refuses %s with a 400 naming the field, without asking the provider", async (_what, captchaToken) => {
      const { account, ip } = fresh();
      const res = await register(t, { ...account, captchaToken }, ip);
      expect(res.statusCode).toBe(400);
      expect(detailPaths(res)).toContain("body.captchaToken");
      expect(asked).toHaveLength(0);
    });
  });

  describe("POST /contact", () => {
    it.each([
      ["without a token", {}],
      ["with an empty token", { captchaToken: "" }],
    ])("refuses a message %s with a 422 naming the field, storing and mailing nothing", async (_what, token) => {
      const { message, ip } = fresh();
      const before = t.mailer.outbox.length;
      expectCaptchaRefused(await contact(t, { ...message, ...token }, ip));
      expect(await messagesFrom(t, message.email)).toHaveLength(0);
      expect(t.mailer.outbox.length).toBe(before);
      expect(asked).toHaveLength(0);
    });

    it("refuses a token the provider refuses, storing and mailing nothing", async () => {
      const { message, ip } = fresh();
      const before = t.mailer.outbox.length;
      expectCaptchaRefused(await contact(t, { ...message, captchaToken: "bad" }, ip));
      expect(asked).toEqual([{ secret: "s3cret", response: "bad", remoteip: ip }]);
      expect(await messagesFrom(t, message.email)).toHaveLength(0);
      expect(t.mailer.outbox.length).toBe(before);
    });

    it("sends a message with a token the provider accepts, asking it once with the client's address", async () => {
      const { message, ip } = fresh();
      const before = t.mailer.outbox.length;
      const res = await contact(t, { ...message, captchaToken: "good" }, ip);
      expect(res.statusCode).toBe(201);
      expect(asked).toEqual([{ secret: "s3cret", response: "good", remoteip: ip }]);
      const [row] = await messagesFrom(t, message.email);
      expect(row).toMatchObject({ name: message.name, message: message.message, ip });
      const mails = t.mailer.outbox.slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(message.message);
      expect(mails[0]?.text).not.toContain("good");
    });

    it("does not count refused messages against the client's hourly limit", async () => {
      const { message, ip } = fresh();
      for (let i = 0; i <= CONTACT_LIMIT_PER_HOUR; i++) {
        expectCaptchaRefused(await contact(t, { ...message, captchaToken: "bad" }, ip));
      }
      expect((await contact(t, { ...message, captchaToken: "good" }, ip)).statusCode).toBe(201);
    });

    it("answers 503 and stores nothing when the provider is down", async () => {
      down = true;
      const { message, ip } = fresh();
      const res = await contact(t, { ...message, captchaToken: "good" }, ip);
      expect(res.statusCode).toBe(503);
      expect(await messagesFrom(t, message.email)).toHaveLength(0);
    });
  });
});

describe("sign-up and contact without a captcha configured", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it("signs up without a token, and ignores one sent anyway", async () => {
    const plain = fresh();
    expect((await register(t, plain.account, plain.ip)).statusCode).toBe(201);
    expect(await accountsNamed(t, plain.account.username)).toHaveLength(1);
    const sent = fresh();
    expect((await register(t, { ...sent.account, captchaToken: "" }, sent.ip)).statusCode).toBe(201);
    expect(await accountsNamed(t, sent.account.username)).toHaveLength(1);
  });

  it("sends a message without a token, and ignores one sent anyway", async () => {
    const plain = fresh();
    expect((await contact(t, plain.message, plain.ip)).statusCode).toBe(201);
    expect(await messagesFrom(t, plain.message.email)).toHaveLength(1);
    const sent = fresh();
    expect((await contact(t, { ...sent.message, captchaToken: "anything" }, sent.ip)).statusCode).toBe(201);
    expect(await messagesFrom(t, sent.message.email)).toHaveLength(1);
  });
});
