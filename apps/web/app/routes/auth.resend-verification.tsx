import { EMAIL_REQUEST_INTENT, EmailRequestPage } from "../components/EmailRequestPage.tsx";
import { handleIntents } from "../lib/actions.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/auth.resend-verification";

export const handle = pages.resendVerification.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Resend verification email", "Get a new link to verify the email address of your account.");

/** Mails a fresh verification link to `email` (when it has an unconfirmed account; the answer does not say). */
export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    [EMAIL_REQUEST_INTENT]: (api, { email }) =>
      api.post<{ message: string }>("/auth/email-verification/resend", { email }),
  });
}

export default function ResendVerificationPage() {
  return (
    <EmailRequestPage
      title="Verify your email"
      intro="We'll send a fresh verification link to your inbox."
      sentFallback="If the address needs verifying, a new link is on its way."
    />
  );
}
