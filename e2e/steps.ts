import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { expect } from "vitest";
import { runTool } from "../apps/api/src/platform/media/probe.ts";
import { goto, site } from "./browser.ts";
import { totpCode } from "./two-factor.ts";

/**
 * Steps several journeys take on the real screens (issue 22's compliance journey and the journeys of its parts):
 * signing in, the ID images and a clip to upload, the password prompt, publishing a movie from the studio, the
 * report dialog and turning two-factor sign-in on.
 */

/** Signs in on the login page and waits for the home page. */
export async function logIn(page: Page, username: string, password = "marquee-demo"): Promise<void> {
  await goto(page, "/auth/login");
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(`${site().webUrl}/`);
}

export type IdImages = Record<"front" | "back" | "selfie", string>;

/** Three small PNG pictures in `dir` to upload as the front and back of an ID document and a selfie. */
export async function idImages(dir: string): Promise<IdImages> {
  const files = { front: "", back: "", selfie: "" };
  for (const [i, name] of (["front", "back", "selfie"] as const).entries()) {
    files[name] = path.join(dir, `${name}.png`);
    const png = await sharp({
      create: { width: 320, height: 200, channels: 3, background: { r: 40 * i, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    await writeFile(files[name], png);
  }
  return files;
}

/** A 3-second movie with sound in `dir`, made by ffmpeg. */
export async function movieClip(dir: string): Promise<string> {
  const clip = path.join(dir, "clip.mp4");
  await runTool(
    "ffmpeg",
    [
      ...["-y", "-loglevel", "error"],
      ...["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25"],
      ...["-f", "lavfi", "-i", "sine", "-t", "3", "-shortest"],
      clip,
    ],
    120_000,
  );
  return clip;
}

/** The password prompt before a sensitive change: it appears, takes the password and goes. */
export async function answerPasswordPrompt(page: Page, password: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
  await dialog.waitFor();
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Confirm", exact: true }).click();
  await dialog.waitFor({ state: "detached" });
}

/**
 * Studio → My movies: a new active movie titled `title` with `clip` uploaded, waiting until it is processed. The
 * editor stays open (its People tab is next for a movie with co-performers); answers it.
 */
export async function newMovie(page: Page, title: string, clip: string): Promise<Locator> {
  await goto(page, "/studio/movies");
  await page.getByRole("button", { name: "New movie" }).click();
  const drawer = page.getByRole("dialog", { name: "New movie" });
  await drawer.getByLabel("Title").fill(title);
  await drawer.getByRole("radiogroup", { name: "Status", exact: true }).getByText("Active", { exact: true }).click();
  await drawer.getByRole("button", { name: "Create movie" }).click();
  await page.getByText("Movie created").waitFor();
  const editor = page.getByRole("dialog", { name: "Edit movie" });
  await editor.getByTestId("movie-dropzone").locator("input[type=file]").setInputFiles(clip);
  await page.getByText(`${title} is ready`).waitFor({ timeout: 90_000 });
  return editor;
}

/** The movie's row in Studio → My movies. */
export function studioMovieRow(page: Page, title: string): Locator {
  return page.getByRole("table", { name: "My movies" }).getByRole("row", { name: new RegExp(title) });
}

/**
 * The Report dialog of the item page open in `page`, sent as a visitor (with `email`) for `reason` (its label);
 * answers the report's reference once the dialog shows it.
 */
export async function reportItem(page: Page, noun: string, reason: string, email: string): Promise<string> {
  await page.getByTestId("report-button").click();
  const dialog = page.getByRole("dialog", { name: `Report this ${noun}` });
  await dialog.getByLabel(reason).check();
  await dialog.getByLabel("Your email address").fill(email);
  await dialog.getByRole("button", { name: "Send report" }).click();
  const reference = (await dialog.getByTestId("report-reference").textContent()) ?? "";
  expect(reference).toMatch(/^R-[0-9A-Z]{6}$/);
  return reference;
}

/**
 * My account → Security: turns two-factor sign-in on (the password first), reading the secret shown beside the QR
 * code into an authenticator (here the same library), and saves the recovery codes. `beforeCode` runs while the QR
 * code shows. Answers the secret.
 */
export async function turnOnTwoFactor(
  page: Page,
  password: string,
  beforeCode?: (card: Locator) => Promise<void>,
): Promise<string> {
  await goto(page, "/account");
  const card = page.getByTestId("two-factor-card");
  await card.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await answerPasswordPrompt(page, password);
  await card.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
  const secret = ((await card.getByTestId("two-factor-secret").textContent()) ?? "").trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await beforeCode?.(card);
  await card.getByLabel("6-digit code").fill(totpCode(secret));
  await card.getByRole("button", { name: "Confirm and turn on" }).click();
  const codes = page.getByTestId("recovery-codes");
  await codes.getByText("Save your recovery codes now").waitFor();
  expect(await codes.locator("code").allTextContents()).toHaveLength(10);
  await codes.getByRole("button", { name: "I have saved them" }).click();
  await card.getByText("Recovery codes left: 10 of 10.").waitFor();
  return secret;
}

/** The password step of the login page, which a two-factor account follows with the code step. */
export async function passwordStep(page: Page, username: string, password: string): Promise<void> {
  await goto(page, "/auth/login");
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/**
 * Opens the header's account menu. The menu's code loads after hydration and takes the place of a stand-in button; a
 * click during that hand-over can land its press on one button and its release on the other, and so click neither.
 * This waits for the menu's own button (it says it has a menu) and clicks that.
 */
export async function openAccountMenu(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Account menu" }).and(page.locator("[aria-haspopup=menu]")).click();
}

/** Logs out from the account menu, then signs in again with the password and a code of `secret` a step ahead. */
export async function signInWithCode(page: Page, username: string, password: string, secret: string): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await page.waitForURL(`${site().webUrl}/auth/login`);
  await passwordStep(page, username, password);
  await page.getByRole("heading", { name: "Two-factor sign-in" }).waitFor();
  // The enrolment spent this step's code; an app shows the next one half a minute later (one step is accepted early).
  await page.getByLabel("Authentication code").fill(totpCode(secret, 1));
  await page.getByRole("button", { name: "Verify and log in" }).click();
  await page.waitForURL(`${site().webUrl}/`);
}

/**
 * /verification: fills the application (legal name, date of birth, country, the three ID images) and sends it.
 * Answers the form, whose field messages a caller may read.
 */
export async function sendApplication(
  page: Page,
  files: IdImages,
  fields: { legalName: string; dateOfBirth: string },
): Promise<Locator> {
  const form = page.locator("form", { has: page.getByRole("button", { name: "Send application" }) });
  await form.getByLabel("Full legal name").fill(fields.legalName);
  await form.getByLabel("Date of birth").fill(fields.dateOfBirth);
  await form.getByRole("combobox", { name: "Country" }).fill("United King");
  await page.getByRole("option", { name: "United Kingdom" }).click();
  await form.locator('input[name="documentFront"]').setInputFiles(files.front);
  await form.locator('input[name="documentBack"]').setInputFiles(files.back);
  await form.locator('input[name="selfie"]').setInputFiles(files.selfie);
  await form.getByRole("button", { name: "Send application" }).click();
  return form;
}

/**
 * Admin → Verifications: opens `username`'s application and waits until its legal name and its three images show,
 * each loaded through its short-lived link (the opening is recorded). Answers the review dialog.
 */
export async function openApplication(page: Page, username: string, legalName: string): Promise<Locator> {
  await goto(page, "/admin/verifications");
  await page.getByTestId(`verification-row-${username}`).getByRole("button", { name: "Review" }).click();
  const review = page.getByTestId("verification-review");
  await expect.poll(() => review.getByText(legalName).count()).toBe(1);
  const images = review.getByRole("img", {
    name: /^(Document, front|Document, back|Selfie with the document)$/,
  });
  await expect.poll(() => images.count()).toBe(3);
  await expect
    .poll(() => images.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  return review;
}

/**
 * Studio → Earnings: saves payout details to `holder`'s IBAN; the change asks for the password again (the prompt is
 * answered) and then goes through. Answers the payout details card.
 */
export async function changePayoutDetails(page: Page, holder: string, password: string): Promise<Locator> {
  await goto(page, "/studio/earnings");
  const payout = page.getByTestId("payout-details");
  await payout.getByRole("textbox", { name: "Account holder" }).fill(holder);
  await payout.getByRole("textbox", { name: /^IBAN and BIC/ }).fill("GB33 BUKB 2020 1555 5555 55");
  await payout.getByRole("button", { name: "Save payout details" }).click();
  await answerPasswordPrompt(page, password);
  await page.getByText("Your payout details are saved.").waitFor();
  return payout;
}
