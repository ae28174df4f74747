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
  // system
  "{{date}} · {{n}} attempts_one": "{{date}} · {{n}} attempt",
  "{{n}} alive_one": "{{n}} alive",
  // transactions
  "{{n}} flagged gateway events to look at_one": "{{n}} flagged gateway event to look at",
  // a transaction
  "The gateway sent {{n}} events that contradict this payment's state; they were recorded, not applied._one":
    "The gateway sent an event that contradicts this payment's state; it was recorded, not applied.",
  // one order
  "{{n}} lines_one": "{{n}} line",
  // the dashboard
  "{{n}} rows_one": "{{n}} row",
  "{{n}} members_one": "{{n}} member",
  "{{n}} refunds, {{amount}} ({{ratio}} of the amount)_one": "{{n}} refund, {{amount}} ({{ratio}} of the amount)",
  "{{n}} chargebacks, {{amount}} ({{ratio}} of the amount)_one":
    "{{n}} chargeback, {{amount}} ({{ratio}} of the amount)",
};
