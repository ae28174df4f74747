import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, goto, launch, newPage, signUp, site } from "./browser.ts";
import {
  changePayoutDetails,
  type IdImages,
  idImages,
  logIn,
  movieClip,
  newMovie,
  openAccountMenu,
  openApplication,
  reportItem,
  sendApplication,
  signInWithCode,
  studioMovieRow,
  turnOnTwoFactor,
} from "./steps.ts";

/**
 * Issue 22's journey, all on the real screens: a new user becomes a verified performer (ID images, the admin's
 * approval), publishes a movie with a co-performer who has no account here under a release signed in the browser,
 * the admin reviews the movie with that release and approves it; a visitor reports it as made without their consent
 * and it is hidden at once; the admin takes it down; the audit trail shows each step; the performer turns two-factor
 * sign-in on, and changing payout details asks for the code at sign-in and the password again.
 */

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");
const stamp = Date.now() % 1_000_000;
const TITLE = `Compliance journey ${stamp}`;
const PASSWORD = "journey-password-1";
const LEGAL_NAME = "Dana Realname Journey";
const CO_PERFORMER = "Robin Costar";
const CO_LEGAL_NAME = "Robin Example Costar";
const REPORTER = `costar-${stamp}@example.com`;
const REASON = `Robin's consent was withdrawn ${stamp}`;

let browser: Browser;
let work: string;
let images: IdImages;
let clip: string;
let admin: string;
let movieId: string | undefined;

/**
 * The site's review mode, set as Admin → Settings → Content review does. The API that holds movies for review reads
 * it afresh after a change, so the next publication follows it.
 */
async function setReviewMode(value: "all" | "none") {
  const res = await api("PUT", "/admin/settings/reviewMode", { token: admin, body: { value } });
  if (res.status !== 200) throw new Error(`reviewMode ${value}: ${res.status} ${JSON.stringify(res.body)}`);
}

beforeAll(async () => {
  browser = await launch();
  await mkdir(shots, { recursive: true });
  work = await mkdtemp(path.join(tmpdir(), "marquee-compliance-"));
  [images, clip, admin] = await Promise.all([idImages(work), movieClip(work), apiLogin("admin")]);
  // The site's default, which the other journeys' set-up turned off (e2e/global-setup.ts).
  await setReviewMode("all");
});

