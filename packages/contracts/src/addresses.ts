import { z } from "zod";
import { entityId } from "./common.ts";

/**
 * Shipping addresses (issue 23 section 2): what a store checkout asks for when something ships, the member's saved
 * ones, and the copy an order keeps. Every message is a sentence the checkout form shows at its field.
 */

/** A required line of text: `empty` when it is missing or blank, `long` past `max` characters. */
const line = (empty: string, max: number) =>
  z.string({ error: empty }).trim().min(1, empty).max(max, `Keep it to ${max} characters.`);

export const ADDRESS_MESSAGES = {
  recipientName: "Enter the recipient's name.",
  line1: "Enter the street address.",
  city: "Enter a town or city.",
  region: "Enter a state, province or region.",
  postalCode: "Enter a postal code.",
  country: "Choose a country.",
  phone: "Enter a phone number.",
  phoneShape: "Enter a phone number in digits; spaces, +, ( ) and - may be used.",
} as const;

export const shippingAddressFields = z.strictObject({
  recipientName: line(ADDRESS_MESSAGES.recipientName, 120),
  line1: line(ADDRESS_MESSAGES.line1, 200),
  /** Optional: a flat, a floor, a building. */
  line2: z
    .string()
    .trim()
    .max(200, "Keep it to 200 characters.")
    .optional()
    .transform((s) => (s ? s : undefined)),
  city: line(ADDRESS_MESSAGES.city, 100),
  region: line(ADDRESS_MESSAGES.region, 100),
  postalCode: line(ADDRESS_MESSAGES.postalCode, 20),
  /** ISO 3166-1 alpha-2, one of GET /countries/list (the server checks it is). */
  country: z
    .string({ error: ADDRESS_MESSAGES.country })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, ADDRESS_MESSAGES.country),
  phone: line(ADDRESS_MESSAGES.phone, 30).pipe(z.string().regex(/^\+?[0-9 ()-]{6,30}$/, ADDRESS_MESSAGES.phoneShape)),
});
export type ShippingAddressFields = z.infer<typeof shippingAddressFields>;
export type ShippingAddressInput = z.input<typeof shippingAddressFields>;

/** An address as the API answers it: the fields, with the country's name. */
export const shippingAddress = z.object({
  recipientName: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
  countryName: z.string(),
  phone: z.string(),
});
export type ShippingAddress = z.infer<typeof shippingAddress>;

/** One of the member's saved addresses; the list comes last used first. */
export const savedAddress = shippingAddress.extend({ _id: entityId, lastUsedAt: z.string() });
export type SavedAddress = z.infer<typeof savedAddress>;
export const savedAddressList = z.object({ data: z.array(savedAddress), total: z.number().int() });

/** How many addresses a member keeps: saving one more forgets the least recently used. */
export const MAX_SAVED_ADDRESSES = 10;
