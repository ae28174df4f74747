import { Anchor, CloseButton, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { type CartLine, maxQuantity } from "../../lib/store.ts";
import { removeFromCart, updateCartQuantities } from "../../state/cart.ts";
import { useAppDispatch } from "../../state/store.ts";
import { formatPrice } from "../catalogue/format.ts";
import { productPath } from "./product-card-data.ts";
import styles from "./store.module.css";

/** An amount in cents with the site's currency symbol ("$9.99"). */
export const formatCents = (cents: number, symbol: string) => formatPrice(cents / 100, symbol);

const PROBLEM_TEXT: Record<NonNullable<CartLine["problem"]>, string> = {
  unavailable: msg("No longer for sale. Remove it to check out."),
  "sold-out": msg("Sold out. Remove it to check out."),
  short: msg("Not that many left: choose fewer."),
};

/**
 * A line of the cart page (routes/cart.tsx): the product as it is now, what changed since it was put in the cart (its
 * price, its stock, no longer for sale), its quantity when it is shipped, and a button that takes it out of the cart.
 */
export function CartLineItem({ line, symbol }: { line: CartLine; symbol: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const p = line.product;
  const most = p ? maxQuantity(p) : 0;
  const choices = Array.from({ length: Math.max(most, line.quantity) }, (_, i) => String(i + 1)).slice(0, 99);
  return (
    <li className={styles.line} data-testid="cart-line" data-id={line._id} data-problem={line.problem ?? undefined}>
      <div className={styles.lineImage}>{p?.image && <img src={p.image.thumb.url} alt="" loading="lazy" />}</div>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          {p ? (
            <Anchor component={Link} to={productPath(p)} className={styles.lineTitle}>
              {p.title}
            </Anchor>
          ) : (
            <Text className={styles.lineTitle} c="dimmed">
              {t("A product no longer for sale")}
            </Text>
          )}
          <CloseButton
            aria-label={p ? t("Remove {{title}}", { title: p.title }) : t("Remove this product")}
            onClick={() => dispatch(removeFromCart(line._id))}
          />
        </Group>
        {p && (
          <Group gap="sm" wrap="wrap">
            <Text size="sm" className={styles.amount}>
              {formatPrice(p.price, symbol)}
              {p.type === "digital" ? ` · ${t("Download")}` : ""}
            </Text>
            {line.priceWas !== null && (
              <Text size="sm" c="orange" fw={600} data-testid="price-changed">
                {t("Price changed from {{price}}", { price: formatPrice(line.priceWas, symbol) })}
              </Text>
            )}
          </Group>
        )}
        {line.problem && (
          <Text size="sm" c="red" fw={600} role="status">
            {t(PROBLEM_TEXT[line.problem])}
          </Text>
        )}
        {p && p.type === "physical" && most > 0 && (
          <Group justify="space-between" gap="sm">
            <NativeSelect
              size="xs"
              aria-label={t("Quantity of {{title}}", { title: p.title })}
              data={choices}
              value={String(line.quantity)}
              onChange={(e) =>
                dispatch(updateCartQuantities([{ _id: line._id, quantity: Number(e.currentTarget.value) }]))
              }
            />
            <Text fw={600} className={styles.amount}>
              {formatCents(line.cents, symbol)}
            </Text>
          </Group>
        )}
      </Stack>
    </li>
  );
}
