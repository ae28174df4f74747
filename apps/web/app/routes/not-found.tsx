import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { data, Link } from "react-router";
import { useTranslation } from "../i18n/use-translation.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/not-found";

export const handle = pages.notFound.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Page not found"), t("The page you are looking for does not exist."));
};

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Text
          fw={900}
          fz={120}
          lh={1}
          variant="gradient"
          gradient={{ from: "grape", to: "violet", deg: 45 }}
          aria-hidden
        >
          404
        </Text>
        <Title order={1}>{t("Page not found")}</Title>
        <Text c="dimmed" size="lg">
          {t("The page you are looking for doesn't exist or has moved.")}
        </Text>
        <Group>
          <Button component={Link} to="/">
            {t("Back to home")}
          </Button>
          <Button component={Link} to="/contact" variant="default">
            {t("Contact us")}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
