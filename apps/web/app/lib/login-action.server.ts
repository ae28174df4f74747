import { data, redirect } from "react-router";
import { msg } from "../i18n/i18n.ts";
import { INCORRECT_CREDENTIALS } from "../state/auth.ts";
import { errorMessage } from "./api.ts";
import { DEVICE_COOKIE, parseCookies, tokenCookie } from "./cookies.ts";
import { destinationAfterLogin } from "./redirects.ts";
import { serverApi } from "./session.server.ts";
import "./load-context.ts";
import type { AppLoadContext } from "react-router";

/**
 * Login without JavaScript (a form submitted before hydration): the same call and cookie as the client
 * thunk, answered with a redirect to the usual destination or the error message.
 */
export async function loginAction(request: Request, context: AppLoadContext | undefined) {
  const form = await request.formData();
  const username = String(form.get("username") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const remember = form.get("remember") === "on" || form.get("remember") === "true";
  if (!username || !password) return data({ error: msg("Enter your username or email and password") }, { status: 400 });
  try {
    const deviceToken = parseCookies(request.headers.get("Cookie"))[DEVICE_COOKIE];
    const { token } = await serverApi(request, context, null).post<{ token?: string }>("/auth/login", {
      username,
      password,
      remember,
      ...(deviceToken ? { deviceToken } : {}),
    });
    if (!token) {
      // The code step runs in the page: the form, once the page has loaded, asks for it.
      return data(
        { error: msg("This account uses two-factor sign-in: log in again once the page has finished loading.") },

        { status: 422 },
      );
    }
    const url = new URL(request.url);
    return redirect(destinationAfterLogin(url.searchParams), {
      headers: { "Set-Cookie": tokenCookie(token, remember, url.protocol === "https:") },
    });
  } catch (error) {
    return data({ error: errorMessage(error, INCORRECT_CREDENTIALS) }, { status: 422 });
  }
}
