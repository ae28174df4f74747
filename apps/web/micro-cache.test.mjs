import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleDataRequest } from "./app/entry.server.tsx";
import { mayCarrySession, sessionToken } from "./app/lib/cookies.ts";
import { createMicroCache } from "./micro-cache.mjs";

let base;
let renders = 0;
let close;
let variantOf = async () => "open";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  const app = express();
  let n = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++n}x`;
    next();
  });
  app.use(createMicroCache({ ttlMs: 300, waitMs: 300, mayCarrySession, variant: (req) => variantOf(req) }));
  app.get("/page", async (_req, res) => {
    renders++;
    await sleep(30);
    res.set("Link", "</assets/a.css>; rel=preload; as=style");
    res.type("html").send(`<html><script nonce="${res.locals.cspNonce}">render ${renders}</script></html>`);
  });
  // Like the renderer: the page of whoever the session cookie says, marked private when there is one.
  app.get("/whoami", (req, res) => {
    renders++;
    const token = sessionToken(req.headers.cookie);
    if (token) res.set("Cache-Control", "private, no-store");
    res.type("html").send(`<html>hello ${token ?? "visitor"}</html>`);
  });
  app.get("/private", (_req, res) => {
    renders++;
    res.set("Cache-Control", "private, no-store").type("html").send("mine");
  });
  app.get("/cookie", (_req, res) => {
    renders++;
    res.cookie("a", "b").type("html").send("with cookie");
  });
  app.get("/missing", (_req, res) => {
    renders++;
    res.status(404).type("html").send("nope");
  });
  // What @react-router/express does: after the loaders, a response whose socket closed is never ended.
  app.get("/rr", async (_req, res) => {
    renders++;
    await sleep(Math.random() * 60);
    if (res.destroyed || res.writableEnded) return;
    res.type("html").write("<html>start ");
    await sleep(Math.random() * 60);
    if (res.destroyed) return;
    res.end("end</html>");
  });
  // The first render never answers (an API call without a timeout, a stream that never ends); later ones do.
  let stuck = 0;
  app.get("/stuck", (_req, res) => {
    renders++;
    if (stuck++ === 0) return;
    res.type("html").send("<html>unstuck</html>");
  });
  app.get("/throws", () => {
    renders++;
    throw new Error("render failed");
  });
  // A stream that errors half way.
  app.get("/breaks", async (_req, res) => {
    renders++;
    res.type("html").write("<html>half");
    await sleep(20);
    res.destroy(new Error("stream failed"));
  });
  app.use((_err, _req, res, _next) => res.status(500).type("html").send("error page"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${server.address().port}`;
  close = () => {
    server.closeAllConnections();
    server.close();
  };
});
afterAll(() => close());

const get = (path, headers = {}, signal = AbortSignal.timeout(3000)) => fetch(base + path, { headers, signal });

/** Resolves after the answer's body, or rejects when it takes more than `ms` (a request that hangs). */
async function answersWithin(path, ms = 1000) {
  const started = Date.now();
  const res = await get(path, {}, AbortSignal.timeout(ms));
  const body = await res.text();
  return { status: res.status, body, ms: Date.now() - started };
}

describe("micro-cache of anonymous pages", () => {
  it("renders once for concurrent visitors and gives each response its own nonce", async () => {
    renders = 0;
    const pages = await Promise.all(Array.from({ length: 5 }, () => get("/page")));
    const bodies = await Promise.all(pages.map((p) => p.text()));
    expect(renders).toBe(1);
    expect(new Set(bodies.map((b) => b.match(/render \d+/)?.[0])).size).toBe(1);
    const nonces = bodies.map((b) => b.match(/nonce="([^"]+)"/)?.[1]);
    expect(new Set(nonces).size).toBe(5);
    expect(pages.filter((p) => p.headers.get("x-micro-cache") === "HIT").length).toBe(4);
    // A cached page still names its stylesheets first (entry.server.tsx).
    expect(new Set(pages.map((p) => p.headers.get("link")))).toEqual(
      new Set(["</assets/a.css>; rel=preload; as=style"]),
    );
  });

  it("renders again after the time to live", async () => {
    await sleep(350);
    renders = 0;
    await (await get("/page")).text();
    expect(renders).toBe(1);
  });

  it("never serves a logged-in visitor from the cache, nor caches errors or cookies", async () => {
    renders = 0;
    await (await get("/page", { cookie: "theme=dark; token=abc" })).text();
    await (await get("/page", { cookie: "token=abc" })).text();
    expect(renders).toBe(2);
    renders = 0;
    for (const path of ["/cookie", "/cookie", "/missing", "/missing"]) await (await get(path)).text();
    expect(renders).toBe(4);
  });

  it("keeps a page per variant and skips the cache when the variant is unknown", async () => {
    await sleep(350);
    renders = 0;
    variantOf = async (req) => (req.headers["x-country"] === "blocked" ? "blocked" : "open");
    await (await get("/page")).text();
    await (await get("/page", { "x-country": "blocked" })).text();
    await (await get("/page", { "x-country": "blocked" })).text();
    expect(renders).toBe(2);
    variantOf = async () => null;
    await (await get("/page")).text();
    await (await get("/page")).text();
    expect(renders).toBe(4);
    variantOf = async () => "open";
  });
});

