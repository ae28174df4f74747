import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/harness.ts";
import { ensureLegalPages } from "./legal.ts";
import { posts } from "./tables.ts";

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login("admin");
});
afterAll(() => t.close());

const LEGAL = {
  terms: "Terms of service",
  privacy: "Privacy policy",
  "2257": "18 U.S.C. 2257 record-keeping requirements compliance statement",
  dmca: "DMCA and copyright policy",
  refunds: "Refunds and complaints",
};

const view = (slug: string) => t.request({ method: "GET", url: `/posts/${slug}` });

describe("the legal pages", () => {
  it("are on a fresh site as published templates anyone can read", async () => {
    for (const [slug, title] of Object.entries(LEGAL)) {
      const res = await view(slug);
      expect(res.statusCode, slug).toBe(200);
      expect(res.json()).toMatchObject({ slug, title, type: "page", status: "published", template: true });
      expect(res.json().content, slug).toContain("[");
    }
    expect((await view("2257")).json().content).toContain("Custodian of Records");
    expect((await view("dmca")).json().content).toContain("counter-notice");
  });

  it("stay templates until an admin edits their words", async () => {
    const { _id } = (await view("privacy")).json();
    const unpublish = await t.request({
      method: "PUT",
      url: `/admin/posts/${_id}`,
      token: admin,
      body: { status: "draft" },
    });
    expect(unpublish.json().template).toBe(true);
    const sameWords = await t.request({
      method: "PUT",
      url: `/admin/posts/${_id}`,
      token: admin,
      body: { status: "published", title: LEGAL.privacy },
    });
    expect(sameWords.json().template).toBe(true);
    const edited = await t.request({
      method: "PUT",
      url: `/admin/posts/${_id}`,
      token: admin,
      body: { content: "Example Ltd keeps your email address to run your account." },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().template).toBe(false);
    expect((await view("privacy")).json()).toMatchObject({ template: false, status: "published" });
  });

  it("come back at the next start when one is deleted, and leave the existing ones as they are", async () => {
    const terms = (await view("terms")).json();
    const gone = await t.request({ method: "DELETE", url: `/admin/posts/${terms._id}`, token: admin });
    expect(gone.statusCode).toBe(204);
    expect((await view("terms")).statusCode).toBe(404);
    expect(await ensureLegalPages(t.database.db)).toBe(1);
    expect(await ensureLegalPages(t.database.db)).toBe(0);
    expect((await view("terms")).json()).toMatchObject({ title: LEGAL.terms, template: true });
    const [privacy] = await t.database.db.select().from(posts).where(eq(posts.slug, "privacy"));
    expect(privacy?.template).toBe(false);
    expect(privacy?.content).toBe("Example Ltd keeps your email address to run your account.");
  });
});
