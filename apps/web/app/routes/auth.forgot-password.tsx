import { EmailRequestPage } from "../components/EmailRequestPage.tsx";
import { pageMeta } from "../lib/meta.ts";
import { pages } from "../pages.ts";
import { forgotPassword } from "../state/auth.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/auth.forgot-password";

export const handle = pages.forgotPassword.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Forgot password", "Get a link to choose a new password for your account.");

export default function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const forgot = useAppSelector((s) => s.auth.forgotData);

  const send = async (email: string) => {
    const result = await dispatch(forgotPassword(email));
    if (forgotPassword.rejected.match(result)) throw result.payload;
  };

  return (
    <EmailRequestPage
      title="Forgot your password?"
      intro="Enter the email of your account and we'll send you a link to reset it."
      sent={
        forgot.success ? forgot.data?.message || "If an account uses that email, a reset link is on its way." : null
      }
      sending={forgot.requesting}
      send={send}
      errorFallback="Please try again."
    />
  );
}
