import { Container, NativeSelect, VisuallyHidden } from "@mantine/core";
import type { Product } from "@marquee/contracts/products";
import { useEffect } from "react";
import { useNavigate, useNavigation } from "react-router";
import browseStyles from "../components/browse/browse.module.css";
import { SearchField } from "../components/browse/SearchField.tsx";
import { type ProductCardData, productCardData } from "../components/store/product-card-data.ts";
import { StoreList } from "../components/store/StoreList.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { errorMessage } from "../lib/api.ts";
import { throwIfNoAnswer } from "../lib/catalogue.server.ts";
import { metaT, seoMeta } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import {
  PRODUCTS_SEARCH_PATH,
  parseStoreFilters,
  STORE_SORTS,
  STORE_TYPES,
  type StoreFilters,
  storeFiltersToApiQuery,
  storeFiltersToSearch,
} from "../lib/store.ts";
import { pages } from "../pages.ts";
import type { ListPage, ListRequest } from "../state/asset-list.ts";
import { listKey } from "../state/asset-list.ts";
import { productsFailed, productsLoaded, productsRequested } from "../state/products.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import { useHydratedList } from "../state/use-list.ts";
import type { Route } from "./+types/store";

export const handle = pages.store.handle;

/** The request the store list answers for the filters in an address (the slice and load-more ask the same). */
const storeRequest = (search: URLSearchParams): ListRequest => ({
  path: PRODUCTS_SEARCH_PATH,
  query: storeFiltersToApiQuery(parseStoreFilters(search)),
});

const EMPTY: ListPage<ProductCardData> = { data: [], total: 0, totalCapped: false, next: null };

/** The first page of products for the filters in the address; load-more asks the API from the browser. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const filters = parseStoreFilters(search);
  const list = storeRequest(search);
  const key = storeFiltersToSearch(filters);
  try {
    const page = await sessionApi(request, context).get<ListPage<Product>>(list.path, list.query);
    return { filters, request: list, key, page: { ...page, data: page.data.map(productCardData) }, error: null };
  } catch (e) {
    throwIfNoAnswer(e);
    return { filters, request: list, key, page: EMPTY, error: errorMessage(e) };
  }
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const { t } = metaT(matches);
  return seoMeta(matches, {
    title: t("Store"),
    description: t("Merchandise shipped to your door and downloads, straight from the performers."),
    image: data?.page?.data.find((p) => p.image)?.image?.thumb.url,
  });
};

export default function StorePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { filters, request, key, page, error } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const dispatch = useAppDispatch();
  const stored = useAppSelector((s) => s.products);
  const list = useHydratedList(stored, request, page, productsLoaded, { error, failed: productsFailed });
  const apply = (next: StoreFilters) => {
    const search = storeFiltersToSearch(next);
    if (search !== key) void navigate(`/store${search}`, { preventScrollReset: true });
  };
  // New filters: the loader fetches their first page, and the slice is requesting it until it arrives.
  const pending = navigation.state === "loading" && navigation.location?.pathname === "/store";
  const pendingSearch = pending ? (navigation.location?.search ?? "") : null;
  useEffect(() => {
    if (pendingSearch === null) return;
    const next = storeRequest(new URLSearchParams(pendingSearch));
    if (listKey(next) !== listKey(request)) dispatch(productsRequested(next));
  }, [dispatch, pendingSearch, request]);
  const busy = stored.requesting && listKey(stored.request) !== listKey(request);
  const filtered = !!(filters.q || filters.type);

  return (
    <Container size="xl">
      <div className={browseStyles.header}>
        <h1 className={browseStyles.heading}>{t("Store")}</h1>
        {!error && (
          <span className={browseStyles.count} data-testid="store-count">
            {t("{{n}} products", { count: list.total, n: list.total })}
          </span>
        )}
      </div>
      <search className={browseStyles.filters}>
        <SearchField value={filters.q} label={t("Search the store")} onSearch={(q) => apply({ ...filters, q })} />
        <NativeSelect
          size="sm"
          aria-label={t("Kind of product")}
          data={[
            { value: "", label: t("All products") },
            ...STORE_TYPES.map((o) => ({ value: o.value, label: t(o.label) })),
          ]}
          value={filters.type ?? ""}
          onChange={(e) => apply({ ...filters, type: (e.currentTarget.value || null) as StoreFilters["type"] })}
        />
        <NativeSelect
          size="sm"
          aria-label={t("Sort by")}
          data={STORE_SORTS.map((o) => ({ value: o.value, label: t(o.label) }))}
          value={filters.sort}
          onChange={(e) => apply({ ...filters, sort: e.currentTarget.value as StoreFilters["sort"] })}
        />
      </search>
      {/* The product cards' names are headings of the third level, under this one (heading order). */}
      <VisuallyHidden component="h2">{t("All products")}</VisuallyHidden>
      <StoreList
        list={list}
        error={error}
        busy={busy}
        empty={filtered ? "No products match these filters." : "Nothing is for sale yet."}
      />
    </Container>
  );
}