// Cookie headers the renderer reads a session from (it trims names, keeps the first of duplicates) or that differ
// from the token cookie only by case or URL-encoding: none may be answered from, or fill, the visitors' cache.
const sessionHeaders = [
  "token =member-secret",
  " token=member-secret",
  "theme=dark;token=member-secret",
  "theme=dark;  token = member-secret ",
  "token=member-secret; token=other",
  "token=; token=member-secret",
  "TOKEN=member-secret",
  "Token=member-secret",
  "%74oken=member-secret",
  "tok%65n=member-secret",
];

describe("sessions and the visitors' cache", () => {
  it("the renderer reads a session from the headers the old pattern missed", () => {
    expect(sessionToken("token =member-secret")).toBe("member-secret");
    expect(sessionToken(" token=member-secret")).toBe("member-secret");
    expect(sessionToken("theme=dark")).toBeNull();
    expect(sessionToken("token=")).toBeNull();
  });

  it.each(sessionHeaders)("Cookie: %s is neither served from nor stored into the cache", async (cookie) => {
    expect(mayCarrySession(cookie)).toBe(true);
    await sleep(350);
    renders = 0;
    const member = await get("/whoami", { cookie });
    expect(member.headers.get("x-micro-cache")).toBeNull();
    await member.text();
    const visitor = await get("/whoami");
    const body = await visitor.text();
    expect(body).not.toContain("member-secret");
    expect(visitor.headers.get("x-micro-cache")).toBe("MISS");
    // A fresh visitor's page is cached now; the session request still does not get it.
    const again = await get("/whoami", { cookie });
    expect(again.headers.get("x-micro-cache")).toBeNull();
    await again.text();
    expect(renders).toBe(3);
  });

  it("does not take cookies that only look alike for sessions", () => {
    for (const cookie of ["", "theme=dark", "tokens=1", "xtoken=1", "token"])
      expect(mayCarrySession(cookie)).toBe(false);
  });

  it("never stores a page the renderer marked private, whatever the request looked like", async () => {
    renders = 0;
    for (let i = 0; i < 3; i++) {
      const res = await get("/private");
      expect(res.headers.get("x-micro-cache")).toBe("MISS");
      expect(await res.text()).toBe("mine");
    }
    expect(renders).toBe(3);
  });

  it("the renderer marks a data response made with a session private", () => {
    const withSession = handleDataRequest(new Response("{}"), {
      request: new Request("http://web.test/x.data", { headers: { Cookie: "token =abc" } }),
      params: {},
      context: {},
    });
    expect(withSession.headers.get("Cache-Control")).toBe("private, no-store");
    const visitor = handleDataRequest(new Response("{}"), {
      request: new Request("http://web.test/x.data"),
      params: {},
      context: {},
    });
    expect(visitor.headers.get("Cache-Control")).toBeNull();
  });
});

describe("no request waits without a bound", () => {
  it("a visitor leaving while the variant is read does not keep the page's render taken", async () => {
    variantOf = async () => {
      await sleep(80);
      return "open";
    };
    try {
      await get("/rr", {}, AbortSignal.timeout(20)).catch(() => undefined);
      await sleep(200);
      for (let i = 0; i < 3; i++) expect((await answersWithin("/rr")).body).toBe("<html>start end</html>");
    } finally {
      variantOf = async () => "open";
    }
  });

  it("a waiter renders the page itself when the render it waits for does not finish", async () => {
    renders = 0;
    const first = get("/stuck", {}, AbortSignal.timeout(1200)).catch(() => "gave up");
    await sleep(20);
    const second = await answersWithin("/stuck");
    expect(second.body).toBe("<html>unstuck</html>");
    expect(second.ms).toBeLessThan(900);
    expect(renders).toBe(2);
    // A later visitor does not wait on the stuck render either: it is older than the wait bound.
    expect((await answersWithin("/stuck", 500)).status).toBe(200);
    await first;
  });

  it("a render that throws or a stream that breaks releases its page", async () => {
    renders = 0;
    const results = await Promise.all([answersWithin("/throws"), answersWithin("/throws")]);
    expect(results.map((r) => r.status)).toEqual([500, 500]);
    await get("/breaks")
      .then((r) => r.text())
      .catch(() => "broken");
    const started = Date.now();
    await get("/breaks")
      .then((r) => r.text())
      .catch(() => "broken");
    expect(Date.now() - started).toBeLessThan(900);
    expect(renders).toBe(4);
  });

  it("answers every visitor within a second after many left at random points", async () => {
    variantOf = async () => {
      await sleep(Math.random() * 40);
      return "open";
    };
    try {
      await Promise.all(
        Array.from({ length: 60 }, async (_, i) => {
          const signal = i % 2 ? AbortSignal.timeout(Math.floor(Math.random() * 150)) : AbortSignal.timeout(3000);
          await get("/rr", {}, signal)
            .then((r) => r.text())
            .catch(() => undefined);
        }),
      );
      for (let i = 0; i < 10; i++) {
        expect((await answersWithin("/rr")).body).toBe("<html>start end</html>");
        await sleep(40);
      }
    } finally {
      variantOf = async () => "open";
    }
  });
});
