import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, detailPaths, newAccount, type TestContext } from "../../../test/harness.ts";
import { multipart, type Part, pngOf } from "../../../test/multipart.ts";
import { auditLog } from "../audit/tables.ts";
import { users } from "../users/tables.ts";
import { coPerformerReleases, performerApplications } from "./tables.ts";

let t: TestContext;
let admin: string;
let images: Record<"documentFront" | "documentBack" | "selfie", Buffer>;

const LEGAL = "Jacqueline Secretname";
const adultDob = "1990-04-12";

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login("admin");
  images = {
    documentFront: await pngOf(60, 40, { r: 10, g: 120, b: 200 }),
    documentBack: await pngOf(60, 40, { r: 200, g: 120, b: 10 }),
    selfie: await pngOf(40, 60, { r: 90, g: 90, b: 90 }),
  };
});
afterAll(() => t.close());

function form(fields: Record<string, string>, files: Partial<Record<string, Buffer>>) {
  const parts: Part[] = Object.entries(fields).map(([name, data]) => ({ name, data }));
  for (const [name, data] of Object.entries(files))
    if (data) parts.push({ name, data, filename: `${name}.png`, contentType: "image/png" });
  return multipart(parts);
}

const post = (url: string, token: string, body: ReturnType<typeof form>) =>
  t.app.inject({
    method: "POST",
    url,
    payload: body.body,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });

const apply = (token: string, fields: Record<string, string> = {}, files: Partial<Record<string, Buffer>> = images) =>
  post(
    "/verification/applications",
    token,
    form({ legalName: LEGAL, dateOfBirth: adultDob, country: "GB", ...fields }, files),
  );

const get = (url: string, token?: string) => t.request({ method: "GET", url, token });
const approve = (id: string, token = admin) =>
  t.request({ method: "POST", url: `/admin/verifications/${id}/approve`, token });

/** The two ID images of a release. */
const idOnly = () => ({ documentFront: images.documentFront, documentBack: images.documentBack });

