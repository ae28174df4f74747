import { Anchor } from "@mantine/core";
import type { Gallery } from "@marquee/contracts/galleries";
import { Link } from "react-router";
import styles from "../components/browse/browse.module.css";
import { CatalogueListPage } from "../components/browse/CatalogueListPage.tsx";
import { GalleryCard } from "../components/catalogue/GalleryCard.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { hasActiveFilters } from "../lib/catalogue-filters.ts";
import { loadCatalogueList } from "../lib/catalogue-list.server.ts";
import { metaT, seoMeta } from "../lib/seo.ts";
import { pages } from "../pages.ts";
import { GALLERIES_SEARCH_PATH, galleriesLoaded, loadMoreGalleries } from "../state/galleries.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import { useHydratedList } from "../state/use-list.ts";
import type { Route } from "./+types/galleries";

export const handle = pages.galleries.handle;

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCatalogueList<Gallery>(request, context, {
    path: GALLERIES_SEARCH_PATH,
    categoryGroup: "gallery",
  });
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const category = data?.categories.find((c) => c.slug === data.filters.category);
  const { t } = metaT(matches);
  return seoMeta(matches, {
    title: category ? t("{{category}} galleries", { category: category.name }) : t("Galleries"),
    image: data?.page.data.find((g) => g.cover)?.cover?.url,
    fallbackDescription: t("Photo galleries from every performer: free sets, members-only shoots and more."),
  });
};

export default function GalleriesPage({ loaderData }: Route.ComponentProps) {
  const { filters, categories, request, page, error } = loaderData;
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const stored = useAppSelector((s) => s.galleries);
  const list = useHydratedList(stored, request, page, galleriesLoaded);

  return (
    <CatalogueListPage
      path="/galleries"
      title={t("Galleries")}
      texts={{
        search: t("Search galleries"),
        failed: t("Could not load the galleries"),
        more: t("Load more galleries"),
      }}
      count={
        <span className={styles.count}>
          {!error &&
            `${t("{{galleries}} galleries", { count: list.total, galleries: `${list.total}${list.totalCapped ? "+" : ""}` })} · `}
          <Anchor component={Link} to="/photos" inherit fw={600}>
            {t("Latest photos")}
          </Anchor>
        </span>
      }
      filters={filters}
      categories={categories}
      error={error}
      list={list}
      gridTestId="galleries-grid"
      empty={
        hasActiveFilters(filters)
          ? t("No galleries match these filters. Try fewer tags or another category.")
          : t("No galleries have been published yet.")
      }
      onLoadMore={() => void dispatch(loadMoreGalleries())}
    >
      {list.items.map((gallery, i) => (
        <GalleryCard key={gallery._id} gallery={gallery} eager={i < 4} />
      ))}
    </CatalogueListPage>
  );
}
