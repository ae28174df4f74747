import { describe, expect, it } from "vitest";
import { isMasterPlaylist, linksOf, renewalDelayMs, safeLifeMs } from "./link-renewal.ts";

describe("when the player renews its segment links", () => {
  it("renews a playlist well before its links may run out, for every TTL the API accepts (10 s to an hour)", () => {
    const wrong: string[] = [];
    for (let ttl = 10; ttl <= 3600; ttl++) {
      const delay = renewalDelayMs(ttl);
      // A playlist may be a fifth of the TTL old when answered, and an expiry is rounded down to the second.
      const surelyValid = ttl * 800 - 1000;
      if (safeLifeMs(ttl) !== surelyValid) wrong.push(`${ttl}: sure life ${safeLifeMs(ttl)}`);
      // At least 2 s of margin for the playlist's own fetch and a segment request started just before.
      if (surelyValid - delay < 2000) wrong.push(`${ttl}: margin ${surelyValid - delay}`);
      // Not needlessly often: never before half the links' sure life, and later for longer TTLs.
      if (delay < surelyValid / 2 || delay < renewalDelayMs(ttl - 1)) wrong.push(`${ttl}: delay ${delay}`);
    }
    expect(wrong).toEqual([]);
  });

  it("renews at the figures a member and the tests see", () => {
    expect(renewalDelayMs(300)).toBe(179_250); // the default: about every 3 minutes, a minute to spare
    expect(renewalDelayMs(10)).toBe(5_000); // the end-to-end site: every 5 s, 2 s to spare
    expect(renewalDelayMs(3600)).toBe(2_819_000); // margins stop growing at a minute
  });
});

describe("the links of a playlist", () => {
  const base = "http://site.test/api/media/9/1.u.sig/private/videos/v/hls/360p/index.m3u8";

  it("are its segments and tag URIs in order, absolute", () => {
    const variant = [
      "#EXTM3U",
      "#EXT-X-TARGETDURATION:4",
      '#EXT-X-MAP:URI="/api/media/5/1.a/private/videos/v/hls/360p/init.mp4"',
      "#EXTINF:4.0,",
      "/api/media/5/1.b/private/videos/v/hls/360p/seg_0000.ts",
      "# a comment, not a link",
      "#EXTINF:4.0,",
      "https://bucket.test/videos/v/hls/360p/seg_0001.ts?X-Amz-Signature=abc%2Fdef",
      "#EXT-X-ENDLIST",
      "",
    ].join("\n");
    expect(linksOf(variant, base)).toEqual([
      "http://site.test/api/media/5/1.a/private/videos/v/hls/360p/init.mp4",
      "http://site.test/api/media/5/1.b/private/videos/v/hls/360p/seg_0000.ts",
      "https://bucket.test/videos/v/hls/360p/seg_0001.ts?X-Amz-Signature=abc%2Fdef",
    ]);
    expect(isMasterPlaylist(variant)).toBe(false);
  });

  it("of a master are its variants, each once in order", () => {
    const master = [
      "#EXTM3U",
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS="avc1.42e01e"',
      "360p/index.m3u8",
      "#EXT-X-STREAM-INF:BANDWIDTH=2400000",
      "720p/index.m3u8",
    ].join("\r\n");
    expect(isMasterPlaylist(master)).toBe(true);
    expect(linksOf(master, "http://site.test/api/media/9/1.u.sig/private/videos/v/hls/master.m3u8")).toEqual([
      "http://site.test/api/media/9/1.u.sig/private/videos/v/hls/360p/index.m3u8",
      "http://site.test/api/media/9/1.u.sig/private/videos/v/hls/720p/index.m3u8",
    ]);
  });
});
