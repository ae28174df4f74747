import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Mantine's CSS split by component and loaded with the code that uses it, instead of the whole of
 * `@mantine/core/styles.css` (about 270 KB) blocking every page's first paint.
 *
 * - Every class-name module of `@mantine/core` (`esm/components/<Name>/<Name>.module.mjs`, `esm/utils/InlineInput/...`) imports
 *   `@mantine/core/styles/<Name>.css`. A component's CSS therefore lands in the chunk that holds its code, and React
 *   Router links it only on the pages whose modules import that chunk (the root layout's components with the root).
 * - The text of `@mantine/core/styles/<Name>.css` is cut from `styles.css` itself: Mantine 9's per-component files
 *   hold the same rules with sizes in px where `styles.css` has `calc(<rem> * var(--mantine-scale))`, which would
 *   stop following the browser's font size and the theme's scale.
 * - Those stylesheets arrive in whatever order the chunks are linked, while Mantine's rules rely on the order of
 *   `styles.css` (Card after Paper, Button after UnstyledButton, ...). So each part sits in its own sub-layer of the
 *   `mantine` layer, in `styles.css`'s order, declared once at the top of `baseline.css` (the first stylesheet the
 *   root imports). The app's own CSS is not in a layer, so it comes after Mantine's wherever it is linked, as it did
 *   when `styles.css` was imported first.
 */
export function mantineStyles(): Plugin {
  const require = createRequire(import.meta.url);
  const stylesCss = require.resolve("@mantine/core/styles.css");
  const parts = splitStyles(stylesCss);
  const order = [...parts.keys()];
  const stylesheet = /[\\/]@mantine[\\/]core[\\/]styles[\\/]([\w-]+)\.css$/;
  const classNames = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/](\w+)\.module\.mjs$/;
  return {
    name: "marquee:mantine-styles",
    enforce: "pre",
    load(id) {
      const name = stylesheet.exec(id)?.[1];
      const css = name === undefined ? undefined : parts.get(name);
      if (name === undefined || css === undefined) return undefined;
      const declaration = name === "baseline" ? `@layer ${order.map((n) => `mantine.${n}`).join(", ")};\n` : "";
      return { code: `${declaration}@layer mantine.${name} {\n${css}\n}\n`, map: null };
    },
    transform(code, id) {
      const component = classNames.exec(id)?.[1];
      if (component === undefined || !parts.has(component)) return undefined;
      return { code: `${code}\nimport "@mantine/core/styles/${component}.css";\n`, map: null };
    },
  };
}

/** Rule openings (`selector {`, `@media ... {`), the same way in styles.css and in each per-component file. */
const OPENING = /[^{};]+\{/g;

/**
 * `styles.css` cut into the parts the per-component files name, in its order (the global ones first): the files
 * hold the same rules in the same order, so counting each file's rule openings finds where its part ends.
 */
function splitStyles(stylesCss: string): Map<string, string> {
  const dir = path.join(path.dirname(stylesCss), "styles");
  const all = readFileSync(stylesCss, "utf8");
  const read = (name: string) => readFileSync(path.join(dir, `${name}.css`), "utf8");
  const globals = ["baseline", "default-css-variables", "global"];
  const components = readdirSync(dir)
    .filter((f) => f.endsWith(".css") && !f.endsWith(".layer.css"))
    .map((f) => f.slice(0, -".css".length))
    .filter((name) => !globals.includes(name))
    .map((name) => {
      // A component's first class (`.m_1b7284a3`) is where its rules start in styles.css.
      const firstClass = /\.m_[0-9a-f]+\b/.exec(read(name))?.[0];
      const at = firstClass ? all.indexOf(firstClass) : -1;
      if (at < 0) throw new Error(`mantine-styles: cannot place @mantine/core/styles/${name}.css in styles.css`);
      return { name, at };
    })
    .sort((a, b) => a.at - b.at)
    .map((c) => c.name);
  const openings = [...all.matchAll(OPENING)].map((m) => m.index);
  const parts = new Map<string, string>();
  let rule = 0;
  for (const name of [...globals, ...components]) {
    const count = read(name).match(OPENING)?.length ?? 0;
    const from = openings[rule];
    rule += count;
    const to = rule < openings.length ? openings[rule] : all.length;
    if (from === undefined || to === undefined || count === 0) {
      throw new Error(`mantine-styles: @mantine/core/styles/${name}.css does not match styles.css`);
    }
    parts.set(name, all.slice(from, to));
  }
  if (rule !== openings.length) throw new Error("mantine-styles: styles.css has rules no per-component file names");
  return parts;
}
