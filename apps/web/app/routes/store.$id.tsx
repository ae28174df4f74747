import { Anchor, Badge, Button, Container, Group, NativeSelect, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { Product, ProductDetail } from "@marquee/contracts/products";
import { IconDownload, IconPackageOff, IconShoppingCartPlus } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { DetailError } from "../components/browse/DetailError.tsx";
import { CardGrid } from "../components/catalogue/CardGrid.tsx";
import { formatPrice } from "../components/catalogue/format.ts";
import { performerPath } from "../components/catalogue/links.ts";
import { PlainText } from "../components/catalogue/PlainText.tsx";
import { Comments } from "../components/comments/Comments.tsx";
import { LinkedText } from "../components/LinkedText.tsx";
import movieStyles from "../components/media/movie.module.css";
import { ReactionButtons } from "../components/reactions/ReactionButtons.tsx";
import { ReportButton } from "../components/reports/ReportButton.tsx";
import { ProductCard } from "../components/store/ProductCard.tsx";
import { isOwned, PRODUCT_TYPE_LABEL, productCardData, stockNote } from "../components/store/product-card-data.ts";
import styles from "../components/store/store.module.css";
import { useDownload } from "../components/store/use-download.ts";
import { useFormat } from "../i18n/format.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { optional, required } from "../lib/catalogue.server.ts";
import { notAfterReport } from "../lib/report-path.ts";
import { metaT, seoMeta } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { maxQuantity, PRODUCTS_SEARCH_PATH } from "../lib/store.ts";
import { pages } from "../pages.ts";
import { useObjectRoom } from "../realtime/rooms.ts";
import { addToCart } from "../state/cart.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/store.$id";

export const handle = pages.product.handle;

/** How many of the seller's other products the page suggests. */
const MORE_FROM_SELLER = 4;

/** The product (by id or slug) as the viewer may see it, and a few more of its seller's. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const client = sessionApi(request, context);
  const product = await required(
    client.get<ProductDetail>(`/user/assets/products/${encodeURIComponent(params.id)}`),
    "This product does not exist or is no longer for sale.",
  );
  const more = product.seller
    ? await optional(
        "GET /user/assets/products/search (same seller)",
        client.get<{ data: Product[] }>(PRODUCTS_SEARCH_PATH, {
          performerId: product.seller._id,
          excludedId: product._id,
          limit: MORE_FROM_SELLER,
        }),
      )
    : null;
  return { product, more: (more?.data ?? []).map(productCardData) };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const product = data?.product;
  const { t } = metaT(matches);
  if (!product) return seoMeta(matches, { title: t("Product not found") });
  return seoMeta(matches, {
    title: product.title,
    description: product.description,
    fallbackDescription: product.seller
      ? product.type === "digital"
        ? t("A download from {{seller}}.", { seller: product.seller.name })
        : t("Shipped to your door from {{seller}}.", { seller: product.seller.name })
      : product.type === "digital"
        ? t("A download.")
        : t("Shipped to your door."),
    image: product.image?.medium.url,
  });
};

/** The product's pictures: the chosen one large, the others as buttons under it. */
function Pictures({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const shown = product.images[index] ?? product.images[0];
  return (
    <div>
      <div className={styles.stage}>
        {shown ? (
          <img
            src={shown.large.url}
            srcSet={shown.large.srcSet || undefined}
            sizes="(min-width: 62em) 58vw, 100vw"
            width={shown.width || undefined}
            height={shown.height || undefined}
            alt={product.title}
            fetchPriority="high"
          />
        ) : (
          <Stack align="center" justify="center" h="100%" c="dimmed">
            <IconPackageOff size={48} stroke={1.4} aria-hidden />
          </Stack>
        )}
      </div>
      {product.images.length > 1 && (
        <ul className={styles.thumbs} aria-label={t("Pictures")}>
          {product.images.map((image, i) => (
            <li key={image._id}>
              <button
                type="button"
                className={styles.thumb}
                aria-current={i === index}
                aria-label={t("Picture {{n}} of {{total}}", { n: i + 1, total: product.images.length })}
                onClick={() => setIndex(i)}
              >
                <img src={image.thumb.url} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Add to cart (with a quantity for goods in stock), or where the product already is: in the cart, or bought. */
function BuyBox({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const inCart = useAppSelector((s) => s.cart.items.some((i) => i._id === product._id));
  const { download, fetching } = useDownload();
  const most = maxQuantity(product);
  const [quantity, setQuantity] = useState(1);

  if (product.type === "digital" && product.isBought) {
    return (
      <Stack gap="xs">
        <Text>{t("You bought this download.")}</Text>
        <Button
          size="md"
          radius="xl"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={fetching === product._id}
          onClick={() => void download(product._id, product.title)}
        >
          {t("Download")}
        </Button>
      </Stack>
    );
  }
  if (inCart) {
    return (
      <Group gap="sm">
        <Text fw={600}>{t("In your cart")}</Text>
        <Button component={Link} to="/cart" size="md" radius="xl" variant="light">
          {t("Go to cart")}
        </Button>
      </Group>
    );
  }
  if (most === 0) {
    return (
      <Button size="md" radius="xl" disabled>
        {t("Sold out")}
      </Button>
    );
  }
  const add = () => {
    dispatch(addToCart({ _id: product._id, quantity, price: product.price }));
    notifications.show({ color: "teal", message: t("“{{title}}” is in your cart.", { title: product.title }) });
  };
  return (
    <div className={styles.buy} data-testid="buy-box">
      {most > 1 && (
        <NativeSelect
          size="md"
          label={t("Quantity")}
          w={96}
          data={Array.from({ length: Math.min(most, 10) }, (_, i) => String(i + 1))}
          value={String(quantity)}
          onChange={(e) => setQuantity(Number(e.currentTarget.value))}
        />
      )}
      <Button size="md" radius="xl" leftSection={<IconShoppingCartPlus size={18} aria-hidden />} onClick={add}>
        {t("Add to cart")}
      </Button>
    </div>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, more } = loaderData;
  useObjectRoom("product", product._id);
  const symbol = useAppSelector((s) => s.ui.currencySymbol);
  const note = stockNote(product);
  const { t } = useTranslation();
  const { locale } = useFormat();
  const seller = product.seller;
  return (
    <Container size="xl">
      <div className={styles.product}>
        <Pictures key={product._id} product={product} />
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light" color={product.type === "digital" ? "teal" : "indigo"}>
              {t(PRODUCT_TYPE_LABEL[product.type])}
            </Badge>
            {product.categories.map((c) => (
              <Badge key={c._id} variant="outline" color="gray">
                {c.name}
              </Badge>
            ))}
          </Group>
          <Title order={1} className={movieStyles.title}>
            {product.title}
          </Title>
          {seller && (
            <Text c="dimmed">
              <LinkedText
                text={t("Sold by <link>{{seller}}</link>", { seller: seller.name })}
                link={(words) => (
                  <Anchor component={Link} to={performerPath(seller)} data-testid="product-seller">
                    {words}
                  </Anchor>
                )}
              />
            </Text>
          )}
          <Group gap="md" align="baseline">
            {isOwned(product) ? (
              <Badge size="lg" color="green" data-testid="product-owned">
                {t("Owned")}
              </Badge>
            ) : (
              <span className={styles.price} data-testid="product-price">
                {formatPrice(product.price, symbol, locale)}
              </span>
            )}
            {product.type === "physical" && (
              <Text c={note === "Sold out" ? "red" : "dimmed"} fw={note ? 600 : undefined} data-testid="product-stock">
                {note ?? t("{{stock}} in stock", { stock: product.stock })}
              </Text>
            )}
          </Group>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <ReactionButtons
              key={product._id}
              objectType="product"
              objectId={product._id}
              flags={product}
              counts={product.stats}
            />
            <ReportButton kind="product" id={product._id} />
          </Group>
          <BuyBox key={product._id} product={product} />
          <PlainText text={product.description} className={movieStyles.description} />
        </Stack>
      </div>
      {more.length > 0 && product.seller && (
        <section className={movieStyles.related} aria-labelledby="more-products-title">
          <Title order={2} id="more-products-title" fz={24} mb="md">
            {t("More from {{name}}", { name: product.seller.name })}
          </Title>
          <CardGrid label={t("More from {{name}}", { name: product.seller.name })} testId="more-products">
            {more.map((p) => (
              <ProductCard key={p._id} product={p} />
            ))}
          </CardGrid>
        </section>
      )}
      <Comments objectType="product" objectId={product._id} ownerIds={product.performers.map((p) => p._id)} />
    </Container>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  return (
    <DetailError
      error={error}
      icon={IconPackageOff}
      noun="product"
      listPath="/store"
      listLabel={t("Browse the store")}
    />
  );
}

/** A report filed here does not reload the page (lib/reports.ts). */
export const shouldRevalidate = notAfterReport;
