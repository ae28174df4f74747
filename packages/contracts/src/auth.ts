import { z } from "zod";
import { entityId, listResponse } from "./common.ts";
import { CAPTCHA_FIELD, captchaToken } from "./site.ts";
import { currentPassword, displayName, email, password, username } from "./users.ts";

export const loginBody = z.strictObject({
  /** A username or an email address. */
  username: z.string().trim().min(1, "Enter your username or email").max(254),
  password: z.string().min(1, "Enter your password").max(128),
  remember: z.boolean().default(false),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResponse = z.object({ token: z.string() });

export const registerBody = z.strictObject({
  username,
  email,
  password,
  name: displayName,
  [CAPTCHA_FIELD]: captchaToken,
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
