import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage, pickLocale } from "./locales.ts";

describe("the page's language", () => {
  it("takes the highest-weighted language the site speaks from Accept-Language", () => {
    expect(localeFromAcceptLanguage("es-MX,es;q=0.9,en;q=0.8")).toBe("es");
    expect(localeFromAcceptLanguage("fr-FR,fr;q=0.9,es;q=0.5,en;q=0.7")).toBe("en");
    expect(localeFromAcceptLanguage("de-DE,de;q=0.9")).toBeNull();
    expect(localeFromAcceptLanguage("en;q=0,es;q=0.1")).toBe("es");
    expect(localeFromAcceptLanguage("ES")).toBe("es");
    expect(localeFromAcceptLanguage("")).toBeNull();
    expect(localeFromAcceptLanguage("es;q=abc")).toBeNull();
  });

  it("prefers the member's setting, then the visitor's cookie, then the browser, then English", () => {
    expect(pickLocale({ memberLocale: "es", cookieLocale: "en", acceptLanguage: "en" })).toBe("es");
    expect(pickLocale({ memberLocale: null, cookieLocale: "es", acceptLanguage: "en" })).toBe("es");
    expect(pickLocale({ cookieLocale: "xx", acceptLanguage: "es-AR" })).toBe("es");
    expect(pickLocale({ acceptLanguage: "ja" })).toBe("en");
    expect(pickLocale({})).toBe("en");
  });
});
