import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { translateError } from "../../lib/api.ts";
import { loadMoreProducts } from "../../state/products.ts";
import { useAppDispatch } from "../../state/store.ts";
import type { ListView } from "../../state/use-list.ts";
import browseStyles from "../browse/browse.module.css";
import { CardGrid } from "../catalogue/CardGrid.tsx";
import { LoadMore } from "../catalogue/LoadMore.tsx";
import { ProductCard } from "./ProductCard.tsx";
import type { ProductCardData } from "./product-card-data.ts";

/**
 * The /store grid as the `products` slice has it: the loader's error, or the products with "Load more" (loading
 * while the next page is requested, its error under it); dimmed while new filters' first page is on its way.
 */
export function StoreList({
  list,
  error,
  busy,
  empty,
}: {
  list: ListView<ProductCardData>;
  error: string | null;
  busy: boolean;
  empty: string;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  if (error) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={t("Could not load the store")}>
        {translateError(error, t)}
      </Alert>
    );
  }
  return (
    <div className={browseStyles.results} data-busy={busy} aria-busy={busy}>
      <CardGrid label={t("Products")} testId="store-grid" empty={empty}>
        {list.items.map((product, i) => (
          <ProductCard key={product._id} product={product} eager={i < 4} />
        ))}
      </CardGrid>
      <LoadMore
        onClick={() => void dispatch(loadMoreProducts())}
        loading={list.requesting}
        hasMore={!!list.next}
        shown={list.items.length}
        total={list.total}
        totalCapped={list.totalCapped}
        error={list.error?.message}
        label={t("Load more products")}
      />
    </div>
  );
}
