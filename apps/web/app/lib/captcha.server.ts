import { normalizeSettings } from "../state/settings.ts";
import { type ApiClient, ApiError } from "./api.ts";
import { type CaptchaVerdict, captchaGate, captchaRefusal } from "./captcha.ts";
import { siteState } from "./site-state.server.ts";

/**
 * An action's captcha gate: when the public settings carry a site key, the form's `response` (the widget's token)
 * must be one the API's POST /re-captcha/verify accepts, or the action is refused with a 422 naming the captcha
 * field. The call goes with the visitor's address (X-Forwarded-For), as the provider is told who ticked the box.
 */
export async function requireCaptcha(api: ApiClient, response: unknown): Promise<void> {
  const { reCaptchaSiteKey } = normalizeSettings(await siteState.settings());
  const gate = await captchaGate({
    siteKey: reCaptchaSiteKey,
    token: () => (typeof response === "string" ? response : ""),
    verify: (token) => api.post<CaptchaVerdict>("/re-captcha/verify", { token }),
  });
  if (!gate.pass) throw new ApiError(captchaRefusal(gate.error));
}
