import { useState } from "react";
import { EmailRequestPage } from "../components/EmailRequestPage.tsx";
import { api } from "../lib/api.ts";
import { pageMeta } from "../lib/meta.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/auth.resend-verification";

export const handle = pages.resendVerification.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Resend verification email", "Get a new link to verify the email address of your account.");

export default function ResendVerificationPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = async (email: string) => {
    setSending(true);
    try {
      const res = await api.post<{ message: string }>("/auth/email-verification/resend", { email });
      setSent(res?.message || "If the address needs verifying, a new link is on its way.");
    } finally {
      setSending(false);
    }
  };

  return (
    <EmailRequestPage
      title="Verify your email"
      intro="We'll send a fresh verification link to your inbox."
      sent={sent}
      sending={sending}
      send={send}
    />
  );
}
