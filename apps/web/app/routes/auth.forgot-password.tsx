import { useEffect } from "react";
import { EMAIL_REQUEST_INTENT, EmailRequestPage } from "../components/EmailRequestPage.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents } from "../lib/actions.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { pages } from "../pages.ts";
import { forgotAnswered, forgotCleared, forgotFailed, forgotRequested } from "../state/auth.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/auth.forgot-password";

export const handle = pages.forgotPassword.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Forgot password"), t("Get a link to choose a new password for your account."));
};

/** Mails a reset link to `email` (when an account uses it; the answer does not say). */
export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    [EMAIL_REQUEST_INTENT]: (api, { email }) => api.post<{ message: string }>("/auth/users/forgot", { email }),
  });
}

/** The request's state is SPEC section 3's auth.forgotData: requesting, then its answer or error. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const forgotData = useAppSelector((s) => s.auth.forgotData);
  // Leaving the screen forgets the request: the next visit starts from the form.
  useEffect(() => () => void dispatch(forgotCleared()), [dispatch]);
  return (
    <EmailRequestPage
      tracked={{
        state: forgotData,
        requested: () => dispatch(forgotRequested()),
        answered: (message) => dispatch(forgotAnswered({ message })),
        failed: (error) => dispatch(forgotFailed(error)),
      }}
      title={t("Forgot your password?")}
      intro={t("Enter the email of your account and we'll send you a link to reset it.")}
      sentFallback={t("If an account uses that email, a reset link is on its way.")}
      errorFallback={t("Please try again.")}
    />
  );
}
