import { z } from "zod";
import { billingFields, couponCode, purchaseProductsBody } from "./payments.ts";

/**
 * Taxes (issue 24 section 5): rates per country (ISO 3166-1 alpha-2) and optionally region (ISO 3166-2 subdivision,
 * such as ES-CN), a name ("VAT") and a percent with at most two decimals (stored as basis points: 20.5% is 2050).
 *
 * The maths is integer cents, per order line, rounded half up:
 * - prices excluding tax: net = the price, tax = round(net × bp / 10000), gross = net + tax;
 * - prices including tax: gross = the price, net = round(gross × 10000 / (10000 + bp)), tax = gross − net.
 * A coupon comes off first; the tax is worked out on what is left.
 */
export const TAX_RATE_MAX = 100;

/** What an admin sends for a rate; the API checks each value itself (422 naming the field). */
export const taxRateBody = z.strictObject({
  country: z.string().max(10),
  region: z.string().max(10).nullish(),
  name: z.string().max(200),
  /** A percent, such as 20 or 7.25. */
  rate: z.number(),
});
export type TaxRateBody = z.infer<typeof taxRateBody>;

export const taxRate = z.object({
  _id: z.string(),
  country: z.string(),
  countryName: z.string(),
  region: z.string().nullable(),
  name: z.string(),
  /** A percent, such as 20 or 7.25. */
  rate: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaxRate = z.infer<typeof taxRate>;

/** Where taxes are charged, for the checkout's billing country field: each country and its regions with rates. */
export const taxPlaces = z.object({
  pricesIncludeTax: z.boolean(),
  countries: z.array(z.object({ country: z.string(), name: z.string(), regions: z.array(z.string()) })),
});
export type TaxPlaces = z.infer<typeof taxPlaces>;

/**
 * What the buy button's item costs with the tax of a billing place, before the order is made: with the coupon the
 * member applied (`couponCode`), the tax is on the price it leaves, as at checkout.
 */
export const taxQuoteBody = z.strictObject({
  kind: z.enum(["video", "gallery", "package", "performer"]),
  id: z.string().uuid(),
  period: z.enum(["monthly", "yearly"]).optional(),
  couponCode: couponCode.optional(),
  ...billingFields,
});
export type TaxQuoteBody = z.infer<typeof taxQuoteBody>;

/** What the cart's products cost with the tax of a billing place, with the coupon applied, before paying. */
export const storeTaxQuoteBody = z.strictObject({
  products: purchaseProductsBody.shape.products,
  couponCode: couponCode.optional(),
  ...billingFields,
});
export type StoreTaxQuoteBody = z.infer<typeof storeTaxQuoteBody>;

/** Net, tax and gross in major units, with the rate's name and percent (null when no rate applies). */
export const taxQuote = z.object({
  title: z.string(),
  net: z.number(),
  tax: z.number(),
  gross: z.number(),
  taxName: z.string().nullable(),
  rate: z.number(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  pricesIncludeTax: z.boolean(),
});
export type TaxQuote = z.infer<typeof taxQuote>;

/** How the billing country compares with the GeoIP country of the checkout's request. */
export const evidenceStates = ["match", "mismatch", "no-geoip"] as const;
export type EvidenceState = (typeof evidenceStates)[number];

export const receipt = z.object({
  orderId: z.string(),
  status: z.string(),
  currency: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  seller: z.object({ name: z.string(), url: z.string() }),
  buyer: z.object({ username: z.string() }),
  lines: z.array(
    z.object({ title: z.string(), quantity: z.number(), net: z.number(), tax: z.number(), gross: z.number() }),
  ),
  net: z.number(),
  tax: z.number(),
  gross: z.number(),
  taxDetails: z
    .object({
      name: z.string().nullable(),
      rate: z.number(),
      pricesIncludeTax: z.boolean(),
      billingCountry: z.string().nullable(),
      billingRegion: z.string().nullable(),
      ipCountry: z.string().nullable(),
      evidence: z.enum(evidenceStates),
    })
    .nullable(),
});
export type Receipt = z.infer<typeof receipt>;

export const taxReportQuery = z.strictObject({
  /** Inclusive start day, YYYY-MM-DD (UTC). */
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Inclusive end day, YYYY-MM-DD (UTC). */
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type TaxReportQuery = z.infer<typeof taxReportQuery>;

export const taxReportRow = z.object({
  country: z.string(),
  countryName: z.string(),
  region: z.string().nullable(),
  taxName: z.string().nullable(),
  rate: z.number(),
  /** Orders paid in the period (refunds are counted apart). */
  orders: z.number(),
  refunds: z.number(),
  net: z.number(),
  tax: z.number(),
  gross: z.number(),
  /** Orders whose GeoIP country contradicted the billing country (evidence to look at before filing). */
  mismatches: z.number(),
});
export const taxReport = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  rows: z.array(taxReportRow),
  totals: z.object({ net: z.number(), tax: z.number(), gross: z.number() }),
});
export type TaxReport = z.infer<typeof taxReport>;
