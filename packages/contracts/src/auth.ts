import { z } from "zod";
import { displayName, email, password, username } from "./users.ts";

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
});
export type RegisterBody = z.infer<typeof registerBody>;

export const tokenBody = z.strictObject({ token: z.string().min(10).max(200) });
export const emailBody = z.strictObject({ email });

export const resetPasswordBody = z.strictObject({
  token: z.string().min(10).max(200),
  password,
});

export const changePasswordBody = z.strictObject({
  password,
  /** Which account screen asked; both change the same login. */
  source: z.enum(["user", "performer"]).default("user"),
});

/** Session lifetimes (SPEC section 9): the token cookie lives as long as its session. */
export const REMEMBER_DAYS = 365;
export const SESSION_DAYS = 1;
