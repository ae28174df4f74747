import { createHmac } from "node:crypto";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createUrlSigner, isPrivateMediaKey, redactUrl, scopeOf } from "./signed-urls.ts";

const secret = "test-secret-0123456789abcdef";
const signer = createUrlSigner({ secret, publicBaseUrl: "https://api.example.com/", ttlSec: 600 });
const VIEWER = "0192f0e4-7b1c-7c3e-9d2a-1b2c3d4e5f60";
const OTHER = "0192f0e4-7b1c-7c3e-9d2a-1b2c3d4e5f61";

/** Splits a signed URL into the route's parameters. */
function parts(url: string) {
  const m = /^https:\/\/api\.example\.com\/media\/(\d+)\/([^/]+)\/(.+)$/.exec(url);
  if (!m) throw new Error(`unexpected URL ${url}`);
  return { exp: m[1] as string, sig: m[2] as string, key: m[3] as string };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("signed media URLs", () => {
  it("has the documented shape and signature", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
    const url = signer.sign("private/photos/abc/full.webp");
    const { exp, sig, key } = parts(url);
    expect(Number(exp)).toBe(Date.parse("2030-01-01T00:00:00Z") / 1000 + 600);
    expect(key).toBe("private/photos/abc/full.webp");
    const iat = Date.parse("2030-01-01T00:00:00Z");
    const mac = createHmac("sha256", secret).update(`file|${exp}|${iat}|${key}`).digest("base64url");
    expect(sig).toBe(`${iat}.${mac.slice(0, 32)}`);
    expect(sig).toMatch(/^\d+\.[A-Za-z0-9_-]{32}$/);
    // The route learns when the link was made (a take-down stops the links made before it) and that it is no grant.
    expect(signer.verify(exp, sig, key)).toEqual({
      issuedAt: new Date("2030-01-01T00:00:00Z"),
      expiresAt: new Date(Number(exp) * 1000),
      viewer: null,
    });
  });

  it("signs a grant for a viewer, or for nobody signed in, and tells the route whose it is", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
    const iat = Date.parse("2030-01-01T00:00:00Z");
    const mine = signer.granted("private/videos/abc/hls/master.m3u8", VIEWER, 300);
    expect(mine.expiresAt).toEqual(new Date(iat + 300_000));
    const { exp, sig, key } = parts(mine.url);
    const mac = createHmac("sha256", secret)
      .update(`grant|${exp}|${iat}|${VIEWER}|private/videos/abc/hls/master.m3u8`)
      .digest("base64url");
    expect(sig).toBe(`${iat}.${VIEWER}.${mac.slice(0, 32)}`);
    expect(signer.verify(exp, sig, key)).toEqual({
      issuedAt: new Date(iat),
      expiresAt: mine.expiresAt,
      viewer: { id: VIEWER },
    });
    const anon = parts(signer.granted("private/videos/abc/hls/master.m3u8", null).url);
    expect(anon.sig).toMatch(/^\d+\.anon\.[A-Za-z0-9_-]{32}$/);
    expect(signer.verify(anon.exp, anon.sig, anon.key)?.viewer).toEqual({ id: null });
    expect(() => signer.granted(key, "a.b")).toThrow();
    expect(() => signer.granted(key, "anon")).toThrow();
  });

  it("never lets a grant's viewer be swapped, dropped or added", () => {
    const { exp, sig, key } = parts(signer.granted("private/videos/abc/video.mp4", VIEWER).url);
    const [iat, , mac] = sig.split(".") as [string, string, string];
    expect(signer.verify(exp, `${iat}.${OTHER}.${mac}`, key)).toBeNull();
    expect(signer.verify(exp, `${iat}.anon.${mac}`, key)).toBeNull();
    // The same signature as a file link (no viewer to check) or as a grant made from a file link: refused.
    expect(signer.verify(exp, `${iat}.${mac}`, key)).toBeNull();
    const file = parts(signer.sign("private/videos/abc/video.mp4"));
    const [fileIat, fileMac] = file.sig.split(".") as [string, string];
    expect(signer.verify(file.exp, `${fileIat}.anon.${fileMac}`, key)).toBeNull();
    expect(signer.verify(file.exp, `${fileIat}.${VIEWER}.${fileMac}`, key)).toBeNull();
  });

  it("makes links of the same grant to the other playlists, with its viewer, expiry and issue time", () => {
    const master = parts(signer.granted("private/videos/abc/hls/master.m3u8", VIEWER, 120).url);
    const grant = signer.verify(master.exp, master.sig, master.key);
    if (!grant?.viewer) throw new Error("no grant");
    const variant = parts(
      signer.sameGrant("private/videos/abc/hls/720p/index.m3u8", { ...grant, viewer: grant.viewer }),
    );
    expect(variant.exp).toBe(master.exp);
    expect(variant.key).toBe("private/videos/abc/hls/720p/index.m3u8");
    expect(signer.verify(variant.exp, variant.sig, variant.key)).toEqual(grant);
  });

  it("opens only the file it was made for", () => {
    for (const made of [
      signer.sign("private/videos/abc/hls/720p/seg_0003.ts"),
      signer.granted("private/videos/abc/hls/720p/seg_0003.ts", VIEWER).url,
    ]) {
      const { exp, sig, key } = parts(made);
      expect(signer.verify(exp, sig, key)).not.toBeNull();
      expect(signer.verify(Number(exp), sig, key)).not.toBeNull();
      // A segment's short link opens neither the playlists nor the MP4 of its movie.
      expect(signer.verify(exp, sig, "private/videos/abc/hls/720p/seg_0004.ts")).toBeNull();
      expect(signer.verify(exp, sig, "private/videos/abc/hls/master.m3u8")).toBeNull();
      expect(signer.verify(exp, sig, "private/videos/abc/video.mp4")).toBeNull();
    }
  });

  it("refuses another file, a tampered signature or expiry, another secret", () => {
    const { exp, sig, key } = parts(signer.sign("private/videos/abc/video.mp4"));
    expect(signer.verify(exp, sig, "private/videos/abd/video.mp4")).toBeNull();
    expect(signer.verify(exp, sig, "private/photos/abc/video.mp4")).toBeNull();
    const [iat, mac] = sig.split(".") as [string, string];
    const flipped = `${iat}.${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`;
    expect(signer.verify(exp, flipped, key)).toBeNull();
    expect(signer.verify(String(Number(exp) + 1), sig, key)).toBeNull();
    expect(signer.verify(`0${exp}`, sig, key)).toBeNull();
    // A later issue time (to slip past a take-down) breaks the signature.
    expect(signer.verify(exp, `${Number(iat) + 60_000}.${mac}`, key)).toBeNull();
    expect(signer.verify(exp, mac, key)).toBeNull();
    expect(signer.verify(exp, sig.slice(0, -1), key)).toBeNull();
    expect(signer.verify(exp, `${sig}A`, key)).toBeNull();
    const other = createUrlSigner({ secret: "another-secret-0123456789", publicBaseUrl: "x", ttlSec: 600 });
    expect(other.verify(exp, sig, key)).toBeNull();
  });

  it("refuses an expired link", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
    const { exp, sig, key } = parts(signer.sign("private/videos/abc/video.mp4", 60));
    vi.setSystemTime(new Date("2030-01-01T00:00:59Z"));
    expect(signer.verify(exp, sig, key)).not.toBeNull();
    vi.setSystemTime(new Date("2030-01-01T00:01:00Z"));
    expect(signer.verify(exp, sig, key)).toBeNull();
  });

  it("refuses keys that are not media keys", () => {
    const { exp, sig } = parts(signer.sign("private/videos/abc/video.mp4"));
    for (const key of [
      "private/videos/abc/../../../etc/passwd",
      "private/videos/abc/..",
      "private/videos/abc//video.mp4",
      "private/videos/abc/.hidden",
      "private/videos/abc/",
      "private/videos/abc/Video.MP4",
      "public/videos/abc/video.mp4",
      "public/avatars/abc/a.webp",
      "/private/videos/abc/video.mp4",
      "private/videos/abc/video mp4",
      "private/videos/abc/%2e%2e/x",
    ]) {
      expect(signer.verify(exp, sig, key), key).toBeNull();
    }
    expect(() => signer.sign("public/avatars/x.webp")).toThrow();
    // A movie's or photo's public files may be signed (for staff, while the item is taken down).
    const poster = parts(signer.sign("public/videos/abc/poster-x-480.webp"));
    expect(signer.verify(poster.exp, poster.sig, poster.key)).not.toBeNull();
    expect(signer.verify(poster.exp, poster.sig, "private/videos/abc/video.mp4")).toBeNull();
    expect(() => signer.sign("private/videos/../x")).toThrow();
  });

  it("never verifies a random signature, and never throws on garbage", () => {
    const future = String(Math.floor(Date.now() / 1000) + 3600);
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (exp, sig, key) => {
        expect(signer.verify(exp, sig, key)).toBeNull();
      }),
    );
    const now = Date.now();
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{32}$/), (mac) => {
        expect(signer.verify(future, `${now}.${mac}`, "private/videos/abc/video.mp4")).toBeNull();
      }),
    );
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
        fc.stringMatching(/^[A-Za-z0-9_-]{32}$/),
        (viewer, mac) => {
          expect(signer.verify(future, `${now}.${viewer}.${mac}`, "private/videos/abc/video.mp4")).toBeNull();
        },
      ),
    );
  });

  it("names the item of a key by its first three segments", () => {
    expect(scopeOf("private/videos/abc/hls/360p/seg_0001.ts")).toBe("private/videos/abc");
    expect(scopeOf("private/photos/p1.webp")).toBe("private/photos/p1.webp");
    expect(isPrivateMediaKey("private/videos/0192f0e4-7b1c-7c3e-9d2a-1b2c3d4e5f60/poster-480.webp")).toBe(true);
  });

  it("refuses a short secret", () => {
    expect(() => createUrlSigner({ secret: "short", publicBaseUrl: "x", ttlSec: 1 })).toThrow();
  });
});

