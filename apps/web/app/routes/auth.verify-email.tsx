import { Button } from "@mantine/core";
import { safeReturnPath, withReturnPath } from "@marquee/contracts/return-path";
import { Link, redirect } from "react-router";
import { MailedLinkResult } from "../components/MailedLinkResult.tsx";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { followMailedLink } from "../lib/mailed-link.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/auth.verify-email";

export const handle = pages.verifyEmail.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Verify email"), t("Confirm the email address of your account."));
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const result = await followMailedLink(request, context, "/auth/email-verification", {
    incomplete: msg("This verification link is incomplete."),
    done: msg("Your email address has been verified."),
    failed: msg("This verification link is invalid or has expired."),
  });
  // Sign-up started from a page (a lock's "Create an account"): one step fewer, straight to login and then back
  // there. Only a path on this site is followed; the login step (and its two-factor code) still applies.
  const next = safeReturnPath(new URL(request.url).searchParams.get("next"));
  if (result.ok && next && next !== "/") throw redirect(`${withReturnPath("/auth/login", next)}&verified=1`);
  return { ...result, next };
}

export default function VerifyEmailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <MailedLinkResult
      {...loaderData}
      title={{ ok: t("Email verified"), failed: t("Verification failed") }}
      testId="verify-result"
      next={{ to: withReturnPath("/auth/login", loaderData.next), label: t("Go to login") }}
      onFailure={
        <Button component={Link} to="/auth/resend-verification" variant="subtle" fullWidth>
          {t("Send a new verification email")}
        </Button>
      }
    />
  );
}
