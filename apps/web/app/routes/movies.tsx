import { Box } from "@mantine/core";
import type { Video } from "@marquee/contracts/videos";
import styles from "../components/browse/browse.module.css";
import { CatalogueListPage } from "../components/browse/CatalogueListPage.tsx";
import { ComingSoonRow } from "../components/catalogue/ComingSoon.tsx";
import { videoCardData } from "../components/catalogue/card-data.ts";
import { VideoCard } from "../components/catalogue/VideoCard.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { optional } from "../lib/catalogue.server.ts";
import { hasActiveFilters } from "../lib/catalogue-filters.ts";
import { loadCatalogueList } from "../lib/catalogue-list.server.ts";
import { metaT, seoMeta } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import { useHydratedList } from "../state/use-list.ts";
import { loadMoreVideos, VIDEOS_SEARCH_PATH, videosLoaded } from "../state/videos.ts";
import type { Route } from "./+types/movies";

export const handle = pages.movies.handle;

/** Announced movies, shown in their own row above the unfiltered list. */
const COMING_ROW_SIZE = 8;

export async function loader({ request, context }: Route.LoaderArgs) {
  const [list, newest] = await Promise.all([
    loadCatalogueList<Video>(request, context, {
      path: VIDEOS_SEARCH_PATH,
      categoryGroup: "video",
      // An announced movie's "newest" key is its premiere date: left in, the newest list would open with them.
      extraQuery: (filters): Record<string, string> => (filters.sort === "newest" ? { includeComing: "false" } : {}),
    }),
    optional(
      "GET /user/assets/videos/search (coming)",
      sessionApi(request, context).get<{ data: Video[] }>(VIDEOS_SEARCH_PATH, {
        sortBy: "newest",
        limit: COMING_ROW_SIZE,
      }),
    ),
  ]);
  const coming = hasActiveFilters(list.filters) || list.filters.sort !== "newest" ? [] : (newest?.data ?? []);
  return {
    ...list,
    coming: coming
      .filter((v) => v.isComing)
      .reverse()
      .map(videoCardData),
  };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const category = data?.categories.find((c) => c.slug === data.filters.category);
  const { t } = metaT(matches);
  return seoMeta(matches, {
    title: category ? t("{{category}} movies", { category: category.name }) : t("Movies"),
    image: data?.page.data.find((v) => v.thumbnail)?.thumbnail?.url,
    fallbackDescription: t("Watch the latest movies: free, members-only and on sale, from every performer."),
  });
};

export default function MoviesPage({ loaderData }: Route.ComponentProps) {
  const { filters, categories, request, page, error, coming } = loaderData;
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const stored = useAppSelector((s) => s.videos);
  const list = useHydratedList(stored, request, page, videosLoaded);

  return (
    <CatalogueListPage
      path="/movies"
      title={t("Movies")}
      texts={{
        search: t("Search movies"),
        failed: t("Could not load the movies"),
        more: t("Load more movies"),
      }}
      count={
        !error && (
          <span className={styles.count} data-testid="movies-count">
            {t("{{movies}} movies", { count: list.total, movies: `${list.total}${list.totalCapped ? "+" : ""}` })}
          </span>
        )
      }
      filters={filters}
      categories={categories}
      error={error}
      list={list}
      gridTestId="movies-grid"
      empty={
        hasActiveFilters(filters)
          ? t("No movies match these filters. Try fewer tags or another category.")
          : t("No movies have been published yet.")
      }
      onLoadMore={() => void dispatch(loadMoreVideos())}
      before={
        coming.length > 0 && (
          <Box mb="xl">
            <ComingSoonRow movies={coming} />
          </Box>
        )
      }
    >
      {list.items.map((video, i) => (
        <VideoCard key={video._id} video={video} eager={i < 4} />
      ))}
    </CatalogueListPage>
  );
}
