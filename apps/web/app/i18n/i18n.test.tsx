import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { es } from "./es.ts";
import { i18nFor } from "./i18n.ts";
import { registerMessages } from "./messages.ts";
import { Trans } from "./Trans.tsx";

registerMessages("es", es);
const en = i18nFor("en").t;
const spanish = i18nFor("es").t;

describe("the translator", () => {
  it("shows a text in the page's language, and in English where the language has no translation", () => {
    expect(spanish("Dismiss notice")).toBe("Cerrar el aviso");
    expect(en("Dismiss notice", { defaultValue: "Dismiss" })).toBe("Dismiss");
    expect(spanish("A text nobody translated")).toBe("A text nobody translated");
    expect(spanish("A text nobody translated", { defaultValue: "Fallback" })).toBe("Fallback");
  });

  it("fills in values, and leaves a placeholder without its value as written", () => {
    expect(en("Welcome to {{siteName}}", { siteName: "Marquee" })).toBe("Welcome to Marquee");
    expect(spanish("Welcome to {{siteName}}", { siteName: "$1 Marquee" })).toBe("Te damos la bienvenida a $1 Marquee");
    expect(en("Hello {{name}} and {{other}}", { name: "Ann" })).toBe("Hello Ann and {{other}}");
    expect(en("Hello {{name}}", { name: null })).toBe("Hello ");
  });

  it("picks the language's plural form by count", () => {
    expect(en("{{views}} views", { views: 1, count: 1 })).toBe("1 view");
    expect(en("{{views}} views", { views: 2, count: 2 })).toBe("2 views");
    expect(en("{{views}} views", { views: 0, count: 0 })).toBe("0 views");
    expect(spanish("{{views}} views", { views: 1, count: 1 })).toBe("1 visualización");
    expect(spanish("{{views}} views", { views: 3, count: 3 })).toBe("3 visualizaciones");
    // Spanish's "many" (a million) has its own form.
    expect(spanish("{{views}} views", { views: "1 M", count: 1_000_000 })).toBe("1 M visualizaciones");
  });
});

describe("Trans", () => {
  it("puts the given elements where the translation's tags are, values as plain text", () => {
    const html = renderToStaticMarkup(
      <Trans
        t={spanish}
        i18nKey="Check your inbox to confirm the new address <b/>. Until then you keep using {{email}}."
        values={{ email: "<i>old@example.com</i>" }}
        components={{ b: <b>new@example.com</b> }}
      />,
    );
    expect(html).toContain("<b>new@example.com</b>");
    expect(html).toContain("&lt;i&gt;old@example.com&lt;/i&gt;");
    expect(html).not.toContain("<b/>");
  });

  it("wraps the text between a pair of tags in the element given for them", () => {
    const html = renderToStaticMarkup(
      <Trans
        t={en}
        i18nKey="You are not a member yet. <anchor>See the membership packages</anchor>, or subscribe."
        // biome-ignore lint/a11y/useAnchorContent: Trans gives the link its text
        components={{ anchor: <a href="/membership" /> }}
      />,
    );
    expect(html).toBe('You are not a member yet. <a href="/membership">See the membership packages</a>, or subscribe.');
  });
});
