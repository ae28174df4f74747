// Lighthouse benchmark (issue 9 section 3): the performance score, paint timings and bytes of the pages a first
// visit lands on, in Lighthouse's mobile run (simulated slow 4G and a mid-range phone's CPU) and its desktop run.
// Lighthouse drives the same Chromium as the end-to-end tests (scripts/chromium.mjs: CHROMIUM_PATH, for example
// Debian's /usr/bin/chromium, or the one @sparticuz/chromium ships). Needs `npm run build` first.
// Issue 26's budgets: mobile performance >= 90, LCP <= 2.5 s and accessibility 100, as the median of 3 runs.
// Usage: npm run bench:lighthouse [-- --runs 3 --paths /,/movies/:movie,/performers,/store --form-factors mobile
//        --dump reports/]
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
    paths: { type: "string", default: "/,/movies/:movie,/performers,/store" },
    "form-factors": { type: "string", default: "mobile,desktop" },
    // Writes each run's full report (JSON) into this folder, to see what the LCP element waited for.
    dump: { type: "string" },
  },
});
const runs = Math.max(1, Number(values.runs));

interface Figures {
  score: number;
  a11y: number;
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
    for (const formFactor of values["form-factors"].split(",") as ("mobile" | "desktop")[]) {
      const all: Figures[] = [];
      // One request first: the runs measure a page a running server has rendered before, not its cold first render.
      await (await fetch(`${site.webUrl}${p}`, { headers: { cookie: "age_verified=1" } })).arrayBuffer();
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(
          `${site.webUrl}${p}`,
          // A browser past the age gate (its cookie): the pages themselves are measured, not the gate.
          {
            port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility"],
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
        // What costs the page its score: the accessibility audits that failed, and the opportunities Lighthouse
        // names (render-blocking stylesheets, the LCP image's priority, unused JavaScript...), once per page.
        if (i === 0) {
          const failed = Object.values(audits)
            .filter(
              (a) =>
                a.score !== null &&
                a.score < 1 &&
                result.lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id && r.weight > 0),
            )
            .map((a) => a.id);
          const opportunities = Object.values(audits)
            .filter((a) => a.details?.type === "opportunity" && (a.numericValue ?? 0) > 100)
            .map((a) => `${a.id} ${((a.numericValue ?? 0) / 1000).toFixed(2)} s`);
          if (failed.length) console.log(`    ${p} ${formFactor}: accessibility audits failed: ${failed.join(", ")}`);
          if (opportunities.length) console.log(`    ${p} ${formFactor}: opportunities: ${opportunities.join("; ")}`);
        }
        all.push({
          score: Math.round((categories.performance?.score ?? 0) * 100),
          a11y: Math.round((categories.accessibility?.score ?? 0) * 100),
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
          `accessibility ${m("a11y")} (budget 100), ` +
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
