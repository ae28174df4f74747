import { describe, expect, it } from "vitest";
import { sniff } from "./sniff.ts";

describe("sniffing a digital product's type from its bytes", () => {
  it.each([
    ["%PDF-1.7\n", "pdf"],
    [Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "zip"],
    [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]), "png"],
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0]), "jpg"],
    ["ID3\u0004\u0000", "mp3"],
    [Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42")]), "mp4"],
    [Buffer.from([0x1f, 0x8b, 8, 0]), "gz"],
    ["#EXTM3U\n#EXTINF:10,\nother.ts\n", "txt"],
    ["<html><script>alert(1)</script></html>", "txt"],
    [Buffer.from([0, 1, 2, 3, 0xfe, 0x00]), "bin"],
  ])("%j is %s", (data, ext) => {
    expect(sniff(Buffer.isBuffer(data) ? data : Buffer.from(data)).ext).toBe(ext);
  });

  it("never serves an upload as a type a browser would render as a page", () => {
    const types = ["<!doctype html><p>", "<svg xmlns='http://www.w3.org/2000/svg'/>", "<?xml version='1.0'?>"].map(
      (s) => sniff(Buffer.from(s)).contentType,
    );
    for (const type of types) expect(type).toBe("text/plain; charset=utf-8");
  });
});
