/**
 * The tax of one order line in integer cents (the rules are in @marquee/contracts/taxes): `rateBp` basis points,
 * rounded half up per line. Prices excluding tax: the price is the net and the tax is added on top. Prices including
 * tax: the price is the gross and the net is derived from it.
 */
export function taxLine(priceCents: number, rateBp: number, pricesIncludeTax: boolean) {
  if (rateBp <= 0 || priceCents <= 0) return { netCents: priceCents, taxCents: 0, grossCents: priceCents };
  if (pricesIncludeTax) {
    const netCents = roundHalfUp(priceCents * 10_000, 10_000 + rateBp);
    return { netCents, taxCents: priceCents - netCents, grossCents: priceCents };
  }
  const taxCents = roundHalfUp(priceCents * rateBp, 10_000);
  return { netCents: priceCents, taxCents, grossCents: priceCents + taxCents };
}

/** a / b rounded half up, for a ≥ 0 and b > 0 (exact in integers well beyond any order's cents). */
export function roundHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** A percent with at most two decimals as basis points (20.5 → 2050); null when it has more decimals. */
export function percentToBp(percent: number): number | null {
  const bp = Math.round(percent * 100);
  return Math.abs(bp - percent * 100) < 1e-6 ? bp : null;
}
