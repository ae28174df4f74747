import type { Messages } from "../messages.ts";

/** English plural forms for the admin screens (see ../en.ts). */
export const admin: Messages = {
  // comments
  "{{n}} reports_one": "{{n}} report",
  // countries
  "{{n}} blocked_one": "{{n}} blocked",
  // reports
  "{{n}} days overdue_one": "{{n}} day overdue",
  "Due in {{n}} days_one": "Due in {{n}} day",
  // review
  "{{n}} items wait_one": "{{n}} item waits",
};
