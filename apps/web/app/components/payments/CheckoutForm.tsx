import { Button, type ButtonProps, Group, TextInput } from "@mantine/core";
import type { CouponQuote } from "@marquee/contracts/payments";
import { lazy, type ReactNode, Suspense, useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { CHECKOUT_PATH, couponError, quoteLine } from "../../lib/payments.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { useAppSelector } from "../../state/store.ts";
import styles from "./payments.module.css";

/**
 * The coupon field of a buy button, with Apply: the API's quote (read only, through the checkout route) names the
 * coupon and the price it makes, or says at the field why the code cannot be used, before the member leaves the
 * page. The code goes with the form.
 */
function CouponField({
  fields,
  onApplied,
}: {
  fields: Record<string, string>;
  /** The code once the API has quoted it (the tax's quote is then on the price it leaves), null when it is not. */
  onApplied: (code: string | null) => void;
}) {
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
      const quoted = await run<CouponQuote>("quote", { couponCode, ...fields });
      setQuote(quoted);
      onApplied(quoted.code);
    } catch (e) {
      setQuote(null);
      onApplied(null);
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
            onApplied(null);
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

const LazyBillingFields = lazy(async () => ({ default: (await import("./BillingFields.tsx")).BillingFields }));

/**
 * The billing place and tax quote of a taxed site (BillingFields.tsx). They show only once the browser has asked
 * the checkout route where the site charges tax, so their code (Mantine's searchable Select, some 10 KB compressed)
 * loads then too, after the page's first load, instead of with every page that has a buy button.
 */
export function BillingFields({ fields }: { fields: Record<string, string> | null }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <LazyBillingFields fields={fields} />
    </Suspense>
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
  const [applied, setApplied] = useState<string | null>(null);
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
      <BillingFields fields={applied ? { ...fields, couponCode: applied } : fields} />
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
          <CouponField fields={fields} onApplied={setApplied} />
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
