import { writeFileSync } from "node:fs";
import type { Plugin } from "vite";

/**
 * `BUNDLE_REPORT=path npm run build` writes, for each client chunk, its size and the bytes each module takes in it
 * (largest first), to find what a page's first load carries.
 */
export function bundleReport(): Plugin {
  return {
    name: "marquee:bundle-report",
    apply: "build",
    generateBundle(_options, bundle) {
      const file = process.env.BUNDLE_REPORT;
      if (!file || this.environment?.config.consumer !== "client") return;
      const out: Record<string, { bytes: number; modules: [string, number][] }> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const modules = Object.entries(chunk.modules)
          .map(([id, m]) => [id.replace(/^.*node_modules[\\/]/, "~/").replace(process.cwd(), "."), m.renderedLength])
          .sort((a, b) => (b[1] as number) - (a[1] as number)) as [string, number][];
        out[chunk.fileName] = { bytes: chunk.code.length, modules };
      }
      writeFileSync(file, JSON.stringify(out, null, 1));
    },
  };
}
