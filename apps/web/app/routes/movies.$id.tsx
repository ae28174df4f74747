import { Avatar, Container, Group, Text, Title } from "@mantine/core";
import type { MoviePage as MoviePageData } from "@marquee/contracts/pages";
import type { VideoDetail } from "@marquee/contracts/videos";
import { IconMovieOff } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { DetailError } from "../components/browse/DetailError.tsx";
import { AccessBadge } from "../components/catalogue/AccessBadge.tsx";
import { CardGrid } from "../components/catalogue/CardGrid.tsx";
import { paragraphs } from "../components/catalogue/format.ts";
import { LoadMore } from "../components/catalogue/LoadMore.tsx";
import { performerPath } from "../components/catalogue/links.ts";
import { VideoCard } from "../components/catalogue/VideoCard.tsx";
import { Comments } from "../components/comments/Comments.tsx";
import { LockedStage } from "../components/media/LockedStage.tsx";
import styles from "../components/media/movie.module.css";
import { type NextUpMovie, nextUpOf } from "../components/media/next-up.ts";
import { lostAccessCta } from "../components/media/playback-recovery.ts";
import { VideoPlayer } from "../components/media/VideoPlayer.tsx";
import { ReactionButtons } from "../components/reactions/ReactionButtons.tsx";
import { ReportButton } from "../components/reports/ReportButton.tsx";
import { TipButton } from "../components/tips/TipButton.tsx";
import { useFormat } from "../i18n/format.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { callToAction, type SubscribeOffer } from "../lib/access-cta.ts";
import { translateError } from "../lib/api.ts";
import { required } from "../lib/catalogue.server.ts";
import { formatDuration } from "../lib/format.ts";
import { notAfterReport } from "../lib/report-path.ts";
import { metaT, seoMeta } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import { useObjectRoom } from "../realtime/rooms.ts";
import { type ListRequest, listKey } from "../state/asset-list.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import { loadMoreRelatedVideos, loadRelatedVideos, VIDEOS_SEARCH_PATH } from "../state/videos.ts";
import type { Route } from "./+types/movies.$id";

export const handle = pages.movie.handle;

const RELATED_PAGE_SIZE = 8;

/** One call: the movie as this viewer sees it, with the subscriptions that would open it (GET /pages/movies/:id). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return required(
    sessionApi(request, context).get<MoviePageData>(`/pages/movies/${encodeURIComponent(params.id)}`),
    "This movie does not exist or is no longer available.",
  );
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const { t } = metaT(matches);
  const video = data?.video;
  if (!video) return seoMeta(matches, { title: t("Movie not found") });
  return seoMeta(matches, {
    title: video.title,
    description: video.description,
    fallbackDescription: video.performers.length
      ? t("{{title}} with {{names}}.", { title: video.title, names: video.performers.map((p) => p.name).join(", ") })
      : `${video.title}.`,
    image: video.thumbnail?.url,
    type: "video.movie",
  });
};

/** "More like this": the same performers' other movies, else movies of the same category. */
function useRelated(video: VideoDetail) {
  const dispatch = useAppDispatch();
  const related = useAppSelector((s) => s.relatedVideos);
  const requests = useMemo(() => {
    const base = { excludedId: video._id, sortBy: "popular", limit: RELATED_PAGE_SIZE };
    const out: ListRequest[] = [];
    if (video.performers.length) {
      out.push({ path: VIDEOS_SEARCH_PATH, query: { ...base, performerIds: video.performers.map((p) => p._id) } });
    }
    if (video.categories.length) {
      out.push({ path: VIDEOS_SEARCH_PATH, query: { ...base, categoryIds: video.categories.map((c) => c._id) } });
    }
    return out;
  }, [video]);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      for (const request of requests) {
        const result = await dispatch(loadRelatedVideos(request));
        if (cancelled || !loadRelatedVideos.fulfilled.match(result) || result.payload.data.length > 0) return;
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [dispatch, requests]);

  const shown = listKey(related.request);
  const current = requests.some((r) => listKey(r) === shown);
  return { related, current, none: requests.length === 0, loadMore: () => void dispatch(loadMoreRelatedVideos()) };
}

