import { Alert, Container, Group, Text, Title } from "@mantine/core";
import type { GalleryDetail, Photo } from "@marquee/contracts/galleries";
import type { GalleryPage as GalleryPageData } from "@marquee/contracts/pages";
import { IconAlertCircle, IconPhotoOff } from "@tabler/icons-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { DetailError } from "../components/browse/DetailError.tsx";
import { AccessBadge } from "../components/catalogue/AccessBadge.tsx";
import { CardGrid } from "../components/catalogue/CardGrid.tsx";
import { formatCount, paragraphs } from "../components/catalogue/format.ts";
import { GalleryCard } from "../components/catalogue/GalleryCard.tsx";
import { LoadMore } from "../components/catalogue/LoadMore.tsx";
import { PerformerNames } from "../components/catalogue/PerformerNames.tsx";
import { Comments } from "../components/comments/Comments.tsx";
import { LinkedText } from "../components/LinkedText.tsx";
import { CallToActionPanel } from "../components/media/CallToActionPanel.tsx";
import styles from "../components/media/movie.module.css";
import { PhotoGrid } from "../components/media/PhotoGrid.tsx";
import { PhotoViewer } from "../components/media/PhotoViewer.tsx";
import { ReactionButtons } from "../components/reactions/ReactionButtons.tsx";
import { ReportButton } from "../components/reports/ReportButton.tsx";
import { TipButton } from "../components/tips/TipButton.tsx";
import { useFormat } from "../i18n/format.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { callToAction } from "../lib/access-cta.ts";
import { errorMessage } from "../lib/api.ts";
import { required } from "../lib/catalogue.server.ts";
import { notAfterReport } from "../lib/report-path.ts";
import { metaT, seoMeta } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import { useObjectRoom } from "../realtime/rooms.ts";
import { type ListPage, type ListRequest, listKey } from "../state/asset-list.ts";
import { GALLERIES_SEARCH_PATH, loadMoreRelatedGalleries, loadRelatedGalleries } from "../state/galleries.ts";
import { galleryPhotosPath, listMorePhotos, photosLoaded } from "../state/photos.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import { useHydratedList } from "../state/use-list.ts";
import type { Route } from "./+types/galleries.$id";

export const handle = pages.gallery.handle;

/** Equal to GALLERY_PHOTOS_PAGE_SIZE of @marquee/contracts/pages (not imported, to keep zod out of the browser). */
const PHOTOS_PAGE_SIZE = 24;
/** A link to a photo deep in a gallery loads at most this many pages to reach it. */
const MAX_PAGES_TO_PHOTO = 10;

/**
 * One call for the page (GET /pages/galleries/:id: the gallery, its first photos and the subscriptions that open it).
 * A link to one photo further down the gallery (from /photos or a shared URL) loads on until it is in the list.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const client = sessionApi(request, context);
  const wanted = new URL(request.url).searchParams.get("photo");
  const { gallery, photos, offers } = await required(
    client.get<GalleryPageData>(`/pages/galleries/${encodeURIComponent(params.id)}`),
    "This gallery does not exist or is no longer available.",
  );
  let photosError: string | null = null;
  let page: ListPage<Photo> = photos;
  try {
    for (let i = 1; wanted && page.next && i < MAX_PAGES_TO_PHOTO && !page.data.some((p) => p._id === wanted); i++) {
      const more = await client.get<ListPage<Photo>>(galleryPhotosPath(gallery._id), {
        limit: PHOTOS_PAGE_SIZE,
        cursor: page.next,
      });
      page = { ...more, data: [...page.data, ...more.data] };
    }
  } catch (error) {
    photosError = errorMessage(error);
  }
  const photosRequest: ListRequest = { path: galleryPhotosPath(gallery._id), query: { limit: PHOTOS_PAGE_SIZE } };
  const index = wanted ? page.data.findIndex((p) => p._id === wanted && !p.locked) : -1;
  return { gallery, photosRequest, page, photosError, offers, initialIndex: index >= 0 ? index : null };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const { t, locale } = metaT(matches);
  const gallery = data?.gallery;
  if (!gallery) return seoMeta(matches, { title: t("Gallery not found") });
  return seoMeta(matches, {
    title: gallery.title,
    description: gallery.description,
    fallbackDescription: gallery.performers.length
      ? t("{{photos}} photos of {{names}}.", {
          count: gallery.photosCount,
          photos: formatCount(gallery.photosCount, locale),
          names: gallery.performers.map((p) => p.name).join(", "),
        })
      : t("{{photos}} photos.", { count: gallery.photosCount, photos: formatCount(gallery.photosCount, locale) }),
    image: gallery.cover?.url,
  });
};

/** Keeps `?photo=<id>` in the address while the viewer pages, without a navigation (no loaders run). */
function reflectPhotoInUrl(photoId: string | null) {
  const url = new URL(window.location.href);
  if (photoId) url.searchParams.set("photo", photoId);
  else url.searchParams.delete("photo");
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
}

