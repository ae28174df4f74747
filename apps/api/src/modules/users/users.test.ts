import { randomBytes } from "node:crypto";
import { stat } from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestContext,
  DEMO_PASSWORD,
  expectBadRequest,
  lastLinkTo,
  type TestContext,
  tokenOf,
} from "../../../test/harness.ts";
import { hashToken } from "../../platform/tokens.ts";
import { EMAIL_CHANGE_LIMIT } from "../auth/email-change.ts";
import { emailTokens } from "../auth/tables.ts";

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login("admin");
});
afterAll(() => t.close());

const PASSWORD = "users-test-password";
const UNKNOWN_UUID = "01890000-0000-7000-8000-000000000000";

let seq = 0;
/** A client address of its own (the API trusts loopback's X-Forwarded-For), so per-address limits stay clear. */
const freshIp = () => `10.30.${Math.floor(seq / 250)}.${(seq % 250) + 1}`;

/** Registers an account no other test uses, verifies it through the mailed link, and logs it in. */
async function account(prefix: string) {
  seq += 1;
  const username = `${prefix}_${seq}`;
  const email = `${username}@example.test`;
  const reg = await t.request({
    method: "POST",
    url: "/auth/users/register",
    body: { username, email, password: PASSWORD, name: `Name ${prefix} ${seq}` },
    headers: { "x-forwarded-for": freshIp() },
  });
  expect(reg.statusCode).toBe(201);
  const verify = await t.request({
    method: "POST",
    url: "/auth/email-verification",
    body: { token: tokenOf(lastLinkTo(t.mailer, email)) },
  });
  expect(verify.statusCode).toBe(200);
  const token = await t.login(username, PASSWORD);
  const id = (await t.request({ method: "GET", url: "/users/me", token })).json()._id as string;
  return { username, email, token, id };
}

function expectNoSecrets(res: LightMyRequestResponse) {
  expect(res.body).not.toMatch(/password/i);
  expect(res.body).not.toMatch(/\$argon2/);
}

const me = (token: string) => t.request({ method: "GET", url: "/users/me", token });
const updateProfile = (token: string | undefined, body: unknown) =>
  t.request({ method: "PUT", url: "/users", token, body });
