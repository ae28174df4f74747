import { Select, Stack, Text } from "@mantine/core";
import type { TaxPlaces, TaxQuote } from "@marquee/contracts/taxes";
import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { couponError } from "../../lib/payments.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { TaxQuoteText } from "../payments/TaxQuoteText.tsx";

export interface BillingPlace {
  country: string | null;
  region: string | null;
}

/**
 * The cart's billing country (and region, where the country has regional rates) on a taxed site, with the tax the
 * order will be charged once the place is whole: the cart page's `taxQuote` intent asks the API (read only) for the
 * lines as they are now, with the coupon applied, and the quote follows each change. The checkout works the tax out
 * again on the server.
 */
export function CartBilling({
  taxes,
  countries,
  place,
  onPlace,
  errors,
  cart,
}: {
  taxes: TaxPlaces;
  countries: { value: string; label: string }[];
  place: BillingPlace;
  onPlace: (place: BillingPlace) => void;
  errors: Record<string, string>;
  /** What the quote prices: the cart's lines and its coupon; null while a line cannot be bought. */
  cart: { products: { _id: string; quantity: number }[]; couponCode?: string } | null;
}) {
  const { t } = useTranslation();
  const { run } = useIntent(undefined, { revalidate: false });
  const [quote, setQuote] = useState<TaxQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const regions = taxes.countries.find((c) => c.country === place.country)?.regions ?? [];
  const whole = !!place.country && (regions.length === 0 || !!place.region);
  const asked = whole && cart ? JSON.stringify({ ...cart, place }) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `asked` holds everything the quote depends on
  useEffect(() => {
    setQuote(null);
    setError(null);
    if (!asked || !cart) return;
    let current = true;
    run<TaxQuote>("taxQuote", {
      ...cart,
      billingCountry: place.country,
      ...(place.region ? { billingRegion: place.region } : {}),
    })
      .then((q) => current && setQuote(q))
      .catch((e: unknown) => current && setError(couponError(e)));
    return () => {
      current = false;
    };
  }, [asked]);
  const countryName = countries.find((c) => c.value === place.country)?.label ?? place.country ?? "";
  return (
    <Stack gap="xs" data-testid="cart-billing">
      <Select
        label={t("Billing country")}
        placeholder={t("Choose your country")}
        searchable
        data={countries}
        value={place.country}
        onChange={(country) => onPlace({ country, region: null })}
        error={errors.billingCountry ?? error}
        maxDropdownHeight={240}
      />
      {regions.length > 0 && (
        <Select
          label={t("Region")}
          placeholder={t("Choose your region")}
          data={[
            ...regions.map((r) => ({ value: r, label: r })),
            { value: place.country ?? "", label: t("Elsewhere in {{country}}", { country: countryName }) },
          ]}
          value={place.region}
          onChange={(region) => onPlace({ ...place, region })}
          error={errors.billingRegion}
        />
      )}
      {quote ? (
        <Text size="sm" fw={600} data-testid="cart-tax-quote" aria-live="polite">
          <TaxQuoteText quote={quote} countryName={countryName} />
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {taxes.pricesIncludeTax
            ? t("Prices include the tax of your billing country.")
            : t("The tax of your billing country is shown once you choose it.")}
        </Text>
      )}
    </Stack>
  );
}