/** A date of birth `years` years ago, plus `days` days. */
function bornYearsAgo(years: number, days = 0) {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe("applying", () => {
  it("refuses someone under 18 with a field error, and a form without its images", async () => {
    const user = await newAccount(t, "user");
    const young = await apply(user.token, { dateOfBirth: bornYearsAgo(18, 1) });
    expect(young.statusCode).toBe(400);
    expect(detailPaths(young)).toContain("body.dateOfBirth");
    expect(young.json().message).toContain("Must be at least 18 years old");

    const missing = await apply(user.token, {}, { documentFront: images.documentFront });
    expect(missing.statusCode).toBe(400);
    expect(detailPaths(missing)).toEqual(expect.arrayContaining(["documentBack", "selfie"]));

    const notImage = await apply(user.token, {}, { ...images, selfie: Buffer.from("not a picture at all") });
    expect(notImage.statusCode).toBe(422);
    expect(detailPaths(notImage)).toContain("selfie");

    // Exactly 18 today is old enough.
    const eighteen = await apply(user.token, { dateOfBirth: bornYearsAgo(18) });
    expect(eighteen.statusCode, eighteen.body).toBe(201);
  });

  it("keeps the ID images private: under a private prefix, not served publicly, not to other users", async () => {
    const user = await newAccount(t, "user");
    const res = await apply(user.token);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(performerApplications)
      .where(eq(performerApplications.userId, user.id));
    const key = row?.documentFrontKey as string;
    expect(key).toMatch(/^private\/verification\//);
    // The public file route serves only the public prefix; nothing of the key is reachable through it.
    for (const url of [`/files/${key.replace(/^private\//, "")}`, `/files/../${key}`, `/files/${key}`])
      expect((await get(url)).statusCode).toBe(404);

    // Nobody but an admin reads an application, nor lists them.
    const other = await newAccount(t, "user");
    const performer = await t.login("performer");
    for (const token of [other.token, performer, user.token]) {
      expect((await get(`/admin/verifications/${row?.id}`, token)).statusCode).toBe(403);
      expect((await get("/admin/verifications", token)).statusCode).toBe(403);
    }
    // A user's own verification is their own: another user sees only theirs (none).
    const theirs = (await get("/verification", other.token)).json();
    expect(theirs).toMatchObject({ status: "none", application: null });
    expect(JSON.stringify(theirs)).not.toContain(LEGAL);
    const mine = (await get("/verification", user.token)).json();
    expect(mine).toMatchObject({ status: "pending", application: { legalName: LEGAL, country: "GB" } });

    // A second application while one waits is refused.
    expect((await apply(user.token)).statusCode).toBe(409);
  });
});

describe("reviewing", () => {
  it("an admin sees the images through links that last minutes, recorded; approving makes the user a performer", async () => {
    const user = await newAccount(t, "user");
    const id = (await apply(user.token)).json()._id as string;

    const queue = (await get("/admin/verifications", admin)).json();
    expect(queue.data.map((a: { _id: string }) => a._id)).toContain(id);

    const detail = await get(`/admin/verifications/${id}`, admin);
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json();
    expect(body).toMatchObject({ legalName: LEGAL, dateOfBirth: adultDob, status: "pending", source: "applicant" });
    expect(body.images.map((i: { name: string }) => i.name)).toEqual(["documentFront", "documentBack", "selfie"]);
    for (const image of body.images) {
      const ttl = new Date(image.expiresAt).getTime() - Date.now();
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(300_000);
      const file = await t.app.inject({ method: "GET", url: image.url.replace(/^\/api/, "") });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toContain("image/jpeg");
    }

    const res = await approve(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: "approved", status: "approved" });
    const [account] = await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
    expect(account?.role).toBe("performer");
    const own = (await get("/verification", user.token)).json();
    expect(own.status).toBe("approved");
    // The site's default: twelve months.
    const months = (new Date(own.expiresAt).getTime() - Date.now()) / (30.44 * 86_400_000);
    expect(months).toBeGreaterThan(11.5);
    expect(months).toBeLessThan(12.5);
    expect(t.mailer.outbox.find((m) => m.to === `${user.username}@example.test`)?.text).toContain(
      "Your performer verification was approved",
    );
    // Decided once.
    expect((await approve(id)).statusCode).toBe(409);
    // The viewing and the decision are on the audit trail, with who did it.
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, id));
    expect(trail.map((r) => r.action).sort()).toEqual(["verification.approve", "verification.view-document"]);
  });

  it("a refusal carries the reason the applicant sees, in their status, a notification and a mail", async () => {
    const user = await newAccount(t, "user");
    const id = (await apply(user.token)).json()._id as string;
    const noReason = await t.request({
      method: "POST",
      url: `/admin/verifications/${id}/refuse`,
      token: admin,
      body: {},
    });
    expect(noReason.statusCode).toBe(400);
    expect(detailPaths(noReason)).toContain("body.reason");
    const reason = "The selfie does not show the document clearly.";
    const res = await t.request({
      method: "POST",
      url: `/admin/verifications/${id}/refuse`,
      token: admin,
      body: { reason },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get("/verification", user.token)).json()).toMatchObject({ status: "refused", refusalReason: reason });
    await t.app.services.notifications.settled();
    const notes = (await get("/notifications", user.token)).json();
    expect(JSON.stringify(notes)).toContain(`Your performer verification was refused: ${reason}`);
    expect(t.mailer.outbox.find((m) => m.to === `${user.username}@example.test`)?.text).toContain(reason);
    // They may apply again.
    expect((await apply(user.token)).statusCode).toBe(201);
  });

  it("nobody reviews their own application, and only admins review", async () => {
    const selfAdmin = await newAccount(t, "admin");
    const id = (await apply(selfAdmin.token)).json()._id as string;
    expect((await approve(id, selfAdmin.token)).statusCode).toBe(403);
    const performer = await newAccount(t, "performer");
    const theirs = await newAccount(t, "user");
    const other = (await apply(theirs.token)).json()._id as string;
    expect((await approve(other, performer.token)).statusCode).toBe(403);
    expect((await approve(other, theirs.token)).statusCode).toBe(403);
    expect((await approve(id)).statusCode).toBe(200);
  });
});

