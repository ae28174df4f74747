import { describe, expect, it } from "vitest";
import { AppError } from "./errors.ts";
import { decodeCursor, encodeCursor, nextCursor } from "./paging.ts";

const id = "01890000-0000-7000-8000-000000000001";
const newest = { name: "newest", kind: "timestamp" } as const;

function refused(cursor: string, keyset: Parameters<typeof decodeCursor>[1] = newest) {
  try {
    decodeCursor(cursor, keyset);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(400);
    expect((err as AppError).details?.[0]?.path).toBe("querystring.cursor");
    return true;
  }
  return false;
}

describe("keyset cursors", () => {
  it("round-trip the sort key and id of the last row", () => {
    const when = new Date("2026-11-22T10:00:00.123Z");
    const cursor = nextCursor([{ at: when, id }], 1, "newest", (r) => [r.at, r.id]);
    expect(cursor).not.toBeNull();
    expect(decodeCursor(cursor as string, newest)).toEqual(["2026-11-22T10:00:00.123Z", id]);
    expect(decodeCursor(encodeCursor("popular", 42, id), { name: "popular", kind: "int" })).toEqual([42, id]);
    expect(decodeCursor(encodeCursor("newest", "2026-11-22T10:00:00.123456Z", id), newest)[0]).toBe(
      "2026-11-22T10:00:00.123456Z",
    );
  });

  it("say there is no next page when a page is not full", () => {
    expect(nextCursor([{ id }], 2, "newest", () => ["2026-01-01T00:00:00.000Z", id])).toBeNull();
  });

  it("refuse a cursor of another sort, garbage and forged keys", () => {
    expect(refused(encodeCursor("popular", 3, id))).toBe(true);
    expect(refused("not base64 json")).toBe(true);
    expect(refused(Buffer.from("[1,2]").toString("base64url"))).toBe(true);
    expect(refused(encodeCursor("newest", "2026-01-01T00:00:00.000Z", "not-a-uuid"))).toBe(true);
    for (const forged of ["1", "-000005-01-01T00:00:00.000Z", "2026-02-30T00:00:00.000Z", "2026-01-01T24:00:00.000Z"]) {
      expect(refused(encodeCursor("newest", forged, id)), forged).toBe(true);
    }
    expect(refused(encodeCursor("popular", 1.5, id), { name: "popular", kind: "int" })).toBe(true);
    expect(refused(encodeCursor("name", "a\u0000b", id), { name: "name", kind: "text" })).toBe(true);
  });
});
