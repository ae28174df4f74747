import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, expectAccessible, goto, launch, newPage, signUp, site } from "./browser.ts";
import { layoutProblems } from "./layout.ts";

/**
 * The admin's dashboard in Chromium (issue 24 section 6): a new member subscribes to the demo performer and tips them
 * through the sandbox gateway, and the subscription is charged back. The admin opens /admin: the month's figures
 * shown are the ledger's (the sums and counts of the rows each figure lists), the chargeback warning shows when the
 * month's chargeback ratio reaches 0.75%, a figure's link lists its rows, and the screen holds at 390 px and in
 * Spanish.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const month = () => new Date().toISOString().slice(0, 7);

/** Pays a checkout on the sandbox page through the API, as the member's click there does. */
async function approve(token: string, transactionId: string) {
  const res = await api("POST", `/payment/sandbox/${transactionId}`, { token, body: { decision: "approve" } });
  expect(res.body?.status, JSON.stringify(res.body)).toBe("paid");
}

/** "$1,234.50", "$10" (whole amounts without cents): as the site shows money in English. */
const usd = (n: number) => {
  const whole = Number.isInteger(n);
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(n);
};
const pct = (r: number) => new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 2 }).format(r);

interface Rows {
  total: number;
  amount: number | null;
  members: number | null;
}

/** The ledger's figures of the month: what the rows behind each figure add up to. */
async function ledgerFigures(admin: string) {
  const rows = async (query: Record<string, string>) =>
    (
      await api("GET", `/admin/dashboard/rows?${new URLSearchParams({ period: month(), limit: "1", ...query })}`, {
        token: admin,
      })
    ).body as Rows;
  const kinds = ["sales", "memberships", "subscriptions", "tips", "store"] as const;
  const revenue = await Promise.all(kinds.map((kind) => rows({ figure: "revenue", kind })));
  const [all, payments, refunds, chargebacks, fresh, active, churned] = await Promise.all([
    rows({ figure: "revenue" }),
    rows({ figure: "payments" }),
    rows({ figure: "refunds" }),
    rows({ figure: "chargebacks" }),
    rows({ figure: "new-members" }),
    rows({ figure: "active-members" }),
    rows({ figure: "churned-members" }),
  ]);
  const ratio = (n: number) => (payments.total ? n / payments.total : 0);
  return {
    texts: {
      ...Object.fromEntries(kinds.map((k, i) => [`revenue-${k}`, usd(revenue[i]?.amount ?? 0)])),
      "revenue-total": usd(all.amount ?? 0),
      "ratio-payments": `${payments.total} for ${usd(payments.amount ?? 0)}`,
      "ratio-refunds": pct(ratio(refunds.total)),
      "ratio-chargebacks": pct(ratio(chargebacks.total)),
      "members-new": String(fresh.total),
      "members-active": String(active.members),
      "members-churned": String(churned.members),
    } as Record<string, string>,
    chargebackRatio: ratio(chargebacks.total),
    chargebacks: chargebacks.total,
  };
}

/** What the dashboard shows for the same figures. */
async function shownFigures(page: Page, ids: string[]) {
  const shown: Record<string, string> = {};
  for (const id of ids) shown[id] = ((await page.getByTestId(id).textContent()) ?? "").replace(/\u00a0/g, " ");
  return shown;
}

