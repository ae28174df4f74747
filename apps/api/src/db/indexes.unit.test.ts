import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "./client.ts";

interface SnapshotIndex {
  columns: Array<{ expression: string; asc: boolean; nulls: "first" | "last" }>;
}

/**
 * Keyset pages read `order by key desc, id desc`, which PostgreSQL takes as NULLS FIRST. An index declared with
 * drizzle's `.desc()` alone is DESC NULLS LAST: the planner cannot walk it in that order (not even for NOT NULL
 * columns), so every page read and sorted all the matching rows. The schema as the newest migration leaves it has
 * no such index.
 */
describe("the schema's indexes", () => {
  it("declare every descending column NULLS FIRST, the order a descending page reads", async () => {
    const meta = path.join(migrationsFolder, "meta");
    const newest = (await readdir(meta))
      .filter((f) => f.endsWith("_snapshot.json"))
      .sort()
      .pop() as string;
    const snapshot = JSON.parse(await readFile(path.join(meta, newest), "utf8")) as {
      tables: Record<string, { indexes: Record<string, SnapshotIndex> }>;
    };
    const wrong = Object.values(snapshot.tables).flatMap((table) =>
      Object.entries(table.indexes).flatMap(([name, index]) =>
        index.columns.filter((c) => !c.asc && c.nulls === "last").map((c) => `${name} (${c.expression})`),
      ),
    );
    expect(wrong, "add .nullsFirst() after .desc()").toEqual([]);
    expect(Object.keys(snapshot.tables).length).toBeGreaterThan(40);
  });
});
