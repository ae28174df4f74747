import type { ReactNode } from "react";
import type { TFunction } from "../i18n/i18n.ts";
import { msg } from "../i18n/i18n.ts";

/**
 * The messages of the shared schemas (packages/contracts) a public form validates with before it sends: they are
 * English there, and shown through `translatedResolver` in the page's language.
 */
export const CONTRACT_FORM_MESSAGES = [
  msg("Username must be at least 3 characters"),
  msg("Username must be at most 30 characters"),
  msg("Username may contain letters, digits, dots and underscores"),
  msg("Enter a valid email address"),
  msg("Password must be at least 8 characters"),
  msg("Password must be at most 128 characters"),
  msg("Please confirm you are not a robot."), // CAPTCHA_REQUIRED, shown under the captcha
] as const;

/**
 * A form resolver whose messages are shown in the page's language: each one is a text marked for translation
 * where the schema is defined (`msg(...)`, or the shared schemas above); any other text is shown as it is.
 */
export function translatedResolver<Values>(
  resolver: (values: Values) => Record<string, ReactNode>,
  t: TFunction,
): (values: Values) => Record<string, ReactNode> {
  return (values) => {
    const errors = resolver(values);
    return Object.fromEntries(
      Object.entries(errors).map(([field, message]) => [field, typeof message === "string" ? t(message) : message]),
    );
  };
}
