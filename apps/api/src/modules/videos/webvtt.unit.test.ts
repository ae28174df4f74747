import { describe, expect, it } from "vitest";
import { checkWebVtt } from "./webvtt.ts";

const refusal = (text: string) => {
  try {
    checkWebVtt(Buffer.from(text));
  } catch (err) {
    return (err as { details?: { path: string; message: string }[] }).details?.[0]?.message;
  }
  return null;
};

describe("checkWebVtt", () => {
  it("takes WebVTT as browsers do: a byte order mark, a header text, identifiers, notes, styles, long hours", () => {
    const text = [
      "WEBVTT\tKind: captions",
      "",
      "STYLE",
      "::cue { color: yellow }",
      "",
      "NOTE a comment",
      "",
      "intro",
      "00:00.000 --> 00:02.000 align:start",
      "<v Roger>Hello</v>",
      "",
      "120:00:01.000 --> 120:00:02.000",
      "Much later",
    ].join("\r\n");
    expect(checkWebVtt(Buffer.from(`\uFEFF${text}`))).toBe(text);
    // Old Mac line endings, and a cue right after the signature (browsers take it as the first cue).
    expect(checkWebVtt(Buffer.from("WEBVTT\r00:00.000 --> 00:01.000\rFirst\r"))).toContain("First");
  });

  it("refuses what is close to WebVTT but is not", () => {
    expect(refusal("WEBVTTX\n\n00:00.000 --> 00:01.000\nA\n")).toBe('no "WEBVTT" signature');
    expect(refusal("webvtt\n\n00:00.000 --> 00:01.000\nA\n")).toBe('no "WEBVTT" signature');
    expect(refusal("WEBVTT\n\n00:60.000 --> 00:61.000\nA\n")).toBe("line 3: malformed cue timing");
    expect(refusal("WEBVTT\n\n0:00.000 --> 0:01.000\nA\n")).toBe("line 3: malformed cue timing");
    expect(refusal("WEBVTT\n\n00:00.000 --> 00:01.000\nA\nB --> C\n")).toBe("line 5: misplaced -->");
    expect(refusal("WEBVTT\n\n00:00.000 --> 00:01.000\nA\n")).toBeNull();
  });
});
