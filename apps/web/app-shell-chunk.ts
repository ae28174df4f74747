import type { Plugin, Rollup } from "vite";

/**
 * The client build puts everything the root route and the client entry import (React, React Router, the Mantine
 * components of the layouts, the store, the root's stylesheets) into one chunk, the app shell, which every page
 * loads anyway. Left alone, the bundler cuts that code into a chunk per combination of routes that share it: some
 * seventy scripts and, since a component's CSS travels with its code (mantine-styles.ts), some thirty render-blocking
 * stylesheets on each page. What only some routes use is split as before, except two groups of small modules the
 * public pages share: the catalogue's cards, grids and formatting (BROWSE), and the movie and gallery stage (STAGE).
 * Split by which routes use them they came as some fifteen scripts of 1 KB each per page, which on HTTP/1.1 queue six
 * at a time ahead of the first paint; grouped, a page loads a few more bytes in two requests.
 *
 * The shell is what the root and the entry import statically, following only the names taken from a package's
 * index (`import { Button } from "@mantine/core"` brings Button's module, not every component the index lists).
 */
const BROWSE = /[\\/]app[\\/](components[\\/](catalogue|browse)[\\/]|lib[\\/](format|seo|meta)\.ts)/;
/**
 * The photo viewer and grid only the gallery page uses stay with it; the player's controls (and their menus and seek
 * bar) and its position tracking load when the viewer shows they may play (VideoPlayer.tsx), so they are not part of
 * the stage either.
 */
const STAGE =
  /[\\/]app[\\/](components[\\/]media[\\/](?!Photo|PlayerControls|PlayerMenus|SeekBar|watch-progress)|lib[\\/]access-cta\.ts)/;

export function appShellChunk(): Plugin {
  const shell = new Set<string>();
  return {
    name: "marquee:app-shell-chunk",
    apply: "build",
    config(_config, env) {
      if (env.isSsrBuild) return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "shell", test: (id: string) => shell.has(id), priority: 2 },
                  {
                    name: "browse",
                    // The list pages' filter bar and the home's carousel stay with the routes that use them.
                    test: (id: string) =>
                      !shell.has(id) && BROWSE.test(id) && !/FilterBar|BannerCarousel|CatalogueListPage/.test(id),
                    priority: 1,
                  },
                  {
                    name: "stage",
                    test: (id: string) => !shell.has(id) && STAGE.test(id),
                    priority: 1,
                    // Only the stage's own modules: what else they use (Mantine's floating parts, icons, zod) is
                    // split by which routes use it, so a page that shares one icon with the player does not load
                    // the player's dependencies.
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
      };
    },
    configEnvironment(name, _options, env) {
      if (name !== "client" || env.isSsrBuild) return;
      // React Router asks for "exports-only"; a group that leaves its modules' dependencies to the automatic split
      // needs the route modules (entries) free to export more than they declare.
      return { build: { rolldownOptions: { preserveEntrySignatures: "allow-extension" } } };
    },
    async buildEnd() {
      if (this.environment?.config.consumer !== "client") return;
      const ctx = this;
      const reexports = new Map<string, Map<string, string> | null>();
      /** A package's index (only imports and re-exports): its names and the modules they come from; else null. */
      async function indexOf(id: string): Promise<Map<string, string> | null> {
        if (reexports.has(id)) return reexports.get(id) ?? null;
        const info = ctx.getModuleInfo(id);
        let names: Map<string, string> | null = null;
        const parsed = info?.code && id.includes("node_modules") ? await statements(ctx, info.code, id) : null;
        if (parsed?.reexportsOnly) {
          names = new Map();
          // A name it does not list (`export * from`, a namespace) brings the whole index, below.
          for (const s of parsed.list) for (const [local] of s.names) names.set(local, s.target);
        }
        reexports.set(id, names);
        return names;
      }
      async function visit(id: string): Promise<void> {
        if (shell.has(id)) return;
        shell.add(id);
        const info = ctx.getModuleInfo(id);
        if (!info) return;
        const taken = new Map<string, string[]>();
        for (const s of info.code ? (await statements(ctx, info.code, id)).list : []) {
          if (s.star) taken.set(s.target, ["*"]);
          else taken.set(s.target, [...(taken.get(s.target) ?? []), ...s.names.map(([, imported]) => imported)]);
        }
        for (const dep of info.importedIds) {
          const index = await indexOf(dep);
          const names = taken.get(dep);
          if (!index || !names || names.includes("*")) {
            await visit(dep);
            continue;
          }
          for (const name of names) {
            const from = index.get(name);
            if (from) await visit(from);
            else await visit(dep);
          }
        }
      }
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (info?.isEntry && /[\\/](root\.tsx|entry\.client\.[jt]sx?)(\?|$)/.test(id)) await visit(id);
      }
    },
  };
}

interface Statement {
  /** The resolved module. */
  target: string;
  /** [local name, imported name] pairs. */
  names: [string, string][];
  /** A namespace import or `export *`: everything the module exports. */
  star: boolean;
}

interface Node {
  type: string;
  declaration?: unknown;
  directive?: string;
  source?: { value: string } | null;
  specifiers?: {
    type: string;
    local: { name: string };
    imported?: { name?: string; value?: string };
    exported?: { name?: string; value?: string };
  }[];
}

const nameOf = (n?: { name?: string; value?: string }) => n?.name ?? n?.value ?? "";

/** The module's `import ... from` and `export ... from` statements, resolved; and whether that is all it holds. */
async function statements(
  ctx: Rollup.PluginContext,
  code: string,
  importer: string,
): Promise<{ list: Statement[]; reexportsOnly: boolean }> {
  const out: Statement[] = [];
  let reexportsOnly = true;
  for (const node of (ctx.parse(code) as unknown as { body: Node[] }).body) {
    const isModuleSyntax = /^(ImportDeclaration|ExportNamedDeclaration|ExportAllDeclaration)$/.test(node.type);
    // `export { a, b }` without a declaration only names what was imported; a directive is a string statement.
    if (!isModuleSyntax || node.declaration) reexportsOnly &&= node.type === "ExpressionStatement" && !!node.directive;
    if (!node.source || !isModuleSyntax) continue;
    const target = (await ctx.resolve(node.source.value, importer))?.id;
    if (!target) continue;
    const names: [string, string][] = [];
    let star = node.type === "ExportAllDeclaration";
    for (const spec of node.specifiers ?? []) {
      if (spec.type === "ImportNamespaceSpecifier") star = true;
      else if (spec.type === "ImportDefaultSpecifier") names.push([spec.local.name, "default"]);
      else if (spec.type === "ImportSpecifier") names.push([spec.local.name, nameOf(spec.imported)]);
      // export { default as IconSearch } from "./IconSearch.mjs": the index's name is the exported one.
      else if (spec.type === "ExportSpecifier") names.push([nameOf(spec.exported), nameOf(spec.local as never)]);
    }
    out.push({ target, names, star });
  }
  return { list: out, reexportsOnly };
}
