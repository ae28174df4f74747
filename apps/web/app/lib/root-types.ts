import type { Banner } from "@marquee/contracts/content";
import type { Locale } from "@marquee/contracts/locales";
import type { User } from "@marquee/contracts/users";
import type { PublicSettings } from "../state/settings.ts";

/** What the root loader hands every page. */
export interface RootData {
  user: User | null;
  settings: PublicSettings;
  blocked: boolean;
  countryCode: string | null;
  /** The site's public origin (PUBLIC_URL), for the URLs that must be absolute (link previews). */
  publicUrl: string;
  /** The page's language: the member's setting, the language menu's cookie, or the browser's Accept-Language. */
  locale: Locale;
  /** The primary layout's extra widget: the site promos of the bottom position (none when they could not be read). */
  promos: Banner[];
}
