import { describe, expect, it } from "vitest";
import { keyOfRef, PlaylistError, playlistRefs, rewritePlaylist } from "./playlists.ts";

/** What our transcoder writes (platform/media/video.ts): a master of variants, variants of MPEG-TS segments. */
const MASTER = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=700000,RESOLUTION=640x360,CODECS="avc1.42e01e,mp4a.40.2"
360p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=2400000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"
720p/index.m3u8
`;

const VARIANT = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:4
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-PLAYLIST-TYPE:VOD
#EXTINF:4.000000,
seg_0000.ts
#EXTINF:2.500000,
seg_0001.ts
#EXT-X-ENDLIST
`;

const tag = (ref: { uri: string; kind: string }) => `https://signed.test/${ref.kind}/${ref.uri}`;

describe("rewritePlaylist", () => {
  it("signs a master's variants as playlists and keeps every tag as it was", async () => {
    expect(await rewritePlaylist(MASTER, tag)).toBe(`#EXTM3U
#EXT-X-VERSION:3
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=700000,RESOLUTION=640x360,CODECS="avc1.42e01e,mp4a.40.2"
https://signed.test/playlist/360p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=2400000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"
https://signed.test/playlist/720p/index.m3u8
`);
  });

  it("signs a variant's segments as media", async () => {
    const out = await rewritePlaylist(VARIANT, tag);
    expect(out.split("\n").filter((l) => l && !l.startsWith("#"))).toEqual([
      "https://signed.test/media/seg_0000.ts",
      "https://signed.test/media/seg_0001.ts",
    ]);
    expect(out).toContain("#EXTINF:4.000000,\nhttps://signed.test/media/seg_0000.ts\n");
    expect(out.endsWith("#EXT-X-ENDLIST\n")).toBe(true);
  });

  it("rewrites URI attributes of renditions, init segments and keys, and nothing else in those tags", async () => {
    const text = [
      "#EXTM3U",
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English, main",LANGUAGE="en",URI="audio/en.m3u8"',
      '#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="CC1",INSTREAM-ID="CC1"',
      '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=80000,URI="360p/iframes.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=900000,AUDIO="aud"',
      "360p/index.m3u8",
    ].join("\n");
    expect((await rewritePlaylist(text, tag)).split("\n")).toEqual([
      "#EXTM3U",
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English, main",LANGUAGE="en",URI="https://signed.test/playlist/audio/en.m3u8"',
      '#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="CC1",INSTREAM-ID="CC1"',
      '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=80000,URI="https://signed.test/playlist/360p/iframes.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=900000,AUDIO="aud"',
      "https://signed.test/playlist/360p/index.m3u8",
      "",
    ]);

    const media = [
      "#EXTM3U",
      "#EXT-X-TARGETDURATION:4",
      '#EXT-X-MAP:URI="init.mp4",BYTERANGE="720@0"',
      '#EXT-X-KEY:METHOD=AES-128,URI="key.bin",IV=0x0123456789abcdef0123456789abcdef',
      "#EXTINF:4.0,",
      "seg_0.m4s",
      "#EXT-X-KEY:METHOD=NONE",
      "#EXTINF:4.0,",
      "seg_1.m4s",
    ].join("\n");
    expect((await rewritePlaylist(media, tag)).split("\n")).toEqual([
      "#EXTM3U",
      "#EXT-X-TARGETDURATION:4",
      '#EXT-X-MAP:URI="https://signed.test/media/init.mp4",BYTERANGE="720@0"',
      '#EXT-X-KEY:METHOD=AES-128,URI="https://signed.test/media/key.bin",IV=0x0123456789abcdef0123456789abcdef',
      "#EXTINF:4.0,",
      "https://signed.test/media/seg_0.m4s",
      "#EXT-X-KEY:METHOD=NONE",
      "#EXTINF:4.0,",
      "https://signed.test/media/seg_1.m4s",
      "",
    ]);
  });

  it("keeps comments, even ones that look like a URI, and a URI= inside another quoted attribute", async () => {
    const text = [
      "#EXTM3U",
      "# made by hand: seg_9.ts",
      "",
      '#EXT-X-SESSION-DATA:DATA-ID="com.example.note",VALUE="URI=x.ts, not a URI=y.ts"',
      "#EXTINF:4,",
      "seg_0.ts",
    ].join("\r\n");
    const out = await rewritePlaylist(text, tag);
    expect(out.split("\n")).toEqual([
      "#EXTM3U",
      "# made by hand: seg_9.ts",
      "",
      '#EXT-X-SESSION-DATA:DATA-ID="com.example.note",VALUE="URI=x.ts, not a URI=y.ts"',
      "#EXTINF:4,",
      "https://signed.test/media/seg_0.ts",
      "",
    ]);
  });

  it("asks for each distinct URI once (byte ranges of one file)", async () => {
    const text = `#EXTM3U\n#EXTINF:4,\n#EXT-X-BYTERANGE:1000@0\nall.ts\n#EXTINF:4,\n#EXT-X-BYTERANGE:1000@1000\nall.ts\n`;
    const asked: string[] = [];
    const out = await rewritePlaylist(text, async (ref) => {
      asked.push(ref.uri);
      return `https://signed.test/${asked.length}`;
    });
    expect(asked).toEqual(["all.ts"]);
    expect(out.match(/https:\/\/signed\.test\/1/g)).toHaveLength(2);
    expect(playlistRefs(text)).toEqual([{ uri: "all.ts", kind: "media" }]);
  });

  it("refuses what is not a playlist, and a link that would break out of its quotes", async () => {
    await expect(rewritePlaylist("seg_0.ts\n", tag)).rejects.toThrow(PlaylistError);
    await expect(rewritePlaylist("", tag)).rejects.toThrow(PlaylistError);
    await expect(rewritePlaylist("#EXTM3U\n#EXT-X-MAP:URI=init.mp4\n", tag)).rejects.toThrow(PlaylistError);
    await expect(rewritePlaylist('#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n', () => 'x",URI="y')).rejects.toThrow(
      PlaylistError,
    );
  });
});

describe("keyOfRef", () => {
  const master = "private/videos/v1/ab12/hls/master.m3u8";
  it("resolves relative paths against the playlist's folder", () => {
    expect(keyOfRef("360p/index.m3u8", master)).toBe("private/videos/v1/ab12/hls/360p/index.m3u8");
    expect(keyOfRef("seg_0001.ts", "private/videos/v1/hls/360p/index.m3u8")).toBe(
      "private/videos/v1/hls/360p/seg_0001.ts",
    );
    expect(keyOfRef("../video.mp4", master)).toBe("private/videos/v1/ab12/video.mp4");
    expect(keyOfRef("360p/seg%5f1.ts", master)).toBe("private/videos/v1/ab12/hls/360p/seg_1.ts");
  });

  it("refuses what is no file of the same movie", () => {
    for (const uri of [
      "https://elsewhere.test/seg.ts",
      "data:text/plain,x",
      "/private/videos/v1/video.mp4",
      "../../../v2/video.mp4",
      "../../../../../etc/passwd",
      "%2e%2e/%2e%2e/%2e%2e/%2e%2e/v2/x.ts",
      "seg.ts?x=1",
      "seg.ts#t",
      "seg\\..\\x.ts",
      "%zz.ts",
      ".hidden.ts",
      "Seg.TS",
    ]) {
      expect(keyOfRef(uri, master), uri).toBeNull();
    }
  });
});
