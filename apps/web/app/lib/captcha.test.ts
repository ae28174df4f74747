import { describe, expect, it, vi } from "vitest";
import { CAPTCHA_FIELD, CAPTCHA_REQUIRED, type CaptchaVerdict, captchaGate, captchaRefusal } from "./captcha.ts";
import { fieldErrorsFrom } from "./form-errors.ts";

function setup(token: string, verdict: CaptchaVerdict | Error = { enabled: true, success: true }) {
  return {
    token: vi.fn(() => token),
    verify: vi.fn(async () => {
      if (verdict instanceof Error) throw verdict;
      return verdict;
    }),
  };
}

describe("captchaGate", () => {
  it("lets the form through without a site key, asking nothing", async () => {
    const io = setup("");
    expect(await captchaGate({ siteKey: "", ...io })).toEqual({ pass: true });
    expect(io.token).not.toHaveBeenCalled();
    expect(io.verify).not.toHaveBeenCalled();
  });

  it("refuses an empty token without calling the API", async () => {
    const io = setup("");
    expect(await captchaGate({ siteKey: "site-key", ...io })).toEqual({
      pass: false,
      error: CAPTCHA_REQUIRED,
      reset: false,
    });
    expect(io.verify).not.toHaveBeenCalled();
  });

  it("refuses, and asks for a reset, when the API verifies and the provider says no", async () => {
    const io = setup("tok", { enabled: true, success: false });
    expect(await captchaGate({ siteKey: "site-key", ...io })).toEqual({
      pass: false,
      error: CAPTCHA_REQUIRED,
      reset: true,
    });
    expect(io.verify).toHaveBeenCalledWith("tok");
  });

  it("passes a token the provider accepts", async () => {
    const io = setup("tok", { enabled: true, success: true });
    expect(await captchaGate({ siteKey: "site-key", ...io })).toEqual({ pass: true });
  });

  it("passes when the API has verification switched off", async () => {
    const io = setup("tok", { enabled: false, success: true });
    expect(await captchaGate({ siteKey: "site-key", ...io })).toEqual({ pass: true });
  });

  it("leaves a failing verify call (provider down) to the caller", async () => {
    const io = setup("tok", new Error("The captcha service did not answer. Please try again."));
    await expect(captchaGate({ siteKey: "site-key", ...io })).rejects.toThrow("did not answer");
  });
});

describe("captchaRefusal", () => {
  it("is a 422 that names the captcha field, so the form shows it under the widget", () => {
    expect(captchaRefusal(CAPTCHA_REQUIRED)).toEqual({
      statusCode: 422,
      error: "Unprocessable Entity",
      message: CAPTCHA_REQUIRED,
      details: [{ path: CAPTCHA_FIELD, message: CAPTCHA_REQUIRED }],
    });
    expect(fieldErrorsFrom(captchaRefusal("No"))).toEqual({ captcha: "No" });
  });
});
