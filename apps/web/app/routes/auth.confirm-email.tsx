import { MailedLinkResult } from "../components/MailedLinkResult.tsx";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { followMailedLink } from "../lib/mailed-link.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/auth.confirm-email";

export const handle = pages.confirmEmail.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Confirm new email"), t("Confirm the new email address of your account."));
};

export const loader = ({ request, context }: Route.LoaderArgs) =>
  followMailedLink(request, context, "/auth/email-change/confirm", {
    incomplete: msg("This confirmation link is incomplete."),
    done: msg("Your new email address is confirmed."),
    failed: msg("This confirmation link is invalid or has expired."),
  });

export default function ConfirmEmailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <MailedLinkResult
      {...loaderData}
      title={{ ok: t("New email confirmed"), failed: t("Confirmation failed") }}
      testId="confirm-email-result"
      next={{ to: "/account", label: t("Go to my account") }}
    />
  );
}
