import { StudioPage } from "../components/studio/StudioPage.tsx";
import { VerificationPanel } from "../components/verification/VerificationPanel.tsx";
import { pageMeta } from "../lib/meta.ts";
import { loadVerification } from "../lib/verification.server.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/studio.verification";

export const handle = pages.studioVerification.handle;

const DESCRIPTION = "Your identity verification: publishing and payouts wait for it.";
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Verification", DESCRIPTION);

export function loader({ request, context }: Route.LoaderArgs) {
  return loadVerification(request, context);
}

export default function StudioVerificationPage({ loaderData }: Route.ComponentProps) {
  return (
    <StudioPage title="Verification" description={DESCRIPTION}>
      <VerificationPanel {...loaderData} />
    </StudioPage>
  );
}