function Stage({
  video,
  offers,
  membership,
  nextUp,
}: {
  video: VideoDetail;
  offers: SubscribeOffer[];
  membership: MoviePageData["membership"];
  nextUp: NextUpMovie | null;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const [lost, setLost] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const currencySymbol = useAppSelector((s) => s.ui.currencySymbol || s.settings.data.currencySymbol);
  // The API's access decision says why the viewer cannot watch, "processing" for a movie not processed yet.
  const lock = video.lock;
  const cta = callToAction({
    item: "movie",
    id: video._id,
    lock,
    loggedIn,
    access: video.access,
    price: video.price,
    scheduledAt: video.scheduledAt,
    offers,
    membership,
    currencySymbol,
    t,
    locale: f.locale,
  });
  // Access gone while playing (a refund, a lapsed membership): the API's message over the movie's lock as it is now.
  if (lost !== null) {
    return (
      <LockedStage poster={video.thumbnail} teaser={video.teaser} cta={lostAccessCta(lost, cta)} title={video.title} />
    );
  }
  if (!cta && video.media) {
    return (
      <VideoPlayer
        media={video.media}
        poster={video.thumbnail}
        title={video.title}
        videoId={video._id}
        nextUp={nextUp}
        onLost={(message) => {
          setLost(message);
          // The page again, as the API sees the viewer now: the lock and its ways in.
          void revalidator.revalidate();
        }}
      />
    );
  }
  return cta ? <LockedStage poster={video.thumbnail} teaser={video.teaser} cta={cta} title={video.title} /> : null;
}

function Facts({ video }: { video: VideoDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const duration = formatDuration(video.durationSec);
  const released = video.isComing ? null : f.date(video.publishedAt);
  const rows: Array<[string, string]> = [];
  if (duration) rows.push([t("Duration"), duration]);
  rows.push([t("Views"), f.count(video.stats.views)]);
  if (video.stats.likes > 0) rows.push([t("Likes"), f.count(video.stats.likes)]);
  if (released) rows.push([t("Released"), released]);
  if (video.isComing && video.scheduledAt) rows.push([t("Premieres"), f.date(video.scheduledAt)]);
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function MoviePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { video, offers, membership } = loaderData;
  useObjectRoom("video", video._id);
  const { related, current, none, loadMore } = useRelated(video);
  const text = paragraphs(video.description);
  // When the movie ends, the player offers the first of "More like this" (once it has loaded).
  const nextUp = current && related.success ? nextUpOf(related.items, video._id) : null;

  return (
    <Container size="xl">
      {/* The key restarts the player when another movie is opened from "More like this". */}
      <Stage key={video._id} video={video} offers={offers} membership={membership ?? null} nextUp={nextUp} />

      <div className={styles.layout}>
        <article className={styles.main}>
          <Group gap="xs" mb={8}>
            <AccessBadge
              access={video.access}
              price={video.price}
              isComing={video.isComing}
              scheduledAt={video.scheduledAt}
              isBought={video.isBought}
            />
            {video.categories.map((c) => (
              <Link key={c._id} to={`/movies?category=${encodeURIComponent(c.slug)}`} className={styles.category}>
                {c.name}
              </Link>
            ))}
          </Group>
          <Title order={1} className={styles.title}>
            {video.title}
          </Title>

          <Group gap="xs" justify="space-between" wrap="wrap">
            <ReactionButtons
              key={video._id}
              objectType="video"
              objectId={video._id}
              flags={video}
              counts={video.stats}
            />
            <Group gap="xs" wrap="wrap">
              {video.performers.slice(0, 3).map((p) => (
                <TipButton key={p._id} performerId={p._id} performerName={p.name} source="video" size="sm" named />
              ))}
              <ReportButton kind="video" id={video._id} />
            </Group>
          </Group>

          {video.performers.length > 0 && (
            <ul className={styles.performers} aria-label={t("Performers")}>
              {video.performers.map((p) => (
                <li key={p._id}>
                  <Link to={performerPath(p)} className={styles.performer} prefetch="intent">
                    <Avatar src={p.avatar} alt="" size={36} radius="xl" name={p.name} color="initials" />
                    <span>
                      <span className={styles.performerName}>{p.name}</span>
                      <span className={styles.performerHandle}>@{p.username}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}

          {text.length > 0 ? (
            <div className={styles.description}>
              {text.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          ) : null}

          {video.tags.length > 0 && (
            <ul className={styles.tags} aria-label={t("Tags")}>
              {video.tags.map((tag) => (
                <li key={tag}>
                  <Link to={`/movies?tags=${encodeURIComponent(tag)}`} className={styles.tag}>
                    #{tag}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </article>
        <aside className={styles.aside} aria-label={t("About this movie")}>
          <Facts video={video} />
        </aside>
      </div>

      <Comments objectType="video" objectId={video._id} ownerIds={video.performers.map((p) => p._id)} />

      <section className={styles.related} aria-labelledby="related-title">
        <Title order={2} id="related-title" fz={24} mb="md">
          {t("More like this")}
        </Title>
        {none ? (
          <Text c="dimmed">{t("No related movies yet.")}</Text>
        ) : current && related.success ? (
          <>
            <CardGrid label={t("Related movies")} testId="related-movies" empty={t("No related movies yet.")}>
              {related.items.map((v) => (
                <VideoCard key={v._id} video={v} />
              ))}
            </CardGrid>
            <LoadMore
              onClick={loadMore}
              loading={related.requesting}
              hasMore={!!related.next}
              error={related.error?.message}
            />
          </>
        ) : current && related.error ? (
          <Text c="dimmed">{translateError(related.error.message, t)}</Text>
        ) : (
          <div className={styles.relatedPlaceholder} aria-hidden />
        )}
      </section>
    </Container>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DetailError error={error} icon={IconMovieOff} noun="movie" listPath="/movies" listLabel="Browse movies" />;
}

/** A report filed here does not reload the page (lib/reports.ts). */
export const shouldRevalidate = notAfterReport;
