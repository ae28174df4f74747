import { describe, expect, it } from "vitest";
import { isApiPath, isSocketPath, localPublicUrl, parsePublicUrl, withoutApiPrefix } from "./origin.ts";

describe("the API prefix and the socket path", () => {
  it("tells the API's and the socket's paths from the site's pages", () => {
    for (const p of ["/api", "/api/", "/api/users/me", "/api?x=1"]) expect(isApiPath(p), p).toBe(true);
    for (const p of ["/", "/apiary", "/apis/x", "/movies/api", "/API/users"]) expect(isApiPath(p), p).toBe(false);
    for (const p of ["/socket.io/", "/socket.io/?EIO=4&transport=websocket", "/socket.io"])
      expect(isSocketPath(p), p).toBe(true);
    for (const p of ["/socket.iox", "/api/socket.io/", "/"]) expect(isSocketPath(p), p).toBe(false);
  });

  it("removes the prefix once, and leaves other paths alone", () => {
    expect(withoutApiPrefix("/api/users/me?x=1")).toBe("/users/me?x=1");
    expect(withoutApiPrefix("/api")).toBe("/");
    expect(withoutApiPrefix("/api?x=1")).toBe("/?x=1");
    expect(withoutApiPrefix("/api/api/x")).toBe("/api/x");
    expect(withoutApiPrefix("/users/me")).toBe("/users/me");
    expect(withoutApiPrefix("/apiary")).toBe("/apiary");
  });
});

describe("the public URL", () => {
  it("keeps the origin alone", () => {
    expect(parsePublicUrl("https://Fans.Example.com/")).toEqual({ url: "https://fans.example.com" });
    expect(parsePublicUrl("http://[::1]:3000")).toEqual({ url: "http://[::1]:3000" });
    expect(parsePublicUrl("https://fans.example.com:443")).toEqual({ url: "https://fans.example.com" });
  });

  it("says why a value is not one", () => {
    expect(parsePublicUrl("fans.example.com")).toMatchObject({ error: expect.stringContaining("must be a URL") });
    expect(parsePublicUrl("https://fans.example.com/club")).toMatchObject({ error: expect.stringContaining("path") });
    expect(parsePublicUrl("javascript:alert(1)")).toMatchObject({ error: expect.stringContaining("https://") });
  });

  it("is the local web server by default", () => {
    expect(localPublicUrl({})).toBe("http://localhost:3000");
    expect(localPublicUrl({ WEB_PORT: "5173" })).toBe("http://localhost:5173");
  });
});
