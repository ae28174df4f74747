import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { writeAsyncIterableToWritable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressPages } from "./compress-pages.mjs";

// A large page written the way React Router writes a rendered page (waiting for "drain" whenever the buffer is full),
// through the middleware server.mjs uses, by a real HTTP server.
const chunks = Array.from({ length: 40 }, (_, i) =>
  Buffer.from(`<p>${i}:${Math.random().toString(36)}</p>`.repeat(900)),
);
let server;
let base;
const warnings = [];
const onWarning = (w) => warnings.push(`${w.name}: ${w.message}`);

beforeAll(async () => {
  const app = express();
  app.use(compressPages({ level: 4 }));
  app.get("/page", async (_req, res) => {
    res.type("html");
    await writeAsyncIterableToWritable(
      (async function* () {
        yield* chunks;
      })(),
      res,
    );
  });
  server = http.createServer(app);
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${server.address().port}`;
  process.on("warning", onWarning);
});

afterAll(async () => {
  process.off("warning", onWarning);
  await new Promise((r) => server.close(r));
});

function get(encoding) {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/page`, { headers: { "accept-encoding": encoding } }, (res) => {
        const body = [];
        res.on("data", (c) => body.push(c));
        res.on("end", () => resolve({ coding: res.headers["content-encoding"], body: Buffer.concat(body) }));
      })
      .on("error", reject);
  });
}

describe("compressed pages", () => {
  it("sends a large page whole in brotli, gzip and plain, with no listener-leak warning", async () => {
    const whole = Buffer.concat(chunks);
    expect(whole.length).toBeGreaterThan(500_000);
    const br = await get("br");
    expect(br.coding).toBe("br");
    expect(brotliDecompressSync(br.body).equals(whole)).toBe(true);
    const gz = await get("gzip");
    expect(gz.coding).toBe("gzip");
    expect(gunzipSync(gz.body).equals(whole)).toBe(true);
    const plain = await get("identity");
    expect(plain.coding).toBeUndefined();
    expect(plain.body.equals(whole)).toBe(true);
    // Node's own warning reaches the process's "warning" event on the next tick.
    await new Promise((r) => setImmediate(r));
    expect(warnings).toEqual([]);
  });
});
