import type { Product } from "@marquee/contracts/products";
import { Link } from "react-router";
import { useAppSelector } from "../../state/store.ts";
import { CardImage } from "../catalogue/CardImage.tsx";
import styles from "../catalogue/catalogue.module.css";
import { formatPrice } from "../catalogue/format.ts";
import { productPath } from "../catalogue/links.ts";
import { PerformerNames } from "../catalogue/PerformerNames.tsx";

export type ProductCardData = Pick<
  Product,
  "_id" | "slug" | "title" | "type" | "price" | "stock" | "image" | "performers"
>;

/** What the stock line of a physical product says: sold out, a few left, or nothing worth saying. */
export function stockNote(p: Pick<Product, "type" | "stock">): string | null {
  if (p.type !== "physical") return null;
  const stock = p.stock ?? 0;
  if (stock <= 0) return "Sold out";
  if (stock <= 5) return `Only ${stock} left`;
  return null;
}

/** A product in a grid: square picture, "Download" chip for digital goods, title, seller, price and stock. */
export function ProductCard({ product, eager = false }: { product: ProductCardData; eager?: boolean }) {
  const symbol = useAppSelector((s) => s.ui.currencySymbol);
  const note = stockNote(product);
  return (
    <article className={styles.card} data-testid="product-card" data-id={product._id}>
      <div className={`${styles.media} ${styles.mediaSquare}`}>
        <CardImage image={product.image?.thumb ?? null} alt="" eager={eager} fallback={product.title} />
        <span className={`${styles.chip} ${styles.chipTopLeft}`}>
          {product.type === "digital" ? "Download" : "Shipped"}
        </span>
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <Link to={productPath(product)} className={styles.stretched} prefetch="intent">
            {product.title}
          </Link>
        </h3>
        <div className={styles.meta}>
          <span className={styles.price}>{formatPrice(product.price, symbol)}</span>
          {note && <span className={`${styles.dot} ${note === "Sold out" ? styles.soldOut : ""}`}>{note}</span>}
          {product.performers.length > 0 && (
            <span className={styles.dot}>
              <PerformerNames performers={product.performers} max={1} />
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
