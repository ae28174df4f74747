import { z } from "zod";
import { entityId } from "./common.ts";
import { reportItemKinds, reportReasons } from "./report-reasons.ts";
import { captchaToken } from "./site.ts";
import { email } from "./users.ts";

export {
  HOLDING_REASONS,
  REPORT_REASON_LABELS,
  type ReportItemKind,
  type ReportReason,
  reportItemKinds,
  reportReasons,
} from "./report-reasons.ts";

export const reportItemKind = z.enum(reportItemKinds);
export const reportReason = z.enum(reportReasons);

const id = entityId;
const line = (max: number, min = 2) => z.string().trim().min(min, `Must be at least ${min} characters`).max(max);
const affirmed = (message: string) => z.literal(true, { error: message });

/** A typed signature must be the signer's full name as given above it. */
const signedBy = <T extends { fullName: string; signature: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.signature.trim().toLowerCase() !== v.fullName.trim().toLowerCase()) {
    ctx.addIssue({ code: "custom", path: ["signature"], message: "Type your full name exactly as above" });
  }
};

/**
 * A DMCA notice (17 U.S.C. 512(c)(3)): the copyrighted work, where the infringing material is (the reported item
 * itself), the complainant's contact details (with the report's email), a good-faith statement, a statement that
 * the notice is accurate and, under penalty of perjury, that the complainant is authorised to act for the owner,
 * and a signature (the typed full name).
 */
export const dmcaNotice = z
  .strictObject({
    work: line(2000, 5),
    fullName: line(120),
    address: line(500, 5),
    phone: line(40, 5),
    goodFaith: affirmed("You must state your good-faith belief"),
    accuracy: affirmed("You must state, under penalty of perjury, that the notice is accurate"),
    signature: line(120),
  })
  .superRefine(signedBy);
export type DmcaNotice = z.infer<typeof dmcaNotice>;

/**
 * A counter-notice (17 U.S.C. 512(g)(3)) from the performer whose item a DMCA notice had taken down: the material
 * (the item) and where it was, a statement under penalty of perjury that it was removed by mistake or
 * misidentification, name, address and phone, consent to the jurisdiction of the federal court, acceptance of
 * service from the complainant, and a signature.
 */
export const counterNotice = z
  .strictObject({
    explanation: line(4000, 10),
    fullName: line(120),
    address: line(500, 5),
    phone: line(40, 5),
    mistake: affirmed("You must state, under penalty of perjury, that it was removed by mistake or misidentification"),
    jurisdiction: affirmed("You must consent to the jurisdiction of the court"),
    acceptService: affirmed("You must accept service of process from the complainant"),
    signature: line(120),
  })
  .superRefine(signedBy);
export type CounterNotice = z.infer<typeof counterNotice>;

/**
 * Filing a report. A visitor gives an email address (a signed-in member's own is used otherwise); copyright needs
 * the DMCA notice, "other" a description.
 */
export const fileReportBody = z
  .strictObject({
    itemKind: reportItemKind,
    itemId: id,
    reason: reportReason,
    email: email.optional(),
    details: z.string().trim().max(4000).optional(),
    dmca: dmcaNotice.optional(),
    captchaToken,
  })
  .superRefine((v, ctx) => {
    if (v.reason === "copyright" && !v.dmca)
      ctx.addIssue({ code: "custom", path: ["dmca"], message: "A copyright report needs the DMCA notice" });
    if (v.reason === "other" && (v.details ?? "").length < 10)
      ctx.addIssue({ code: "custom", path: ["details"], message: "Describe the problem (at least 10 characters)" });
  });
export type FileReportBody = z.infer<typeof fileReportBody>;

export const reportFiled = z.object({ reference: z.string(), dueAt: z.string(), hidden: z.boolean() });

export const reportStatuses = ["open", "awaiting_performer", "resolved"] as const;
export const reportOutcomes = ["taken_down", "dismissed"] as const;

/** A report as the admin's queue shows it. */
export const adminReport = z.object({
  _id: z.uuid(),
  reference: z.string(),
  item: z.object({ kind: reportItemKind, _id: z.string(), title: z.string(), link: z.string().nullable() }),
  reason: reportReason,
  details: z.string().nullable(),
  dmca: z.record(z.string(), z.unknown()).nullable(),
  reporterEmail: z.string(),
  reporterUserId: z.string().nullable(),
  status: z.enum(reportStatuses),
  outcome: z.enum(reportOutcomes).nullable(),
  resolution: z.string().nullable(),
  held: z.boolean(),
  createdAt: z.string(),
  dueAt: z.string(),
  overdue: z.boolean(),
  resolvedAt: z.string().nullable(),
  question: z.string().nullable(),
  askedAt: z.string().nullable(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  appeal: z.string().nullable(),
  appealedAt: z.string().nullable(),
  counterNotice: z.record(z.string(), z.unknown()).nullable(),
  counterNoticeAt: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReport>;

export const adminReportsQuery = z.strictObject({
  /** `open` (default): everything not resolved yet, the soonest due first. */
  status: z.enum(["open", "awaiting_performer", "resolved", "all"]).default("open"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const adminReportList = z.object({ data: z.array(adminReport), total: z.number().int() });
export const reportParams = z.strictObject({ id });

const reasonText = z.string().trim().min(3, "Give a reason (at least 3 characters)").max(2000);
export const resolveReportBody = z.strictObject({ reason: reasonText });
export const askPerformerBody = z.strictObject({ question: reasonText });
export const answerReportBody = z.strictObject({ answer: reasonText });

/** The monthly export: `YYYY-MM`. */
export const reportsExportQuery = z.strictObject({
  month: z
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Use a month such as 2026-11"),
});

/** A report as a performer sees it: asked about, or a DMCA notice on their item; never who filed it. */
export const performerReport = z.object({
  _id: z.uuid(),
  reference: z.string(),
  item: z.object({ kind: reportItemKind, _id: z.string(), title: z.string(), link: z.string().nullable() }),
  reason: reportReason,
  details: z.string().nullable(),
  /** The copyrighted work and who claims it (name only). */
  dmca: z.object({ work: z.string(), fullName: z.string() }).nullable(),
  status: z.enum(reportStatuses),
  outcome: z.enum(reportOutcomes).nullable(),
  resolution: z.string().nullable(),
  held: z.boolean(),
  createdAt: z.string(),
  question: z.string().nullable(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  counterNoticeAt: z.string().nullable(),
  /** Whether a counter-notice may be sent now: a DMCA notice that took the item down, not answered yet. */
  canCounter: z.boolean(),
});
export type PerformerReport = z.infer<typeof performerReport>;
export const performerReportList = z.object({ data: z.array(performerReport) });

/** A person depicted appeals the dismissal of their report: its reference, the email it was filed with, why. */
export const appealBody = z.strictObject({
  reference: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^R-[0-9A-Z]{6}$/, "Use the reference from your mail, such as R-4KX9QT"),
  email,
  statement: z.string().trim().min(10, "Say why (at least 10 characters)").max(4000),
});
