import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMicroCache } from "./micro-cache.mjs";

let base;
let renders = 0;
let close;
let variantOf = async () => "open";

beforeAll(async () => {
  const app = express();
  let n = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++n}x`;
    next();
  });
  app.use(createMicroCache({ ttlMs: 300, variant: (req) => variantOf(req) }));
  app.get("/page", async (_req, res) => {
    renders++;
    await new Promise((r) => setTimeout(r, 30));
    res.type("html").send(`<html><script nonce="${res.locals.cspNonce}">render ${renders}</script></html>`);
  });
  app.get("/cookie", (_req, res) => {
    renders++;
    res.cookie("a", "b").type("html").send("with cookie");
  });
  app.get("/missing", (_req, res) => {
    renders++;
    res.status(404).type("html").send("nope");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${server.address().port}`;
  close = () => server.close();
});
afterAll(() => close());

const get = (path, headers = {}) => fetch(base + path, { headers });

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
  });

  it("renders again after the time to live", async () => {
    await new Promise((r) => setTimeout(r, 350));
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
    await new Promise((r) => setTimeout(r, 350));
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
