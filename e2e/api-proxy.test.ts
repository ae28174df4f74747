import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { request } from "node:http";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper shared with `npm start`
import { freePort, startWeb, stop, waitFor } from "../scripts/processes.mjs";
import { api, apiLogin, site } from "./browser.ts";

/**
 * One public origin: the built web server forwards /api and /socket.io to the API. Its own instance here, with two
 * cluster workers, so every worker meets its first websocket upgrade in this file; the API is the shared site's.
 */

let web: ChildProcess;
let webUrl: string;
let performer: string;

/** The resident memory of a process in MB (Linux). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1]) / 1024;
}

/** The web server's worker processes (the children of its primary). */
async function workerPids(primary: number): Promise<number[]> {
  const children = await readFile(`/proc/${primary}/task/${primary}/children`, "utf8");
  return children.trim().split(/\s+/).filter(Boolean).map(Number);
}

/** A socket through the web server, websocket transport only (as a browser that has it uses first). */
function openSocket(base: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(base, {
      path: "/socket.io",
      transports: ["websocket"],
      auth: { token },
      reconnection: false,
      timeout: 5000,
      forceNew: true,
    });
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** A raw HTTP/1.1 upgrade request: resolves "upgraded" on 101, "refused" when the server closes the connection. */
function tryUpgrade(path: string): Promise<"upgraded" | "refused" | number> {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(webUrl);
    const req = request({
      host: hostname,
      port,
      path,
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": randomBytes(16).toString("base64"),
      },
    });
    req.on("upgrade", (_res, socket) => {
      socket.destroy();
      resolve("upgraded");
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", () => resolve("refused"));
    req.setTimeout(5000, () => req.destroy());
    req.end();
  });
}

