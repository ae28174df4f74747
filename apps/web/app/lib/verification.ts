/**
 * Pure helpers behind the verification screens (issue 22 section 1): how a performer's standing is said, and what
 * the apply form checks before it sends (the API checks everything again).
 */

import type { Locale } from "@marquee/contracts/locales";
import type { AdminApplication, OwnVerification, VerificationStatus } from "@marquee/contracts/verification";
import { ADULT_AGE, isAdult } from "@marquee/contracts/verification";
import type { TFunction } from "../i18n/i18n.ts";
import { msg, tFor } from "../i18n/i18n.ts";
import { formatDate } from "./format.ts";

export const STATUS_COLOUR: Record<VerificationStatus, string> = {
  none: "gray",
  pending: "yellow",
  approved: "teal",
  refused: "red",
  expired: "orange",
};

export const STATUS_LABEL: Record<VerificationStatus, string> = {
  none: msg("Not verified"),
  pending: msg("Pending review"),
  approved: msg("Verified"),
  refused: msg("Refused"),
  expired: msg("Expired"),
};

/** One sentence on where the viewer stands and what happens next. */
export function statusSentence(
  v: Pick<OwnVerification, "status" | "expiresAt" | "renewalRequested">,
  t: TFunction = tFor("en"),
  locale: Locale = "en",
): string {
  switch (v.status) {
    case "none":
      return t("Performers verify their identity once before they can publish or be paid.");
    case "pending":
      return t("Your application is waiting for review. You will get a notification and a mail when it is decided.");
    case "approved":
      return v.expiresAt
        ? t("You are verified until {{date}}.", { date: formatDate(v.expiresAt, locale) })
        : t("You are verified.");
    case "refused":
      return t("Your application was refused. You can apply again with new documents.");
    case "expired":
      return v.renewalRequested
        ? t("The site's team asked you to verify your identity again. Until then you cannot publish or be paid.")
        : t("Your verification has expired. Apply again to publish and be paid.");
  }
}

/** Whether the viewer may send an application now. */
export const canApply = (status: VerificationStatus) =>
  status === "none" || status === "refused" || status === "expired";

export const APPLY_IMAGES = [
  {
    name: "documentFront",
    label: msg("ID document, front"),
    hint: msg("Passport, identity card or driving licence."),
  },
  {
    name: "documentBack",
    label: msg("ID document, back"),
    hint: msg("The back of the same document (for a passport, the photo page again)."),
  },
  {
    name: "selfie",
    label: msg("Selfie holding the document"),
    hint: msg("Your face and the document's photo side, both readable."),
  },
] as const;

/**
 * What the form says about its values before sending: field name -> message. `forSomeoneElse`: an admin files it
 * for an account, and the messages speak of that person.
 */
export function applyProblems(
  values: {
    legalName: string;
    dateOfBirth: string;
    country: string;
    files: Record<string, File | null>;
  },
  forSomeoneElse = false,
  t: TFunction = tFor("en"),
): Record<string, string> {
  const out: Record<string, string> = {};
  const other = forSomeoneElse;
  if (values.legalName.trim().length < 2)
    out.legalName = other ? t("Enter their full legal name") : t("Enter your full legal name");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.dateOfBirth))
    out.dateOfBirth = other ? t("Enter their date of birth") : t("Enter your date of birth");
  else if (!isAdult(values.dateOfBirth))
    out.dateOfBirth = other
      ? t("They must be at least {{age}} years old", { age: ADULT_AGE })
      : t("You must be at least {{age}} years old", { age: ADULT_AGE });
  if (!values.country) out.country = other ? t("Choose their country") : t("Choose your country");
  for (const image of APPLY_IMAGES) if (!values.files[image.name]) out[image.name] = t("Upload this image");
  return out;
}

/**
 * Where an account stands when an admin adds it as a performer, from its newest application (none: undefined):
 * an application waits for review (the admin is led to it), it is verified, or an application must be filed (by
 * the admin, with its documents) before it may publish or be paid.
 */
export type AddPerformerStep =
  | { step: "review"; applicationId: string }
  | { step: "verified"; expiresAt: string | null }
  | { step: "file"; status: "none" | "refused" | "expired" };

export function addPerformerStep(
  latest: Pick<AdminApplication, "_id" | "status" | "expiresAt"> | undefined,
): AddPerformerStep {
  const status = latest?.status ?? "none";
  if (latest && status === "pending") return { step: "review", applicationId: latest._id };
  if (latest && status === "approved") return { step: "verified", expiresAt: latest.expiresAt };
  return { step: "file", status: status as "none" | "refused" | "expired" };
}

/** The admins' queue with one application opened for review. */
export const reviewUrl = (applicationId: string) => `/admin/verifications?review=${encodeURIComponent(applicationId)}`;
