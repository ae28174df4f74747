import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompress } from "./precompress.ts";
import { chooseCoding, clientBuildFiles } from "./static-files.mjs";

// A client build in a temporary folder, compressed by the build's own plugin, served the way server.mjs serves it
// (the build's files, then compression() for pages) by a real HTTP server.
let dir;
let server;
let base;
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}`))};\n`;
const css = `.a{color:red}\n`.repeat(300);
const page = `<html><body>${"<p>hello</p>".repeat(300)}</body></html>`;

/** A GET (or HEAD) with the given headers; the body as bytes, without any decoding. */
function get(pathname, headers = {}, method = "GET") {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${pathname}`, { method, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  // A build folder as React Router makes it: build/client beside build/server.
  dir = path.join(await mkdtemp(path.join(tmpdir(), "marquee-static-")), "client");
  await mkdir(path.join(dir, "assets"), { recursive: true });
  await writeFile(path.join(dir, "assets/shell-abc123.js"), script);
  await writeFile(path.join(dir, "assets/shell-abc123.css"), css);
  await writeFile(path.join(dir, "logo.svg"), `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(200)}</svg>`);
  await writeFile(path.join(dir, "photo.webp"), Buffer.alloc(2000, 7));
  // As the build runs the plugin: when the server (beside the client's folder) is written.
  await precompress().writeBundle.call({}, { dir: path.join(path.dirname(dir), "server") }, {});

  const app = express();
  app.use(clientBuildFiles(dir));
  app.use(compression());
  app.get("/page", (_req, res) => res.type("html").send(page));
  server = http.createServer(app);
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${server.address().port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await rm(path.dirname(dir), { recursive: true, force: true });
});

describe("the build's compressed copies", () => {
  it("writes a brotli and a gzip copy beside each text file, and none beside a picture", async () => {
    const files = (await readdir(dir, { recursive: true })).sort();
    for (const f of ["assets/shell-abc123.js", "assets/shell-abc123.css", "logo.svg"]) {
      expect(files).toContain(`${f}.br`);
      expect(files).toContain(`${f}.gz`);
    }
    expect(files.filter((f) => f.startsWith("photo.webp"))).toEqual(["photo.webp"]);
  });
});

describe("serving a built asset", () => {
  it("sends the brotli copy to a browser that accepts it, with the script's type, length and a year's caching", async () => {
    const res = await get("/assets/shell-abc123.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers["content-type"]).toBe("application/javascript; charset=utf-8");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 3);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it("sends gzip when brotli is not accepted or refused with q=0", async () => {
    for (const accept of ["gzip, deflate", "br;q=0, gzip", "gzip;q=1, br;q=0.5", "x-gzip"]) {
      const res = await get("/assets/shell-abc123.css", { "accept-encoding": accept });
      expect(res.headers["content-encoding"], accept).toBe("gzip");
      expect(res.headers["content-type"]).toBe("text/css; charset=utf-8");
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      expect(gunzipSync(res.body).toString()).toBe(css);
    }
  });

  it("sends the plain file to a client that accepts no compression, still varying on Accept-Encoding", async () => {
    for (const headers of [{}, { "accept-encoding": "identity" }, { "accept-encoding": "br;q=0, gzip;q=0" }]) {
      const res = await get("/assets/shell-abc123.js", headers);
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers["cache-control"]).toMatch(/immutable/);
      expect(res.body.toString()).toBe(script);
    }
  });

  it("answers HEAD with the copy's headers and no body, and a revalidation with 304", async () => {
    const head = await get("/assets/shell-abc123.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
    const again = await get("/assets/shell-abc123.js", { "accept-encoding": "br", "if-none-match": head.headers.etag });
    expect(again.status).toBe(304);
    // Another coding is another representation: its tag does not match.
    const gz = await get("/assets/shell-abc123.js", { "accept-encoding": "gzip", "if-none-match": head.headers.etag });
    expect(gz.status).toBe(200);
    expect(gz.headers["content-encoding"]).toBe("gzip");
  });

  it("serves public files compressed for an hour, pictures as they are, and a missing asset as 404", async () => {
    const svg = await get("/logo.svg", { "accept-encoding": "br, gzip" });
    expect(svg.headers["content-encoding"]).toBe("br");
    expect(svg.headers["content-type"]).toBe("image/svg+xml");
    expect(svg.headers["cache-control"]).toBe("public, max-age=3600");
    const photo = await get("/photo.webp", { "accept-encoding": "br, gzip" });
    expect(photo.status).toBe(200);
    expect(photo.headers["content-encoding"]).toBeUndefined();
    expect(photo.body.length).toBe(2000);
    expect((await get("/assets/nope.js", { "accept-encoding": "br" })).status).toBe(404);
  });

  it("still compresses pages as they are rendered", async () => {
    const res = await get("/page", { "accept-encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.body).toString()).toBe(page);
  });
});

describe("choosing the coding", () => {
  const both = new Set(["br", "gzip"]);
  it("follows the weights the browser gives, brotli first on a tie", () => {
    expect(chooseCoding("gzip, br", both)).toBe("br");
    expect(chooseCoding("br;q=0.5, gzip;q=0.8", both)).toBe("gzip");
    expect(chooseCoding("*", both)).toBe("br");
    expect(chooseCoding("*;q=0.5, br;q=0", both)).toBe("gzip");
    expect(chooseCoding("identity;q=1, gzip;q=0.5", both)).toBeNull();
    expect(chooseCoding("br", new Set(["gzip"]))).toBeNull();
    expect(chooseCoding(undefined, both)).toBeNull();
  });
});
