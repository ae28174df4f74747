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

export default function AuthLoginPage({ actionData }: Route.ComponentProps) {
  return <LoginForm serverError={actionData?.error} />;
}
