import { Stack, Text } from "@mantine/core";
import type { FeedPost, FeedPostList } from "@marquee/contracts/feed";
import { useCallback, useMemo } from "react";
import { api } from "../../lib/api.ts";
import { LoadMore } from "../catalogue/LoadMore.tsx";
import { usePagedList } from "../catalogue/usePagedList.ts";
import { FeedPostCard } from "./FeedPostCard.tsx";

/** Equal to the API's page of feed posts the screens ask for. */
export const POSTS_PAGE_SIZE = 12;

/** The first page of a performer's posts, as the loaders read it (GET /feed-posts/performer/:id). */
export const performerPostsPath = (performerId: string) => `/feed-posts/performer/${encodeURIComponent(performerId)}`;

/**
 * A performer's posts, newest first, from the page the loader read, with "Load more" by cursor from the browser:
 * the profile's Posts tab and the studio's list under the composer.
 */
export function PostList({
  performerId,
  initial,
  empty,
  testId = "post-list",
}: {
  performerId: string;
  initial: FeedPostList | null;
  empty: string;
  testId?: string;
}) {
  const fetchPage = useCallback(
    (cursor: string) =>
      api
        .get<FeedPostList>(performerPostsPath(performerId), { limit: POSTS_PAGE_SIZE, cursor })
        .then((page) => ({ ...page, total: 0 })),
    [performerId],
  );
  const first = useMemo(() => initial && { ...initial, total: 0 }, [initial]);
  const list = usePagedList<FeedPost>(first, fetchPage, `${performerId}:${initial?.data[0]?._id ?? ""}`);
  return (
    <Stack gap="md" data-testid={testId}>
      {list.items.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        list.items.map((post) => <FeedPostCard key={post._id} post={post} />)
      )}
      <LoadMore hasMore={!!list.next} loading={list.loading} onClick={list.loadMore} error={list.error} />
    </Stack>
  );
}
