import { Button } from "@mantine/core";
import { Link } from "react-router";
import { MailedLinkResult } from "../components/MailedLinkResult.tsx";
import { followMailedLink } from "../lib/mailed-link.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/auth.verify-email";

export const handle = pages.verifyEmail.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Verify email", "Confirm the email address of your account.");

export const loader = ({ request, context }: Route.LoaderArgs) =>
  followMailedLink(request, context, "/auth/email-verification", {
    incomplete: "This verification link is incomplete.",
    done: "Your email address has been verified.",
    failed: "This verification link is invalid or has expired.",
  });

export default function VerifyEmailPage({ loaderData }: Route.ComponentProps) {
  return (
    <MailedLinkResult
      {...loaderData}
      title={{ ok: "Email verified", failed: "Verification failed" }}
      testId="verify-result"
      next={{ to: "/auth/login", label: "Go to login" }}
      onFailure={
        <Button component={Link} to="/auth/resend-verification" variant="subtle" fullWidth>
          Send a new verification email
        </Button>
      }
    />
  );
}
