import { NativeSelect } from "@mantine/core";
import { isLocale, LOCALE_COOKIE, type Locale, localeNames, locales } from "@marquee/contracts/locales";
import { IconLanguage } from "@tabler/icons-react";
import { useState } from "react";
import { useLocale } from "../i18n/format.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { api } from "../lib/api.ts";
import { useAppSelector } from "../state/store.ts";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Switches the site's language: kept on the account for a member (PUT /users), in a cookie for a visitor (the cookie
 * too for a member, so the page after logging out stays in it), then the page is rendered again by the server in it.
 */
export async function chooseLanguage(locale: Locale, signedIn: boolean): Promise<void> {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie, read by the server's render
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
  if (signedIn) await api.put("/users", { locale });
  window.location.reload();
}

/** The language menu: every language the site speaks, each by its own name. */
export function LanguageMenu({ size = "xs" }: { size?: "xs" | "sm" }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const signedIn = useAppSelector((s) => s.auth.loggedIn);
  const [busy, setBusy] = useState(false);
  return (
    <NativeSelect
      size={size}
      w={140}
      aria-label={t("Language")}
      data-testid="language-menu"
      leftSection={<IconLanguage size={16} aria-hidden />}
      value={locale}
      disabled={busy}
      data={locales.map((value) => ({ value, label: localeNames[value] }))}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (!isLocale(next) || next === locale) return;
        setBusy(true);
        chooseLanguage(next, signedIn).catch(() => setBusy(false));
      }}
    />
  );
}
