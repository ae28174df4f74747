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

/**
 * A request the router cancelled itself (a fetcher's load superseded by the next one, a navigation replacing
 * another) can leave its body's read rejected with an abort and nobody awaiting it (react-router issue 14203).
 * That is a cancellation the member asked for, not a failure: it is marked handled so it is not reported as an
 * uncaught error. Every other rejection is left as it is.
 */
window.addEventListener("unhandledrejection", (event) => {
  const reason = event.reason as { name?: unknown; message?: unknown } | null;
  const aborted =
    reason?.name === "AbortError" ||
    (typeof reason?.message === "string" && /BodyStreamBuffer was aborted/.test(reason.message));
  if (aborted) event.preventDefault();
});

void hydrate();
