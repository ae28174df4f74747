import { Alert, Avatar, Badge, Card, Group, Stack, Text } from "@mantine/core";
import type { Follower, FollowerList } from "@marquee/contracts/feed";
import { useCallback } from "react";
import { Link } from "react-router";
import { initials } from "../components/catalogue/CardImage.tsx";
import { LoadMore } from "../components/catalogue/LoadMore.tsx";
import { usePagedList } from "../components/catalogue/usePagedList.ts";
import { StudioForbidden, StudioPage, useStudioRole } from "../components/studio/StudioPage.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { loadedGet } from "../lib/actions.server.ts";
import { api, translateError } from "../lib/api.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/studio.followers";

export const handle = pages.studioFollowers.handle;

const DESCRIPTION = msg("Who follows you for free, and which of them also subscribe.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Followers"), t(DESCRIPTION));
};

const PAGE_SIZE = 24;

/** The performer's first page of followers, newest first (GET /followers); the next ones load from the browser. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadedGet<FollowerList>(
    request,
    context,
    "/followers",
    { limit: PAGE_SIZE },
    msg("Could not load your followers."),
  );
}

function FollowerRow({ follower }: { follower: Follower }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="follower-row" py={6}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar src={follower.avatar} alt="" radius="xl">
          {initials(follower.name)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate="end">
            {follower.name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            @{follower.username} · {t("since {{date}}", { date: f.date(follower.followedAt) })}
          </Text>
        </div>
      </Group>
      {follower.subscribed && (
        <Badge color="teal" variant="light" data-testid="follower-subscriber">
          {t("Subscriber")}
        </Badge>
      )}
    </Group>
  );
}

export default function StudioFollowersPage({ loaderData }: Route.ComponentProps) {
  const role = useStudioRole();
  const { t } = useTranslation();
  const f = useFormat();
  const { result, error } = loaderData;
  const fetchPage = useCallback(
    (cursor: string) => api.get<FollowerList>("/followers", { limit: PAGE_SIZE, cursor }),
    [],
  );
  const list = usePagedList<Follower>(result, fetchPage, "followers");
  if (!role) return <StudioForbidden />;
  return (
    <StudioPage title={t("Followers")} description={t(DESCRIPTION)}>
      {error && <Alert color="red">{translateError(error, t)}</Alert>}
      {result && (
        <Text fw={700} data-testid="followers-total">
          {t("{{followers}} followers", { count: list.total, followers: f.number(list.total) })}
        </Text>
      )}
      {result && list.items.length === 0 && (
        <Text c="dimmed">
          {t("Nobody follows you yet. Members follow you from your profile.")}{" "}
          <Link to="/studio/posts">{t("Write a post")}</Link>
        </Text>
      )}
      {list.items.length > 0 && (
        <Card>
          <Stack gap={0}>
            {list.items.map((follower) => (
              <FollowerRow key={follower._id} follower={follower} />
            ))}
          </Stack>
        </Card>
      )}
      <LoadMore
        hasMore={!!list.next}
        loading={list.loading}
        onClick={list.loadMore}
        shown={list.items.length}
        total={list.total}
        error={list.error}
      />
    </StudioPage>
  );
}
