import { account } from "./es/account.ts";
import { admin } from "./es/admin.ts";
import { site } from "./es/site.ts";
import { studio } from "./es/studio.ts";
import type { Messages } from "./messages.ts";

/**
 * Spanish, keyed by the English text: neutral Spanish, addressing the member as "tú". One file per area of the app
 * (the public site, the member's account, the studio, the admin); a text used in two areas reads the same in both.
 */
export const esAreas: Record<string, Messages> = { site, account, studio, admin };
export const es: Messages = Object.assign({}, site, account, studio, admin);
