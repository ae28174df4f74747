import { Tabs } from "@mantine/core";
import type { FeedPostList } from "@marquee/contracts/feed";
import type { Gallery } from "@marquee/contracts/galleries";
import type { PerformerPage } from "@marquee/contracts/pages";
import type { Product } from "@marquee/contracts/products";
import type { Video } from "@marquee/contracts/videos";
import { IconMovie, IconNews, IconPhoto, IconShoppingBag } from "@tabler/icons-react";
import { useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { PRODUCTS_SEARCH_PATH } from "../../lib/store.ts";
import browseStyles from "../browse/browse.module.css";
import { GalleryCard } from "../catalogue/GalleryCard.tsx";
import { PagedGrid } from "../catalogue/PagedGrid.tsx";
import { VideoCard } from "../catalogue/VideoCard.tsx";
import { PostList } from "../social/PostList.tsx";
import { ProductCard } from "../store/ProductCard.tsx";

/** Equal to PERFORMER_TAB_PAGE_SIZE of @marquee/contracts/pages (not imported, to keep zod out of the browser). */
const TAB_PAGE_SIZE = 12;
const TABS = ["movies", "galleries", "products", "posts"] as const;
type TabName = (typeof TABS)[number];

const videosQuery = (performerId: string) => ({ performerIds: [performerId], sortBy: "newest", limit: TAB_PAGE_SIZE });
const galleriesQuery = videosQuery;
const productsQuery = videosQuery;

/**
 * The profile's tabs (`?tab=`): movies, galleries, products (for a performer who sells something) and posts, each
 * from the page the loader read, with "Load more" from the browser.
 */
export function ProfileTabs({
  performer,
  movies,
  galleries,
  products,
  posts,
}: Pick<PerformerPage, "performer" | "movies" | "galleries" | "products"> & { posts: FeedPostList | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const tab: TabName = TABS.find((name) => name === search.get("tab")) ?? "movies";
  // The products tab shows only for a performer who sells something (or when the URL asks for it).
  const hasProducts = (products?.total ?? 0) > 0 || tab === "products";
  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        const next = new URLSearchParams(search);
        if (value && value !== "movies") next.set("tab", value);
        else next.delete("tab");
        const qs = next.toString();
        void navigate({ search: qs ? `?${qs}` : "" }, { replace: true, preventScrollReset: true });
      }}
      keepMounted={false}
    >
      <Tabs.List mb="lg" className={browseStyles.scrollTabs}>
        <Tabs.Tab value="movies" leftSection={<IconMovie size={16} />}>
          {t("Movies ({{n}})", { n: movies?.total ?? performer.stats.videos })}
        </Tabs.Tab>
        <Tabs.Tab value="galleries" leftSection={<IconPhoto size={16} />}>
          {t("Galleries ({{n}})", { n: galleries?.total ?? performer.stats.galleries })}
        </Tabs.Tab>
        {hasProducts && (
          <Tabs.Tab value="products" leftSection={<IconShoppingBag size={16} />}>
            {t("Products ({{n}})", { n: products?.total ?? 0 })}
          </Tabs.Tab>
        )}
        <Tabs.Tab value="posts" leftSection={<IconNews size={16} />} data-testid="posts-tab">
          {t("Posts")}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="movies">
        <PagedGrid<Video>
          initial={movies}
          path="/user/assets/videos/search"
          query={videosQuery(performer._id)}
          resetKey={`${performer._id}:movies`}
          label={t("Movies")}
          testId="profile-movies"
          empty={t("{{name}} has not published any movies yet.", { name: performer.name })}
          render={(v, i) => <VideoCard key={v._id} video={v} eager={i < 4} />}
        />
      </Tabs.Panel>
      <Tabs.Panel value="galleries">
        <PagedGrid<Gallery>
          initial={galleries}
          path="/user/assets/galleries/search"
          query={galleriesQuery(performer._id)}
          resetKey={`${performer._id}:galleries`}
          label={t("Galleries")}
          testId="profile-galleries"
          empty={t("{{name}} has not published any galleries yet.", { name: performer.name })}
          render={(g, i) => <GalleryCard key={g._id} gallery={g} eager={i < 4} />}
        />
      </Tabs.Panel>
      <Tabs.Panel value="products">
        <PagedGrid<Product>
          initial={products}
          path={PRODUCTS_SEARCH_PATH}
          query={productsQuery(performer._id)}
          resetKey={`${performer._id}:products`}
          label={t("Products")}
          testId="profile-products"
          empty={t("{{name}} has nothing in the store yet.", { name: performer.name })}
          render={(p, i) => <ProductCard key={p._id} product={p} eager={i < 4} showPerformers={false} />}
        />
      </Tabs.Panel>
      <Tabs.Panel value="posts">
        <PostList
          performerId={performer._id}
          initial={posts}
          testId="profile-posts"
          empty={t("{{name}} has not posted anything yet.", { name: performer.name })}
        />
      </Tabs.Panel>
    </Tabs>
  );
}
