// Lighthouse benchmark (issue 9 section 3): the performance score, paint timings and bytes of the pages a first
// visit lands on, in Lighthouse's mobile run (simulated slow 4G and a mid-range phone's CPU) and its desktop run.
// Lighthouse drives the same Chromium as the end-to-end tests (scripts/chromium.mjs: CHROMIUM_PATH, for example
// Debian's /usr/bin/chromium, or the one @sparticuz/chromium ships). Needs `npm run build` first.
// Usage: npm run bench:lighthouse [-- --runs 3 --paths /,/movies/:movie,/performers --dump reports/]
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromium } from "playwright-core";
// @ts-expect-error plain ESM helper shared with the end-to-end tests
import { CHROMIUM_FLAGS, chromiumPath } from "../scripts/chromium.mjs";
// @ts-expect-error plain ESM helper shared with `npm start`
import { freePort } from "../scripts/processes.mjs";
import { startSite } from "./site.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    // `:movie` stands for a free demo movie's page.
    paths: { type: "string", default: "/,/movies/:movie,/performers" },
    // Writes each run's full report (JSON) into this folder, to see what the LCP element waited for.
    dump: { type: "string" },
  },
});
const runs = Math.max(1, Number(values.runs));

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  totalKb: number;
  scriptKb: number;
  cssKb: number;
  blockingCss: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const site = await startSite();
const port = await freePort();
// Lighthouse talks to the browser over the DevTools port; Playwright only launches it.
const browser = await chromium.launch({
  executablePath: await chromiumPath(),
  args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
});
try {
  console.log(`Lighthouse ${runs} run(s) per page and form factor, median shown`);
  for (const p of values.paths.split(",").map((x) => x.replace(":movie", site.freeMovie))) {
    for (const formFactor of ["mobile", "desktop"] as const) {
      const all: Figures[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(
          `${site.webUrl}${p}`,
          // A browser past the age gate (its cookie): the pages themselves are measured, not the gate.
          {
            port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance"],
            extraHeaders: { Cookie: "age_verified=1" },
          },
          formFactor === "desktop" ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${p}`);
        const { audits, categories } = result.lhr;
        if (values.dump) {
          mkdirSync(values.dump, { recursive: true });
          const name = `${p.replace(/[^a-z0-9]+/gi, "_")}-${formFactor}-${i}.json`;
          writeFileSync(join(values.dump, name), JSON.stringify(result.lhr));
        }
        const items =
          (audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] })
            ?.items ?? [];
        const kb = (type: string) => (items.find((x) => x.resourceType === type)?.transferSize ?? 0) / 1024;
        const blocking = (audits["render-blocking-resources"]?.details as { items?: { url: string }[] })?.items ?? [];
        all.push({
          score: Math.round((categories.performance?.score ?? 0) * 100),
          fcp: audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
          lcp: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
          tbt: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
          cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
          totalKb: kb("total"),
          scriptKb: kb("script"),
          cssKb: kb("stylesheet"),
          blockingCss: blocking.filter((x) => x.url.endsWith(".css")).length,
        });
      }
      const m = (k: keyof Figures) => median(all.map((x) => x[k]));
      const lcp = m("lcp") / 1000;
      console.log(
        `  ${p} ${formFactor}: performance ${m("score")} (budget 90: ${(m("score") / 90).toFixed(2)}x), ` +
          `FCP ${(m("fcp") / 1000).toFixed(2)} s, LCP ${lcp.toFixed(2)} s (budget 2.5: ${(lcp / 2.5).toFixed(2)}x), ` +
          `TBT ${m("tbt").toFixed(0)} ms, CLS ${m("cls").toFixed(3)}, transferred ${m("totalKb").toFixed(0)} KB ` +
          `(JS ${m("scriptKb").toFixed(0)} KB, CSS ${m("cssKb").toFixed(0)} KB, render-blocking stylesheets ${m("blockingCss")})`,
      );
    }
  }
} finally {
  await browser.close();
  await site.close();
}
