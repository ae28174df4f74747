import * as contracts from "@marquee/contracts/auth";
import { describe, expect, it } from "vitest";
import { expiredTokenCookie, parseCookies, REMEMBER_DAYS, SESSION_DAYS, tokenCookie } from "./cookies.ts";

describe("token cookie", () => {
  it("uses the session lifetimes of the API contract", () => {
    expect(REMEMBER_DAYS).toBe(contracts.REMEMBER_DAYS);
    expect(SESSION_DAYS).toBe(contracts.SESSION_DAYS);
  });

  it("lives 365 days with remember and 1 day without", () => {
    expect(tokenCookie("abc", true, false)).toContain(`Max-Age=${365 * 86400}`);
    expect(tokenCookie("abc", false, false)).toContain("Max-Age=86400");
  });

  it("is SameSite=Lax, path-wide and Secure only over https", () => {
    const plain = tokenCookie("abc", false, false);
    expect(plain.startsWith("token=abc;")).toBe(true);
    expect(plain).toContain("Path=/");
    expect(plain).toContain("SameSite=Lax");
    expect(plain).not.toContain("Secure");
    expect(tokenCookie("abc", false, true)).toContain("; Secure");
  });

  it("expires when removed", () => {
    expect(expiredTokenCookie()).toMatch(/^token=; Path=\/; Max-Age=0/);
  });

  it("parses a Cookie header", () => {
    expect(parseCookies("a=1; token=x%20y; b=")).toEqual({ a: "1", token: "x y", b: "" });
    expect(parseCookies(null)).toEqual({});
  });
});