describe("the admin's dashboard", () => {
  it("shows the month's figures the ledger has, warns of chargebacks, and lists the rows behind a figure", async () => {
    const admin = await apiLogin("admin");
    const performerId = (await api("GET", "/users/me", { token: await apiLogin("performer") })).body?._id as string;
    expect(performerId, "the demo performer").toBeTruthy();

    // A member subscribes to the demo performer and tips them; the subscription is charged back.
    const member = await signUp("dashfan");
    const token = await apiLogin(member.username, member.password);
    const sub = await api("POST", "/payment/subscribe", { token, body: { performerId, type: "monthly" } });
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    await approve(token, sub.body.transactionId);
    const tip = await api("POST", "/tips", { token, body: { performerId, amount: 6 } });
    expect(tip.status, JSON.stringify(tip.body)).toBe(200);
    await approve(token, tip.body.transactionId);
    const current = (await api("GET", "/subscriptions/current", { token })).body as {
      performers: { _id: string }[];
    };
    const charged = await api("POST", `/admin/subscriptions/${current.performers[0]?._id}/simulate`, {
      token: admin,
      body: { event: "chargeback" },
    });
    expect(charged.status, JSON.stringify(charged.body)).toBe(200);

    const { context, page, errors } = await newPage(browser);
    await context.addCookies([{ name: "token", value: admin, url: site().webUrl }]);
    await goto(page, "/admin");
    await page.getByTestId("dashboard").waitFor();
    // The dashboard comes first; the sections follow it.
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.getByRole("heading", { name: "Sections" }).waitFor();

    // The figures shown are the ledger's. Other suites may pay meanwhile: the page is read again until both agree.
    let ledger = await ledgerFigures(admin);
    const ids = Object.keys(ledger.texts);
    await expect
      .poll(
        async () => {
          ledger = await ledgerFigures(admin);
          await goto(page, "/admin");
          const shown = await shownFigures(page, ids);
          const after = await ledgerFigures(admin);
          // The ledger did not move while the page was read: compare with it.
          return JSON.stringify(after.texts) === JSON.stringify(ledger.texts) ? shown : { moving: true };
        },
        { timeout: 30_000, interval: 500 },
      )
      .toEqual(ledger.texts);
    expect(ledger.chargebacks).toBeGreaterThanOrEqual(1);

    // The chargeback warning shows from 0.75% of the month's payments.
    const warning = page.getByTestId("chargeback-warning");
    if (ledger.chargebackRatio >= 0.0075) {
      await warning.waitFor();
      expect(await warning.textContent()).toContain(
        `Chargebacks are at ${pct(ledger.chargebackRatio)} of paymentsCard schemes act on a chargeback ratio near 1%: this dashboard warns from 0.75%.`,
      );
    } else {
      expect(await warning.count()).toBe(0);
    }

    await expectAccessible(page, "the dashboard");

    // The chart is drawn on the server with a summary and a table for screen readers.
    const chart = page.getByTestId("revenue-chart");
    expect(await chart.locator("svg[role=img]").getAttribute("aria-label")).toMatch(/^Revenue by day, /);
    expect(await chart.locator("caption").textContent()).toBe("Revenue by day");
    expect(await chart.getByTestId("revenue-bar").count()).toBe(
      new Date(Date.UTC(Number(month().slice(0, 4)), Number(month().slice(5)), 0)).getUTCDate(),
    );

    // A figure's link lists its rows: the chargebacks, the member's among them.
    await page.getByRole("link", { name: "Rows behind Chargeback ratio" }).click();
    await page.waitForURL(/\/admin\/dashboard\/rows\?period=\d{4}-\d{2}&figure=chargebacks$/);
    await page.getByTestId("rows-figure").getByText("Chargebacks made in the period").waitFor();
    expect(await page.getByTestId("figure-row").count()).toBe(ledger.chargebacks);
    await page.getByTestId("figure-row").filter({ hasText: "Chargeback" }).first().waitFor();

    // Another month is picked in the URL.
    await goto(page, "/admin?period=2020-01");
    expect((await page.getByTestId("revenue-total").textContent())?.trim()).toBe("$0");
    expect(await page.getByTestId("chargeback-warning").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();

    // At 390 px wide, and in Spanish.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: "es-ES",
    });
    await phone.addCookies([
      { name: "token", value: admin, url: site().webUrl },
      { name: "device", value: site().adminDevice, url: site().webUrl },
      { name: "lang", value: "es", url: site().webUrl },
    ]);
    const small = await phone.newPage();
    await goto(small, `${site().webUrl}/admin`);
    await small.getByTestId("dashboard").waitFor();
    await small.getByRole("heading", { name: "Ingresos", exact: true }).waitFor();
    expect(await small.getByTestId("revenue-chart").locator("caption").textContent()).toBe("Ingresos por día");
    expect(await layoutProblems(small, 390)).toEqual([]);
    await expectAccessible(small, "the dashboard at 390 px in Spanish");
    await phone.close();
  });
});
