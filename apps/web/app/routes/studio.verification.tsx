import { StudioPage } from "../components/studio/StudioPage.tsx";
import { VerificationPanel } from "../components/verification/VerificationPanel.tsx";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { loadVerification } from "../lib/verification.server.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/studio.verification";

export const handle = pages.studioVerification.handle;

const DESCRIPTION = msg("Your identity verification: publishing and payouts wait for it.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Verification"), t(DESCRIPTION));
};

export function loader({ request, context }: Route.LoaderArgs) {
  return loadVerification(request, context);
}

export default function StudioVerificationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <StudioPage title={t("Verification")} description={t(DESCRIPTION)}>
      <VerificationPanel {...loaderData} />
    </StudioPage>
  );
}
