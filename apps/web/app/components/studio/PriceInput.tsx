import { NumberInput, type NumberInputProps } from "@mantine/core";
import { PRICE_MAX, PRICE_MIN } from "@marquee/contracts/catalogue";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useAppSelector } from "../../state/store.ts";

/** The price of an item for sale, in the site's currency, within the bounds the API accepts. */
export function PriceInput(props: NumberInputProps) {
  const currencySymbol = useAppSelector((s) => s.ui.currencySymbol);
  const { t } = useTranslation();
  return (
    <NumberInput
      label={t("Price")}
      size="md"
      description={t("What buyers pay, at least 0.50.")}
      prefix={currencySymbol}
      decimalScale={2}
      fixedDecimalScale
      min={PRICE_MIN}
      max={PRICE_MAX}
      step={1}
      required
      {...props}
    />
  );
}
