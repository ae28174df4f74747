/**
 * Pure helpers behind the verification screens (issue 22 section 1): how a performer's standing is said, and what
 * the apply form checks before it sends (the API checks everything again).
 */
import type { AdminApplication, OwnVerification, VerificationStatus } from "@marquee/contracts/verification";
import { ADULT_AGE, isAdult } from "@marquee/contracts/verification";
import { formatDate } from "./format.ts";

export const STATUS_COLOUR: Record<VerificationStatus, string> = {
  none: "gray",
  pending: "yellow",
  approved: "teal",
  refused: "red",
  expired: "orange",
};

export const STATUS_LABEL: Record<VerificationStatus, string> = {
  none: "Not verified",
  pending: "Pending review",
  approved: "Verified",
  refused: "Refused",
  expired: "Expired",
};

/** One sentence on where the viewer stands and what happens next. */
export function statusSentence(v: Pick<OwnVerification, "status" | "expiresAt" | "renewalRequested">): string {
  switch (v.status) {
    case "none":
      return "Performers verify their identity once before they can publish or be paid.";
    case "pending":
      return "Your application is waiting for review. You will get a notification and a mail when it is decided.";
    case "approved":
      return v.expiresAt ? `You are verified until ${formatDate(v.expiresAt)}.` : "You are verified.";
    case "refused":
      return "Your application was refused. You can apply again with new documents.";
    case "expired":
      return v.renewalRequested
        ? "The site's team asked you to verify your identity again. Until then you cannot publish or be paid."
        : "Your verification has expired. Apply again to publish and be paid.";
  }
}

/** Whether the viewer may send an application now. */
export const canApply = (status: VerificationStatus) =>
  status === "none" || status === "refused" || status === "expired";

export const APPLY_IMAGES = [
  { name: "documentFront", label: "ID document, front", hint: "Passport, identity card or driving licence." },
  {
    name: "documentBack",
    label: "ID document, back",
    hint: "The back of the same document (for a passport, the photo page again).",
  },
  {
    name: "selfie",
    label: "Selfie holding the document",
    hint: "Your face and the document's photo side, both readable.",
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
): Record<string, string> {
  const out: Record<string, string> = {};
  const their = forSomeoneElse ? "their" : "your";
  if (values.legalName.trim().length < 2) out.legalName = `Enter ${their} full legal name`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.dateOfBirth)) out.dateOfBirth = `Enter ${their} date of birth`;
  else if (!isAdult(values.dateOfBirth))
    out.dateOfBirth = `${forSomeoneElse ? "They" : "You"} must be at least ${ADULT_AGE} years old`;
  if (!values.country) out.country = `Choose ${their} country`;
  for (const image of APPLY_IMAGES) if (!values.files[image.name]) out[image.name] = "Upload this image";
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
