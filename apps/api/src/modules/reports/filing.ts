import { randomInt } from "node:crypto";
import type { appealBody } from "@marquee/contracts/reports";
import { type FileReportBody, HOLDING_REASONS, REPORT_REASON_LABELS } from "@marquee/contracts/reports";
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { EngagingViewer } from "../../platform/engageable.ts";
import { badRequest, notFound, tooManyRequests, unprocessable } from "../../platform/errors.ts";
import { isUniqueViolation } from "../../platform/slugs.ts";
import { FILING_LIMIT, type ReportsDeps } from "./deps.ts";
import { reportDueAt } from "./due.ts";
import { type ContentReportRow, contentReports } from "./tables.ts";

/** Crockford's base32 without I, L, O and U: a reference read over the phone is not misheard. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const newReference = () => `R-${Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("")}`;

/** The reason a held item's performers see. */
export const holdReason = (row: Pick<ContentReportRow, "reason" | "reference">) =>
  `Hidden pending review: reported as “${REPORT_REASON_LABELS[row.reason]}” (${row.reference}).`;

/** Anyone files a report; a non-consent or possible-minor report hides the item at once (issue 22 section 3). */
export function createReportFiling(deps: ReportsDeps) {
  const { db, targets } = deps;
  const now = deps.now ?? (() => new Date());
  const limit = deps.limit ?? FILING_LIMIT;

  async function throttled(keys: string[], message: string) {
    for (const key of keys) {
      if ((await deps.throttle.hit(key, limit.windowMs)) > limit.count) throw tooManyRequests(message);
    }
  }

  /** Hides the item (if its kind can be held) and marks the report as the one that did; false when not held. */
  async function hold(row: ContentReportRow): Promise<boolean> {
    const target = targets[row.itemKind];
    if (!target.hold || !HOLDING_REASONS.includes(row.reason)) return false;
    await target.hold(row.itemId, holdReason(row));
    await db.update(contentReports).set({ held: true }).where(eq(contentReports.id, row.id));
    for (const performerId of row.performerIds) {
      deps.notify(performerId, "notification", {
        type: "report_hold",
        reference: row.reference,
        objectType: row.itemKind,
        objectId: row.itemId,
        title: row.itemTitle,
        reason: row.reason,
      });
    }
    return true;
  }

  async function file(
    viewer: (EngagingViewer & { email: string }) | null,
    { captchaToken, ...body }: FileReportBody,
    ip: string,
  ) {
    const email = body.email ?? viewer?.email;
    if (!email)
      throw badRequest("Give an email address so we can tell you the outcome.", [
        { path: "body.email", message: "Give an email address: you are not signed in" },
      ]);
    await deps.captcha.requirePass(captchaToken, ip);
    await throttled(
      [`report:ip:${ip}`, `report:email:${email}`],
      "You have sent several reports already. Please try again in an hour.",
    );
    const item = await targets[body.itemKind].open(viewer, body.itemId);
    if (!item) throw notFound("Item");
    const filedAt = now();
    let row: ContentReportRow | undefined;
    for (let attempt = 0; !row; attempt++) {
      try {
        [row] = await db
          .insert(contentReports)
          .values({
            reference: newReference(),
            itemKind: body.itemKind,
            itemId: item.id,
            itemTitle: item.title,
            itemLink: item.link,
            performerIds: body.itemKind === "performer" ? [item.id] : item.performerIds,
            reason: body.reason,
            details: body.details || null,
            dmca: body.reason === "copyright" ? (body.dmca ?? null) : null,
            reporterEmail: email,
            reporterUserId: viewer?.id ?? null,
            ip,
            dueAt: reportDueAt(filedAt),
            createdAt: filedAt,
          })
          .returning();
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= 5) throw err;
      }
    }
    const hidden = await hold(row);
    for (const adminId of await deps.admins()) {
      deps.notify(adminId, "notification", {
        type: "content_reported",
        reference: row.reference,
        objectType: row.itemKind,
        objectId: row.itemId,
        title: row.itemTitle,
        reason: row.reason,
      });
    }
    await deps.mailer.send((await deps.mails()).filed(row, hidden));
    return { reference: row.reference, dueAt: row.dueAt.toISOString(), hidden };
  }

  /**
   * A person depicted appeals the dismissal of their non-consent (or possible-minor) report: the reference and the
   * address it was filed with. The report opens again with a new due date and the item is hidden again meanwhile.
   * A wrong reference or address is "not found" either way, so nobody learns whose reports exist.
   */
  async function appeal(body: z.infer<typeof appealBody>, ip: string) {
    await throttled([`report-appeal:ip:${ip}`], "Too many attempts. Please try again in an hour.");
    const [row] = await db
      .select()
      .from(contentReports)
      .where(and(eq(contentReports.reference, body.reference), eq(contentReports.reporterEmail, body.email)));
    if (!row) throw notFound("Report");
    if (row.outcome !== "dismissed" || row.status !== "resolved" || !HOLDING_REASONS.includes(row.reason))
      throw unprocessable(
        "Only a dismissed report that you appear without consent, or that someone may be under 18, can be appealed.",
        [{ path: "body.reference", message: "not appealable" }],
      );
    if (row.appealedAt)
      throw unprocessable("This report was appealed already.", [
        { path: "body.reference", message: "appealed already" },
      ]);
    const at = now();
    const [reopened] = await db
      .update(contentReports)
      .set({ status: "open", appeal: body.statement, appealedAt: at, dueAt: reportDueAt(at) })
      .where(and(eq(contentReports.id, row.id), isNull(contentReports.appealedAt)))
      .returning();
    if (!reopened)
      throw unprocessable("This report was appealed already.", [
        { path: "body.reference", message: "appealed already" },
      ]);
    await hold(reopened);
    await deps.mailer.send((await deps.mails()).appealed(reopened));
    return { reference: reopened.reference, dueAt: reopened.dueAt.toISOString() };
  }

  return { file, appeal, hold };
}
export type ReportFiling = ReturnType<typeof createReportFiling>;
