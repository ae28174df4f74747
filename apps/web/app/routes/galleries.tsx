import { Anchor } from "@mantine/core";
import type { Gallery } from "@marquee/contracts/galleries";
import { Link } from "react-router";
import styles from "../components/browse/browse.module.css";
import { CatalogueListPage } from "../components/browse/CatalogueListPage.tsx";
import { GalleryCard } from "../components/catalogue/GalleryCard.tsx";
import { hasActiveFilters } from "../lib/catalogue-filters.ts";
import { loadCatalogueList } from "../lib/catalogue-list.server.ts";
import { seoMeta } from "../lib/seo.ts";
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
  return seoMeta(matches, {
    title: category ? `${category.name} galleries` : "Galleries",
    image: data?.page.data.find((g) => g.cover)?.cover?.url,
    fallbackDescription: "Photo galleries from every performer: free sets, members-only shoots and more.",
  });
};

export default function GalleriesPage({ loaderData }: Route.ComponentProps) {
  const { filters, categories, request, page, error } = loaderData;
  const dispatch = useAppDispatch();
  const stored = useAppSelector((s) => s.galleries);
  const list = useHydratedList(stored, request, page, galleriesLoaded);

  return (
    <CatalogueListPage
      path="/galleries"
      title="Galleries"
      count={
        <span className={styles.count}>
          {!error && `${list.total}${list.totalCapped ? "+" : ""} ${list.total === 1 ? "gallery" : "galleries"} · `}
          <Anchor component={Link} to="/photos" inherit fw={600}>
            Latest photos
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
          ? "No galleries match these filters. Try fewer tags or another category."
          : "No galleries have been published yet."
      }
      onLoadMore={() => void dispatch(loadMoreGalleries())}
    >
      {list.items.map((gallery, i) => (
        <GalleryCard key={gallery._id} gallery={gallery} eager={i < 4} />
      ))}
    </CatalogueListPage>
  );
}
