import { Alert, Anchor, Button, Container, Stack, Text, Title } from "@mantine/core";
import type { FeedPage } from "@marquee/contracts/feed";
import { Link, useRevalidator } from "react-router";
import { LinkedText } from "../components/LinkedText.tsx";
import { FEED_PAGE_SIZE, FeedEntries } from "../components/social/FeedEntries.tsx";
import styles from "../components/social/social.module.css";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { loadedGet } from "../lib/actions.server.ts";
import { translateError } from "../lib/api.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/feed";

export const handle = pages.feed.handle;

const DESCRIPTION = msg("What is new from the performers you follow and subscribe to.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Feed"), t(DESCRIPTION));
};

/** The feed's first page (GET /feed); the next ones load from the browser. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadedGet<FeedPage>(request, context, "/feed", { limit: FEED_PAGE_SIZE }, msg("Could not load your feed."));
}

export default function FeedRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const { result, error } = loaderData;
  return (
    <Container size="xl">
      <Stack gap="lg" className={styles.feed}>
        <div>
          <Title order={1}>{t("Feed")}</Title>
          <Text c="dimmed">{t(DESCRIPTION)}</Text>
        </div>
        {error && (
          <Alert color="red" title={translateError(error, t)}>
            <Button variant="default" size="xs" onClick={() => void revalidator.revalidate()}>
              {t("Try again")}
            </Button>
          </Alert>
        )}
        {result && result.performers === 0 && (
          <Text data-testid="feed-empty">
            <LinkedText
              text={t("Follow performers to see their news here. <link>Browse performers</link>")}
              link={(words) => (
                <Anchor component={Link} to="/performers">
                  {words}
                </Anchor>
              )}
            />
          </Text>
        )}
        {result && result.performers > 0 && result.data.length === 0 && (
          <Text c="dimmed" data-testid="feed-empty">
            {t("Nothing new from the performers you follow yet.")}
          </Text>
        )}
        {result && result.data.length > 0 && <FeedEntries initial={result} />}
      </Stack>
    </Container>
  );
}
