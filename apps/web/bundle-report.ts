import { writeFileSync } from "node:fs";
import type { Plugin } from "vite";

/**
 * `BUNDLE_REPORT=path npm run build` writes, for each client chunk, its size and the bytes each module takes in it
 * before minifying (largest first), to find what a page's first load carries. With it, BUNDLE_CODE=path writes each
 * module's code per chunk (to minify and compress one by one), BUNDLE_IMPORTERS=path the imports that cross from
 * one chunk to another (why a page loads a chunk), and BUNDLE_WHY=regexp prints the importers of matching modules.
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
      if (process.env.BUNDLE_WHY) {
        const re = new RegExp(process.env.BUNDLE_WHY);
        for (const id of this.getModuleIds())
          if (re.test(id)) console.log("WHY", id, "<-", this.getModuleInfo(id)?.importers.join(" , "));
      }
      if (process.env.BUNDLE_IMPORTERS) {
        const chunkOf = new Map<string, string>();
        for (const chunk of Object.values(bundle))
          if (chunk.type === "chunk") for (const id of Object.keys(chunk.modules)) chunkOf.set(id, chunk.fileName);
        const rows: string[] = [];
        for (const [id, c] of chunkOf) {
          for (const imp of this.getModuleInfo(id)?.importers ?? []) {
            const ic = chunkOf.get(imp);
            if (ic && ic !== c) rows.push(`${ic}\t${imp}\t->\t${c}\t${id}`);
          }
        }
        writeFileSync(process.env.BUNDLE_IMPORTERS, rows.join("\n"));
      }
      if (process.env.BUNDLE_CODE) {
        const code: Record<string, Record<string, string>> = {};
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk") continue;
          code[chunk.fileName] = Object.fromEntries(Object.entries(chunk.modules).map(([id, m]) => [id, m.code ?? ""]));
        }
        writeFileSync(process.env.BUNDLE_CODE, JSON.stringify(code));
      }
    },
  };
}
