import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/harness.ts";

/**
 * Every admin route that changes something records it in the audit trail. A new admin route fails this test
 * until it is listed here with the action it records (and records it), or exempted with the reason.
 */
const RECORDED: Record<string, string> = {
  "PUT /admin/settings/:key": "settings.update",
  "POST /admin/settings/:key/upload": "settings.update",
  "PUT /admin/users/:id": "users.update",
  "POST /users/:id/avatar/upload": "users.avatar",
  "POST /admin/country-block": "country-block.add",
  "DELETE /admin/country-block/:countryCode": "country-block.remove",
  "POST /admin/posts": "posts.create",
  "PUT /admin/posts/:id": "posts.update",
  "DELETE /admin/posts/:id": "posts.delete",
  "POST /admin/posts/:id/image/upload": "posts.image",
  "POST /admin/banners": "banners.create",
  "PUT /admin/banners/:id": "banners.update",
  "DELETE /admin/banners/:id": "banners.delete",
  "POST /admin/banners/:id/image/upload": "banners.image",
  "POST /admin/categories": "categories.create",
  "PUT /admin/categories/:id": "categories.update",
  "DELETE /admin/categories/:id": "categories.delete",
  "POST /admin/comments/:id/hide": "comments.hide",
  "POST /admin/comments/:id/unhide": "comments.unhide",
  "POST /admin/comments/:id/dismiss-reports": "comments.dismiss-reports",
  "POST /admin/coupons": "coupons.create",
  "POST /admin/taxes": "taxes.rate-create",
  "PUT /admin/taxes/:id": "taxes.rate-update",
  "DELETE /admin/taxes/:id": "taxes.rate-delete",
  "PUT /admin/coupons/:id": "coupons.update",
  "POST /admin/transactions/:id/refund": "payments.refund",
  "POST /admin/payment-events/:id/handle": "payments.event-handled",
  "POST /admin/payouts": "payouts.pay",
  "POST /admin/payout-requests/:id/approve": "payouts.approve-request",
  "POST /admin/payout-requests/:id/paid": "payouts.pay-request",
  "POST /admin/payout-requests/:id/refuse": "payouts.refuse-request",
  "PUT /admin/performers/:id/commission": "performers.commission",
  "POST /admin/performers": "performers.create",
  "PUT /admin/performers/:id": "performers.update",
  "POST /admin/performers/:id/cover/upload": "performers.cover",
  "POST /admin/packages": "packages.create",
  "PUT /admin/packages/:id": "packages.update",
  "POST /admin/packages/:id/offers": "offers.create",
  "PUT /admin/offers/:id": "offers.update",
  "POST /admin/subscriptions/grant": "subscriptions.grant",
  "POST /admin/subscriptions/:id/revoke": "subscriptions.revoke",
  "POST /admin/subscriptions/:id/simulate": "subscriptions.simulate",
  "POST /admin/system/jobs/:queue/:id/retry": "system.job-retry",
  "PUT /admin/assets/:kind/:id": "catalogue.update",
  "POST /admin/assets/:kind/:id/take-down": "catalogue.take-down",
  "DELETE /admin/assets/:kind/:id/take-down": "catalogue.restore",
  "POST /admin/review/:kind/:id/approve": "review.approve",
  "POST /admin/review/:kind/:id/refuse": "review.refuse",
  "POST /admin/reports/:id/take-down": "report.take-down",
  "POST /admin/reports/:id/dismiss": "report.dismiss",
  "POST /admin/reports/:id/ask": "report.ask-performer",
  "POST /admin/verifications": "verification.file-for",
  "POST /admin/verifications/:id/approve": "verification.approve",
  "POST /admin/verifications/:id/refuse": "verification.refuse",
  "POST /admin/performers/:id/verification/request-again": "verification.request-again",
};

/** Admin routes that change something and record nothing, each with the reason. */
const EXEMPT: Record<string, string> = {};

const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function sources(): Promise<string> {
  const out: string[] = [];
  for (const entry of await readdir(modulesDir, { recursive: true })) {
    const file = String(entry);
    if (file.endsWith(".ts") && !file.endsWith(".test.ts"))
      out.push(await readFile(path.join(modulesDir, file), "utf8"));
  }
  return out.join("\n");
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("the audit trail covers every admin action", () => {
  it("lists every admin route that changes something as recorded or exempt, and nothing else", () => {
    const mutating = t.app.declaredRoutes
      .filter((r) => r.access === "admin" && !["GET", "HEAD", "OPTIONS"].includes(r.method))
      .map((r) => `${r.method} ${r.url}`);
    expect(mutating.length).toBeGreaterThan(30);
    const unlisted = mutating.filter((key) => !(key in RECORDED) && !(key in EXEMPT));
    expect(unlisted, "admin routes that change something and are not audited").toEqual([]);
    // A route that went away leaves no stale entry behind.
    const stale = [...Object.keys(RECORDED), ...Object.keys(EXEMPT)].filter((key) => !mutating.includes(key));
    expect(stale).toEqual([]);
  });

  it("records in the services, never in a route after the change", async () => {
    // A route that recorded after its service's change could lose the record (a crash between them) or leave the
    // change unrecorded (a failed record): the services record in the change's own transaction.
    const routes: string[] = [];
    for (const entry of await readdir(modulesDir, { recursive: true })) {
      const file = String(entry);
      if (!/routes\.ts$/.test(file)) continue;
      if ((await readFile(path.join(modulesDir, file), "utf8")).includes("recordAudit(")) routes.push(file);
    }
    expect(routes).toEqual([]);
  });

  it("has each recorded action in the code that records it", async () => {
    const code = await sources();
    const missing = Object.values(RECORDED).filter((action) => {
      const [area] = action.split(".");
      return !code.includes(`"${action}"`) && !code.includes(`action: \`${area}.\${`);
    });
    expect(missing).toEqual([]);
  });
});
