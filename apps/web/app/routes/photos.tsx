import { Alert, Anchor, Container, Text } from "@mantine/core";
import type { Photo } from "@marquee/contracts/galleries";
import { IconAlertCircle } from "@tabler/icons-react";
import { Link } from "react-router";
import styles from "../components/browse/browse.module.css";
import { LoadMore } from "../components/catalogue/LoadMore.tsx";
import { LinkedText } from "../components/LinkedText.tsx";
import { PhotoGrid } from "../components/media/PhotoGrid.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { errorMessage } from "../lib/api.ts";
import { throwIfNoAnswer } from "../lib/catalogue.server.ts";
import { metaT, seoMeta } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import type { ListPage, ListRequest } from "../state/asset-list.ts";
import { listMorePhotos, PHOTOS_PATH, photosLoaded } from "../state/photos.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import { useHydratedList } from "../state/use-list.ts";
import type { Route } from "./+types/photos";

export const handle = pages.photos.handle;

const PAGE_SIZE = 30;

export async function loader({ request, context }: Route.LoaderArgs) {
  const photosRequest: ListRequest = { path: PHOTOS_PATH, query: { sortBy: "newest", limit: PAGE_SIZE } };
  try {
    const page = await sessionApi(request, context).get<ListPage<Photo>>(photosRequest.path, photosRequest.query);
    return { photosRequest, page, error: null };
  } catch (error) {
    throwIfNoAnswer(error);
    const page: ListPage<Photo> = { data: [], total: 0, totalCapped: false, next: null };
    return { photosRequest, page, error: errorMessage(error) };
  }
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  seoMeta(matches, {
    title: metaT(matches).t("Latest photos"),
    image: data?.page.data.find((p) => !p.locked)?.thumbnail.url,
    fallbackDescription: metaT(matches).t(
      "The newest photos from every gallery, fresh from the performers' latest shoots.",
    ),
  });

/** Each photo opens its gallery's viewer at that photo. */
const photoLink = (photo: Photo) => `/galleries/${photo.galleryId}?photo=${encodeURIComponent(photo._id)}`;

export default function PhotosPage({ loaderData }: Route.ComponentProps) {
  const { photosRequest, page, error } = loaderData;
  const { t } = useTranslation();

  const dispatch = useAppDispatch();
  const stored = useAppSelector((s) => s.photos.listPhotos);
  const list = useHydratedList(
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

  return (
    <Container size="xl">
      <div className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t("Latest photos")}</h1>
          <Text c="dimmed" mt={4}>
            <LinkedText
              text={t(
                "New from every gallery. Open a photo to see it in its gallery, or <link>browse the galleries</link>.",
              )}
              link={(words) => (
                <Anchor component={Link} to="/galleries" inherit fw={600}>
                  {words}
                </Anchor>
              )}
            />
          </Text>
        </div>
      </div>
      {error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t("Could not load the photos")}>
          {error}
        </Alert>
      ) : list.items.length === 0 ? (
        <Text c="dimmed">{t("No photos have been published yet.")}</Text>
      ) : (
        <>
          <PhotoGrid
            photos={list.items}
            total={list.total}
            linkTo={photoLink}
            label={t("Latest photos")}
            eagerCount={10}
            showCaptions
          />
          <LoadMore
            onClick={() => void dispatch(listMorePhotos())}
            loading={list.requesting}
            hasMore={!!list.next}
            shown={list.items.length}
            total={list.total}
            totalCapped={list.totalCapped}
            error={list.error?.message}
            label={t("Load more photos")}
          />
        </>
      )}
    </Container>
  );
}