const adminUpdate = (id: string, body: unknown, token = admin) =>
  t.request({ method: "PUT", url: `/admin/users/${id}`, token, body });

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, as a browser would send it. */
function multipart(parts: Part[]) {
  const boundary = `----marquee${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ""}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const png = (width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 60 } } })
    .png()
    .toBuffer();

function upload(url: string, token: string | undefined, parts: Part[]) {
  const { body, headers } = multipart(parts);
  return t.request({ method: "POST", url, token, body, headers });
}

const imagePart = async (): Promise<Part> => ({
  name: "file",
  filename: "me.png",
  contentType: "image/png",
  data: await png(),
});

/** `/api/files/avatars/...` -> the path served by the API and the storage key behind it. */
function locate(url: string) {
  expect(url.startsWith("/api/files/")).toBe(true);
  return { path: url, key: `public/${url.slice("/api/files/".length)}` };
}

describe("GET /users/me", () => {
  it("answers the signed-in user's own account, without any password hash", async () => {
    const token = await t.login("member");
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      username: "member",
      name: "Morgan Member",
      email: "member@marquee.local",
      role: "user",
      status: "active",
      verifiedEmail: true,
      avatar: null,
    });
    expectNoSecrets(res);
  });

  it("accepts the bare token as well as a Bearer header", async () => {
    const token = await t.login("performer");
    const res = await t.request({ method: "GET", url: "/users/me", headers: { authorization: token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: "performer", role: "performer" });
  });

  it("refuses visitors and bad tokens with a 401 error body", async () => {
    for (const token of [undefined, "short", "z".repeat(43), "x".repeat(500)]) {
      const res = await t.request({ method: "GET", url: "/users/me", token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, error: "Unauthorized", message: expect.any(String) });
    }
  });
});

describe("PUT /users", () => {
  it("updates the user's own profile and keeps it", async () => {
    const a = await account("profile");
    const patch = {
      name: "  New Name ",
      bio: "I like films.",
      country: "GB",
      gender: "non-binary",
      phone: "020 7946 0000",
      phoneCode: "+44",
    };
    const res = await updateProfile(a.token, patch);
    expect(res.statusCode).toBe(200);
    const expected = { ...patch, name: "New Name", username: a.username, email: a.email, verifiedEmail: true };
    expect(res.json()).toMatchObject(expected);
    expectNoSecrets(res);
    expect((await me(a.token)).json()).toMatchObject(expected);
  });

  it("clears optional fields with null and changes nothing for an empty body", async () => {
    const a = await account("clear");
    await updateProfile(a.token, { bio: "temporary", country: "US" });
    const cleared = await updateProfile(a.token, { bio: null, country: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ bio: null, country: null });
    const empty = await updateProfile(a.token, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ username: a.username, email: a.email, bio: null });
  });

  it("renames the account, in lower case, and the public profile follows", async () => {
    const a = await account("rename");
    const newName = `renamed_${a.username}`;
    const res = await updateProfile(a.token, { username: newName.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(newName);
    expect((await t.request({ method: "GET", url: `/users/view/${newName}` })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `/users/view/${a.username}` })).statusCode).toBe(404);
    expect((await updateProfile(a.token, { username: newName })).statusCode).toBe(200);
  });

  it("answers 409 naming the field when the username belongs to someone else", async () => {
    const a = await account("taken");
    const name = await updateProfile(a.token, { username: "performer" });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toMatchObject({ error: "Conflict", details: [{ path: "body.username" }] });
    expect((await me(a.token)).json()).toMatchObject({ username: a.username, email: a.email });
  });
  it("keeps the email verified when the same address is sent again", async () => {
    const a = await account("sameemail");
    const before = t.mailer.outbox.length;
    const res = await updateProfile(a.token, { email: a.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().verifiedEmail).toBe(true);
    expect(t.mailer.outbox.length).toBe(before);
  });

  it.each([
    ["a lower-case country", { country: "gb" }, "body.country"],
    ["a three-letter country", { country: "GBR" }, "body.country"],
    ["a phone with letters", { phone: "call me" }, "body.phone"],
    ["a phone too long", { phone: "1".repeat(21) }, "body.phone"],
    ["a dial code without +", { phoneCode: "44" }, "body.phoneCode"],
    ["an unknown gender", { gender: "robot" }, "body.gender"],
    ["an empty name", { name: "" }, "body.name"],
    ["a name too long", { name: "n".repeat(81) }, "body.name"],
    ["a bio too long", { bio: "b".repeat(2001) }, "body.bio"],
    ["a username of the wrong type", { username: 42 }, "body.username"],
    ["a username with forbidden characters", { username: "no spaces" }, "body.username"],
    ["an invalid email", { email: "nope" }, "body.email"],
    ["an empty current password", { email: "new@example.test", currentPassword: "" }, "body.currentPassword"],
    [
      "a current password too long",
      { email: "new@example.test", currentPassword: "c".repeat(129) },
      "body.currentPassword",
    ],
    [
      "a current password of the wrong type",
      { email: "new@example.test", currentPassword: 1234 },
      "body.currentPassword",
    ],
    ["an attempt to become admin", { role: "admin" }, "body.role"],
    ["an attempt to verify one's own email", { verifiedEmail: true }, "body.verifiedEmail"],
    ["an attempt to reactivate oneself", { status: "active" }, "body.status"],
  ])("refuses %s with 400 naming the field", async (_what, body, path) => {
    const token = await t.login("user");
    expectBadRequest(await updateProfile(token, body), path);
    expect((await me(token)).json()).toMatchObject({ role: "user", name: "Uma User", country: null });
  });

  it("refuses a body that is not an object with 400", async () => {
    const token = await t.login("user");
    expectBadRequest(await updateProfile(token, ["name"]), "body");
  });

  it("refuses visitors with 401", async () => {
    const res = await updateProfile(undefined, { name: "Visitor" });
    expect(res.statusCode).toBe(401);
  });
});

describe("changing the email address", () => {
  const mailsTo = (to: string) => t.mailer.outbox.filter((m) => m.to === to);
  const confirm = (token: unknown) => t.request({ method: "POST", url: "/auth/email-change/confirm", body: { token } });
  const login = (username: string, password = PASSWORD) =>
    t.request({
      method: "POST",
      url: "/auth/login",
      body: { username, password },
      headers: { "x-forwarded-for": freshIp() },
    });

  it("needs the current password: missing is 400, wrong is 422, both naming currentPassword, and nothing is sent", async () => {
    const a = await account("emailnopw");
    const before = t.mailer.outbox.length;
    const missing = await updateProfile(a.token, { email: "thief-missing@example.test", name: "Changed" });
    expectBadRequest(missing, "body.currentPassword");
    const wrong = await updateProfile(a.token, {
      email: "thief-wrong@example.test",
      currentPassword: "not-the-password",
      name: "Changed",
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().details).toEqual([{ path: "body.currentPassword", message: expect.any(String) }]);
    expect(t.mailer.outbox.length).toBe(before);
    expect((await me(a.token)).json()).toMatchObject({ email: a.email, name: expect.not.stringMatching("Changed") });
  });

  it("keeps the old address until the link mailed to the new one is followed, and tells the old address", async () => {
    const a = await account("emailmove");
    const newEmail = `moved_${seq}@example.test`;
    const res = await updateProfile(a.token, { email: newEmail.toUpperCase(), currentPassword: PASSWORD, bio: "hi" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: a.email, verifiedEmail: true, pendingEmail: newEmail, bio: "hi" });
    expect((await me(a.token)).json()).toMatchObject({ email: a.email, pendingEmail: newEmail });
    // The old address still logs in; the new one does not yet.
    expect((await login(a.email)).statusCode).toBe(200);
    expect((await login(newEmail)).statusCode).toBe(422);

    const told = mailsTo(a.email).at(-1);
    expect(told?.subject).toMatch(/change of your .* email was requested/i);
    expect(told?.text).toContain(newEmail);
    const link = lastLinkTo(t.mailer, newEmail);
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/confirm-email\?token=/);

    const ok = await confirm(tokenOf(link));
    expect(ok.statusCode).toBe(200);
    expect((await me(a.token)).json()).toMatchObject({ email: newEmail, verifiedEmail: true, pendingEmail: null });
    expect((await login(newEmail)).statusCode).toBe(200);
    expect((await login(a.email)).statusCode).toBe(422);
    // The link works once.
    const again = await confirm(tokenOf(link));
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toMatch(/invalid or has expired/i);
  });

  it("answers the same for an address another account has, which it never gets", async () => {
    const a = await account("emailsteal");
    const free = await account("emailfree");
    const freeAddress = `unused_${seq}@example.test`;
    const toTaken = await updateProfile(a.token, { email: "performer@marquee.local", currentPassword: PASSWORD });
    const toFree = await updateProfile(free.token, { email: freeAddress, currentPassword: PASSWORD });
    expect(toTaken.statusCode).toBe(toFree.statusCode);
    expect(Object.keys(toTaken.json()).sort()).toEqual(Object.keys(toFree.json()).sort());
    expect(toTaken.json()).toMatchObject({ email: a.email, pendingEmail: "performer@marquee.local" });
    expect(toFree.json()).toMatchObject({ email: free.email, pendingEmail: freeAddress });
    // Both old addresses are told alike; the owner of the taken one hears someone tried, and gets no link to follow.
    expect(mailsTo(a.email).at(-1)?.subject).toBe(mailsTo(free.email).at(-1)?.subject);
    const warning = mailsTo("performer@marquee.local").at(-1);
    expect(warning?.subject).toMatch(/someone tried to use your email/i);
    expect(warning?.links?.some((l) => l.includes("confirm-email"))).toBe(false);
    expect((await login("performer", "marquee-demo")).statusCode).toBe(200);
  });

  it("refuses with 409 a link whose address was taken by another account in the meantime", async () => {
    const a = await account("emailrace");
    const wanted = `raced_${seq}@example.test`;
    await updateProfile(a.token, { email: wanted, currentPassword: PASSWORD });
    const link = lastLinkTo(t.mailer, wanted);
    const reg = await t.request({
      method: "POST",
      url: "/auth/users/register",
      body: { username: `racer_${seq}`, email: wanted, password: PASSWORD, name: "Racer" },
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(reg.statusCode).toBe(201);
    const res = await confirm(tokenOf(link));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "Conflict", details: [{ path: "body.token" }] });
    expect((await me(a.token)).json()).toMatchObject({ email: a.email });
  });

  it("lets only the newest request complete, and drops it when the password is reset", async () => {
    const a = await account("emailnewest");
    await updateProfile(a.token, { email: `first_${seq}@example.test`, currentPassword: PASSWORD });
    const first = lastLinkTo(t.mailer, `first_${seq}@example.test`);
    await updateProfile(a.token, { email: `second_${seq}@example.test`, currentPassword: PASSWORD });
    const second = lastLinkTo(t.mailer, `second_${seq}@example.test`);
    expect((await confirm(tokenOf(first))).statusCode).toBe(422);
    expect((await me(a.token)).json().pendingEmail).toBe(`second_${seq}@example.test`);

    await t.request({ method: "POST", url: "/auth/users/forgot", body: { email: a.email } });
    await t.jobs.idle();
    const reset = await t.request({
      method: "POST",
      url: "/auth/users/reset",
      body: { token: tokenOf(lastLinkTo(t.mailer, a.email)), password: "recovered-password" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await confirm(tokenOf(second))).statusCode).toBe(422);
    expect((await login(a.email, "recovered-password")).statusCode).toBe(200);
  });

  it("drops a pending change, and a pending reset link, when the password is changed", async () => {
    const a = await account("emailchpw");
    const wanted = `stolen_${seq}@example.test`;
    // Someone who knew the password asks to move the account, and for a reset link (mailed to the owner).
    await updateProfile(a.token, { email: wanted, currentPassword: PASSWORD });
    const change = tokenOf(lastLinkTo(t.mailer, wanted));
    await t.request({ method: "POST", url: "/auth/users/forgot", body: { email: a.email } });
    await t.jobs.idle();
    const reset = tokenOf(lastLinkTo(t.mailer, a.email));

    const changed = await t.request({
      method: "PUT",
      url: "/auth/users/me/password",
      token: a.token,
      body: { currentPassword: PASSWORD, password: "owner-new-password" },
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(a.token)).json()).toMatchObject({ email: a.email, pendingEmail: null });
    const refused = await confirm(change);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/invalid or has expired/i);
    expect((await me(a.token)).json().email).toBe(a.email);
    const resetRefused = await t.request({
      method: "POST",
      url: "/auth/users/reset",
      body: { token: reset, password: "thief-password" },
    });
    expect(resetRefused.statusCode).toBe(422);
    expect((await login(a.email, "owner-new-password")).statusCode).toBe(200);
  });

  it("stops links mailed to the old address from acting on the account once the new one is confirmed", async () => {
    const a = await account("emailoldlinks");
    await t.request({ method: "POST", url: "/auth/users/forgot", body: { email: a.email } });
    await t.jobs.idle();
    const oldReset = tokenOf(lastLinkTo(t.mailer, a.email));
    const newEmail = `fresh_${seq}@example.test`;
    await updateProfile(a.token, { email: newEmail, currentPassword: PASSWORD });
    expect((await confirm(tokenOf(lastLinkTo(t.mailer, newEmail)))).statusCode).toBe(200);
    const res = await t.request({
      method: "POST",
      url: "/auth/users/reset",
      body: { token: oldReset, password: "old-address-pw" },
    });
    expect(res.statusCode).toBe(422);
  });

  it("refuses an expired link with 422", async () => {
    const a = await account("emailexpired");
    const wanted = `late_${seq}@example.test`;
    await updateProfile(a.token, { email: wanted, currentPassword: PASSWORD });
    const token = tokenOf(lastLinkTo(t.mailer, wanted));
    await t.database.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    expect((await confirm(token)).statusCode).toBe(422);
    expect((await me(a.token)).json()).toMatchObject({ email: a.email, pendingEmail: null });
  });

  it(`answers 429 after ${EMAIL_CHANGE_LIMIT} email changes in an hour`, async () => {
    const a = await account("emailflood");
    for (let i = 0; i < EMAIL_CHANGE_LIMIT; i++) {
      const res = await updateProfile(a.token, { email: `flood_${seq}_${i}@example.test`, currentPassword: PASSWORD });
      expect(res.statusCode).toBe(200);
    }
    const res = await updateProfile(a.token, { email: `flood_${seq}_x@example.test`, currentPassword: PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(mailsTo(`flood_${seq}_x@example.test`)).toHaveLength(0);
  });

  it("refuses a token that is not a change-email link with 422", async () => {
    const a = await account("emailwrongpurpose");
    await t.request({ method: "POST", url: "/auth/users/forgot", body: { email: a.email } });
    await t.jobs.idle();
    expect((await confirm(tokenOf(lastLinkTo(t.mailer, a.email)))).statusCode).toBe(422);
    expect((await confirm("an-unknown-token-of-some-length")).statusCode).toBe(422);
  });

  it.each([
    ["a missing token", {}, "body.token"],
    ["a token too short", { token: "abc" }, "body.token"],
    ["a token too long", { token: "x".repeat(201) }, "body.token"],
    ["a token of the wrong type", { token: { $ne: null } }, "body.token"],
    ["an unknown field", { token: "x".repeat(40), email: "me@example.test" }, "body.email"],
  ])("POST /auth/email-change/confirm refuses %s with 400", async (_what, body, path) => {
    expectBadRequest(await t.request({ method: "POST", url: "/auth/email-change/confirm", body }), path);
  });
});

describe("GET /users/search", () => {
  const search = (query: Record<string, string>, token: string | null = admin) =>
    t.request({ method: "GET", url: "/users/search", token: token ?? undefined, query });

  it("is for admins only", async () => {
    expect((await search({}, null)).statusCode).toBe(401);
    const user = await search({}, await t.login("user"));
    expect(user.statusCode).toBe(403);
    expect(user.json()).toMatchObject({ statusCode: 403, error: "Forbidden" });
    expect((await search({}, await t.login("performer"))).statusCode).toBe(403);
    const res = await search({});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.data.length).toBe(Math.min(12, body.total));
    expect(body.data[0]).toHaveProperty("email");
    expectNoSecrets(res);
  });

  it("finds users by username, email or name with q, treating % and _ literally", async () => {
    const byName = await search({ q: "morgan" });
    expect(byName.json().data.map((u: { username: string }) => u.username)).toEqual(["member"]);
    const byEmail = await search({ q: "performer@marquee" });
    expect(byEmail.json()).toMatchObject({ total: 1, data: [{ username: "performer" }] });
    expect((await search({ q: "%" })).json().total).toBe(0);
    expect((await search({ q: "no-such-person" })).json()).toEqual({ data: [], total: 0 });
  });

  it("filters by role and status", async () => {
    const performers = (await search({ role: "performer", limit: "100" })).json();
    expect(performers.total).toBeGreaterThanOrEqual(1);
    expect(performers.data.every((u: { role: string }) => u.role === "performer")).toBe(true);
    const gone = await account("searchinactive");
    await adminUpdate(gone.id, { status: "inactive" });
    const inactive = (await search({ status: "inactive", limit: "100" })).json();
    expect(inactive.data.map((u: { _id: string }) => u._id)).toContain(gone.id);
    expect(inactive.data.every((u: { status: string }) => u.status === "inactive")).toBe(true);
    const active = (await search({ status: "active", q: gone.username })).json();
    expect(active.total).toBe(0);
  });

  it("pages with limit and offset and sorts by a whitelisted column", async () => {
    const all = (await search({ sortBy: "username", sort: "asc", limit: "100" })).json();
    const names = all.data.map((u: { username: string }) => u.username);
    expect(names).toEqual([...names].sort());
    const page1 = (await search({ sortBy: "username", sort: "asc", limit: "2" })).json();
    const page2 = (await search({ sortBy: "username", sort: "asc", limit: "2", offset: "2" })).json();
    expect(page1.total).toBe(all.total);
    expect(page1.data.map((u: { username: string }) => u.username)).toEqual(names.slice(0, 2));
    expect(page2.data.map((u: { username: string }) => u.username)).toEqual(names.slice(2, 4));
    const desc = (await search({ sortBy: "username", sort: "desc", limit: "1" })).json();
    expect(desc.data[0].username).toBe(names.at(-1));
  });

  it.each([
    ["limit 0", { limit: "0" }, "querystring.limit"],
    ["limit above 100", { limit: "101" }, "querystring.limit"],
    ["a non-numeric limit", { limit: "ten" }, "querystring.limit"],
    ["a negative offset", { offset: "-1" }, "querystring.offset"],
    ["a column outside the whitelist", { sortBy: "passwordHash" }, "querystring.sortBy"],
    ["an unknown sort direction", { sort: "sideways" }, "querystring.sort"],
    ["an unknown role", { role: "superuser" }, "querystring.role"],
    ["an unknown status", { status: "banned" }, "querystring.status"],
    ["a q too long", { q: "q".repeat(201) }, "querystring.q"],
    ["an unknown parameter", { email: "admin@marquee.local" }, "querystring.email"],
  ])("refuses %s with 400", async (_what, query, path) => {
    expectBadRequest(await search(query), path);
  });
});

describe("GET /users/view/{id}", () => {
  it("shows the public profile by id or by username, without private fields", async () => {
    const a = await account("view");
    const byId = await t.request({ method: "GET", url: `/users/view/${a.id}` });
    expect(byId.statusCode).toBe(200);
    const profile = byId.json();
    expect(profile).toMatchObject({ _id: a.id, username: a.username, role: "user" });
    for (const field of ["email", "status", "verifiedEmail", "phone", "phoneCode", "gender", "passwordHash"]) {
      expect(profile).not.toHaveProperty(field);
    }
    expect(byId.body).not.toContain(a.email);
    expectNoSecrets(byId);
    const byName = await t.request({ method: "GET", url: `/users/view/${a.username.toUpperCase()}` });
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual(profile);
  });

  it("answers 404 for unknown users and deactivated ones", async () => {
    for (const id of ["nobody_at_all", UNKNOWN_UUID]) {
      const res = await t.request({ method: "GET", url: `/users/view/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, error: "Not Found", message: "User not found" });
    }
    const gone = await account("viewinactive");
    await adminUpdate(gone.id, { status: "inactive" });
    expect((await t.request({ method: "GET", url: `/users/view/${gone.id}` })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: `/users/view/${gone.username}` })).statusCode).toBe(404);
  });

  it("never fails with a 5xx on odd ids", async () => {
    for (const id of ["%27%20OR%201%3D1", "a".repeat(90), "%F0%9F%8E%AC", "..%2F..%2Fetc"]) {
      const res = await t.request({ method: "GET", url: `/users/view/${id}` });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe("POST /users/avatar/upload", () => {
  it("re-encodes the picture into square webp variants served under /files", async () => {
    const a = await account("avatar");
    const res = await upload("/users/avatar/upload", a.token, [await imagePart()]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Root-relative on the site's own origin: it loads whatever host name the site was opened by.
    expect(body.avatar).toMatch(/^\/api\/files\/avatars\/.+-256\.webp$/);
    expect(body.avatarSrcSet).toMatch(/-64\.webp 64w, .+-256\.webp 256w, .+-512\.webp 512w$/);
    const { path, key } = locate(body.avatar);
    expect((await stat(t.app.services.storage.diskPath(key)!)).size).toBeGreaterThan(0);
    const file = await t.request({ method: "GET", url: path });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect((await me(a.token)).json().avatar).toBe(body.avatar);
    const pub = await t.request({ method: "GET", url: `/users/view/${a.id}` });
    expect(pub.json().avatar).toBe(body.avatar);
  });

  it("replaces the previous avatar and removes its files", async () => {
    const a = await account("avatar2");
    const first = (await upload("/users/avatar/upload", a.token, [await imagePart()])).json().avatar as string;
    const second = await upload("/users/avatar/upload", a.token, [await imagePart()]);
    expect(second.statusCode).toBe(200);
    expect(second.json().avatar).not.toBe(first);
    expect((await t.request({ method: "GET", url: locate(first).path })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: locate(second.json().avatar).path })).statusCode).toBe(200);
  });

  it("refuses a text file named .png with 422 and a clear message", async () => {
    const a = await account("avatarfake");
    const res = await upload("/users/avatar/upload", a.token, [
      { name: "file", filename: "photo.png", contentType: "image/png", data: "this is not a picture at all\n" },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: "Unprocessable Entity",
      message: expect.stringMatching(/not an image/i),
      details: [{ path: "file" }],
    });
    expect((await me(a.token)).json().avatar).toBeNull();
  });

  it("refuses an image format it does not accept with 422", async () => {
    const a = await account("avatarsvg");
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    const res = await upload("/users/avatar/upload", a.token, [
      { name: "file", filename: "a.svg", contentType: "image/svg+xml", data: svg },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/not supported|not an image/i);
  });

  it("refuses a file over the size limit with 413", async () => {
    const a = await account("avatarbig");
    const res = await upload("/users/avatar/upload", a.token, [
      { name: "file", filename: "big.png", contentType: "image/png", data: Buffer.alloc(8 * 1024 * 1024 + 1, 1) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: "Payload Too Large", message: expect.stringMatching(/8 MB/) });
    expect((await me(a.token)).json().avatar).toBeNull();
  });

  it("refuses a request without a file with 400 naming the field", async () => {
    const token = await t.login("user");
    expectBadRequest(await upload("/users/avatar/upload", token, [{ name: "note", data: "hello" }]), "file");
    expectBadRequest(
      await upload("/users/avatar/upload", token, [
        { name: "picture", filename: "me.png", contentType: "image/png", data: await png() },
      ]),
      "file",
    );
    expectBadRequest(
      await upload("/users/avatar/upload", token, [{ name: "file", filename: "empty.png", data: Buffer.alloc(0) }]),
      "file",
    );
    expectBadRequest(
      await t.request({ method: "POST", url: "/users/avatar/upload", token, body: { file: "data:image/png" } }),
      "file",
    );
  });

  it("refuses visitors with 401", async () => {
    const res = await upload("/users/avatar/upload", undefined, [await imagePart()]);
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /users/{id}/avatar/upload", () => {
  it("lets an admin set another user's avatar", async () => {
    const a = await account("adminavatar");
    const res = await upload(`/users/${a.id}/avatar/upload`, admin, [await imagePart()]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: a.id, avatar: expect.stringMatching(/-256\.webp$/) });
    expect((await me(a.token)).json().avatar).toBe(res.json().avatar);
    expect((await me(admin)).json().avatar).toBeNull();
  });

  it("is for admins only", async () => {
    const a = await account("adminavatarvictim");
    const other = await account("adminavatarattacker");
    const forbidden = await upload(`/users/${a.id}/avatar/upload`, other.token, [await imagePart()]);
    expect(forbidden.statusCode).toBe(403);
    expect((await upload(`/users/${a.id}/avatar/upload`, undefined, [await imagePart()])).statusCode).toBe(401);
    expect((await me(a.token)).json().avatar).toBeNull();
  });

  it("answers 400 for an id that is not a uuid and 404 for an unknown one", async () => {
    expectBadRequest(await upload("/users/member/avatar/upload", admin, [await imagePart()]), "params.id");
    const res = await upload(`/users/${UNKNOWN_UUID}/avatar/upload`, admin, [await imagePart()]);
    expect(res.statusCode).toBe(404);
  });
});

describe("PUT /admin/users/{id}", () => {
  it("lets an admin change role and email verification", async () => {
    const a = await account("promote");
    const res = await adminUpdate(a.id, { role: "performer", verifiedEmail: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: a.id, role: "performer", verifiedEmail: false, status: "active" });
    expectNoSecrets(res);
    expect((await me(a.token)).json()).toMatchObject({ role: "performer", verifiedEmail: false });
  });

  it("deactivating a user ends their sessions and blocks login until reactivated", async () => {
    const a = await account("deactivate");
    const res = await adminUpdate(a.id, { status: "inactive" });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("inactive");
    expect((await me(a.token)).statusCode).toBe(401);
    const login = await t.request({
      method: "POST",
      url: "/auth/login",
      body: { username: a.username, password: PASSWORD },
    });
    expect(login.statusCode).toBe(422);
    expect(login.json().message).toMatch(/deactivated/i);
    expect((await adminUpdate(a.id, { status: "active" })).statusCode).toBe(200);
    // Sessions revoked by the deactivation stay revoked.
    expect((await me(a.token)).statusCode).toBe(401);
    expect(await t.login(a.username, PASSWORD)).toEqual(expect.any(String));
  });

  it("is for admins only", async () => {
    const a = await account("selfpromote");
    const self = await adminUpdate(a.id, { role: "admin" }, a.token);
    expect(self.statusCode).toBe(403);
    const member = (await t.request({ method: "GET", url: "/users/view/member" })).json()._id as string;
    expect((await adminUpdate(member, { status: "inactive" }, a.token)).statusCode).toBe(403);
    expect((await adminUpdate(member, { status: "inactive" }, await t.login("performer"))).statusCode).toBe(403);
    expect(
      (await t.request({ method: "PUT", url: `/admin/users/${member}`, body: { status: "inactive" } })).statusCode,
    ).toBe(401);
    expect((await me(a.token)).json().role).toBe("user");
    expect(await t.login("member", DEMO_PASSWORD)).toEqual(expect.any(String));
  });

  it.each([
    ["an empty body", {}, "body"],
    ["an unknown role", { role: "owner" }, "body.role"],
    ["an unknown status", { status: "banned" }, "body.status"],
    ["verifiedEmail of the wrong type", { verifiedEmail: "yes" }, "body.verifiedEmail"],
    ["an unknown field", { passwordHash: "x" }, "body.passwordHash"],
  ])("refuses %s with 400", async (_what, body, path) => {
    const userId = (await t.request({ method: "GET", url: "/users/view/user" })).json()._id as string;
    expectBadRequest(await adminUpdate(userId, body), path);
  });

  it("refuses to let an admin demote or deactivate themself", async () => {
    const adminId = (await me(admin)).json()._id as string;
    const demote = await adminUpdate(adminId, { role: "user" });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().details[0].path).toBe("body.role");
    expect((await adminUpdate(adminId, { status: "inactive" })).statusCode).toBe(422);
    expect((await me(admin)).json()).toMatchObject({ role: "admin", status: "active" });
  });

  it("answers 400 for an id that is not a uuid and 404 for an unknown one", async () => {
    expectBadRequest(await adminUpdate("user", { role: "admin" }), "params.id");
    const res = await adminUpdate(UNKNOWN_UUID, { role: "admin" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("User not found");
  });
});

describe("the member's language", () => {
  it("is kept on the account, cleared back to the browser's with null, and refused when the site does not speak it", async () => {
    const { token } = await account("lang");
    expect((await me(token)).json().locale).toBeNull();

    const set = await updateProfile(token, { locale: "es" });
    expect(set.statusCode).toBe(200);
    expect(set.json().locale).toBe("es");
    expect((await me(token)).json().locale).toBe("es");

    const unknown = await updateProfile(token, { locale: "xx" });
    expectBadRequest(unknown, "body.locale");
    expect(JSON.stringify(unknown.json())).toContain("Choose one of: en, es");
    expect((await me(token)).json().locale).toBe("es");

    const cleared = await updateProfile(token, { locale: null });
    expect(cleared.json().locale).toBeNull();
  });
});
