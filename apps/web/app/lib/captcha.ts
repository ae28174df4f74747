/**
 * The captcha of the forms that use one (register, contact). A site key in the public settings says a captcha is
 * configured; the form sends the widget's token with its fields, in the body field the API reads it from, and the
 * API verifies it (once: tokens are single-use) before it takes the form. A missing or refused token comes back as
 * a 422 naming that field.
 */

import { CAPTCHA_FIELD, CAPTCHA_REQUIRED } from "@marquee/contracts/site";
import { fieldErrorsFrom } from "./form-errors.ts";

export { CAPTCHA_FIELD, CAPTCHA_REQUIRED };

/** The API's refusal of a form's captcha, from a failed submit: the message to show under the widget, or null. */
export function captchaError(error: unknown): string | null {
  return fieldErrorsFrom(error)[CAPTCHA_FIELD] ?? null;
}
