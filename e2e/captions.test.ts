import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, expectAccessible, goto, launch, newPage } from "./browser.ts";
import { logIn } from "./steps.ts";

/**
 * Captions (issue 23 section 1): the demo performer uploads a WebVTT file for one of their movies in the studio, and
 * a viewer's player has it as a subtitles track with its label, whose cues load.
 */

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");
const LABEL = `Español (prueba ${Date.now() % 100_000})`;
const VTT = "WEBVTT\n\n00:00.000 --> 00:02.000\nHola y bienvenidos.\n\n00:02.000 --> 00:04.000\n¡Hasta luego!\n";

let browser: Browser;
let work: string;
let performer: string;
let movie: { _id: string; slug: string; title: string };

beforeAll(async () => {
  browser = await launch();
  await mkdir(shots, { recursive: true });
  work = await mkdtemp(path.join(tmpdir(), "marquee-captions-"));
  performer = await apiLogin("performer");
  // One of the demo performer's free movies that is out, with no Spanish captions yet.
  const mine = await api("GET", "/performer/assets/videos/search?limit=100", { token: performer });
  const candidates = (
    mine.body.data as {
      _id: string;
      slug: string;
      title: string;
      access: string;
      isComing: boolean;
      publishedAt: string | null;
    }[]
  ).filter((v) => v.access === "free" && !v.isComing && v.publishedAt);
  for (const v of candidates) {
    const captions = await api("GET", `/performer/assets/videos/${v._id}/captions`, { token: performer });
    if (!captions.body.data.some((c: { language: string }) => c.language === "es")) {
      movie = v;
      break;
    }
  }
  if (!movie) throw new Error("the demo performer has no free movie without Spanish captions");
});

afterAll(async () => {
  // Leave the demo movie as the other journeys expect it.
  if (movie) {
    const captions = await api("GET", `/performer/assets/videos/${movie._id}/captions`, { token: performer });
    for (const c of captions.body?.data ?? []) {
      if (c.label === LABEL)
        await api("DELETE", `/performer/assets/videos/${movie._id}/captions/${c._id}`, { token: performer });
    }
  }
  await browser?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("captions", () => {
  it("a performer uploads a WebVTT file in the studio; a viewer's player has the track with its label", async () => {
    const file = path.join(work, "spanish.vtt");
    await writeFile(file, VTT);

    const { context, page, errors } = await newPage(browser);
    await logIn(page, "performer");
    await goto(page, `/studio/movies?edit=${movie._id}`);
    const editor = page.getByRole("dialog", { name: "Edit movie" });
    await editor.getByRole("tab", { name: "Media" }).click();
    const section = editor.getByTestId("movie-captions");
    await section.getByRole("combobox", { name: "Language", exact: true }).click();
    await page.getByRole("option", { name: "Español (es)" }).click();
    await section.getByLabel("Label (optional)", { exact: true }).fill(LABEL);
    await section.locator("input[type=file]").setInputFiles(file);
    await section.getByRole("button", { name: "Upload captions" }).click();
    await page.getByText(`${LABEL} captions uploaded.`).waitFor();
    const row = section.getByTestId("caption-es");
    await row.getByText(LABEL).waitFor();
    expect(await row.textContent()).toContain("Español (es)");
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, "studio-captions.png") });
    await expectAccessible(page, "the studio's captions");
    expect(errors).toEqual([]);
    await context.close();

    // A visitor on the free movie's page: the player carries the track, and its cues load when it is turned on.
    const viewer = await newPage(browser);
    await goto(viewer.page, `/movies/${movie.slug}`);
    const player = viewer.page.getByTestId("movie-player");
    await player.locator('video track[srclang="es"]').waitFor({ state: "attached" });
    const track = await player.locator("video").evaluate(async (video: HTMLVideoElement) => {
      const t = Array.from(video.textTracks).find((x) => x.language === "es");
      if (!t) return null;
      t.mode = "hidden";
      await new Promise<void>((resolve) => {
        const el = video.querySelector('track[srclang="es"]') as HTMLTrackElement;
        if (el.readyState === 2) resolve();
        else el.addEventListener("load", () => resolve(), { once: true });
      });
      return { kind: t.kind, label: t.label, cues: Array.from(t.cues ?? []).map((c) => (c as VTTCue).text) };
    });
    expect(track).toEqual({ kind: "subtitles", label: LABEL, cues: ["Hola y bienvenidos.", "¡Hasta luego!"] });
    expect(viewer.errors).toEqual([]);
    await viewer.context.close();
  });
});
