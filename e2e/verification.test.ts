import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, goto, launch, newPage, signUp, site } from "./browser.ts";
import { layoutProblems } from "./layout.ts";
import { type IdImages, idImages, logIn, openAccountMenu, openApplication, sendApplication } from "./steps.ts";

/**
 * Becoming a performer: a new user finds "Become a performer" in their account menu, applies with their ID images,
 * an admin reviews the images in the queue and approves, and the user now has the studio with their status.
 */

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");
let browser: Browser;
let work: string;
let files: IdImages;

beforeAll(async () => {
  browser = await launch();
  await mkdir(shots, { recursive: true });
  work = await mkdtemp(path.join(tmpdir(), "marquee-verification-"));
  files = await idImages(work);
});

afterAll(async () => {
  await browser?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** A page at phone width has nothing wider than the screen. */
async function checkPhone(page: Page, url: string, name: string, ready: (p: Page) => Promise<void>) {
  await page.setViewportSize({ width: 390, height: 844 });
  await goto(page, url);
  await ready(page);
  expect(await layoutProblems(page, 390)).toEqual([]);
  await page.screenshot({ path: path.join(shots, `verification-${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe("becoming a verified performer", () => {
  it("a new user applies with ID images, the admin approves in the queue, and the user has the studio", {
    timeout: 240_000,
  }, async () => {
    const { username, password } = await signUp("applicant", { password: "applicant-password-1", name: "Ada Stage" });

    const user = await newPage(browser);
    await logIn(user.page, username, password);
    await openAccountMenu(user.page);
    await user.page.getByRole("menuitem", { name: "Become a performer" }).click();
    await user.page.waitForURL(`${site().webUrl}/verification`);
    await expect.poll(() => user.page.getByTestId("verification-status").textContent()).toBe("Not verified");

    // Under 18: the form says so and sends nothing.
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    const form = await sendApplication(user.page, files, {
      legalName: "Ada Lovelace Realname",
      dateOfBirth: young.toISOString().slice(0, 10),
    });
    await expect.poll(() => form.getByText("You must be at least 18 years old").count()).toBe(1);

    await form.getByLabel("Date of birth").fill("1992-03-04");
    await user.page.screenshot({ path: path.join(shots, "verification-apply-1280.png"), fullPage: true });
    await form.getByRole("button", { name: "Send application" }).click();
    await expect.poll(() => user.page.getByTestId("verification-status").textContent()).toBe("Pending review");
    await expectAccessible(user.page, "the verification page");

    // The admin reviews it in the queue, with the images, and approves.
    const admin = await newPage(browser);
    await logIn(admin.page, "admin", "marquee-demo");
    const review = await openApplication(admin.page, username, "Ada Lovelace Realname");
    await admin.page.screenshot({ path: path.join(shots, "verification-review-1280.png") });
    await review.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => admin.page.getByTestId(`verification-row-${username}`).count()).toBe(0);
    await checkPhone(admin.page, "/admin/verifications?state=approved", "admin-queue", async (p) => {
      await p.getByTestId(`verification-row-${username}`).waitFor();
    });

    // The user is a performer now: the studio, with their verification.
    await goto(user.page, "/studio/verification");
    await expect.poll(() => user.page.getByTestId("verification-status").textContent()).toBe("Verified");
    await expect.poll(() => user.page.getByText(/You are verified until/).count()).toBe(1);
    await user.page.screenshot({ path: path.join(shots, "verification-studio-1280.png"), fullPage: true });
    await checkPhone(user.page, "/studio/verification", "studio", async (p) => {
      await p.getByTestId("verification-status").waitFor();
    });
    // The legal name is nowhere on their public profile.
    const profile = await fetch(`${site().webUrl}/performers/${username}`);
    expect(profile.status).toBe(200);
    expect(await profile.text()).not.toContain("Realname");
    expect(user.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });

  it("an admin adding a performer files their application, which waits in the same queue", {
    timeout: 240_000,
  }, async () => {
    const { username } = await signUp("added", { name: "Added Stage" });
    const admin = await newPage(browser);
    await logIn(admin.page, "admin", "marquee-demo");
    await goto(admin.page, "/admin/performers");
    const pickAccount = async () => {
      const account = admin.page.getByRole("combobox", { name: "Account" });
      await account.fill(username);
      await admin.page.getByRole("option", { name: new RegExp(`@${username}`) }).click();
    };
    await pickAccount();
    const standing = admin.page.getByTestId("add-performer-verification");
    await standing
      .getByText("They have no verified identity. Until an application with their ID documents is approved")
      .waitFor();
    await standing.getByRole("button", { name: "File their application" }).click();

    const dialog = admin.page.getByRole("dialog", { name: "Verification application" });
    await dialog.getByRole("heading", { name: "File the application for Added Stage" }).waitFor();
    await dialog.getByLabel("Full legal name").fill("Added Realname");
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    await dialog.getByLabel("Date of birth").fill(young.toISOString().slice(0, 10));
    await dialog.getByRole("combobox", { name: "Country" }).fill("Fran");
    await admin.page.getByRole("option", { name: "France" }).click();
    await dialog.locator('input[name="documentFront"]').setInputFiles(files.front);
    await dialog.locator('input[name="documentBack"]').setInputFiles(files.back);
    await dialog.locator('input[name="selfie"]').setInputFiles(files.selfie);
    await dialog.getByRole("button", { name: "File application" }).click();
    await expect.poll(() => dialog.getByText("They must be at least 18 years old").count()).toBe(1);
    await dialog.getByLabel("Date of birth").fill("1991-06-07");
    await dialog.getByRole("button", { name: "File application" }).click();

    // Filed: the admin is taken to it in the review queue, opened, marked as filed by an admin.
    await admin.page.getByText("The application for Added Stage is waiting for review.").waitFor();
    await admin.page.waitForURL(/\/admin\/verifications\?review=/);
    const review = admin.page.getByTestId("verification-review");
    await expect.poll(() => review.getByText("Added Realname").count()).toBe(1);
    for (const name of ["Document, front", "Document, back", "Selfie with the document"])
      await review.getByRole("img", { name, exact: true }).waitFor();
    await admin.page.screenshot({ path: path.join(shots, "verification-filed-by-admin-1280.png") });
    await admin.page.keyboard.press("Escape");
    await admin.page.getByTestId(`verification-row-${username}`).getByText("· filed by an admin").waitFor();

    // Adding them again leads to the application waiting.
    await goto(admin.page, "/admin/performers");
    await pickAccount();
    await standing.getByText("An application from Added Stage is waiting for review.").waitFor();
    await standing.getByRole("link", { name: "Review their application" }).click();
    await expect.poll(() => review.getByText("Added Realname").count()).toBe(1);
    await review.getByRole("button", { name: "Approve" }).click();
    await admin.page.getByText("Added Stage was approved.").waitFor();
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });
});
