import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkWebVtt } from "../modules/videos/webvtt.ts";
import { probeVideo } from "../platform/media/probe.ts";
import { makeDemoFeature } from "./demo-media.ts";
import { DEMO_FEATURES, demoCaptions } from "./features.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "marquee-features-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the long demo movies", () => {
  it("are a minute or more, one free and the others for members", () => {
    expect(DEMO_FEATURES.every((f) => f.seconds >= 60)).toBe(true);
    expect(DEMO_FEATURES.map((f) => f.access).sort()).toEqual(["free", "members", "members"]);
  });

  it("are full HD with sound, so the ladder makes 360p, 720p and 1080p of them", async () => {
    const file = path.join(dir, "feature.mp4");
    await makeDemoFeature(1, file, 2);
    const info = await probeVideo(file);
    expect(info).toMatchObject({ width: 1920, height: 1080, hasAudio: true });
    expect(info.durationSec).toBeCloseTo(2, 0);
  }, 60_000);

  it("have English and Spanish captions that are valid WebVTT, a cue every 6 seconds", () => {
    const en = demoCaptions("en", 90);
    const es = demoCaptions("es", 90);
    for (const text of [en, es]) expect(checkWebVtt(Buffer.from(text))).toBe(text);
    expect(en.split("-->").length - 1).toBe(15);
    expect(en).toContain("00:00.000 --> 00:05.000\nWelcome to Marquee's long demo movie.");
    expect(es).toContain("01:24.000 --> 01:29.000\nEl contador del centro marca el tiempo en segundos.");
  });
});
