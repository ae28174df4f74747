import { EMAIL_REQUEST_INTENT, EmailRequestPage } from "../components/EmailRequestPage.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents } from "../lib/actions.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/auth.resend-verification";

export const handle = pages.resendVerification.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(
    matches,
    t("Resend verification email"),
    t("Get a new link to verify the email address of your account."),
  );
};

/** Mails a fresh verification link to `email` (when it has an unconfirmed account; the answer does not say). */
export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    [EMAIL_REQUEST_INTENT]: (api, { email }) =>
      api.post<{ message: string }>("/auth/email-verification/resend", { email }),
  });
}

export default function ResendVerificationPage() {
  const { t } = useTranslation();
  return (
    <EmailRequestPage
      title={t("Verify your email")}
      intro={t("We'll send a fresh verification link to your inbox.")}
      sentFallback={t("If the address needs verifying, a new link is on its way.")}
    />
  );
}
