import { z } from "zod";
import { entityId, listResponse } from "./common.ts";
import { isSafeReturnPath, RETURN_PATH_REASON } from "./return-path.ts";
import { CAPTCHA_FIELD, captchaToken } from "./site.ts";
import { currentPassword, displayName, email, password, username } from "./users.ts";

export const loginBody = z.strictObject({
  /** A username or an email address. */
  username: z.string().trim().min(1, "Enter your username or email").max(254),
  password: z.string().min(1, "Enter your password").max(128),
  remember: z.boolean().default(false),
  /** A browser trusted after an earlier two-factor sign-in skips the code step (issue 22). */
  deviceToken: z.string().min(20).max(200).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** A session's token; or, for an account with two-factor sign-in, the challenge a code must answer first. */
export const loginResponse = z.union([
  z.object({ token: z.string() }),
  z.object({ twoFactorRequired: z.literal(true), challenge: z.string(), expiresAt: z.string() }),
]);
export type LoginResponse = z.infer<typeof loginResponse>;

/** Issue 22: how long a browser stays trusted, and how long a typed password counts for a sensitive change. */
export const TRUST_DEVICE_DAYS = 30;
export const REAUTH_MINUTES = 5;
/** The `error` of the 403 answers that ask for two-factor sign-in, or for the password again. */
export const TWO_FACTOR_REQUIRED = "TwoFactorRequired";
export const REAUTHENTICATION_REQUIRED = "ReauthenticationRequired";

const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app");

export const twoFactorLoginBody = z
  .strictObject({
    challenge: z.string().min(20).max(200),
    code: totpCode.optional(),
    /** One of the recovery codes shown at enrolment; each works once. */
    recoveryCode: z.string().trim().min(8).max(40).optional(),
    trustDevice: z.boolean().default(false),
  })
  .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), {
    message: "Send either code or recoveryCode",
    path: ["code"],
  });
export const twoFactorLoginResponse = z.object({
  token: z.string(),
  /** Set when trustDevice was asked: send it as `deviceToken` at the next login from this browser. */
  deviceToken: z.string().nullable(),
});

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** Must this account turn it on (an admin)? */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const twoFactorSetup = z.object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code: an SVG data URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

export const twoFactorConfirmBody = z.strictObject({ code: totpCode, trustDevice: z.boolean().default(false) });
export const recoveryCodesResponse = z.object({
  /** Shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
  deviceToken: z.string().nullable(),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

export const reauthenticateBody = z.strictObject({ password: z.string().min(1, "Enter your password").max(128) });
export const reauthenticateResponse = z.object({ reauthenticatedUntil: z.string() });

export const registerBody = z.strictObject({
  username,
  email,
  password,
  name: displayName,
  [CAPTCHA_FIELD]: captchaToken,
  /** The page sign-up started from (a lock's "Create an account"): the mailed link and login lead back to it. */
  next: z.string().refine(isSafeReturnPath, RETURN_PATH_REASON).optional(),
  /** The tracking link the visitor came by (its cookie's code): the sign-up counts for it. */
  ref: z.string().trim().max(40).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const tokenBody = z.strictObject({ token: z.string().min(10).max(200) });
export const emailBody = z.strictObject({ email });

export const resetPasswordBody = z.strictObject({
  token: z.string().min(10).max(200),
  password,
});

export const changePasswordBody = z.strictObject({
  /** A stolen session alone must not be enough to take the account over (DESIGN section 9). */
  currentPassword,
  password,
  /** Which account screen asked; both change the same login. */
  source: z.enum(["user", "performer"]).default("user"),
});

/** Session lifetimes (SPEC section 9): the token cookie lives as long as its session. */
export const REMEMBER_DAYS = 365;
export const SESSION_DAYS = 1;

/** One of the member's signed-in sessions, as the account page lists them. */
export const sessionItem = z.object({
  _id: entityId,
  /** Browser and system read from the User-Agent, e.g. "Firefox on Windows". */
  device: z.string(),
  userAgent: z.string().nullable(),
  /** The address the session signed in from. */
  ip: z.string().nullable(),
  createdAt: z.string(),
  /** Updated at most once a minute. */
  lastSeenAt: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItem>;
export const sessionList = listResponse(sessionItem);
export const sessionParams = z.strictObject({ id: entityId });
export const revokedResponse = z.object({ revoked: z.number().int() });
