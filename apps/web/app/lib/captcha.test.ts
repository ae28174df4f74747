import { describe, expect, it } from "vitest";
import { ApiError } from "./api.ts";
import { CAPTCHA_FIELD, CAPTCHA_REQUIRED, captchaError } from "./captcha.ts";
import { fieldErrorsFrom } from "./form-errors.ts";

/** What the API answers a sign-up or contact form whose captcha token is missing or refused. */
const refusal = {
  statusCode: 422,
  error: "Unprocessable Entity",
  message: CAPTCHA_REQUIRED,
  details: [{ path: `body.${CAPTCHA_FIELD}`, message: CAPTCHA_REQUIRED }],
};

describe("captchaError", () => {
  it("gives the message of the API's captcha refusal, as the action relays it or as an ApiError", () => {
    expect(captchaError(refusal)).toBe(CAPTCHA_REQUIRED);
    expect(captchaError(new ApiError(refusal))).toBe(CAPTCHA_REQUIRED);
  });

  it("is the message the form shows at the captcha field, the one the form sends the token in", () => {
    expect(fieldErrorsFrom(refusal)).toEqual({ [CAPTCHA_FIELD]: CAPTCHA_REQUIRED });
  });

  it("is null for errors about something else, so the form shows them at their own fields", () => {
    const taken = {
      statusCode: 409,
      error: "Conflict",
      message: "This username is taken.",
      details: [{ path: "body.username", message: "already taken" }],
    };
    expect(captchaError(taken)).toBeNull();
    expect(
      captchaError({ statusCode: 503, error: "Service Unavailable", message: "The captcha service did not answer." }),
    ).toBeNull();
    expect(captchaError(new Error("offline"))).toBeNull();
    expect(captchaError(null)).toBeNull();
  });
});
