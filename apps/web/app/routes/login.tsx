import { LoginForm } from "../components/LoginForm.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { loginAction } from "../lib/login-action.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/login";

export const handle = pages.login.handle;

export async function action({ request, context }: Route.ActionArgs) {
  return loginAction(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Please log in"), t("Your session has ended. Log in again to continue."));
};

/** Where a 401 lands (SPEC section 8): the same login form with a short explanation. */
export default function LoginPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return <LoginForm notice={t("Please log in to continue.")} serverError={actionData?.error} />;
}
