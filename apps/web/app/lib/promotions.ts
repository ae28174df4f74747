import type { Offer, OfferTerms } from "@marquee/contracts/offers";
import type { TFunction } from "../i18n/i18n.ts";

/** Where a tracking link's code is kept between the click and a sign-up (routes/r.$code.ts, auth.register.tsx). */
export const REF_COOKIE = "ref";
const REF_DAYS = 30;

/** The tracking link's cookie: 30 days, the whole site. */
export function refCookie(code: string, secure: boolean): string {
  const maxAge = REF_DAYS * 24 * 3600;
  return `${REF_COOKIE}=${encodeURIComponent(code)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** An offer in one line, as its maker's list shows it: "25% off the first month", "7 days free", "3 months for $25". */
export function offerLine(o: Offer, t: TFunction, price: (amount: number) => string): string {
  switch (o.kind) {
    case "discount":
      if (o.period === "yearly") return t("{{percent}}% off the first year", { percent: o.percentOff });
      if (o.period === "monthly") return t("{{percent}}% off the first month", { percent: o.percentOff });
      return t("{{percent}}% off the first period", { percent: o.percentOff });
    case "trial":
      return t("{{days}} days free", { days: o.trialDays });
    case "bundle":
      return t("{{months}} months for {{price}}, renewing at the same price", {
        months: o.months,
        price: price(o.price ?? 0),
      });
  }
}

/** An offer's limits: "10 of 50 claimed · ends 1 Dec 2026". */
export function offerLimits(o: Offer, t: TFunction, date: (iso: string) => string): string {
  const parts = [
    o.maxClaims === null
      ? t("Claimed: {{claims}}", { claims: o.claims })
      : t("{{claims}} of {{max}} claimed", { claims: o.claims, max: o.maxClaims }),
  ];
  if (o.endsAt) parts.push(t("ends {{date}}", { date: date(o.endsAt) }));
  return parts.join(" · ");
}

/** The terms in plain words: what is charged now, and what renews, when and at what price. */
export function termsLines(terms: OfferTerms, t: TFunction, price: (amount: number) => string) {
  const now =
    terms.chargedNow === 0
      ? t("Charged now: nothing. {{days}} days free.", { days: terms.firstDays })
      : t("Charged now: {{price}} for the first {{days}} days.", {
          price: price(terms.chargedNow),
          days: terms.firstDays,
        });
  const renewal =
    terms.renews && terms.renewPrice !== null
      ? t("Then {{price}} every {{days}} days, charged automatically until you cancel.", {
          price: price(terms.renewPrice),
          days: terms.renewDays,
        })
      : t("It does not renew: nothing more is charged when the {{days}} days end.", { days: terms.firstDays });
  return { now, renewal };
}
