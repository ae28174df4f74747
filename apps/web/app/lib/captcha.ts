/**
 * The captcha gate of the forms that use one (register, contact). A site key in the public settings says a
 * captcha is configured; the form sends the widget's token with its fields and the route's action asks the API's
 * POST /re-captcha/verify about it (captcha.server.ts) before it sends the form on.
 */

import type { ErrorBody } from "@marquee/contracts/common";
import type { recaptchaResponse } from "@marquee/contracts/site";
import type { z } from "zod";

export const CAPTCHA_REQUIRED = "Please confirm you are not a robot.";

/** What POST /re-captcha/verify answers: `enabled: false` when the API has no secret to verify with. */
export type CaptchaVerdict = z.infer<typeof recaptchaResponse>;

export type CaptchaGate =
  | { pass: true }
  /** `reset`: the token was spent, so the widget must be ticked afresh. */
  | { pass: false; error: string; reset: boolean };

/**
 * Decides whether a form may be submitted: always without a site key; otherwise only with a token the API
 * does not refuse. Errors of `verify` (the API answers 503 when the provider is down) are left to the caller.
 */
export async function captchaGate({
  siteKey,
  token,
  verify,
}: {
  siteKey: string;
  /** The widget's response; empty until the box is ticked. */
  token: () => string;
  verify: (token: string) => Promise<CaptchaVerdict>;
}): Promise<CaptchaGate> {
  if (!siteKey) return { pass: true };
  const response = token();
  if (!response) return { pass: false, error: CAPTCHA_REQUIRED, reset: false };
  const verdict = await verify(response);
  if (verdict.enabled && !verdict.success) return { pass: false, error: CAPTCHA_REQUIRED, reset: true };
  return { pass: true };
}

/** The field a form sends the widget's response in, and that a refusal names. */
export const CAPTCHA_FIELD = "captcha";

/** The answer to a form whose captcha did not pass: a 422 naming the captcha field, so the form shows it there. */
export function captchaRefusal(message: string): ErrorBody {
  return {
    statusCode: 422,
    error: "Unprocessable Entity",
    message,
    details: [{ path: CAPTCHA_FIELD, message }],
  };
}
