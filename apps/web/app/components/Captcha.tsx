import { Input } from "@mantine/core";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { CAPTCHA_REQUIRED, captchaError } from "../lib/captcha.ts";
import { useNonce } from "../lib/nonce.ts";
import { useAppSelector } from "../state/store.ts";

export const RECAPTCHA_SCRIPT = "https://www.google.com/recaptcha/api.js?render=explicit";
const LOAD_FAILED = msg("The captcha could not be loaded. Check your connection and reload the page.");

/** The part of Google reCAPTCHA v2's browser API the forms use. */
interface ReCaptcha {
  ready?: (callback: () => void) => void;
  render(container: HTMLElement, params: { sitekey: string; callback?: (token: string) => void }): number;
  getResponse(widgetId?: number): string;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: ReCaptcha;
  }
}

let loading: Promise<ReCaptcha> | null = null;

/** The CSP nonce of this page: the server's, or in the browser the one React Router's scripts carry. */
function pageNonce(serverNonce: string | undefined): string | undefined {
  return serverNonce || document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}

/** Adds the reCAPTCHA script once per page and resolves when its API can render widgets. */
function loadReCaptcha(nonce: string | undefined): Promise<ReCaptcha> {
  loading ??= new Promise<ReCaptcha>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = RECAPTCHA_SCRIPT;
    script.async = true;
    const scriptNonce = pageNonce(nonce);
    if (scriptNonce) script.nonce = scriptNonce;
    script.onload = () => {
      const grecaptcha = window.grecaptcha;
      if (!grecaptcha) reject(new Error(LOAD_FAILED));
      else if (grecaptcha.ready) grecaptcha.ready(() => resolve(grecaptcha));
      else resolve(grecaptcha);
    };
    script.onerror = () => {
      // Let a later form try again.
      loading = null;
      script.remove();
      reject(new Error(LOAD_FAILED));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** The reCAPTCHA v2 checkbox, with the form's captcha error under it. */
function CaptchaWidget({
  siteKey,
  error,
  onRender,
  onLoadError,
  onTick,
}: {
  siteKey: string;
  error: string | null;
  onRender: (widgetId: number | null) => void;
  onLoadError: (message: string) => void;
  onTick: () => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const nonce = useNonce();
  // The callbacks may change identity on every render; the widget is rendered once per site key.
  const handlers = useRef({ onRender, onLoadError, onTick });
  handlers.current = { onRender, onLoadError, onTick };

  useEffect(() => {
    const holder = box.current;
    if (!holder) return;
    let live = true;
    // A fresh element each time: reCAPTCHA refuses to render twice into the same one.
    const target = document.createElement("div");
    holder.appendChild(target);
    loadReCaptcha(nonce)
      .then((grecaptcha) => {
        if (!live) return;
        handlers.current.onRender(
          grecaptcha.render(target, { sitekey: siteKey, callback: () => handlers.current.onTick() }),
        );
      })
      .catch((loadError: unknown) => {
        if (live) handlers.current.onLoadError(loadError instanceof Error ? loadError.message : LOAD_FAILED);
      });
    return () => {
      live = false;
      handlers.current.onRender(null);
      target.remove();
    };
  }, [siteKey, nonce]);

  return (
    // The error is this page's own (marked with msg()) or the API's, shown as it comes.
    <Input.Wrapper error={error && t(error)} data-testid="captcha">
      <div ref={box} />
    </Input.Wrapper>
  );
}

/**
 * The captcha of a form: `field` goes into the form (nothing when no site key is configured); `response()` runs
 * first on submit and gives the widget's token to send with the form (null: do not submit, the box is not ticked
 * and the error is shown under the widget; "" when no captcha is configured). The API checks the token when it
 * takes the form. `refused(error)` after a failed submit asks for a fresh tick, as the token is spent, and shows
 * the API's captcha error under the widget (false: the error is about something else).
 */
export function useCaptcha(): {
  field: ReactNode;
  response: () => string | null;
  refused: (error: unknown) => boolean;
} {
  const siteKey = useAppSelector((s) => s.settings.data.reCaptchaSiteKey);
  const widgetId = useRef<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const response = useCallback(() => {
    setError(null);
    if (!siteKey) return "";
    const token = widgetId.current === null ? "" : (window.grecaptcha?.getResponse(widgetId.current) ?? "");
    if (!token) setError(CAPTCHA_REQUIRED);
    return token || null;
  }, [siteKey]);

  const refused = useCallback((failure: unknown) => {
    if (widgetId.current !== null) window.grecaptcha?.reset(widgetId.current);
    const message = captchaError(failure);
    if (message) setError(message);
    return !!message;
  }, []);

  const field = siteKey ? (
    <CaptchaWidget
      siteKey={siteKey}
      error={error}
      onRender={(id) => {
        widgetId.current = id;
      }}
      onLoadError={setError}
      onTick={() => setError(null)}
    />
  ) : null;

  return { field, response, refused };
}
