import { Alert, Container, NativeSelect } from "@mantine/core";
import type { Product } from "@marquee/contracts/products";
import { IconAlertCircle } from "@tabler/icons-react";
import { useNavigate, useNavigation } from "react-router";
import browseStyles from "../components/browse/browse.module.css";
import { SearchField } from "../components/browse/SearchField.tsx";
import { PagedGrid } from "../components/catalogue/PagedGrid.tsx";
import type { Page } from "../components/catalogue/usePagedList.ts";
import { ProductCard } from "../components/store/ProductCard.tsx";
import { type ProductCardData, productCardData } from "../components/store/product-card-data.ts";
import { errorMessage } from "../lib/api.ts";
import { throwIfNoAnswer } from "../lib/catalogue.server.ts";
import { seoMeta } from "../lib/seo.ts";
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
import type { Route } from "./+types/store";

export const handle = pages.store.handle;

/** The first page of products for the filters in the address; load-more asks the API from the browser. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = parseStoreFilters(new URL(request.url).searchParams);
  const query = storeFiltersToApiQuery(filters);
  try {
    const page = await sessionApi(request, context).get<Page<Product>>(PRODUCTS_SEARCH_PATH, query);
    return {
      filters,
      query,
      key: storeFiltersToSearch(filters),
      page: { ...page, data: page.data.map(productCardData) },
      error: null,
    };
  } catch (e) {
    throwIfNoAnswer(e);
    return { filters, query, key: storeFiltersToSearch(filters), page: null, error: errorMessage(e) };
  }
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  seoMeta(matches, {
    title: "Store",
    description: "Merchandise shipped to your door and downloads, straight from the performers.",
    image: data?.page?.data.find((p) => p.image)?.image?.thumb.url,
  });

const countText = (total: number) => `${total} ${total === 1 ? "product" : "products"}`;

export default function StorePage({ loaderData }: Route.ComponentProps) {
  const { filters, query, key, page, error } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const apply = (next: StoreFilters) => {
    const search = storeFiltersToSearch(next);
    if (search !== key) void navigate(`/store${search}`, { preventScrollReset: true });
  };
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/store";
  const filtered = !!(filters.q || filters.type);

  return (
    <Container size="xl">
      <div className={browseStyles.header}>
        <h1 className={browseStyles.heading}>Store</h1>
        {page && (
          <span className={browseStyles.count} data-testid="store-count">
            {countText(page.total)}
          </span>
        )}
      </div>
      <search className={browseStyles.filters}>
        <SearchField value={filters.q} label="Search the store" onSearch={(q) => apply({ ...filters, q })} />
        <NativeSelect
          size="sm"
          aria-label="Kind of product"
          data={[{ value: "", label: "All products" }, ...STORE_TYPES]}
          value={filters.type ?? ""}
          onChange={(e) => apply({ ...filters, type: (e.currentTarget.value || null) as StoreFilters["type"] })}
        />
        <NativeSelect
          size="sm"
          aria-label="Sort by"
          data={[...STORE_SORTS]}
          value={filters.sort}
          onChange={(e) => apply({ ...filters, sort: e.currentTarget.value as StoreFilters["sort"] })}
        />
      </search>
      {error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Could not load the store">
          {error}
        </Alert>
      ) : (
        <div className={browseStyles.results} data-busy={busy}>
          <PagedGrid<ProductCardData>
            initial={page}
            path={PRODUCTS_SEARCH_PATH}
            query={query}
            resetKey={key}
            label="Products"
            testId="store-grid"
            empty={filtered ? "No products match these filters." : "Nothing is for sale yet."}
            render={(product, i) => <ProductCard key={product._id} product={product} eager={i < 4} />}
          />
        </div>
      )}
    </Container>
  );
}
