import { Select } from "@mantine/core";
import type { TaxPlaces, TaxQuote } from "@marquee/contracts/taxes";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { CHECKOUT_PATH, couponError } from "../../lib/payments.ts";
import { useIntent } from "../../lib/use-intent.ts";
import styles from "./payments.module.css";
import { TaxQuoteText } from "./TaxQuoteText.tsx";

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
