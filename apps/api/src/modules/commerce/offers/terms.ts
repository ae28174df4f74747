import { bundleDays } from "@marquee/contracts/offers";
import { discounted } from "../money.ts";
import type { SubscriptionOffer } from "../subscriptions/subscribing.ts";
import type { OfferRow } from "./tables.ts";

/** The scope a member's one trial is counted in: the performer, or the whole site for membership packages. */
export const scopeOf = (o: Pick<OfferRow, "performerId">) => o.performerId ?? "site";

/** Why an offer cannot be taken now (null: it can). */
export function unavailable(o: OfferRow, now: Date): string | null {
  if (!o.active) return "This offer is no longer available.";
  if (o.endsAt && o.endsAt <= now) return "This offer has ended.";
  if (o.maxClaims !== null && o.claims >= o.maxClaims) return "This offer has been used up: none are left.";
  return null;
}

/**
 * What an offer makes of a subscription as it is normally sold (`base`, one period at the regular price):
 * - a discount: the first period at `percentOff` less, then renewals at the regular price as usual;
 * - a trial: `trialDays` free, then it ends (nothing renews, nothing is charged);
 * - a bundle: `months` for the bundle's price, renewing as the same bundle at the same price (when the subscription
 *   renews at all: a performer's always does, a site package only when it is a recurring one).
 * `priceCents` is what the checkout charges now; `renewCents` what each renewal charges.
 */
export function applyOffer(o: OfferRow, base: SubscriptionOffer): SubscriptionOffer {
  const promo = { offerId: o.id, kind: o.kind, scope: scopeOf(o) };
  switch (o.kind) {
    case "discount":
      return {
        ...base,
        priceCents: discounted(base.priceCents, (o.percentOff ?? 0) / 100),
        renewCents: base.renewCents,
        promo,
      };
    case "trial":
      return {
        ...base,
        title: `${base.title} (free trial)`,
        priceCents: 0,
        renewCents: 0,
        period: "free",
        initialDays: o.trialDays ?? 7,
        renewDays: null,
        trial: true,
        promo,
      };
    case "bundle": {
      const days = bundleDays(o.months ?? 3);
      const cents = o.bundleCents ?? base.priceCents;
      return {
        ...base,
        title: `${base.subject}: ${o.months}-month bundle`,
        priceCents: cents,
        renewCents: cents,
        period: base.kind === "performer" || base.renewDays !== null ? "recurring" : "single",
        initialDays: days,
        renewDays: base.renewDays === null ? null : days,
        promo,
      };
    }
  }
}
