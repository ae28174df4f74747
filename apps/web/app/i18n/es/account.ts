import type { Messages } from "../messages.ts";

/** Spanish for the account screens (see ../es.ts). */
export const account: Messages = {};
