import { Card, Stack, Text } from "@mantine/core";
import type { FeedEntry, FeedPage } from "@marquee/contracts/feed";
import { useCallback, useMemo } from "react";
import { useFormat } from "../../i18n/format.ts";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { api } from "../../lib/api.ts";
import { GalleryCard } from "../catalogue/GalleryCard.tsx";
import { LoadMore } from "../catalogue/LoadMore.tsx";
import { usePagedList } from "../catalogue/usePagedList.ts";
import { VideoCard } from "../catalogue/VideoCard.tsx";
import { ProductCard } from "../store/ProductCard.tsx";
import { FeedPostCard } from "./FeedPostCard.tsx";
import styles from "./social.module.css";

/** The feed's page size (the loader's first page and each "Load more"). */
export const FEED_PAGE_SIZE = 12;

type Keyed = { _id: string; entry: FeedEntry };
const idOf = (e: FeedEntry) =>
  e.kind === "post"
    ? e.post._id
    : e.kind === "video"
      ? e.video._id
      : e.kind === "gallery"
        ? e.gallery._id
        : e.product._id;
const keyed = (page: FeedPage) => ({
  data: page.data.map((entry) => ({ _id: `${entry.kind}:${idOf(entry)}`, entry })),
  next: page.next,
  total: 0,
});

const NEW_ITEM = {
  video: msg("New movie"),
  gallery: msg("New gallery"),
  product: msg("New in the store"),
} as const;

/** A movie, gallery or product in the feed: its card under what it is and when it came. */
function ItemEntry({ entry }: { entry: Exclude<FeedEntry, { kind: "post" }> }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Card data-testid="feed-item" data-kind={entry.kind}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t(NEW_ITEM[entry.kind])} ·{" "}
          <time dateTime={entry.at} title={f.dateTime(entry.at)}>
            {f.shortDate(entry.at)}
          </time>
        </Text>
        <div className={styles.entryCard}>
          {entry.kind === "video" && <VideoCard video={entry.video} />}
          {entry.kind === "gallery" && <GalleryCard gallery={entry.gallery} />}
          {entry.kind === "product" && <ProductCard product={entry.product} />}
        </div>
      </Stack>
    </Card>
  );
}

/** The member's feed, newest first: posts as FeedPostCards, the rest as their catalogue cards; "Load more" by cursor. */
export function FeedEntries({ initial }: { initial: FeedPage }) {
  const first = useMemo(() => keyed(initial), [initial]);
  const fetchPage = useCallback(
    (cursor: string) => api.get<FeedPage>("/feed", { limit: FEED_PAGE_SIZE, cursor }).then(keyed),
    [],
  );
  const list = usePagedList<Keyed>(first, fetchPage, "feed");
  return (
    <Stack gap="md" data-testid="feed">
      {list.items.map(({ _id, entry }) =>
        entry.kind === "post" ? <FeedPostCard key={_id} post={entry.post} /> : <ItemEntry key={_id} entry={entry} />,
      )}
      <LoadMore hasMore={!!list.next} loading={list.loading} onClick={list.loadMore} error={list.error} />
    </Stack>
  );
}
