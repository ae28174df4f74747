import { describe, expect, it } from "vitest";
import { email, updateProfileBody, username } from "./users.ts";

describe("user field rules", () => {
  it("lower-cases and trims usernames and emails so lookups are case-insensitive", () => {
    expect(username.parse("  Alice_01 ")).toBe("alice_01");
    expect(email.parse(" Alice@Example.COM ")).toBe("alice@example.com");
  });

  it("refuses usernames with spaces or symbols, and ones too short or too long", () => {
    for (const bad of ["ab", "a b c", "bob!", "x".repeat(31), "ünï"])
      expect(username.safeParse(bad).success).toBe(false);
  });

  it("refuses unknown profile fields", () => {
    expect(updateProfileBody.safeParse({ name: "A", role: "admin" }).success).toBe(false);
  });
});
