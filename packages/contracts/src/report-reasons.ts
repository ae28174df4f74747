// What can be reported and why, without the schemas (reports.ts): the web app's report forms load these with the
// page, and zod only with the screens that validate.

/** What can be reported: every public item page (issue 22 section 3). */
export const reportItemKinds = ["video", "gallery", "product", "post", "performer", "feed-post", "message"] as const;
export type ReportItemKind = (typeof reportItemKinds)[number];

export const reportReasons = ["non_consent", "underage", "copyright", "illegal", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];

/** The reasons as the forms, the queue and the mails say them. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  non_consent: "I appear in this without my consent",
  underage: "A person may be under 18",
  copyright: "Copyright infringement (DMCA notice)",
  illegal: "Illegal content",
  other: "Something else",
};

/** Reports that hide the item at once, pending review. */
export const HOLDING_REASONS: readonly ReportReason[] = ["non_consent", "underage"];
