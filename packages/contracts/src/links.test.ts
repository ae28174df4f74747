import { describe, expect, it } from "vitest";
import { bannerBody } from "./content.ts";
import { type LinkKind, linkKind, safeLink } from "./links.ts";
import { menuItem, settingDefinitions } from "./settings.ts";
import { storedLink } from "./stored-link.ts";

const cases: [string, string, LinkKind | null][] = [
  // Paths on this site
  ["a path", "/movies", "path"],
  ["the root", "/", "path"],
  ["a query and a fragment", "/search?q=a%20b&x=1#top", "path"],
  ["unicode letters", "/performers/zoë", "path"],
  ["percent-encoded unicode", "/performers/zo%C3%AB", "path"],
  // Paths that browsers read as another site, or that become one once decoded
  ["protocol-relative", "//evil.example/x", null],
  ["slash backslash", "/\\evil.example/x", null],
  ["backslash slash", "\\/evil.example", null],
  ["a tab after the slash", "/\t/evil.example/x", null],
  ["a newline after the slash", "/\n/evil.example/x", null],
  ["a carriage return", "/\r/evil.example", null],
  ["a NUL", "/\u0000/evil.example", null],
  ["a DEL", "/\u007f/evil.example", null],
  ["a C1 control", "/\u0085/evil.example", null],
  ["an encoded tab", "/%09/evil.example", null],
  ["an encoded slash", "/%2F/evil.example", null],
  ["an encoded backslash", "/%5C/evil.example", null],
  ["a dot segment before a double slash", "/..//evil.example", null],
  ["a backslash later on", "/movies\\x", null],
  ["a malformed escape", "/100%", null],
  ["a leading space", " /movies", null],
  ["a trailing newline", "/movies\n", null],
  ["a space inside", "/my movies", null],
  ["a no-break space", "/\u00a0/evil.example", null],
  ["an ideographic space", "/\u3000evil", null],
  ["a line separator", "/\u2028/evil.example", null],
  ["a fullwidth solidus", "\uff0f\uff0fevil.example", null],
  ["a quote that would end a CSS url()", '/x");background:url(//evil.example/t)', null],
  ["an angle bracket", "/x<script>", null],
  ["a relative path", "movies", null],
  ["a dot path", "./movies", null],
  ["empty", "", null],
  // Schemes
  ["javascript:", "javascript:alert(1)", null],
  ["mixed-case javascript:", "JaVaScRiPt:alert(1)", null],
  ["javascript: after a space", " javascript:alert(1)", null],
  ["javascript: split by a tab", "java\tscript:alert(1)", null],
  ["data:", "data:text/html,<script>alert(1)</script>", null],
  ["vbscript:", "vbscript:msgbox(1)", null],
  ["mailto:", "mailto:a@example.com", null],
  ["ftp:", "ftp://example.com/x", null],
  // External addresses
  ["https", "https://example.com/x?y=1", "external"],
  ["http", "http://example.com", "external"],
  ["upper-case scheme", "HTTPS://example.com/", "external"],
  ["an international domain", "https://bücher.example/", "external"],
  ["a scheme without slashes", "https:evil.example", null],
  ["a scheme with one slash", "https:/evil.example", null],
  ["a scheme with a tab", "https:\t//evil.example", null],
  ["no host", "https://", null],
  ["credentials that look like our host", "https://marquee.local@evil.example/", null],
  ["a backslash host", "https:\\\\evil.example", null],
];

describe("linkKind", () => {
  it.each(cases)("%s: %j", (_name, value, kind) => {
    expect(linkKind(value)).toBe(kind);
  });

  it("is null for anything but a string", () => {
    for (const value of [undefined, null, 42, ["/movies"], { toString: () => "/movies" }])
      expect(linkKind(value)).toBeNull();
  });

  it("refuses external addresses where only paths are allowed", () => {
    expect(linkKind("https://example.com", { external: false })).toBeNull();
    expect(linkKind("/movies", { external: false })).toBe("path");
  });
});

describe("safeLink", () => {
  it("keeps a good link and replaces anything else by the fallback", () => {
    expect(safeLink("/movies", null)).toBe("/movies");
    expect(safeLink("/\t/evil.example", null)).toBeNull();
    expect(safeLink("javascript:alert(1)", "/logo.svg")).toBe("/logo.svg");
    expect(safeLink(42, "/logo.svg")).toBe("/logo.svg");
  });
});

describe("storedLink and the schemas that store links", () => {
  it("trims, then applies the rule", () => {
    expect(storedLink().parse("  /movies ")).toBe("/movies");
    expect(storedLink().safeParse("/\t/evil.example").success).toBe(false);
    expect(storedLink({ allowEmpty: true }).parse("")).toBe("");
    expect(storedLink().safeParse("").success).toBe(false);
  });

  const schemas = {
    "banner href": (v: string) => bannerBody.safeParse({ title: "t", href: v }),
    "menu path": (v: string) => menuItem.safeParse({ title: "t", path: v, section: "header" }),
    logo: (v: string) => settingDefinitions.logo.schema.safeParse(v),
    favicon: (v: string) => settingDefinitions.favicon.schema.safeParse(v),
    "login placeholder image": (v: string) => settingDefinitions.loginPlaceholderImage.schema.safeParse(v),
  };
  // Surrounding whitespace is trimmed away before the rule (" /movies" is stored as "/movies").
  const refused = cases.filter(([, value, kind]) => kind === null && value === value.trim() && value !== "");

  it.each(Object.entries(schemas))("%s refuses every unsafe link and keeps good ones", (_name, parse) => {
    for (const [, value] of refused) expect(parse(value).success, JSON.stringify(value)).toBe(false);
    for (const [, value, kind] of cases) if (kind) expect(parse(value).success, JSON.stringify(value)).toBe(true);
  });
});
