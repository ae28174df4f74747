import type { Messages } from "../messages.ts";

/** English plural forms for the studio screens (see ../en.ts). */
export const studio: Messages = {};
