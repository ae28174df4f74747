import { redirect } from "react-router";
import { refCookie } from "../lib/promotions.ts";
import { sessionApi } from "../lib/session.server.ts";
import type { Route } from "./+types/r.$code";

/**
 * A performer's tracking link (/r/CODE): the click is counted, the code kept in a cookie for 30 days (a sign-up
 * brings it, auth.register.tsx), and the visitor goes on to the performer's profile. An unknown code goes home.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const code = params.code ?? "";
  if (!/^[A-Za-z0-9_-]{4,40}$/.test(code)) return redirect("/");
  try {
    const { username } = await sessionApi(request, context).post<{ username: string }>(
      `/tracking-links/${encodeURIComponent(code)}/click`,
    );
    const secure = new URL(request.url).protocol === "https:";
    return redirect(`/performers/${encodeURIComponent(username)}`, {
      headers: { "Set-Cookie": refCookie(code, secure) },
    });
  } catch {
    return redirect("/");
  }
}
