import { Anchor, Container, Stack, Text, Title } from "@mantine/core";
import type { Gallery } from "@marquee/contracts/galleries";
import type { Video } from "@marquee/contracts/videos";
import { useMemo } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { GalleryCard } from "../catalogue/GalleryCard.tsx";
import { PagedGrid } from "../catalogue/PagedGrid.tsx";
import type { Page } from "../catalogue/usePagedList.ts";
import { VideoCard } from "../catalogue/VideoCard.tsx";

/** How many movies and galleries each list shows before "load more". */
export const REACTED_PAGE_SIZE = 12;

export type ReactedVideo = { _id: string; video: Video };
export type ReactedGallery = { _id: string; gallery: Gallery };

/** A first page the loader read, or the message to show when it could not. */
export interface Loaded<T> {
  result: Page<T> | null;
  error: string | null;
}

/**
 * The member's favourites or watch-later list (GET /reactions/videos and /reactions/galleries with `action`),
 * newest first, as catalogue cards.
 */
export function ReactedLists({
  title,
  description,
  action,
  videos,
  galleries,
}: {
  title: string;
  description: string;
  action: "favourite" | "watch_later";
  videos: Loaded<ReactedVideo>;
  galleries?: Loaded<ReactedGallery>;
}) {
  const query = useMemo(() => ({ action, limit: REACTED_PAGE_SIZE }), [action]);
  const { t } = useTranslation();
  return (
    <Container size="xl">
      <Stack gap="xl">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{description}</Text>
          <Anchor component={Link} to="/account" size="sm">
            {t("Back to my account")}
          </Anchor>
        </div>
        <section aria-labelledby="reacted-movies">
          <Title order={2} id="reacted-movies" fz={24} mb="md">
            {t("Movies")}
          </Title>
          {videos.error ? (
            <Text c="red">{t(videos.error)}</Text>
          ) : (
            <PagedGrid<ReactedVideo>
              initial={videos.result}
              path="/reactions/videos"
              query={query}
              resetKey={`videos:${action}`}
              label={t("{{title}}: movies", { title })}
              testId="reacted-movies"
              empty={action === "watch_later" ? t("Nothing to watch later yet.") : t("No favourite movies yet.")}
              render={(r, i) => <VideoCard key={r._id} video={r.video} eager={i < 4} />}
            />
          )}
        </section>
        {galleries && (
          <section aria-labelledby="reacted-galleries">
            <Title order={2} id="reacted-galleries" fz={24} mb="md">
              {t("Galleries")}
            </Title>
            {galleries.error ? (
              <Text c="red">{t(galleries.error)}</Text>
            ) : (
              <PagedGrid<ReactedGallery>
                initial={galleries.result}
                path="/reactions/galleries"
                query={query}
                resetKey={`galleries:${action}`}
                label={t("{{title}}: galleries", { title })}
                testId="reacted-galleries"
                empty={t("No favourite galleries yet.")}
                render={(r, i) => <GalleryCard key={r._id} gallery={r.gallery} eager={i < 4} />}
              />
            )}
          </section>
        )}
      </Stack>
    </Container>
  );
}