function useRelatedGalleries(gallery: GalleryDetail) {
  const dispatch = useAppDispatch();
  const related = useAppSelector((s) => s.relatedGalleries);
  const request = useMemo<ListRequest | null>(() => {
    const base = { excludedId: gallery._id, sortBy: "popular", limit: 4 };
    if (gallery.performers.length) {
      return { path: GALLERIES_SEARCH_PATH, query: { ...base, performerIds: gallery.performers.map((p) => p._id) } };
    }
    if (gallery.categories.length) {
      return { path: GALLERIES_SEARCH_PATH, query: { ...base, categoryIds: gallery.categories.map((c) => c._id) } };
    }
    return null;
  }, [gallery]);
  useEffect(() => {
    if (request) void dispatch(loadRelatedGalleries(request));
  }, [dispatch, request]);
  const current = !!request && listKey(request) === listKey(related.request) && related.success;
  return { related, current, loadMore: () => void dispatch(loadMoreRelatedGalleries()) };
}

export default function GalleryPage({ loaderData }: Route.ComponentProps) {
  const { gallery, photosRequest, page, photosError, offers, initialIndex } = loaderData;
  useObjectRoom("gallery", gallery._id);
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const currencySymbol = useAppSelector((s) => s.ui.currencySymbol || s.settings.data.currencySymbol);
  const stored = useAppSelector((s) => s.photos.listPhotos);
  const photos = useHydratedList(
    {
      items: stored.data,
      total: stored.total,
      totalCapped: stored.totalCapped,
      next: stored.next,
      requesting: stored.loading,
      error: stored.error,
      request: stored.request,
      success: stored.success,
    },
    photosRequest,
    page,
    photosLoaded,
  );
  const [index, setIndex] = useState<number | null>(initialIndex);
  useEffect(() => setIndex(initialIndex), [initialIndex]);
  const { related, current: relatedShown, loadMore: loadMoreRelated } = useRelatedGalleries(gallery);
  const { t } = useTranslation();
  const f = useFormat();

  const cta = callToAction({
    item: "gallery",
    id: gallery._id,
    lock: gallery.canWatch ? null : (gallery.lock ?? "members"),
    loggedIn,
    access: gallery.access,
    price: gallery.price,
    offers,
    currencySymbol,
    t,
    locale: f.locale,
  });
  const total = Math.max(photos.total, gallery.photosCount);
  const loadMore = useCallback(() => void dispatch(listMorePhotos()), [dispatch]);
  const open = useCallback(
    (i: number) => {
      setIndex(i);
      reflectPhotoInUrl(photos.items[i]?._id ?? null);
    },
    [photos.items],
  );
  const close = useCallback(() => {
    setIndex(null);
    reflectPhotoInUrl(null);
  }, []);
  const text = paragraphs(gallery.description);
  const published = f.date(gallery.publishedAt);

  return (
    <Container size="xl">
      <header className={styles.galleryHeader}>
        <Group gap="xs" mb={8}>
          <AccessBadge access={gallery.access} price={gallery.price} isBought={gallery.isBought} />
          {gallery.categories.map((c) => (
            <Link key={c._id} to={`/galleries?category=${encodeURIComponent(c.slug)}`} className={styles.category}>
              {c.name}
            </Link>
          ))}
        </Group>
        <Title order={1} className={styles.title}>
          {gallery.title}
        </Title>
        <Text c="dimmed" className={styles.galleryMeta}>
          {gallery.performers.length > 0 && (
            <span className={styles.galleryBy}>
              <LinkedText
                text={t("By <link>performers</link>")}
                link={() => <PerformerNames performers={gallery.performers} max={3} />}
              />
            </span>
          )}
          <span>{t("{{photos}} photos", { count: gallery.photosCount, photos: gallery.photosCount })}</span>
          {published && <span>{published}</span>}
        </Text>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <ReactionButtons
            key={gallery._id}
            objectType="gallery"
            objectId={gallery._id}
            flags={gallery}
            counts={gallery.stats}
          />
          <Group gap="xs" wrap="wrap">
            {gallery.performers.slice(0, 3).map((p) => (
              <TipButton key={p._id} performerId={p._id} performerName={p.name} source="gallery" size="sm" named />
            ))}
            <ReportButton kind="gallery" id={gallery._id} />
          </Group>
        </Group>
        {text.length > 0 && (
          <div className={styles.description}>
            {text.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        )}
        {gallery.tags.length > 0 && (
          <ul className={styles.tags} aria-label={t("Tags")}>
            {gallery.tags.map((tag) => (
              <li key={tag}>
                <Link to={`/galleries?tags=${encodeURIComponent(tag)}`} className={styles.tag}>
                  #{tag}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </header>

      {cta && (
        <div className={styles.galleryCta}>
          <CallToActionPanel cta={cta} />
        </div>
      )}

      {photosError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t("Could not load the photos")}>
          {photosError}
        </Alert>
      ) : (
        <>
          <PhotoGrid
            photos={photos.items}
            total={total}
            onOpen={cta ? undefined : open}
            label={t("Photos of {{title}}", { title: gallery.title })}
          />
          <LoadMore
            onClick={loadMore}
            loading={photos.requesting && index === null}
            hasMore={!!photos.next}
            shown={photos.items.length}
            total={total}
            error={photos.error?.message}
            label={t("Load more photos")}
          />
        </>
      )}

      {!cta && (
        <PhotoViewer
          photos={photos.items}
          index={index}
          total={total}
          hasMore={!!photos.next}
          loading={photos.requesting}
          onIndexChange={open}
          onClose={close}
          onLoadMore={loadMore}
          galleryTitle={gallery.title}
        />
      )}

      {relatedShown && related.items.length > 0 && (
        <section className={styles.related} aria-labelledby="related-galleries-title">
          <Title order={2} id="related-galleries-title" fz={24} mb="md">
            {t("More galleries")}
          </Title>
          <CardGrid label={t("Related galleries")} testId="related-galleries">
            {related.items.map((g) => (
              <GalleryCard key={g._id} gallery={g} />
            ))}
          </CardGrid>
          <LoadMore
            onClick={loadMoreRelated}
            loading={related.requesting}
            hasMore={!!related.next}
            error={related.error?.message}
          />
        </section>
      )}

      <Comments objectType="gallery" objectId={gallery._id} ownerIds={gallery.performers.map((p) => p._id)} />
    </Container>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  return (
    <DetailError
      error={error}
      icon={IconPhotoOff}
      noun="gallery"
      listPath="/galleries"
      listLabel={t("Browse galleries")}
    />
  );
}

/** A report filed here does not reload the page (lib/reports.ts). */
export const shouldRevalidate = notAfterReport;
