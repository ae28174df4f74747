import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useAppSelector } from "../../state/store.ts";
import { CardImage } from "../catalogue/CardImage.tsx";
import styles from "../catalogue/catalogue.module.css";
import { formatPrice } from "../catalogue/format.ts";
import { PerformerNames } from "../catalogue/PerformerNames.tsx";
import { isOwned, isSoldOut, PRODUCT_TYPE_LABEL, type ProductCardData, productPath } from "./product-card-data.ts";

/**
 * A product in a grid: its first picture, a type badge (shipped or download), the price, the title linking to its
 * store page, its performers (`showPerformers`), and "Sold out" when a shipped product has no stock left.
 */
export function ProductCard({
  product,
  eager = false,
  showPerformers = true,
}: {
  product: ProductCardData;
  eager?: boolean;
  showPerformers?: boolean;
}) {
  const { t } = useTranslation();
  const symbol = useAppSelector((s) => s.ui.currencySymbol);
  const soldOut = isSoldOut(product);
  return (
    <article
      className={styles.card}
      data-testid="product-card"
      data-id={product._id}
      data-sold-out={soldOut || undefined}
    >
      <div className={`${styles.media} ${styles.mediaGallery}`}>
        <CardImage image={product.image?.thumb ?? null} alt="" eager={eager} fallback={product.title} />
        <span className={`${styles.badge} ${styles.badgeOverlay} ${styles[`tone-${product.type}`]}`}>
          {t(PRODUCT_TYPE_LABEL[product.type])}
        </span>
        {isOwned(product) ? (
          <span className={`${styles.chip} ${styles.chipBottomRight} ${styles["tone-owned"]}`}>{t("Owned")}</span>
        ) : (
          <span className={`${styles.chip} ${styles.chipBottomRight}`} data-testid="product-price">
            {formatPrice(product.price, symbol)}
          </span>
        )}
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <Link to={productPath(product)} className={styles.stretched} prefetch="intent">
            {product.title}
          </Link>
        </h3>
        {(soldOut || (showPerformers && product.performers.length > 0)) && (
          <div className={styles.meta}>
            {soldOut && (
              <span className={`${styles.badge} ${styles["tone-soldout"]}`} data-testid="sold-out">
                {t("Sold out")}
              </span>
            )}
            {showPerformers && <PerformerNames performers={product.performers} />}
          </div>
        )}
      </div>
    </article>
  );
}
