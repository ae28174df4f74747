import { useSearchParams } from "react-router";
import { LoginForm } from "../components/LoginForm.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { loginAction } from "../lib/login-action.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/auth.login";

export const handle = pages.authLogin.handle;

export async function action({ request, context }: Route.ActionArgs) {
  return loginAction(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(
    matches,
    t("Log in"),
    t("Log in to your account to watch, follow performers and manage your profile."),
  );
};

export default function AuthLoginPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  return (
    <LoginForm
      serverError={actionData?.error}
      // Said when a verification link sent the new member straight here (`?verified=1`).
      {...(search.get("verified") === "1" ? { notice: t("Your email address is verified. Log in to continue.") } : {})}
    />
  );
}
