/** Pure helpers of the report screens: the Report button's form, the admin's queue, the studio's list. */

import { type ReportItemKind, type ReportReason, reportReasons } from "@marquee/contracts/report-reasons";
import type { TFunction } from "../i18n/i18n.ts";
import { msg } from "../i18n/i18n.ts";

// Item pages import the route and their `shouldRevalidate` from report-path.ts: this module brings the reports
// contract (and zod) with it.
export { REPORT_PATH } from "./report-path.ts";

/** The resource route of the admin's monthly CSV (routes/admin.reports.export.ts). */
export const REPORT_EXPORT_PATH = "/admin/reports/export";

/** The reasons as the contracts' REPORT_REASON_LABELS say them (the mails), marked for translation; shown through t(). */
const REASON_LABELS: Record<ReportReason, string> = {
  non_consent: msg("I appear in this without my consent"),
  underage: msg("A person may be under 18"),
  copyright: msg("Copyright infringement (DMCA notice)"),
  illegal: msg("Illegal content"),
  other: msg("Something else"),
};

export const REASON_OPTIONS = reportReasons.map((value) => ({ value, label: REASON_LABELS[value] }));
export const reasonLabel = (reason: ReportReason) => REASON_LABELS[reason];

export const ITEM_NOUNS: Record<ReportItemKind, string> = {
  video: msg("movie"),
  gallery: msg("gallery"),
  product: msg("product"),
  post: msg("post"),
  performer: msg("profile"),
  "feed-post": msg("post"),
  message: msg("message"),
};

export interface ReportFormValues {
  reason: ReportReason | "";
  email: string;
  details: string;
  dmca: {
    work: string;
    fullName: string;
    address: string;
    phone: string;
    goodFaith: boolean;
    accuracy: boolean;
    signature: string;
  };
}

export const emptyReport: ReportFormValues = {
  reason: "",
  email: "",
  details: "",
  dmca: { work: "", fullName: "", address: "", phone: "", goodFaith: false, accuracy: false, signature: "" },
};

/** The API's body for the form: only the fields its reason uses; a member's address comes from their account. */
export function reportBody(kind: ReportItemKind, id: string, v: ReportFormValues, signedIn: boolean) {
  return {
    itemKind: kind,
    itemId: id,
    reason: v.reason,
    // An empty address is left out, so the API says it is needed rather than that "" is not an address.
    ...(signedIn || !v.email.trim() ? {} : { email: v.email.trim() }),
    ...(v.details.trim() ? { details: v.details.trim() } : {}),
    ...(v.reason === "copyright" ? { dmca: v.dmca } : {}),
  };
}

/** "Due in 3 days", "Due today", "2 days overdue": how the queue says a due date, in `t`'s language. */
export function dueLabel(dueAt: string, now: Date, t: TFunction): string {
  const days = Math.floor((new Date(dueAt).getTime() - now.getTime()) / 86_400_000);
  if (days < 0) return t("{{n}} days overdue", { count: -days, n: -days });
  if (days === 0) return t("Due today");
  return t("Due in {{n}} days", { count: days, n: days });
}

export const STATUS_LABELS = {
  open: msg("Open"),
  awaiting_performer: msg("Waiting for the performer"),
  resolved: msg("Resolved"),
} as const;
export const OUTCOME_LABELS = { taken_down: msg("Taken down"), dismissed: msg("Dismissed") } as const;
