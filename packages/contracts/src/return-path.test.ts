import { describe, expect, it } from "vitest";
import { isSafeReturnPath, safeReturnPath, withReturnPath } from "./return-path.ts";

describe("the way back after sign-up and login", () => {
  it.each(["/movies/42", "/galleries/7?page=2", "/cart", "/", "/performers/zo%C3%AB"])("keeps %s", (path) => {
    expect(isSafeReturnPath(path)).toBe(true);
  });

  it.each([
    ["an absolute URL", "https://evil.example/movies/42"],
    ["a protocol-relative URL", "//evil.example"],
    ["a backslash after the slash", "/\\evil.example"],
    ["a tab after the slash", "/\t/evil.example"],
    ["an encoded slash", "/%2F/evil.example"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "movies/42"],
    ["something too long", `/${"a".repeat(500)}`],
    ["not a string", 42],
  ])("refuses %s", (_what, path) => {
    expect(isSafeReturnPath(path)).toBe(false);
    expect(safeReturnPath(path)).toBeNull();
  });

  it("adds ?next= only for a safe way back other than home", () => {
    expect(withReturnPath("/auth/login", "/movies/42")).toBe("/auth/login?next=%2Fmovies%2F42");
    expect(withReturnPath("/auth/login", "/")).toBe("/auth/login");
    expect(withReturnPath("/auth/login", "//evil.example")).toBe("/auth/login");
    expect(withReturnPath("/auth/login", null)).toBe("/auth/login");
  });
});
