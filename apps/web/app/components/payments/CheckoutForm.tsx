import { Button, type ButtonProps, Group, TextInput } from "@mantine/core";
import type { CouponQuote } from "@marquee/contracts/payments";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { CHECKOUT_PATH, couponError, quoteLine } from "../../lib/payments.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { useAppSelector } from "../../state/store.ts";
import styles from "./payments.module.css";

/**
 * The coupon field of a buy button, with Apply: the API's quote (read only, through the checkout route) names the
 * coupon and the price it makes, or says at the field why the code cannot be used, before the member leaves the
 * page. The code goes with the form.
 */
function CouponField({ fields }: { fields: Record<string, string> }) {
  const { t } = useTranslation();
  const id = useId();
  const { locale } = useFormat();
  const symbol = useAppSelector((s) => s.ui.currencySymbol || s.settings.data.currencySymbol);
  const [code, setCode] = useState("");
  const [quote, setQuote] = useState<CouponQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  // The checkout route's quote: read only, so the page's data is not loaded again.
  const { run } = useIntent(CHECKOUT_PATH, { revalidate: false });
  const apply = async () => {
    const couponCode = code.trim();
    if (!couponCode) return;
    setApplying(true);
    setError(null);
    try {
      setQuote(await run<CouponQuote>("quote", { couponCode, ...fields }));
    } catch (e) {
      setQuote(null);
      setError(couponError(e));
    } finally {
      setApplying(false);
    }
  };
  return (
    <div className={styles.couponField}>
      <Group gap={6} align="flex-start" wrap="nowrap">
        <TextInput
          id={id}
          name="couponCode"
          aria-label={t("Coupon code")}
          placeholder={t("Coupon code")}
          maxLength={40}
          autoComplete="off"
          size="md"
          radius="xl"
          flex={1}
          autoFocus
          value={code}
          error={error}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setQuote(null);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void apply();
            }
          }}
        />
        <Button type="button" variant="default" size="md" radius="xl" loading={applying} onClick={() => void apply()}>
          {t("Apply")}
        </Button>
      </Group>
      {quote && (
        <p className={styles.quote} data-testid="coupon-quote" aria-live="polite">
          {quoteLine(quote, symbol, t, locale)}
        </p>
      )}
    </div>
  );
}

/**
 * A buy or subscribe button: posts what is bought (`fields`: kind, id, maybe period) to the checkout, which makes the
 * order at the server's price and sends the buyer to the gateway's page. A plain form post, so it works before the
 * page's scripts have loaded; an optional coupon field with Apply; a refusal shows under the button.
 */
export function CheckoutForm({
  fields,
  label,
  icon,
  coupon = true,
  variant,
  fullWidth,
}: {
  fields: Record<string, string>;
  label: string;
  icon?: ReactNode;
  coupon?: boolean;
  variant?: ButtonProps["variant"];
  fullWidth?: boolean;
}) {
  const { t } = useTranslation();
  const checkout = useFetcher<{ error?: string }>();
  const [couponOpen, setCouponOpen] = useState(false);
  const error = checkout.state === "idle" ? checkout.data?.error : undefined;
  return (
    <checkout.Form
      method="post"
      action={CHECKOUT_PATH}
      className={styles.checkoutForm}
      data-full={fullWidth || undefined}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button
        type="submit"
        size="md"
        radius="xl"
        variant={variant}
        fullWidth={fullWidth}
        loading={checkout.state !== "idle"}
        leftSection={icon}
      >
        {label}
      </Button>
      {coupon &&
        (couponOpen ? (
          <CouponField fields={fields} />
        ) : (
          <Button type="button" variant="subtle" size="md" radius="xl" onClick={() => setCouponOpen(true)}>
            {t("I have a coupon")}
          </Button>
        ))}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </checkout.Form>
  );
}
