import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenProblem, originsFrom, portFrom, portProblem } from "./startup-errors.mjs";

let taken;
let takenPort;
beforeAll(async () => {
  taken = createServer();
  await new Promise((resolve) => taken.listen(0, "127.0.0.1", resolve));
  takenPort = taken.address().port;
});
afterAll(() => taken.close());

describe("the web server's and npm start's start-up lines", () => {
  it.each([
    [{}, { port: 3000 }],
    [{ WEB_PORT: "" }, { port: 3000 }],
    [{ WEB_PORT: "8080" }, { port: 8080 }],
    [{ WEB_PORT: "0" }, { port: 0 }],
    [
      { WEB_PORT: "abc" },
      {
        problem:
          'WEB_PORT is "abc" (expected a port number from 0 to 65535). Fix it in the environment, or unset it for the default (3000).',
      },
    ],
    [{ WEB_PORT: "70000" }, { problem: expect.stringMatching(/^WEB_PORT is "70000" \(expected a port number/) }],
    [{ WEB_PORT: "-1" }, { problem: expect.stringMatching(/^WEB_PORT is "-1" /) }],
    [{ WEB_PORT: "3000.5" }, { problem: expect.stringMatching(/^WEB_PORT is "3000.5" /) }],
  ])("reads %j", (env, expected) => {
    expect(portFrom(env, "WEB_PORT", 3000)).toEqual(expected);
  });

  it.each([
    [{}, { origins: [] }],
    [{ MEDIA_ORIGINS: " " }, { origins: [] }],
    [
      { MEDIA_ORIGINS: "https://fans-media.s3.eu-west-1.amazonaws.com" },
      { origins: ["https://fans-media.s3.eu-west-1.amazonaws.com"] },
    ],
    [
      { MEDIA_ORIGINS: "https://minio.internal:9000/, https://dxxxx.cloudfront.net" },
      { origins: ["https://minio.internal:9000", "https://dxxxx.cloudfront.net"] },
    ],
    [
      { MEDIA_ORIGINS: "https://minio.example.com/fans-media/public" },
      {
        problem:
          'MEDIA_ORIGINS has "https://minio.example.com/fans-media/public" (expected origins such as https://media.example.com, comma-separated, without a path). Fix it in the environment, or unset it.',
      },
    ],
    [
      { MEDIA_ORIGINS: "media.example.com" },
      { problem: expect.stringMatching(/^MEDIA_ORIGINS has "media.example.com" /) },
    ],
    [{ MEDIA_ORIGINS: "ftp://media.example.com" }, { problem: expect.stringMatching(/^MEDIA_ORIGINS has "ftp:/) }],
    [
      { MEDIA_ORIGINS: "https://x.example.com;script-src" },
      { problem: expect.stringMatching(/^MEDIA_ORIGINS has "https:\/\/x\.example\.com;script-src"/) },
    ],
    [
      { MEDIA_ORIGINS: "https://*.example.com" },
      { problem: expect.stringMatching(/^MEDIA_ORIGINS has "https:\/\/\*/) },
    ],
  ])("reads origins from %j", (env, expected) => {
    expect(originsFrom(env, "MEDIA_ORIGINS")).toEqual(expected);
  });

  it.each([
    ["EADDRINUSE", "port 3000 is in use by another program. Stop it or set WEB_PORT to a free port."],
    ["EACCES", "port 3000 needs administrator rights to listen on. Set WEB_PORT to 1024 or above."],
    [
      "EADDRNOTAVAIL",
      "HOST 10.9.9.9 is not an address of this machine. Set HOST to one of its addresses, or 0.0.0.0 for all.",
    ],
  ])("tells %s of listen", (code, line) => {
    const err = Object.assign(new Error(code), { code, syscall: "listen" });
    expect(listenProblem(err, { port: 3000, host: "10.9.9.9", variable: "WEB_PORT" })).toBe(line);
    // Another call's error is not a listen problem.
    expect(listenProblem(Object.assign(new Error(code), { code, syscall: "open" }), { port: 3000 })).toBeNull();
  });

  it("finds a taken port by listening on it, and a free one free", async () => {
    expect(await portProblem(takenPort, "127.0.0.1", "API_PORT")).toBe(
      `port ${takenPort} is in use by another program. Stop it or set API_PORT to a free port.`,
    );
    const free = createServer();
    await new Promise((resolve) => free.listen(0, "127.0.0.1", resolve));
    const freePort = free.address().port;
    await new Promise((resolve) => free.close(resolve));
    expect(await portProblem(freePort, "127.0.0.1", "API_PORT")).toBeNull();
  });
});
