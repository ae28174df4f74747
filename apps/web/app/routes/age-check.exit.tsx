import { Card, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../i18n/use-translation.ts";
import { metaT } from "../lib/seo.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/age-check.exit";

export const handle = pages.ageCheckExit.handle;

/** Where "I am under 18" leads: a neutral page, with nothing of the site on it. */
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches).t("You have left the site") },
  { name: "robots", content: "noindex" },
];

export default function AgeCheckExit() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" p={{ base: "lg", sm: "xl" }} maw={480} w="100%" data-testid="age-gate-exit">
      <Stack gap="xs" ta="center">
        <Title order={1} fz={24}>
          {t("You have left the site")}
        </Title>
        <Text c="dimmed">{t("This site is only for adults. You can close this tab.")}</Text>
      </Stack>
    </Card>
  );
}
