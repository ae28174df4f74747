import { z } from "zod";
import { email, genders } from "./users.ts";

/** Largest image upload (avatars, covers) unless the operator sets UPLOAD_IMAGE_MAX_MB. */
export const DEFAULT_IMAGE_MAX_MB = 8;

export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "Use an ISO 3166-1 alpha-2 code such as GB");

export const countryBlockCheck = z.object({ blocked: z.boolean(), countryCode: z.string().nullable() });

export const blockedCountry = z.object({ countryCode: z.string(), name: z.string(), createdAt: z.string() });
export const blockCountryBody = z.strictObject({ countryCode });

export const country = z.object({ code: z.string(), name: z.string(), native: z.string() });
export const language = z.object({ code: z.string(), name: z.string(), native: z.string() });
export const phoneCode = z.object({ code: z.string(), name: z.string(), dialCode: z.string() });

/**
 * The body field the forms guarded by a captcha (sign-up, contact) carry the widget's token in. The API verifies it
 * with the provider when it has a captcha secret, and refuses the form with a 422 naming this field when the token
 * is missing or refused; without a secret it is ignored, so sites without a captcha send none.
 */
export const CAPTCHA_FIELD = "captchaToken";
/** What the API and the forms say when the captcha is missing or not accepted. */
export const CAPTCHA_REQUIRED = "Please confirm you are not a robot.";
export const captchaToken = z.string().max(4000).optional();

export const contactBody = z.strictObject({
  name: z.string().trim().min(1, "Name is required").max(80),
  email,
  subject: z.string().trim().max(150).optional(),
  message: z.string().trim().min(10, "Message must be at least 10 characters").max(5000),
  [CAPTCHA_FIELD]: captchaToken,
});

export const recaptchaBody = z.strictObject({ token: z.string().min(1).max(4000) });
export const recaptchaResponse = z.object({ enabled: z.boolean(), success: z.boolean() });

/** Option lists the performer directory filters by (DESIGN section 5). */
export const performerAttributes = {
  genders,
  ethnicities: ["asian", "black", "caucasian", "latina", "middle-eastern", "mixed", "other"],
  bodyTypes: ["slim", "athletic", "average", "curvy", "muscular", "plus-size"],
  hairColors: ["black", "brown", "blonde", "red", "grey", "other"],
  eyeColors: ["brown", "blue", "green", "hazel", "grey", "other"],
  heights: ["under-160", "160-170", "170-180", "over-180"],
  sexualOrientations: ["straight", "gay", "lesbian", "bisexual", "pansexual"],
} as const;

export const userAdditional = z.object({
  genders: z.array(z.object({ value: z.string(), text: z.string() })),
  ethnicities: z.array(z.object({ value: z.string(), text: z.string() })),
  bodyTypes: z.array(z.object({ value: z.string(), text: z.string() })),
  hairColors: z.array(z.object({ value: z.string(), text: z.string() })),
  eyeColors: z.array(z.object({ value: z.string(), text: z.string() })),
  heights: z.array(z.object({ value: z.string(), text: z.string() })),
  sexualOrientations: z.array(z.object({ value: z.string(), text: z.string() })),
});
