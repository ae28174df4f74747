import type { Messages } from "../messages.ts";

/** Spanish for the admin screens (see ../es.ts). */
export const admin: Messages = {};
