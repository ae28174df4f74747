import { Button, type ButtonProps, Group, Select, TextInput } from "@mantine/core";
import type { CouponQuote } from "@marquee/contracts/payments";
import type { TaxPlaces, TaxQuote } from "@marquee/contracts/taxes";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { CHECKOUT_PATH, couponError, quoteLine } from "../../lib/payments.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { useAppSelector } from "../../state/store.ts";
import styles from "./payments.module.css";
import { TaxQuoteText } from "./TaxQuoteText.tsx";

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

/** What the checkout route's loader answers (routes/payment.checkout.ts). */
interface CheckoutPlaces {
  taxes: TaxPlaces | null;
  countries: { code: string; name: string }[];
}

/**
 * The billing country (and region, where the country has regional rates) a taxed site asks before paying, with the
 * tax it makes: "Price $10.00 + VAT 19% $1.90 = $11.90 to pay", on the price a coupon leaves once one is applied.
 * Nothing while the site charges no tax. The fields go with the form; the API works the tax out again at checkout. Without `fields` (an amount the member types, a
 * tip) there is no price to quote: the member is told the tax is added on the payment page.
 */
export function BillingFields({ fields }: { fields: Record<string, string> | null }) {
  const { t } = useTranslation();
  const places = useFetcher<CheckoutPlaces>();
  const { run } = useIntent(CHECKOUT_PATH, { revalidate: false });
  const [country, setCountry] = useState<string | null>(null);
  const [region, setRegion] = useState<string | null>(null);
  const [quote, setQuote] = useState<TaxQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once, when the button shows
  useEffect(() => {
    if (places.state === "idle" && !places.data) places.load(CHECKOUT_PATH);
  }, []);
  const taxed = places.data?.taxes?.countries ?? [];
  const regions = taxed.find((c) => c.country === country)?.regions ?? [];
  /** The tax of the place chosen, once it is whole (a country, and its region where it has regional rates). */
  const ask = (c: string | null, r: string | null) => {
    setQuote(null);
    setError(null);
    const needsRegion = (taxed.find((p) => p.country === c)?.regions ?? []).length > 0;
    if (!c || (needsRegion && !r) || !fields) return;
    run<TaxQuote>("taxQuote", { ...fields, billingCountry: c, ...(r ? { billingRegion: r } : {}) })
      .then(setQuote)
      .catch((e: unknown) => setError(couponError(e)));
  };
  // A coupon applied (or taken away) after the place was chosen: the tax is quoted again on the new price.
  const quoted = fields ? JSON.stringify(fields) : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again only when what is bought changes
  useEffect(() => {
    if (country) ask(country, region);
  }, [quoted]);
  if (!taxed.length) return null;
  const countryName = places.data?.countries.find((c) => c.code === country)?.name ?? country ?? "";
  return (
    <div className={styles.couponField}>
      <Select
        name="billingCountry"
        label={t("Billing country")}
        placeholder={t("Choose your country")}
        searchable
        data={(places.data?.countries ?? []).map((c) => ({ value: c.code, label: c.name }))}
        value={country}
        onChange={(v) => {
          setCountry(v);
          setRegion(null);
          ask(v, null);
        }}
        error={error}
        maxDropdownHeight={240}
      />
      {regions.length > 0 && (
        <Select
          mt="xs"
          name="billingRegion"
          label={t("Region")}
          placeholder={t("Choose your region")}
          data={[
            ...regions.map((r) => ({ value: r, label: r })),
            { value: country ?? "", label: t("Elsewhere in {{country}}", { country: countryName }) },
          ]}
          value={region}
          onChange={(r) => {
            setRegion(r);
            ask(country, r);
          }}
        />
      )}
      {!fields && country && (
        <p className={styles.quote}>{t("The tax of your billing country is added on the payment page.")}</p>
      )}
      {quote && (
        <p className={styles.quote} data-testid="tax-quote" aria-live="polite">
          <TaxQuoteText quote={quote} countryName={countryName} />
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