afterAll(async () => {
  if (admin) await setReviewMode("none");
  if (movieId && admin) await api("DELETE", `/performer/assets/videos/${movieId}`, { token: admin });
  await browser?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("issue 22: from applying to perform to a take-down, with the audit trail and two-factor", () => {
  it("verifies a performer, reviews their movie with a co-performer's release, hides and takes it down on a report, records every step, and guards payout details", {
    timeout: 420_000,
  }, async () => {
    // 1. A new user applies with ID images; the admin approves in the verification queue.
    const { username } = await signUp("journey", { password: PASSWORD, name: "Dana Stage" });
    const user = await newPage(browser);
    await logIn(user.page, username, PASSWORD);
    await openAccountMenu(user.page);
    await user.page.getByRole("menuitem", { name: "Become a performer" }).click();
    await user.page.waitForURL(`${site().webUrl}/verification`);
    await sendApplication(user.page, images, { legalName: LEGAL_NAME, dateOfBirth: "1991-02-03" });
    await expect.poll(() => user.page.getByTestId("verification-status").textContent()).toBe("Pending review");

    const desk = await newPage(browser);
    await logIn(desk.page, "admin");
    const application = await openApplication(desk.page, username, LEGAL_NAME);
    await application.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => desk.page.getByTestId(`verification-row-${username}`).count()).toBe(0);
    await goto(user.page, "/studio/verification");
    await expect.poll(() => user.page.getByTestId("verification-status").textContent()).toBe("Verified");

    // 2. A movie with a co-performer who has no account here, under a release with ID images signed in the browser.
    const editor = await newMovie(user.page, TITLE, clip);
    await editor.getByRole("tab", { name: "People" }).click();
    const people = editor.getByTestId("appearing-people");
    const release = people.getByRole("region", { name: "Add a release" });
    await release.getByLabel("Name shown in the studio").fill(CO_PERFORMER);
    await release.getByRole("textbox", { name: "Full legal name", exact: true }).fill(CO_LEGAL_NAME);
    await release.getByLabel("Date of birth").fill("1990-05-06");
    await release.locator('input[name="documentFront"]').setInputFiles(images.front);
    await release.locator('input[name="documentBack"]').setInputFiles(images.back);
    await release.getByLabel("Type the full legal name to sign").fill(CO_LEGAL_NAME);
    await release.getByLabel("I agree to this consent and release").check();
    await release.getByRole("button", { name: "Save release" }).click();
    await user.page.getByText("The release is on record.").waitFor();
    await expect
      .poll(() => people.getByText(`Release: signed here by ${CO_LEGAL_NAME}`, { exact: false }).count())
      .toBe(1);
    await expect.poll(() => people.getByText("Release on record", { exact: true }).count()).toBe(1);
    await user.page.screenshot({ path: path.join(shots, "compliance-release.png"), fullPage: true });
    await user.page.keyboard.press("Escape");
    const row = studioMovieRow(user.page, TITLE);
    await expect.poll(() => row.getByTestId("moderation").textContent()).toBe("In review");

    // The admin reviews it with the co-performer's release and ID documents beside the movie, and approves it.
    await goto(desk.page, "/admin/review");
    await desk.page.getByTestId("review-row").filter({ hasText: TITLE }).click();
    const panel = desk.page.getByTestId("review-panel");
    await panel.getByRole("heading", { name: TITLE }).waitFor();
    const costar = panel.getByRole("region", { name: CO_PERFORMER });
    await costar.getByText("Release on record", { exact: true }).waitFor();
    await costar.getByText(`Legal name: ${CO_LEGAL_NAME} · Date of birth: 1990-05-06`).waitFor();
    await costar.getByRole("button", { name: `Show the ID documents of ${CO_PERFORMER}` }).click();
    const documents = costar.getByRole("img", { name: /^ID document, (front|back)$/ });
    await expect.poll(() => documents.count()).toBe(2);
    await expect
      .poll(() => documents.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
    const link = (await panel.getByRole("link", { name: "Open its page" }).getAttribute("href")) ?? "";
    movieId = link.split("/").pop();
    await desk.page.screenshot({ path: path.join(shots, "compliance-review.png"), fullPage: true });
    await panel.getByRole("button", { name: "Approve" }).click();
    await desk.page.getByText(`“${TITLE}” is out.`).waitFor();

    const visitor = await newPage(browser);
    await goto(visitor.page, `/movies/${movieId}`);
    await visitor.page.getByRole("heading", { name: TITLE, level: 1 }).waitFor();

    // 3. A visitor reports it as made without their consent: it is hidden at once.
    const reference = await reportItem(visitor.page, "movie", "I appear in this without my consent", REPORTER);
    await visitor.page.getByText("The movie is hidden from the site while we review it.").waitFor();
    expect(visitor.errors).toEqual([]);
    // Visitors' pages are shared for WEB_MICROCACHE_MS (2 s): the page read just before the report may answer once more.
    await expect.poll(async () => (await visitor.page.goto(`/movies/${movieId}`))?.status()).toBe(404);

    // 4. The admin takes it down from the reports queue.
    await goto(desk.page, "/admin/reports");
    const card = desk.page.getByTestId(`report-${reference}`);
    await card.getByText("Hidden pending review").waitFor();
    await card.getByRole("button", { name: "Take down" }).click();
    const takeDown = desk.page.getByRole("dialog", { name: "Take the item down" });
    await takeDown.getByLabel(/Reason/).fill(REASON);
    await takeDown.getByRole("button", { name: "Take down" }).click();
    await expect.poll(() => desk.page.getByTestId(`report-${reference}`).count()).toBe(0);
    await goto(desk.page, "/admin/reports?status=resolved");
    await expect.poll(async () => (await card.getByTestId("report-outcome").textContent()) ?? "").toBe("Taken down");

    // The audit trail has each of the admin's steps, newest first, the movie's with its id.
    await goto(desk.page, "/admin/audit");
    await desk.page.getByLabel("Who").fill("admin");
    await desk.page.getByRole("button", { name: "Filter" }).click();
    await desk.page.waitForURL(/\/admin\/audit\?actor=admin/);
    // Each row: its action, then what it acted on (the report, the movie, the release, the application).
    const newest = () =>
      desk.page
        .getByTestId("audit-entry")
        .evaluateAll((rows) =>
          rows
            .slice(0, 6)
            .map((row) => `${row.querySelector("[data-testid=audit-action]")?.textContent} ${row.textContent}`),
        );
    // The badge says exactly the action; the row's text goes on with the subject's kind and id.
    const entry = (action: string, subject: string) => {
      const exact = action.replaceAll(".", "\\.");
      return expect.stringMatching(new RegExp(`^${exact} ${exact}${subject}`));
    };
    try {
      await expect
        .poll(newest)
        .toEqual([
          entry("report.take-down", "report"),
          entry("catalogue.take-down", `video${movieId}`),
          entry("review.approve", `video${movieId}`),
          entry("verification.view-release", "co-performer-release"),
          entry("verification.approve", "performer-application"),
          entry("verification.view-document", "performer-application"),
        ]);
    } finally {
      await desk.page.screenshot({ path: path.join(shots, "compliance-audit.png"), fullPage: true });
    }
    expect(desk.errors).toEqual([]);
    await desk.context.close();

    // 5. Payout details need two-factor sign-in: the performer turns it on, sign-in then asks for a code, and the
    // change asks for the password again.
    await goto(user.page, "/studio/earnings");
    const payout = user.page.getByTestId("payout-details");
    await payout.getByText("to add or change your payout details and to be paid.").waitFor();
    expect(await payout.getByRole("button", { name: "Save payout details" }).isDisabled()).toBe(true);
    const secret = await turnOnTwoFactor(user.page, PASSWORD);
    await signInWithCode(user.page, username, PASSWORD, secret);
    await changePayoutDetails(user.page, LEGAL_NAME, PASSWORD);
    await goto(user.page, "/studio/earnings");
    expect(await payout.getByRole("textbox", { name: "Account holder" }).inputValue()).toBe(LEGAL_NAME);
    // The two refusals that opened the password prompts (403 ReauthenticationRequired) are the only errors.
    expect(user.errors).toEqual([
      "console: Failed to load resource: the server responded with a status of 403 (Forbidden)",
      "console: Failed to load resource: the server responded with a status of 403 (Forbidden)",
    ]);
    await user.context.close();
    await visitor.context.close();
  });
});
