import { REPORT_REASON_LABELS } from "@marquee/contracts/reports";
import type { Mail } from "../../platform/mailer.ts";
import type { ContentReportRow } from "./tables.ts";

type Row = Pick<ContentReportRow, "reference" | "reporterEmail" | "itemTitle" | "reason" | "dueAt" | "resolution">;

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The mails a reporter gets: the reference when filed, the decision, a counter-notice (DMCA), an appeal received. */
export function reportMails(site: { name: string; publicUrl: string }) {
  const subject = (row: Row, what: string) => `[${site.name}] ${what} (${row.reference})`;
  const about = (row: Row) => `About: “${row.itemTitle}”\nReason: ${REPORT_REASON_LABELS[row.reason]}`;
  return {
    filed: (row: Row, hidden: boolean): Mail => ({
      to: row.reporterEmail,
      subject: subject(row, "We received your report"),
      text: [
        `Thank you. Your report's reference is ${row.reference}.`,
        about(row),
        hidden ? "The item is hidden from the site while we review it." : "",
        `We will decide by ${day(row.dueAt)} and write to you when we have.`,
      ]
        .filter(Boolean)
        .join("\n\n"),
    }),
    resolved: (row: Row, outcome: "taken_down" | "dismissed", appealable: boolean): Mail => ({
      to: row.reporterEmail,
      subject: subject(row, "Your report was resolved"),
      text: [
        outcome === "taken_down"
          ? `We reviewed your report ${row.reference} and took the item down.`
          : `We reviewed your report ${row.reference} and decided not to remove the item.`,
        about(row),
        row.resolution ? `Our reason: ${row.resolution}` : "",
        appealable
          ? `If you appear in it, you can appeal this decision with your reference and this email address: ${site.publicUrl}/reports/appeal?reference=${row.reference}`
          : "",
      ]
        .filter(Boolean)
        .join("\n\n"),
    }),
    counterNotice: (row: Row): Mail => ({
      to: row.reporterEmail,
      subject: subject(row, "A counter-notice was filed"),
      text: [
        `The uploader of “${row.itemTitle}” answered your DMCA notice ${row.reference} with a counter-notice.`,
        "Under 17 U.S.C. 512(g) the material may be restored in 10 to 14 business days unless you tell us that you have filed an action seeking a court order against them.",
      ].join("\n\n"),
    }),
    appealed: (row: Row): Mail => ({
      to: row.reporterEmail,
      subject: subject(row, "We received your appeal"),
      text: `We received your appeal of report ${row.reference}. The item is hidden again while we review it; we will decide by ${day(row.dueAt)}.`,
    }),
  };
}
export type ReportMails = ReturnType<typeof reportMails>;
