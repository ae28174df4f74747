import { describe, expect, it } from "vitest";
import { createWithdrawnRegistry } from "./withdrawn.ts";

const T = new Date("2030-01-01T00:00:00Z");

/** A registry over lists the test changes, counting how often they are read; `gate` holds a read back. */
function setup(refreshMs = 60_000) {
  const data = { videos: new Map<string, Date>(), photos: new Map<string, Date>() };
  let reads = 0;
  let gate: Promise<void> | null = null;
  const registry = createWithdrawnRegistry({
    refreshMs,
    videos: {
      async takenDown() {
        reads++;
        const snapshot = new Map(data.videos);
        if (gate) await gate;
        return snapshot;
      },
    },
    galleries: { takenDownPhotos: async () => new Map(data.photos) },
  });
  return {
    data,
    registry,
    reads: () => reads,
    hold() {
      let open = () => {};
      gate = new Promise((r) => {
        open = r;
      });
      return () => {
        gate = null;
        open();
      };
    },
  };
}

describe("the taken-down list", () => {
  it("knows a movie's and a photo's files, private and public, and nothing else", async () => {
    const { data, registry } = setup();
    data.videos.set("v1", T);
    data.photos.set("p1", T);
    expect(await registry.takenDownAt("private/videos/v1/hls/360p/seg_0001.ts")).toEqual(T);
    expect(await registry.takenDownAt("public/videos/v1/poster-x-480.webp")).toEqual(T);
    expect(await registry.takenDownAt("private/photos/p1/full.webp")).toEqual(T);
    expect(await registry.takenDownAt("public/photos/p1/preview.webp")).toEqual(T);
    expect(await registry.takenDownAt("private/videos/v2/video.mp4")).toBeNull();
    expect(await registry.takenDownAt("public/avatars/v1/a-256.webp")).toBeNull();
    expect(await registry.takenDownAt("private/photos/v1/full.webp")).toBeNull();
  });

  it("stops the links made before the take-down, not those made after it", async () => {
    const { data, registry } = setup();
    data.videos.set("v1", T);
    const key = "private/videos/v1/video.mp4";
    expect(await registry.madeBeforeTakedown(key, new Date(T.getTime() - 1))).toBe(true);
    expect(await registry.madeBeforeTakedown(key, T)).toBe(true);
    expect(await registry.madeBeforeTakedown(key, new Date(T.getTime() + 1))).toBe(false);
    expect(await registry.madeBeforeTakedown("private/videos/v2/video.mp4", T)).toBe(false);
  });

  it("reads the list once per refresh, and again at once after an invalidation", async () => {
    const { data, registry, reads } = setup();
    await Promise.all(Array.from({ length: 20 }, () => registry.takenDownAt("private/videos/v1/a.ts")));
    expect(reads()).toBe(1);
    data.videos.set("v1", T);
    expect(await registry.takenDownAt("private/videos/v1/a.ts")).toBeNull();
    registry.invalidate();
    expect(await registry.takenDownAt("private/videos/v1/a.ts")).toEqual(T);
    expect(reads()).toBe(2);
  });

  it("never keeps a read that began before an invalidation", async () => {
    // A read starts, the take-down happens and invalidates while it is still out: its stale answer is not kept.
    const { data, registry, hold } = setup();
    const release = hold();
    const stale = registry.takenDownAt("private/videos/v1/a.ts");
    data.videos.set("v1", T);
    registry.invalidate();
    release();
    expect(await stale).toBeNull();
    expect(await registry.takenDownAt("private/videos/v1/a.ts")).toEqual(T);
  });
});
