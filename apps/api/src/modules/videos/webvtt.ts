import { unprocessable } from "../../platform/errors.ts";

/**
 * Whether an uploaded caption file really is WebVTT (https://www.w3.org/TR/webvtt1/), checked before it is stored:
 * UTF-8 text (no NUL, no invalid sequence), the `WEBVTT` signature after an optional byte order mark, at least one
 * cue, and every cue timing line well formed (`00:01.000 --> 00:04.500`, hours optional) with its end not before its
 * start. A video renamed `.vtt`, a web page or a SubRip file is refused with 422 naming the `file` field and the
 * reason. Returns the text as stored (the byte order mark dropped, line endings as sent).
 */
export function checkWebVtt(data: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    throw notWebVtt("it is not UTF-8 text", "not UTF-8 text");
  }
  if (text.includes("\0")) throw notWebVtt("it holds binary data, not text", "binary data");
  const lines = text.split(/\r\n|\r|\n/);
  const first = lines[0] ?? "";
  if (!/^WEBVTT(?:$|[ \t])/.test(first)) {
    throw notWebVtt('it does not start with "WEBVTT"', 'no "WEBVTT" signature');
  }
  let cues = 0;
  // Blocks are separated by blank lines; the first block is the header.
  let blockLine = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line === "") {
      blockLine = 0;
      continue;
    }
    blockLine++;
    if (!line.includes("-->")) continue;
    const n = i + 1;
    // A timing line opens a cue (after an optional identifier line); "-->" anywhere else is no valid cue text.
    const opensCue =
      blockLine === 1 || (blockLine === 2 && !/^(NOTE|STYLE|REGION)(?:$|[ \t])/.test(lines[i - 1] ?? ""));
    if (!opensCue) throw badCue(n, 'a cue\'s text cannot contain "-->"', "misplaced -->");
    const timing = TIMING_RE.exec(line);
    if (!timing) {
      throw badCue(n, "its cue timing is not in the form 00:00:01.000 --> 00:00:04.000", "malformed cue timing");
    }
    if (seconds(timing[2] as string) < seconds(timing[1] as string)) {
      throw badCue(n, "the cue ends before it starts", "cue ends before it starts");
    }
    cues++;
  }
  if (cues === 0) throw notWebVtt("it has no cues", "no cues");
  return text;
}

/** `[hh:]mm:ss.ttt`, hours of two digits or more. */
const TIMESTAMP = String.raw`((?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3})`;
const TIMING_RE = new RegExp(String.raw`^${TIMESTAMP}[ \t]+-->[ \t]+${TIMESTAMP}(?:[ \t].*)?$`);

function seconds(stamp: string): number {
  const parts = stamp.split(":").map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

const notWebVtt = (why: string, reason: string) =>
  unprocessable(`The captions file is not WebVTT: ${why}.`, [{ path: "file", message: reason }]);

const badCue = (line: number, why: string, reason: string) =>
  unprocessable(`The captions file is not valid WebVTT: line ${line}: ${why}.`, [
    { path: "file", message: `line ${line}: ${reason}` },
  ]);
