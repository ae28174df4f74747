import { useSearchParams } from "react-router";
import { LoginForm } from "../components/LoginForm.tsx";
import { loginAction } from "../lib/login-action.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/auth.login";

export const handle = pages.authLogin.handle;

export async function action({ request, context }: Route.ActionArgs) {
  return loginAction(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Log in", "Log in to your account to watch, follow performers and manage your profile.");

/** Said when a verification link sent the new member straight here (`?verified=1`). */
const VERIFIED_NOTICE = "Your email address is verified. Log in to continue.";

export default function AuthLoginPage({ actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  return (
    <LoginForm
      serverError={actionData?.error}
      {...(search.get("verified") === "1" ? { notice: VERIFIED_NOTICE } : {})}
    />
  );
}
