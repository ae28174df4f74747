import type { Offer, OfferTerms } from "@marquee/contracts/offers";
import { describe, expect, it } from "vitest";
import { formatPrice } from "../components/catalogue/format.ts";
import { tFor } from "../i18n/i18n.ts";
import { offerLimits, offerLine, refCookie, termsLines } from "./promotions.ts";

const price = (n: number) => formatPrice(n);
const terms = (over: Partial<OfferTerms>): OfferTerms => ({
  _id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
  kind: "bundle",
  title: "Piper: 3-month bundle",
  performer: null,
  package: null,
  currency: "USD",
  regularPrice: 10,
  chargedNow: 25,
  firstDays: 90,
  renews: true,
  renewPrice: 25,
  renewDays: 90,
  endsAt: null,
  claimsLeft: null,
  available: true,
  reason: null,
  ...over,
});

describe("an offer's terms in plain words", () => {
  it("say what is charged now, and what renews, when and at what price", () => {
    expect(termsLines(terms({}), tFor("en"), price)).toEqual({
      now: "Charged now: $25 for the first 90 days.",
      renewal: "Then $25 every 90 days, charged automatically until you cancel.",
    });
    expect(
      termsLines(
        terms({ kind: "trial", chargedNow: 0, firstDays: 7, renews: false, renewPrice: null, renewDays: null }),
        tFor("en"),
        price,
      ),
    ).toEqual({
      now: "Charged now: nothing. 7 days free.",
      renewal: "It does not renew: nothing more is charged when the 7 days end.",
    });
  });

  it("name each kind of offer and its limits in the maker's list", () => {
    const base = {
      _id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
      title: "",
      performerId: null,
      packageId: null,
      period: null,
      percentOff: null,
      trialDays: null,
      months: null,
      price: null,
      maxClaims: null,
      claims: 0,
      endsAt: null,
      active: true,
      link: "/offers/x",
      createdAt: "2026-11-27T00:00:00.000Z",
    } satisfies Omit<Offer, "kind">;
    const t = tFor("en");
    expect(offerLine({ ...base, kind: "discount", percentOff: 25, period: "monthly" }, t, price)).toBe(
      "25% off the first month",
    );
    expect(offerLine({ ...base, kind: "trial", trialDays: 7 }, t, price)).toBe("7 days free");
    expect(offerLine({ ...base, kind: "bundle", months: 3, price: 25 }, t, price)).toBe(
      "3 months for $25, renewing at the same price",
    );
    expect(offerLimits({ ...base, kind: "trial", maxClaims: 5, claims: 1 }, t, () => "1 Dec 2026")).toBe(
      "1 of 5 claimed",
    );
    expect(offerLimits({ ...base, kind: "trial", endsAt: "2026-12-01T00:00:00Z" }, t, () => "1 Dec 2026")).toBe(
      "Claimed: 0 · ends 1 Dec 2026",
    );
  });

  it("keep a tracking link's code for 30 days", () => {
    expect(refCookie("abc123", true)).toBe(`ref=abc123; Path=/; Max-Age=${30 * 86400}; SameSite=Lax; Secure`);
  });
});
