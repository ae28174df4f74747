import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, DEMO_PASSWORD, type TestContext } from "../../../test/harness.ts";

let t: TestContext;
let admin: string;
let user: string;

beforeAll(async () => {
  t = await createTestContext();
  [admin, user] = await Promise.all([t.login("admin"), t.login("user")]);
});
afterAll(() => t.close());

const setMaintenance = async (value: unknown) =>
  t.request({ method: "PUT", url: "/admin/settings/maintenanceMode", token: admin, body: { value } });

describe("maintenance mode", () => {
  it("is off by default: content answers normally", async () => {
    expect((await t.request({ method: "GET", url: "/countries/list" })).statusCode).toBe(200);
    expect((await t.request({ method: "PUT", url: "/users", token: user, body: { bio: "hi" } })).statusCode).toBe(200);
  });

  it("only an admin may switch it on", async () => {
    const res = await t.request({
      method: "PUT",
      url: "/admin/settings/maintenanceMode",
      token: user,
      body: { value: true },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/settings/public" })).json().maintenanceMode).toBe(false);
  });

  describe("when an admin switches it on", () => {
    beforeAll(async () => {
      const res = await setMaintenance(true);
      expect(res.statusCode).toBe(200);
    });

    it("announces it in the public settings", async () => {
      const res = await t.request({ method: "GET", url: "/settings/public" });
      expect(res.statusCode).toBe(200);
      expect(res.json().maintenanceMode).toBe(true);
      const keys = await t.request({ method: "POST", url: "/settings/keys", body: { keys: ["maintenanceMode"] } });
      expect(keys.json()).toEqual({ maintenanceMode: true });
    });

    it.each([
      ["GET /countries/list", "GET", "/countries/list", undefined],
      ["GET /languages/list", "GET", "/languages/list", undefined],
      ["GET /user-additional", "GET", "/user-additional", undefined],
      ["POST /contact", "POST", "/contact", { name: "A", email: "a@example.com", message: "Hello there, anyone?" }],
      ["PUT /users", "PUT", "/users", { bio: "during maintenance" }],
    ] as const)("answers %s with 503 to visitors and users", async (_name, method, url, body) => {
      for (const token of [undefined, user]) {
        const res = await t.request({ method, url, token, body });
        expect(res.statusCode, `${method} ${url} token=${Boolean(token)}`).toBe(503);
        expect(res.json()).toMatchObject({ statusCode: 503, error: "Service Unavailable" });
        expect(res.json().message).toEqual(expect.any(String));
      }
    });

    it("keeps health, settings, the country check and login answering", async () => {
      expect((await t.request({ method: "GET", url: "/health" })).statusCode).toBe(200);
      expect((await t.request({ method: "GET", url: "/country-block/check" })).statusCode).toBe(200);
      const login = await t.request({
        method: "POST",
        url: "/auth/login",
        // The admin's trusted browser (the harness enrolled it in two-factor sign-in) skips the code step.
        body: { username: "admin", password: DEMO_PASSWORD, deviceToken: t.trustedDevices.get("admin") },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().token).toEqual(expect.any(String));
    });

    it("lets a logged-in user still load their own account (so the web app knows who is signed in)", async () => {
      const res = await t.request({ method: "GET", url: "/users/me", token: user });
      expect(res.statusCode).toBe(200);
    });

    it("still answers admin routes and content to admins", async () => {
      expect((await t.request({ method: "GET", url: "/admin/settings", token: admin })).statusCode).toBe(200);
      expect((await t.request({ method: "GET", url: "/admin/country-block", token: admin })).statusCode).toBe(200);
      expect((await t.request({ method: "GET", url: "/countries/list", token: admin })).statusCode).toBe(200);
      const put = await t.request({ method: "PUT", url: "/users", token: admin, body: { bio: "admin at work" } });
      expect(put.statusCode).toBe(200);
      expect(put.json().bio).toBe("admin at work");
    });

    it("does not let users reach admin routes", async () => {
      expect((await t.request({ method: "GET", url: "/admin/settings", token: user })).statusCode).toBe(403);
      expect((await t.request({ method: "GET", url: "/admin/settings" })).statusCode).toBe(401);
    });

    it("restores everything when switched off", async () => {
      expect((await setMaintenance(false)).statusCode).toBe(200);
      expect((await t.request({ method: "GET", url: "/settings/public" })).json().maintenanceMode).toBe(false);
      expect((await t.request({ method: "GET", url: "/countries/list" })).statusCode).toBe(200);
      const put = await t.request({ method: "PUT", url: "/users", token: user, body: { bio: "back again" } });
      expect(put.statusCode).toBe(200);
      expect(put.json().bio).toBe("back again");
    });
  });
});
