/**
 * Money is integer cents everywhere (DESIGN section 6). Fractions (a coupon's value, a commission rate) are taken in
 * basis points (1/10,000) so that no float ever decides a cent, and every split adds up to its whole exactly.
 */

/** A fraction (0.2, 0.15, 0.0825) in basis points; at most four decimals count. */
export const basisPoints = (fraction: number) => Math.round(fraction * 10_000);

/** `cents` x `bp` / 10,000, rounded half up (for cents >= 0). */
const times = (cents: number, bp: number) => Math.floor((cents * bp + 5_000) / 10_000);

/** What an order costs with a coupon of `value` (0.01..0.99): original x (1 - value), rounded to the cent. */
export function discounted(originalCents: number, value: number): number {
  return times(originalCents, 10_000 - basisPoints(value));
}

/**
 * A line's amount shared between the performers of its item, in their order on the item: equal shares, and the
 * cents that do not divide evenly go one each to the first performers. The shares add up to the amount exactly.
 */
export function shares(amountCents: number, performerIds: readonly string[]): Array<[string, number]> {
  const ids = [...new Set(performerIds)];
  if (!ids.length) return [];
  const base = Math.floor(amountCents / ids.length);
  const rest = amountCents - base * ids.length;
  return ids.map((id, i) => [id, base + (i < rest ? 1 : 0)]);
}

/** One performer's earning from `grossCents`: the site's commission at `rate` (rounded half up) and the net. */
export function earning(grossCents: number, rate: number) {
  const commissionCents = times(grossCents, basisPoints(rate));
  return {
    grossCents,
    commissionRate: basisPoints(rate) / 10_000,
    commissionCents,
    netCents: grossCents - commissionCents,
  };
}

/**
 * An order's total spread over its lines in proportion to what each line costs before the discount (a coupon on a
 * cart): each line gets the floor of its share, and the cents left over go one each to the lines with the largest
 * remainders (the first such line on a tie). The parts add up to the total exactly, and no line gets more than it
 * costs when the total is below the sum.
 */
export function allocate(totalCents: number, lineCents: readonly number[]): number[] {
  const whole = lineCents.reduce((n, c) => n + c, 0);
  if (whole === 0) return lineCents.map((_, i) => (i === 0 ? totalCents : 0));
  const exact = lineCents.map((c) => (totalCents * c) / whole);
  const parts = exact.map(Math.floor);
  let left = totalCents - parts.reduce((n, c) => n + c, 0);
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder) {
    if (left <= 0) break;
    parts[i] = (parts[i] as number) + 1;
    left--;
  }
  return parts;
}
