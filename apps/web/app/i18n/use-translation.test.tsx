import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { es } from "./es.ts";
import { i18nFor } from "./i18n.ts";
import { registerMessages } from "./messages.ts";
import { I18nContext, useTranslation } from "./use-translation.ts";

function Greeting({ siteName }: { siteName: string }) {
  const { t, i18n } = useTranslation();
  return (
    <p lang={i18n.language}>
      {t("Free trial")} / {t("Welcome to {{siteName}}", { siteName })} / {t("Free trial")}
    </p>
  );
}

const render = (locale: "en" | "es", siteName: string) =>
  renderToStaticMarkup(
    <I18nContext.Provider value={i18nFor(locale)}>
      <Greeting siteName={siteName} />
    </I18nContext.Provider>,
  );

describe("useTranslation", () => {
  it("translates in the provider's language, the same text every time, with interpolation on each call", () => {
    registerMessages("es", es);
    expect(render("es", "Marquee")).toBe(
      '<p lang="es">Prueba gratis / Te damos la bienvenida a Marquee / Prueba gratis</p>',
    );
    expect(render("es", "Otra")).toBe('<p lang="es">Prueba gratis / Te damos la bienvenida a Otra / Prueba gratis</p>');
    // Each language keeps its own texts: English after Spanish is English.
    expect(render("en", "Marquee")).toBe('<p lang="en">Free trial / Welcome to Marquee / Free trial</p>');
  });
});