describe("what waits for verification", () => {
  it("an added performer publishes nothing and is paid nothing until an application is approved", async () => {
    const user = await newAccount(t, "user");
    expect(
      (await t.request({ method: "POST", url: "/admin/performers", token: admin, body: { userId: user.id } }))
        .statusCode,
    ).toBe(201);
    const token = await t.login(user.username);
    const refused = await movie(token, { status: "active" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      `This movie cannot be published yet: Name ${user.username} is not a verified performer and has no release on record for this movie.`,
    );
    const draft = await movie(token, { status: "draft" });
    expect(draft.statusCode, draft.body).toBe(201);
    const publish = () =>
      t.request({
        method: "PUT",
        url: `/performer/assets/videos/${draft.json()._id}`,
        token,
        body: { status: "active" },
      });
    expect((await publish()).statusCode).toBe(422);
    const product = await t.request({
      method: "POST",
      url: "/performer/assets/products",
      token,
      body: { title: "Poster", type: "physical", price: 10, stock: 3, status: "active" },
    });
    expect(product.statusCode).toBe(422);
    expect(product.json().message).toContain("is not a verified performer");
    const payout = await t.request({
      method: "POST",
      url: "/admin/payouts",
      token: admin,
      body: { performerId: user.id },
    });
    expect(payout.statusCode).toBe(422);
    expect(payout.json().message).toContain("This performer is not verified");

    // The admin files the application for them, with the documents; another decision approves it.
    const filed = await post(
      "/admin/verifications",
      admin,
      form({ userId: user.id, legalName: "Added Person", dateOfBirth: adultDob, country: "FR" }, images),
    );
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json()).toMatchObject({ source: "admin", state: "pending" });
    expect((await approve(filed.json()._id)).statusCode).toBe(200);
    expect((await publish()).statusCode).toBe(200);
  });

  it("an expired or renewal-requested verification stops publishing until a new approval", async () => {
    const user = await newAccount(t, "user");
    const id = (await apply(user.token)).json()._id as string;
    await approve(id);
    const token = await t.login(user.username);
    expect((await movie(token, { status: "active" })).statusCode).toBe(201);

    await t.database.db
      .update(performerApplications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(performerApplications.id, id));
    expect((await get("/verification", token)).json().status).toBe("expired");
    expect((await movie(token, { status: "active" })).statusCode).toBe(422);

    // Re-applying and approval restore it; then an admin asks again.
    const again = (await apply(token)).json()._id as string;
    await approve(again);
    expect((await movie(token, { status: "active" })).statusCode).toBe(201);
    const asked = await t.request({
      method: "POST",
      url: `/admin/performers/${user.id}/verification/request-again`,
      token: admin,
      body: { reason: "Your document has expired." },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await get("/verification", token)).json()).toMatchObject({ status: "expired", renewalRequested: true });
    expect((await movie(token, { status: "active" })).statusCode).toBe(422);
  });
});