beforeAll(async () => {
  const port = await freePort();
  webUrl = `http://127.0.0.1:${port}`;
  web = startWeb(
    {
      WEB_PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: webUrl,
      API_INTERNAL_URL: site().apiUrl,
      WEB_WORKERS: "2",
    },
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  await waitFor(`${webUrl}/auth/login`, web);
  performer = await apiLogin("performer");
});

afterAll(async () => {
  await stop(web);
});

describe("websockets through the web server", () => {
  it("forwards socket.io upgrades on every worker from its first connection, and refuses other upgrades", async () => {
    // Fresh connections take turns between the two workers; one of them has served no plain request yet.
    const sockets = await Promise.all(Array.from({ length: 6 }, () => openSocket(webUrl, performer)));
    try {
      for (const socket of sockets) {
        expect(socket.io.engine.transport.name).toBe("websocket");
        // A round trip to the API: it binds the socket to the token's account and says so.
        const ack = await socket.timeout(5000).emitWithAck("auth/login", { token: performer });
        expect(ack).toEqual({ ok: true });
      }
    } finally {
      for (const socket of sockets) socket.close();
    }
    // A bad token is the API's refusal, passed on.
    await expect(openSocket(webUrl, "x".repeat(43))).rejects.toThrow(/unauthorized/);
    expect(await tryUpgrade("/socket.io/?EIO=4&transport=websocket")).toBe("upgraded");
    // An upgrade the web server has nothing for is closed at once, not left hanging.
    expect(await tryUpgrade("/anything")).toBe("refused");
  });
});

describe("the API under /api", () => {
  it("answers Range requests with 206 and the exact bytes, with the API's own headers", async () => {
    const free = await api("GET", "/user/assets/videos/search?access=free&includeComing=false&limit=1");
    const detail = await api("GET", `/user/assets/videos/${free.body.data[0]._id}`);
    const mp4 = detail.body.media.mp4 as string;
    // Root-relative: the browser loads it from whatever origin it opened the site by.
    // A grant: expiry, issue time, the viewer (`anon` here) and the signature, then the file's key.
    expect(mp4).toMatch(/^\/api\/media\/\d+\/\d+\.anon\.[\w-]+\/private\/videos\/.+\/video\.mp4$/);
    // The API answers the same path on its own port: the reference bytes.
    const whole = Buffer.from(await (await fetch(`${site().apiUrl}${mp4}`)).arrayBuffer());
    expect(whole.length).toBeGreaterThan(10_000);

    const part = await fetch(`${webUrl}${mp4}`, { headers: { Range: "bytes=100-1099", "Accept-Encoding": "gzip" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-1099/${whole.length}`);
    expect(part.headers.get("content-type")).toBe("video/mp4");
    expect(part.headers.get("content-encoding")).toBeNull();
    expect(part.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    // The page CSP is the web app's; the API's answers come without it.
    expect(part.headers.get("content-security-policy")).toBeNull();
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(100, 1100))).toBe(true);

    const tail = await fetch(`${webUrl}${mp4}`, { headers: { Range: "bytes=-500" } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(whole.length - 500))).toBe(true);
    const outside = await fetch(`${webUrl}${mp4}`, { headers: { Range: `bytes=${whole.length + 10}-` } });
    expect(outside.status).toBe(416);

    // The HLS playlist and its variants (links signed per fetch) load through the same prefix.
    const master = await fetch(`${webUrl}${detail.body.media.hls}`);
    expect(master.status).toBe(200);
    expect(master.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    const variant = (await master.text()).split("\n").find((l) => l.endsWith(".m3u8")) as string;
    expect((await fetch(new URL(variant, `${webUrl}${detail.body.media.hls}`))).status).toBe(200);

    // A page still gets the web app's CSP, which allows only its own origin for calls and media.
    const page = await fetch(`${webUrl}/auth/login`);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("media-src 'self' blob:");
  });

  it("passes the visitor's address on: the session and the country check see it", async () => {
    const gb = "81.2.69.142";
    const login = await fetch(`${webUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": gb },
      body: JSON.stringify({ username: "user", password: "marquee-demo" }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const sessions = await fetch(`${webUrl}/api/auth/users/me/sessions`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const current = ((await sessions.json()) as { data: { current: boolean; ip: string | null }[] }).data.find(
      (s) => s.current,
    );
    expect(current?.ip).toBe(gb);

    const check = async (headers: Record<string, string>) =>
      (await (await fetch(`${webUrl}/api/country-block/check`, { headers })).json()) as { countryCode: string | null };
    expect((await check({ "x-forwarded-for": gb })).countryCode).toBe("GB");
    // Without one, the visitor is this machine (loopback: no country).
    expect((await check({})).countryCode).toBeNull();
    await fetch(`${webUrl}/api/auth/logout`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
  });

  it("streams a large upload through to the API without holding it in memory", { timeout: 120_000 }, async () => {
    const created = await api("POST", "/performer/assets/videos", {
      token: performer,
      body: { title: `Proxy upload ${Date.now()}`, status: "draft" },
    });
    expect(created.status).toBe(201);
    const id = created.body._id as string;
    try {
      const workers = await workerPids(web.pid as number);
      expect(workers).toHaveLength(2);
      const before = new Map(await Promise.all(workers.map(async (pid) => [pid, await rssMb(pid)] as const)));
      let peakGrowth = 0;
      const sampler = setInterval(async () => {
        for (const pid of workers) {
          const growth = (await rssMb(pid).catch(() => 0)) - (before.get(pid) ?? 0);
          peakGrowth = Math.max(peakGrowth, growth);
        }
      }, 50);

      // 400 MB of bytes that are no video, sent as one multipart file part from a stream.
      const MB = 1024 * 1024;
      const sizeMb = 400;
      const chunk = randomBytes(MB);
      const boundary = `----marquee${randomBytes(8).toString("hex")}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const { hostname, port } = new URL(webUrl);
      const started = Date.now();
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          {
            host: hostname,
            port,
            method: "POST",
            path: `/api/performer/assets/videos/${id}/upload/video`,
            headers: {
              authorization: `Bearer ${performer}`,
              "content-type": `multipart/form-data; boundary=${boundary}`,
              "content-length": head.length + sizeMb * MB + tail.length,
            },
          },
          (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (d: string) => {
              body += d;
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on("error", reject);
        req.write(head);
        let sent = 0;
        const pump = () => {
          while (sent < sizeMb) {
            sent++;
            if (!req.write(chunk)) {
              req.once("drain", pump);
              return;
            }
          }
          req.end(tail);
        };
        pump();
      });
      clearInterval(sampler);
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `[api-proxy test] ${sizeMb} MB upload through the web server in ${seconds.toFixed(1)} s (${(sizeMb / seconds).toFixed(0)} MB/s); worker RSS grew by at most ${peakGrowth.toFixed(1)} MB`,
      );
      // The API read every byte, stored it and then found it is no video: its answer comes back as it is.
      expect(answer.status, answer.body).toBe(422);
      expect(JSON.parse(answer.body)).toMatchObject({ message: "The file is not a video we can read." });
      expect(peakGrowth).toBeLessThan(64);
    } finally {
      await api("DELETE", `/performer/assets/videos/${id}`, { token: performer });
    }
  });

  it("marks the token cookie Secure behind a TLS proxy (X-Forwarded-Proto from a trusted proxy), not on plain http", async () => {
    const logIn = async (headers: Record<string, string>) => {
      const res = await fetch(`${webUrl}/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: "username=user&password=marquee-demo",
        redirect: "manual",
      });
      expect(res.status).toBe(302);
      return res.headers.get("set-cookie") ?? "";
    };
    const plain = await logIn({});
    expect(plain).toMatch(/^token=[\w-]+;/);
    expect(plain).not.toContain("Secure");
    expect(await logIn({ "x-forwarded-proto": "https" })).toMatch(/; Secure$/);
  });

  it("answers 503 in the API's error shape while the API cannot be reached, and logs the path without its query", async () => {
    const port = await freePort();
    const orphan = startWeb(
      {
        WEB_PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        API_INTERNAL_URL: `http://127.0.0.1:${await freePort()}`,
        WEB_WORKERS: "1",
      },
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    orphan.stderr?.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    try {
      await waitFor(`http://127.0.0.1:${port}/favicon.svg`, orphan);
      const res = await fetch(`http://127.0.0.1:${port}/api/users/me?token=query-secret`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        statusCode: 503,
        error: "Service Unavailable",
        message: "The site is temporarily unavailable. Please try again in a moment.",
      });
      await expect.poll(() => stderr).toContain("GET /api/users/me: the API did not answer");
      expect(stderr).not.toContain("query-secret");
    } finally {
      await stop(orphan);
    }
  });

  it("stops at start, in one line, on a PUBLIC_URL that is not an origin", async () => {
    const port = await freePort();
    const bad = startWeb(
      { WEB_PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: "https://fans.example.com/club", WEB_WORKERS: "2" },
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    bad.stderr?.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    const code = await new Promise<number | null>((resolve) => bad.once("exit", resolve));
    expect(code).not.toBe(0);
    expect(stderr).toContain("PUBLIC_URL must be the site's origin alone");
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
