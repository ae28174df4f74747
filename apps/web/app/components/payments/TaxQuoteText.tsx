import type { TaxQuote } from "@marquee/contracts/taxes";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

/**
 * A tax quote as the buyer reads it before paying (the buy buttons' and the cart's): "Price $10.00 + VAT 19% $1.90 =
 * $11.90 to pay", "$9.99 to pay, including $0.65 IGIC (7%)" where prices include the tax, or "No tax for …".
 */
export function TaxQuoteText({ quote, countryName }: { quote: TaxQuote; countryName: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!quote.taxName) {
    return <>{t("No tax for {{country}}: {{gross}} to pay", { country: countryName, gross: f.price(quote.gross) })}</>;
  }
  const values = {
    net: f.price(quote.net),
    tax: f.price(quote.tax),
    gross: f.price(quote.gross),
    name: quote.taxName,
    rate: quote.rate,
  };
  return (
    <>
      {quote.pricesIncludeTax
        ? t("{{gross}} to pay, including {{tax}} {{name}} ({{rate}}%)", values)
        : t("Price {{net}} + {{name}} {{rate}}% {{tax}} = {{gross}} to pay", values)}
    </>
  );
}
