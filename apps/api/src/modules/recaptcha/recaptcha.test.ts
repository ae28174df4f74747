import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, detailPaths, type TestContext } from "../../../test/harness.ts";

const verify = (ctx: TestContext, body: unknown, headers?: Record<string, string>) =>
  ctx.request({ method: "POST", url: "/re-captcha/verify", body, headers });

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe("POST /re-captcha/verify without a secret", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it("says verification is disabled and lets the form through", async () => {
    const res = await verify(t, { token: "anything" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: false, success: true });
  });

  it.each([
    ["a missing token", {}, "body.token"],
    ["an empty token", { token: "" }, "body.token"],
    ["a token of the wrong type", { token: 1 }, "body.token"],
    ["a too long token", { token: "t".repeat(4001) }, "body.token"],
    ["an unknown field", { token: "x", secret: "y" }, "body.secret"],
  ])("refuses %s with 400", async (_what, body, path) => {
    const res = await verify(t, body);
    expect(res.statusCode).toBe(400);
    expect(detailPaths(res)).toContain(path);
  });
});

describe("POST /re-captcha/verify with a provider", () => {
  const received: Record<string, string>[] = [];
  let mode: "json" | "broken" | "null" = "json";
  const provider = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      received.push({ ...form, method: req.method ?? "", contentType: req.headers["content-type"] ?? "" });
      if (mode === "null") {
        res.writeHead(200, { "content-type": "application/json" }).end("null");
        return;
      }
      if (mode === "broken") {
        res.writeHead(502, { "content-type": "text/html" }).end("<html>bad gateway</html>");
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(form.response === "good" ? { success: true } : { success: false, "error-codes": ["x"] }));
    });
  });
  let t: TestContext;

  beforeAll(async () => {
    const port = await listen(provider);
    t = await createTestContext({
      RECAPTCHA_SECRET: "s3cret",
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    });
  });
  afterAll(async () => {
    await t.close();
    await close(provider);
  });

  it("accepts a token the provider accepts, sending it the secret, token and client address", async () => {
    received.length = 0;
    const res = await verify(t, { token: "good" }, { "x-forwarded-for": "81.2.69.142" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: true, success: true });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: "POST",
      secret: "s3cret",
      response: "good",
      remoteip: "81.2.69.142",
    });
    expect(received[0]?.contentType).toContain("application/x-www-form-urlencoded");
  });

  it("refuses a token the provider refuses", async () => {
    const res = await verify(t, { token: "bad" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: true, success: false });
  });

  it("does not ask the provider about invalid input", async () => {
    received.length = 0;
    expect((await verify(t, {})).statusCode).toBe(400);
    expect(received).toHaveLength(0);
  });

  it.each([
    ["an HTML error page", "broken"],
    ["JSON that is not an object", "null"],
  ] as const)("answers 503 when the provider answers %s", async (_what, how) => {
    mode = how;
    try {
      const res = await verify(t, { token: "good" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ statusCode: 503, error: "Service Unavailable" });
    } finally {
      mode = "json";
    }
  });
});

describe("POST /re-captcha/verify when the provider is down", () => {
  let t: TestContext;
  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    const port = await listen(probe);
    await close(probe);
    t = await createTestContext({ RECAPTCHA_SECRET: "s3cret", RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/` });
  });
  afterAll(() => t.close());

  it("answers 503, and the app keeps serving", async () => {
    const res = await verify(t, { token: "good" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ statusCode: 503, error: "Service Unavailable", message: expect.any(String) });
    expect((await t.request({ method: "GET", url: "/health" })).statusCode).toBe(200);
  });
});
