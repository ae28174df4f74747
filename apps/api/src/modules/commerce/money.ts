/**
 * Money is integer cents everywhere (DESIGN section 6); every split here adds up to its whole exactly. The basis-point
 * arithmetic (and the coupon's `discounted`) is shared with the web in @marquee/contracts/money.
 */
import { basisPoints, times } from "@marquee/contracts/money";

export { basisPoints, discounted } from "@marquee/contracts/money";

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