describe("redactUrl", () => {
  it("cuts a signed link's signature and any token out of what the logs keep", () => {
    const url = new URL(signer.sign("private/videos/abc/hls/master.m3u8")).pathname;
    const { sig } = parts(`https://api.example.com${url}`);
    const logged = redactUrl(url);
    expect(logged).not.toContain(sig.split(".")[1]);
    expect(logged).toMatch(/^\/media\/\d+\/\d+\.\[redacted\]\/private\/videos\/abc\/hls\/master\.m3u8$/);
    expect(redactUrl("/api/media/1/2.abcDEF_-x/private/a/b/c.ts")).toBe("/api/media/1/2.[redacted]/private/a/b/c.ts");
    // A grant keeps its viewer (whose link it was) and loses its signature.
    const grant = new URL(signer.granted("private/videos/abc/hls/master.m3u8", VIEWER).url).pathname;
    const grantMac = parts(`https://api.example.com${grant}`).sig.split(".")[2] as string;
    expect(redactUrl(grant)).not.toContain(grantMac);
    expect(redactUrl(grant)).toMatch(
      new RegExp(`^/media/\\d+/\\d+\\.${VIEWER}\\.\\[redacted\\]/private/videos/abc/hls/master\\.m3u8$`),
    );
    expect(redactUrl("/socket.io/?EIO=4&token=secret-1&transport=websocket")).toBe(
      "/socket.io/?EIO=4&token=[redacted]&transport=websocket",
    );
    expect(redactUrl("/movies/search?q=token")).toBe("/movies/search?q=token");
  });
});
