import type { Messages } from "../messages.ts";

/** English plural forms for the account screens (see ../en.ts). */
export const account: Messages = {
  "{{n}} movies_one": "{{n}} movie",
};
