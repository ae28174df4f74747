import { z } from "zod";
import { entityId } from "./common.ts";

/**
 * Performer verification (issue 22 section 1): a user's application with their legal identity and ID images, the
 * admins' review, and the releases of the other people who appear in a movie or gallery. None of this is public.
 */

/** The ID images an application carries, as their multipart field names. */
export const applicationImages = ["documentFront", "documentBack", "selfie"] as const;
export type ApplicationImage = (typeof applicationImages)[number];

/** The youngest age at which someone may apply or appear. */
export const ADULT_AGE = 18;

/** Whether someone born on `dateOfBirth` (YYYY-MM-DD) is at least ADULT_AGE on `at` (calendar years, UTC). */
export function isAdult(dateOfBirth: string, at: Date = new Date()): boolean {
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const birthday = Date.UTC(y + ADULT_AGE, m - 1, d);
  return at.getTime() >= birthday;
}

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the date as YYYY-MM-DD")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && d.getUTCFullYear() >= 1900;
  }, "Not a valid date");

export const dateOfBirth = isoDate.refine((s) => isAdult(s), `Must be at least ${ADULT_AGE} years old`);
export const legalName = z.string().trim().min(2, "Enter the full legal name").max(200);
export const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Z]{2}$/, "Use an ISO 3166-1 alpha-2 code");

/** The text fields of an application (the images come as files). */
export const applicationFields = z.strictObject({ legalName, dateOfBirth, country: countryCode });
/** An admin files it for someone: the account it is for. */
export const adminApplicationFields = applicationFields.extend({ userId: entityId });

export const verificationStatus = z.enum(["none", "pending", "approved", "refused", "expired"]);
export type VerificationStatus = z.infer<typeof verificationStatus>;

/** What a user sees of their own verification (their own legal identity included: it is theirs). */
export const ownVerification = z.object({
  status: verificationStatus,
  /** Approved: until when (null: never expires). */
  expiresAt: z.string().nullable(),
  refusalReason: z.string().nullable(),
  /** Set when an admin asked for a new application. */
  renewalRequested: z.boolean(),
  application: z
    .object({
      _id: z.string(),
      legalName: z.string().nullable(),
      dateOfBirth: z.string().nullable(),
      country: z.string().nullable(),
      submittedAt: z.string(),
      reviewedAt: z.string().nullable(),
    })
    .nullable(),
});
export type OwnVerification = z.infer<typeof ownVerification>;

export const applicationState = z.enum(["pending", "approved", "refused"]);

/** An application as the admins' queue lists it. */
export const adminApplication = z.object({
  _id: z.string(),
  userId: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  legalName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  country: z.string().nullable(),
  state: applicationState,
  /** Where it stands now: an approved one may have expired. */
  status: verificationStatus,
  source: z.enum(["applicant", "admin", "seed"]),
  refusalReason: z.string().nullable(),
  expiresAt: z.string().nullable(),
  renewalRequestedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminApplication = z.infer<typeof adminApplication>;

/** One application with short-lived links to its images (each opening is recorded). */
export const adminApplicationDetail = adminApplication.extend({
  images: z.array(z.object({ name: z.enum(applicationImages), url: z.string(), expiresAt: z.string() })),
});
export type AdminApplicationDetail = z.infer<typeof adminApplicationDetail>;

export const adminApplicationsQuery = z.strictObject({
  state: applicationState.or(z.literal("all")).default("pending"),
  userId: entityId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const adminApplicationList = z.object({ data: z.array(adminApplication), total: z.number().int() });

export const refuseBody = z.strictObject({ reason: z.string().trim().min(3, "Say why").max(1000) });
export const requestAgainBody = z.strictObject({ reason: z.string().trim().max(1000).optional() });

// ---- co-performers -------------------------------------------------------------------------------------------------

export const itemKind = z.enum(["video", "gallery"]);
export type ItemKind = z.infer<typeof itemKind>;

/** The files of a release, as their multipart field names: ID images and, unless signed in the browser, a PDF. */
export const releaseFiles = ["documentFront", "documentBack", "consentPdf"] as const;

/**
 * A release's text fields. `performerId`: the site's performer it covers (someone in the item's performers who is
 * not verified); else a person without an account, named by `displayName`. Consent: a PDF file, or signed here with
 * `consentName` (typed full name) and `consentAgreed`.
 */
export const releaseFields = z.strictObject({
  performerId: entityId.optional(),
  displayName: z.string().trim().min(1).max(120).optional(),
  legalName,
  dateOfBirth,
  consentName: z.string().trim().min(2).max(200).optional(),
  consentAgreed: z.enum(["true", "false"]).optional(),
});

/** Someone who appears in an item, as its owner and admins see them. */
export const appearingPerson = z.object({
  /** A performer of the site (in the item's performers) or null for someone without an account. */
  performerId: z.string().nullable(),
  name: z.string(),
  verified: z.boolean(),
  release: z
    .object({
      _id: z.string(),
      legalName: z.string(),
      dateOfBirth: z.string(),
      consent: z.enum(["pdf", "signed"]),
      signedName: z.string().nullable(),
      signedAt: z.string().nullable(),
      createdAt: z.string(),
    })
    .nullable(),
  /** What keeps the item from being published because of this person; empty when nothing does. */
  missing: z.array(z.string()),
});
export type AppearingPerson = z.infer<typeof appearingPerson>;
export const appearingPeople = z.object({ data: z.array(appearingPerson), blockers: z.array(z.string()) });
export type AppearingPeople = z.infer<typeof appearingPeople>;

export const releaseFileLinks = z.object({
  data: z.array(z.object({ name: z.enum(releaseFiles), url: z.string(), expiresAt: z.string() })),
});
