import { AppError } from "../../platform/errors.ts";

/**
 * Verifies a captcha token with the configured provider (Google reCAPTCHA's siteverify by default; any
 * provider with the same form API, such as hCaptcha or Turnstile, through RECAPTCHA_VERIFY_URL).
 * Without a secret, verification is disabled and forms skip it.
 */
export function createRecaptchaService(opts: { secret?: string; verifyUrl: string }) {
  return {
    async verify(token: string, ip: string): Promise<{ enabled: boolean; success: boolean }> {
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
    },
  };
}
export type RecaptchaService = ReturnType<typeof createRecaptchaService>;
