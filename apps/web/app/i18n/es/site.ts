import type { Messages } from "../messages.ts";
import { siteAuth } from "./site/auth.ts";
import { siteBrowse } from "./site/browse.ts";
import { siteCommerce } from "./site/commerce.ts";
import { siteFrame } from "./site/frame.ts";
import { siteMessages } from "./site/messages.ts";
import { siteSocial } from "./site/social.ts";

/** Spanish for the public site (see ../es.ts), one file per group of pages. */
export const site: Messages = {
  ...siteFrame,
  ...siteAuth,
  ...siteBrowse,
  ...siteCommerce,
  ...siteSocial,
  ...siteMessages,
};
