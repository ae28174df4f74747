import { account } from "./en/account.ts";
import { admin } from "./en/admin.ts";
import { site } from "./en/site.ts";
import { studio } from "./en/studio.ts";
import type { Messages } from "./messages.ts";

/**
 * English needs no translation (its keys are its texts), only the singular of texts that count: "{{views}} views"
 * is the plural, and "{{views}} views_one" its singular.
 */
export const enAreas: Record<string, Messages> = { site, account, studio, admin };
export const en: Messages = Object.assign({}, site, account, studio, admin);
