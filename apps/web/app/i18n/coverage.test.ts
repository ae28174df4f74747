import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { en, enAreas } from "./en.ts";
import { es, esAreas } from "./es.ts";
import type { Messages } from "./messages.ts";

/**
 * Issue 23 section 5: every text of the web app goes through the translator (i18n.ts), and Spanish translates every one. The app's
 * sources are read with the TypeScript parser:
 * - keys are the English texts given to `t(...)` (or `i18n.t`, `tFor(...)(...)`) and marked with `msg(...)`; a key
 *   with a `count` is plural;
 * - a text a person reads that does not go through them is reported: JSX text, a string in a JSX expression, a
 *   string attribute a person reads (aria-label, placeholder, title, label...) and a string given as a notification's
 *   or dialog's title, message or label.
 * A line may opt out with a comment `i18n-exempt: <why>` on it or just above it (a brand, a code, an example).
 */
const APP = join(import.meta.dirname, "..");
const READ_ATTRIBUTES = new Set([
  "aria-label",
  "aria-valuetext",
  "aria-description",
  "placeholder",
  "title",
  "label",
  "description",
  "alt",
  "error",
  "confirmLabel",
  "cancelLabel",
  "emptyText",
  "loadingText",
  "heading",
  "subtitle",
  "hint",
]);
const READ_PROPERTIES = new Set(["title", "message", "label", "description", "placeholder", "confirmLabel", "heading"]);
const HAS_WORD = /\p{L}{2,}/u;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")
      ? [path]
      : [];
  });
}

interface Found {
  keys: Map<string, { plural: boolean; where: string }>;
  untranslated: string[];
}

function isTranslateCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text === "t" || callee.text === "msg";
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text === "t";
  return ts.isCallExpression(callee); // tFor(locale)("...")
}

function literalText(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return null;
}

/** The strings an expression may evaluate to: itself, a conditional's branches, `a && "text"`, a template's text. */
function shownStrings(node: ts.Expression | undefined): ts.Node[] {
  if (!node) return [];
  if (ts.isParenthesizedExpression(node)) return shownStrings(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isTemplateExpression(node)) return [node];
  if (ts.isConditionalExpression(node)) return [...shownStrings(node.whenTrue), ...shownStrings(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return shownStrings(node.right);
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) {
      return [...shownStrings(node.left), ...shownStrings(node.right)];
    }
  }
  return [];
}

/** The words of a string or a template's literal parts (`${n} items` reads "items"). */
function wordsOf(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" ");
  return "";
}

function scan(file: string, found: Found): void {
  const text = readFileSync(file, "utf8");
  // A .ts file is parsed as TypeScript: read as TSX, a generic arrow `<T>(value: T) => ...` is taken for JSX.
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const lines = text.split("\n");
  const name = relative(APP, file);
  const exempt = (node: ts.Node) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    return /i18n-exempt/.test(lines[line] ?? "") || /i18n-exempt/.test(lines[line - 1] ?? "");
  };
  const where = (node: ts.Node) => `${name}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const report = (node: ts.Node, value: string) => {
    if (HAS_WORD.test(value) && !exempt(node)) found.untranslated.push(`${where(node)}: ${value.trim()}`);
  };

  const visit = (node: ts.Node, inTranslate: boolean): void => {
    if (ts.isCallExpression(node) && isTranslateCall(node)) {
      const key = literalText(node.arguments[0]);
      if (key !== null) {
        const options = node.arguments[1];
        const plural =
          !!options &&
          ts.isObjectLiteralExpression(options) &&
          options.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === "count");
        const known = found.keys.get(key);
        found.keys.set(key, { plural: plural || !!known?.plural, where: known?.where ?? where(node) });
      }
      ts.forEachChild(node, (child) => visit(child, true));
      return;
    }
    if (!inTranslate) {
      if (ts.isJsxText(node)) report(node, node.text);
      else if (ts.isJsxExpression(node) && !ts.isJsxAttribute(node.parent)) {
        for (const shown of shownStrings(node.expression)) report(shown, wordsOf(shown));
      } else if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(source))) {
        const init = node.initializer;
        const shown = init && ts.isJsxExpression(init) ? shownStrings(init.expression) : init ? [init] : [];
        for (const s of shown) report(s, wordsOf(s));
      } else if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && READ_PROPERTIES.has(node.name.text)) {
        for (const shown of shownStrings(node.initializer)) report(shown, wordsOf(shown));
      }
    }
    ts.forEachChild(node, (child) => visit(child, inTranslate));
  };
  visit(source, false);
}

const found: Found = { keys: new Map(), untranslated: [] };
for (const file of sources(APP)) scan(file, found);

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const esPlural = new Intl.PluralRules("es").resolvedOptions().pluralCategories;

function missing(messages: Messages, categories: readonly string[], onlyPlural = false): string[] {
  const out: string[] = [];
  for (const [key, { plural, where }] of found.keys) {
    if (onlyPlural && !plural) continue;
    const wanted = plural ? categories.map((c) => `${key}_${c}`) : [key];
    for (const k of wanted) if (!(k in messages)) out.push(`${where}: ${k}`);
  }
  return out;
}

describe("the web app's texts", () => {
  it("all go through the translator", () => {
    expect(found.keys.size).toBeGreaterThan(0);
    expect(found.untranslated).toEqual([]);
  });

  it("are all translated into Spanish, plural forms included, with the same placeholders", () => {
    expect(missing(es, esPlural)).toEqual([]);
    const wrong = Object.entries(es).filter(([key, value]) => {
      const base = key.replace(/_(zero|one|two|few|many|other)$/, "");
      return placeholders(base).join() !== placeholders(value).join() && !(key.endsWith("_one") && !/\{\{/.test(value));
    });
    expect(wrong).toEqual([]);
  });

  it("have English singulars for every text that counts", () => {
    expect(missing(en, ["one"], true)).toEqual([]);
  });

  it("read the same in every area that uses them", () => {
    for (const areas of [esAreas, enAreas]) {
      const seen = new Map<string, string>();
      const differing: string[] = [];
      for (const [area, messages] of Object.entries(areas)) {
        for (const [key, value] of Object.entries(messages)) {
          const other = seen.get(key);
          if (other !== undefined && other !== value) differing.push(`${area}: ${key}`);
          seen.set(key, value);
        }
      }
      expect(differing).toEqual([]);
    }
  });

  it("keep no translation of a text the app no longer has", () => {
    const keys = new Set(found.keys.keys());
    const stale = (messages: Messages) =>
      Object.keys(messages).filter((k) => !keys.has(k.replace(/_(zero|one|two|few|many|other)$/, "")));
    expect(stale(es)).toEqual([]);
    expect(stale(en)).toEqual([]);
  });
});
