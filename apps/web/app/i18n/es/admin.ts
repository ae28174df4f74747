import type { Messages } from "../messages.ts";
import { adminCommerce } from "./admin/commerce.ts";
import { adminContent } from "./admin/content.ts";
import { adminFrame } from "./admin/frame.ts";
import { adminPeople } from "./admin/people.ts";
import { adminSettings } from "./admin/settings.ts";

/** Spanish for the admin screens (see ../es.ts), one file per group of screens. */
export const admin: Messages = { ...adminFrame, ...adminPeople, ...adminContent, ...adminCommerce, ...adminSettings };