describe("co-performers", () => {
  it("a performer who is not verified needs a release before the gallery is published; only its owner and admins see it", async () => {
    const owner = await newAccount(t, "performer");
    const guest = await newAccount(t, "user");
    await t.request({ method: "POST", url: "/admin/performers", token: admin, body: { userId: guest.id } });
    const created = await t.request({
      method: "POST",
      url: "/performer/assets/galleries",
      token: owner.token,
      body: { title: "Duo", performerIds: [owner.id, guest.id], status: "draft" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const gid = created.json()._id as string;
    const publish = () =>
      t.request({
        method: "PUT",
        url: `/performer/assets/galleries/${gid}`,
        token: owner.token,
        body: { status: "active" },
      });
    const blocked = await publish();
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().message).toBe(
      `This gallery cannot be published yet: Name ${guest.username} is not a verified performer and has no release on record for this gallery.`,
    );

    const people = (await get(`/performer/people/gallery/${gid}`, owner.token)).json();
    expect(people.data).toHaveLength(2);
    expect(people.data[1]).toMatchObject({ performerId: guest.id, verified: false, release: null });

    const releaseUrl = `/performer/people/gallery/${gid}/releases`;
    const unsigned = await post(
      releaseUrl,
      owner.token,
      form({ performerId: guest.id, legalName: "Guest Legalname", dateOfBirth: adultDob }, idOnly()),
    );
    expect(unsigned.statusCode).toBe(400);
    expect(detailPaths(unsigned)).toContain("consentPdf");
    const underage = await post(
      releaseUrl,
      owner.token,
      form({ performerId: guest.id, legalName: "Guest Legalname", dateOfBirth: bornYearsAgo(17) }, idOnly()),
    );
    expect(detailPaths(underage)).toContain("body.dateOfBirth");

    const signed = await post(
      releaseUrl,
      owner.token,
      form(
        {
          performerId: guest.id,
          legalName: "Guest Legalname",
          dateOfBirth: adultDob,
          consentName: "Guest Legalname",
          consentAgreed: "true",
        },
        idOnly(),
      ),
    );
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json().blockers).toEqual([]);
    const release = signed.json().data[1].release;
    expect(release).toMatchObject({ consent: "signed", signedName: "Guest Legalname", legalName: "Guest Legalname" });

    // Someone without an account, with a signed PDF.
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const other = await post(
      releaseUrl,
      owner.token,
      form(
        { displayName: "Sam Visitor", legalName: "Samuel Visitor", dateOfBirth: adultDob },
        { documentFront: images.documentFront, documentBack: images.documentBack, consentPdf: pdf },
      ),
    );
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().data[2]).toMatchObject({ performerId: null, name: "Sam Visitor", release: { consent: "pdf" } });

    expect((await publish()).statusCode).toBe(200);

    // Releases are the owner's and the admins' only: the co-performer and others get 403.
    const filesUrl = `/performer/people/gallery/${gid}/releases/${release._id}/files`;
    const stranger = await newAccount(t, "performer");
    expect((await get(filesUrl, stranger.token)).statusCode).toBe(403);
    expect((await get(`/performer/people/gallery/${gid}`, stranger.token)).statusCode).toBe(403);
    expect((await get(filesUrl, guest.token)).statusCode).toBe(403);
    const links = (await get(filesUrl, owner.token)).json();
    expect(links.data.map((l: { name: string }) => l.name)).toEqual(["documentFront", "documentBack"]);
    expect((await get(filesUrl, admin)).statusCode).toBe(200);
    // Admin looks at a release's documents are on the audit trail.
    const looked = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, release._id));
    expect(looked.map((r) => r.action)).toEqual(["verification.view-release"]);

    // Deleting the gallery deletes its releases and their files.
    const gone = await t.request({ method: "DELETE", url: `/performer/assets/galleries/${gid}`, token: owner.token });
    expect(gone.statusCode).toBeLessThan(300);
    expect(await t.database.db.select().from(coPerformerReleases).where(eq(coPerformerReleases.itemId, gid))).toEqual(
      [],
    );
  });
});

describe("the legal identity is never public", () => {
  it("is absent from the performer's profile, the directory, search and the catalogue", async () => {
    const user = await newAccount(t, "user");
    const legal = "Zelda Hiddenlegal";
    const id = (await apply(user.token, { legalName: legal })).json()._id as string;
    await approve(id);
    const token = await t.login(user.username);
    expect((await movie(token, { status: "active", title: "Public movie" })).statusCode).toBe(201);
    const answers = await Promise.all([
      get(`/performers/${user.username}`),
      get(`/performers/${user.id}`),
      get(`/performers/search?q=${user.username}`),
      get("/performers/search?q=Zelda"),
      get("/user/assets/videos/search?q=Public"),
      get(`/search/total?q=${user.username}`),
      get(`/performers/${user.username}`, token),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(legal);
      expect(res.body).not.toContain("Hiddenlegal");
      expect(res.body).not.toContain(adultDob);
    }
    expect(answers[0]?.json().username).toBe(user.username);
  });
});

function movie(token: string, body: object) {
  return t.request({ method: "POST", url: "/performer/assets/videos", token, body: { title: "Gate test", ...body } });
}
