import { isLocale } from "@marquee/contracts/locales";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadMessages } from "./i18n/messages.ts";

/**
 * React Router's default client entry, after the page's language's messages have loaded: the server rendered the
 * page in that language (`<html lang>`), and hydration must render the same texts.
 */
async function hydrate() {
  const lang = document.documentElement.lang;
  if (isLocale(lang)) await loadMessages(lang);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void hydrate();
