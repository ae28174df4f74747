import type { Messages } from "../messages.ts";

/** Spanish for the studio screens (see ../es.ts). */
export const studio: Messages = {};
