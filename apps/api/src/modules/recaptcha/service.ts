import { CAPTCHA_FIELD, CAPTCHA_REQUIRED } from "@marquee/contracts/site";
import { AppError, unprocessable } from "../../platform/errors.ts";

/** The refusal of a form whose captcha is missing or not accepted: a 422 naming the token's body field. */
const captchaRefused = () =>
  unprocessable(CAPTCHA_REQUIRED, [{ path: `body.${CAPTCHA_FIELD}`, message: CAPTCHA_REQUIRED }]);

/**
 * Verifies a captcha token with the configured provider (Google reCAPTCHA's siteverify by default; any
 * provider with the same form API, such as hCaptcha or Turnstile, through RECAPTCHA_VERIFY_URL).
 * Without a secret, verification is disabled and forms skip it.
 */
export function createRecaptchaService(opts: { secret?: string; verifyUrl: string }) {
  async function verify(token: string, ip: string): Promise<{ enabled: boolean; success: boolean }> {
    if (!opts.secret) return { enabled: false, success: true };
    const unavailable = () =>
      new AppError(503, "Service Unavailable", "The captcha service did not answer. Please try again.");
    let answer: unknown;
    try {
      const res = await fetch(opts.verifyUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ secret: opts.secret, response: token, remoteip: ip }),
        signal: AbortSignal.timeout(5000),
      });
      answer = await res.json();
    } catch {
      throw unavailable();
    }
    // A provider answering `null` or a bare value is as broken as one not answering.
    if (typeof answer !== "object" || answer === null) throw unavailable();
    return { enabled: true, success: (answer as { success?: unknown }).success === true };
  }

  return {
    verify,

    /**
     * The captcha gate of a form (sign-up, contact), asked once per submission before anything is counted, stored
     * or sent: with a secret configured, the form's token must be one the provider accepts for the client's
     * address, or the form is refused with a 422 naming the token field (503 when the provider does not answer).
     * Tokens are single-use, so the form's token is verified here and nowhere else.
     */
    async requirePass(token: string | undefined, ip: string): Promise<void> {
      if (!opts.secret) return;
      if (!token) throw captchaRefused();
      if (!(await verify(token, ip)).success) throw captchaRefused();
    },
  };
}
export type RecaptchaService = ReturnType<typeof createRecaptchaService>;
/** What a form's service needs of the captcha: its gate. */
export type CaptchaGate = Pick<RecaptchaService, "requirePass">;
