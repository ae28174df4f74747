import { Button, Container, Group, Stack, Tabs, Text, TextInput, Title } from "@mantine/core";
import type { Gallery } from "@marquee/contracts/galleries";
import type { Performer } from "@marquee/contracts/performers";
import type { Product } from "@marquee/contracts/products";
import type { Video } from "@marquee/contracts/videos";
import { IconMovie, IconPhoto, IconSearch, IconShoppingBag, IconUsers, type TablerIcon } from "@tabler/icons-react";
import { type ReactNode, useEffect, useState } from "react";
import { Form, type ShouldRevalidateFunctionArgs, useNavigate, useSearchParams } from "react-router";
import browseStyles from "../components/browse/browse.module.css";
import { GalleryCard } from "../components/catalogue/GalleryCard.tsx";
import { PagedGrid } from "../components/catalogue/PagedGrid.tsx";
import { PerformerCard } from "../components/catalogue/PerformerCard.tsx";
import type { Page } from "../components/catalogue/usePagedList.ts";
import { VideoCard } from "../components/catalogue/VideoCard.tsx";
import { ProductCard } from "../components/store/ProductCard.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { optional } from "../lib/catalogue.server.ts";
import { pickSearchTab, SEARCH_MAX_LENGTH, type SearchTab, type SearchTotals, searchText } from "../lib/search.ts";
import { metaT, seoMeta } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { PRODUCTS_SEARCH_PATH } from "../lib/store.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/search";

export const handle = pages.search.handle;

const PAGE_SIZE = 12;

const performersQuery = (q: string) => ({ q, sortBy: "popular", limit: PAGE_SIZE });
const moviesQuery = (q: string) => ({ q, sortBy: "popular", limit: PAGE_SIZE });
const galleriesQuery = moviesQuery;
const productsQuery = moviesQuery;

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = searchText(new URL(request.url).searchParams);
  if (!q) return { q, totals: null, performers: null, movies: null, galleries: null, products: null };
  const api = sessionApi(request, context);
  const [totals, performers, movies, galleries, products] = await Promise.all([
    optional("GET /search/total", api.get<SearchTotals>("/search/total", { q })),
    optional("GET /performers/search", api.get<Page<Performer>>("/performers/search", performersQuery(q))),
    optional("GET /user/assets/videos/search", api.get<Page<Video>>("/user/assets/videos/search", moviesQuery(q))),
    optional(
      "GET /user/assets/galleries/search",
      api.get<Page<Gallery>>("/user/assets/galleries/search", galleriesQuery(q)),
    ),
    optional("GET /user/assets/products/search", api.get<Page<Product>>(PRODUCTS_SEARCH_PATH, productsQuery(q))),
  ]);
  return { q, totals, performers, movies, galleries, products };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const { t } = metaT(matches);
  return seoMeta(matches, {
    title: data?.q ? t("Search: {{q}}", { q: data.q }) : t("Search"),
    description: t("Search performers, movies, galleries and products."),
  });
};

/** Switching tabs only changes `?tab=`: every tab's first page is already loaded. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (
    currentUrl.pathname === nextUrl.pathname &&
    searchText(currentUrl.searchParams) === searchText(nextUrl.searchParams)
  ) {
    return false;
  }
  return defaultShouldRevalidate;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, totals, performers, movies, galleries, products } = loaderData;
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);

  const counts: Record<SearchTab, number> = {
    performers: totals?.performers ?? performers?.total ?? 0,
    movies: totals?.movies ?? movies?.total ?? 0,
    galleries: totals?.galleries ?? galleries?.total ?? 0,
    products: totals?.products ?? products?.total ?? 0,
  };
  const tab = pickSearchTab(search.get("tab"), counts);
  const all = counts.performers + counts.movies + counts.galleries + counts.products;

  /** What every result grid shares: reset on a new search, named after its tab. */
  const gridOf = (value: SearchTab, label: string, empty: string) => ({
    resetKey: `${value}:${q}`,
    label,
    testId: `search-${value}`,
    empty,
  });
  const tabs: Array<{ value: SearchTab; label: string; icon: TablerIcon; grid: ReactNode }> = [
    {
      value: "performers",
      label: t("Performers"),
      icon: IconUsers,
      grid: (
        <PagedGrid<Performer>
          {...gridOf("performers", t("Performers"), t("No performers match your search."))}
          initial={performers}
          path="/performers/search"
          query={performersQuery(q)}
          variant="performers"
          render={(p, i) => <PerformerCard key={p._id} performer={p} eager={i < 6} />}
        />
      ),
    },
    {
      value: "movies",
      label: t("Movies"),
      icon: IconMovie,
      grid: (
        <PagedGrid<Video>
          {...gridOf("movies", t("Movies"), t("No movies match your search."))}
          initial={movies}
          path="/user/assets/videos/search"
          query={moviesQuery(q)}
          render={(v, i) => <VideoCard key={v._id} video={v} eager={i < 4} />}
        />
      ),
    },
    {
      value: "galleries",
      label: t("Galleries"),
      icon: IconPhoto,
      grid: (
        <PagedGrid<Gallery>
          {...gridOf("galleries", t("Galleries"), t("No galleries match your search."))}
          initial={galleries}
          path="/user/assets/galleries/search"
          query={galleriesQuery(q)}
          render={(g, i) => <GalleryCard key={g._id} gallery={g} eager={i < 4} />}
        />
      ),
    },
    {
      value: "products",
      label: t("Products"),
      icon: IconShoppingBag,
      grid: (
        <PagedGrid<Product>
          {...gridOf("products", t("Products"), t("No products match your search."))}
          initial={products}
          path={PRODUCTS_SEARCH_PATH}
          query={productsQuery(q)}
          render={(p, i) => <ProductCard key={p._id} product={p} eager={i < 4} />}
        />
      ),
    },
  ];

  return (
    <Container size="xl">
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{q ? t("Results for “{{q}}”", { q }) : t("Search")}</Title>
          <Form method="get" action="/search" role="search">
            <Group gap="sm" wrap="nowrap" maw={720}>
              <TextInput
                name="q"
                aria-label={t("Search performers, movies, galleries and products")}
                placeholder={t("Search performers, movies, galleries and products")}
                leftSection={<IconSearch size={18} />}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                maxLength={SEARCH_MAX_LENGTH}
                type="search"
                style={{ flex: 1 }}
                autoFocus={!q}
              />
              <Button type="submit" size="md">
                {t("Search")}
              </Button>
            </Group>
          </Form>
          {q && (
            <Text c="dimmed" data-testid="search-summary">
              {all === 0
                ? t("Nothing matches your search. Try other words.")
                : t("{{results}} results", { count: all, results: all })}
            </Text>
          )}
        </Stack>

        {q && (
          <Tabs
            value={tab}
            onChange={(value) => {
              const next = new URLSearchParams(search);
              next.set("tab", value ?? "performers");
              void navigate({ search: `?${next.toString()}` }, { replace: true, preventScrollReset: true });
            }}
            keepMounted={false}
          >
            <Tabs.List mb="lg" className={browseStyles.scrollTabs}>
              {tabs.map(({ value, label, icon: Icon }) => (
                <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />}>
                  {t("{{label}} ({{n}})", { label, n: counts[value] })}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {tabs.map(({ value, grid }) => (
              <Tabs.Panel key={value} value={value}>
                {grid}
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </Stack>
    </Container>
  );
}
