/**
 * Money is integer cents everywhere (DESIGN section 6). Fractions (a coupon's value, a commission rate) are taken in
 * basis points (1/10,000) so that no float ever decides a cent. Shared so that the cart's estimate and the server's
 * checkout come to the same cent.
 */

/** A fraction (0.2, 0.15, 0.0825) in basis points; at most four decimals count. */
export const basisPoints = (fraction: number) => Math.round(fraction * 10_000);

/** `cents` x `bp` / 10,000, rounded half up (for cents >= 0). */
export const times = (cents: number, bp: number) => Math.floor((cents * bp + 5_000) / 10_000);

/** What an order costs with a coupon of `value` (0.01..0.99): original x (1 - value), rounded to the cent. */
export function discounted(originalCents: number, value: number): number {
  return times(originalCents, 10_000 - basisPoints(value));
}

/** A price in major units (9.99) as integer cents (999). */
export const toCents = (amount: number) => Math.round(amount * 100);
