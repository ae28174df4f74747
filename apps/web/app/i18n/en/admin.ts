import type { Messages } from "../messages.ts";

/** English plural forms for the admin screens (see ../en.ts). */
export const admin: Messages = {};
