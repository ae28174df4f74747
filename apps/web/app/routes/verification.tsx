import { Container, Stack, Text, Title } from "@mantine/core";
import { VerificationPanel } from "../components/verification/VerificationPanel.tsx";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { loadVerification } from "../lib/verification.server.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/verification";

export const handle = pages.verification.handle;

const DESCRIPTION = msg("Verify your identity and age to publish on the site and be paid.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Become a performer"), t(DESCRIPTION));
};

export function loader({ request, context }: Route.LoaderArgs) {
  return loadVerification(request, context);
}

/** "Become a performer": any signed-in user applies here; an approved application opens the studio. */
export default function VerificationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Container size="lg" pb="xl">
      <Stack gap="xl">
        <div>
          <Title order={1}>{t("Become a performer")}</Title>
          <Text c="dimmed">{t(DESCRIPTION)}</Text>
        </div>
        <VerificationPanel {...loaderData} />
      </Stack>
    </Container>
  );
}
