import { describe, expect, it } from "vitest";
import { findUnstorableText, isStorableText } from "./input.ts";

describe("text PostgreSQL can store", () => {
  it.each([
    ["plain", "hello", true],
    ["empty", "", true],
    ["emoji (a surrogate pair)", "🎬 ünïcode", true],
    ["NUL", "a\u0000b", false],
    ["a high surrogate alone", "a\ud800", false],
    ["a low surrogate alone", "\udc00b", false],
    ["halves in the wrong order", "\udc00\ud800", false],
  ])("%s", (_name, value, ok) => {
    expect(isStorableText(value)).toBe(ok);
  });
});

describe("findUnstorableText", () => {
  it("names each bad string by its path and a spoiled key by its object", () => {
    const body = { a: "ok", menus: [{ title: "x\u0000" }, { title: "fine", path: "\ud800" }], "k\u0000": "v" };
    expect(findUnstorableText(body, "body").map((f) => f.path)).toEqual([
      "body",
      "body.menus.0.title",
      "body.menus.1.path",
    ]);
    expect(findUnstorableText("\u0000", "params")).toEqual([{ path: "params", message: expect.any(String) }]);
  });

  it("ignores numbers, booleans, null, undefined and buffers", () => {
    expect(findUnstorableText({ n: 1, b: true, z: null, u: undefined, buf: Buffer.from([0]) }, "body")).toEqual([]);
    expect(findUnstorableText(undefined, "body")).toEqual([]);
  });

  it("walks a very deeply nested body without overflowing the stack", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnstorableText(deep, "body")).toHaveLength(1);
  });
});
