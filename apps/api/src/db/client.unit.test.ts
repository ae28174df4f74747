import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";

const root = await mkdtemp(path.join(tmpdir(), "marquee-lock-"));
afterAll(() => rm(root, { recursive: true, force: true }));

describe("the embedded database", () => {
  it("refuses a second opener of the same directory while the first has it, and allows it after close", async () => {
    const dir = path.join(root, "db");
    const first = await openDatabase({ dir });
    await expect(openDatabase({ dir })).rejects.toThrow(/in use by process/);
    await first.close();
    const second = await openDatabase({ dir });
    await second.close();
    // Creating a PGlite data directory takes a few seconds, more on a busy machine.
  }, 60_000);
});
