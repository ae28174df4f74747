import { MailedLinkResult } from "../components/MailedLinkResult.tsx";
import { followMailedLink } from "../lib/mailed-link.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/auth.confirm-email";

export const handle = pages.confirmEmail.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Confirm new email", "Confirm the new email address of your account.");

export const loader = ({ request, context }: Route.LoaderArgs) =>
  followMailedLink(request, context, "/auth/email-change/confirm", {
    incomplete: "This confirmation link is incomplete.",
    done: "Your new email address is confirmed.",
    failed: "This confirmation link is invalid or has expired.",
  });

export default function ConfirmEmailPage({ loaderData }: Route.ComponentProps) {
  return (
    <MailedLinkResult
      {...loaderData}
      title={{ ok: "New email confirmed", failed: "Confirmation failed" }}
      testId="confirm-email-result"
      next={{ to: "/account", label: "Go to my account" }}
    />
  );
}
