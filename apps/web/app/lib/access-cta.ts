/**
 * What a locked movie or gallery offers the viewer (DESIGN section 5): the way in depends on why it is locked and
 * on whether the viewer is logged in. A movie or gallery for sale is bought here (the checkout, then the gateway's
 * page); "Become a member" leads to the membership packages, and a subscription to the performer's profile.
 */
import type { AccessKind } from "@marquee/contracts/catalogue";
import type { Locale } from "@marquee/contracts/locales";
import { withReturnPath } from "@marquee/contracts/return-path";
import { formatPrice } from "../components/catalogue/format.ts";
import { performerPath } from "../components/catalogue/links.ts";
import type { TFunction } from "../i18n/i18n.ts";
import { msg, tFor } from "../i18n/i18n.ts";
import { formatDate } from "./format.ts";
import { packageTerms, pricePer } from "./memberships.ts";

export type LockReason = "members" | "sale" | "scheduled" | "processing";

/** Where "Become a member" leads: the membership packages with their prices. */
export const MEMBERSHIP_PATH = "/membership";

/** A performer whose subscription would unlock the item, with the monthly price when they set one. */
export interface SubscribeOffer {
  username: string;
  name: string;
  monthlyPrice: number | null;
}

/** The site membership a members lock offers (GET /pages/movies/:id `membership`). */
export interface MembershipOffer {
  type: "single" | "recurring" | "trial";
  price: number;
  initialPeriodDays: number;
  recurringPeriodDays: number | null;
}

/** "$12.99 / month" for a renewing membership, "$99 for a year" for one paid once. */
export function membershipPrice(
  m: MembershipOffer,
  symbol = "$",
  t: TFunction = tFor("en"),
  locale: Locale = "en",
): string {
  const price = formatPrice(m.price, symbol, locale);
  const per = pricePer(m, t);
  if (per) return `${price} ${per}`;
  const terms = packageTerms(m, t, { once: false });
  return `${price} ${terms.charAt(0).toLowerCase()}${terms.slice(1)}`;
}

export type CtaAction =
  | { kind: "link"; label: string; to: string; primary: boolean; icon?: "crown" }
  | { kind: "buy"; label: string; item: "video" | "gallery"; id: string };

export interface CallToAction {
  /** Why it is locked, for styling and tests. */
  reason: LockReason | "visitor";
  title: string;
  text: string;
  actions: CtaAction[];
}

export interface CtaInput {
  item: "movie" | "gallery";
  /** The item's id (the login link brings the viewer back to a movie with `videoId`). */
  id: string;
  lock: LockReason | null;
  loggedIn: boolean;
  access: AccessKind;
  price: number | null;
  scheduledAt?: string | null;
  offers?: SubscribeOffer[];
  /** The membership that would open a members item, with its price (null: none is sold). */
  membership?: MembershipOffer | null;
  currencySymbol?: string;
  /** The page's language: its translate function and locale (English without them). */
  t?: TFunction;
  locale?: Locale;
}

/** The texts of a locked movie and of a locked gallery: whole sentences, as each language words them its own way. */
const TEXTS = {
  movie: {
    premieresOn: msg("This movie premieres on {{date}}. Come back then to watch it."),
    premieresSoon: msg("This movie premieres soon. Come back then to watch it."),
    processing: msg("This movie is being processed"),
    readySoon: msg("It will be ready to watch in a few minutes. Please check back shortly."),
    logIn: msg("Log in to watch"),
    forMembers: msg("This movie is for members. Log in or create a free account to see how to get in."),
    forSale: msg("This movie is for sale for {{price}}. Log in or create a free account to get it."),
    membershipCosts: msg(
      "This movie is for members. Membership costs {{membership}}: join, or log in if you are a member.",
    ),
    buy: msg("Buy this movie"),
    own: msg("Own it and watch it as often as you like."),
    ownFor: msg("Own it for {{price}} and watch it as often as you like."),
    join: msg("Join for {{membership}} to watch this and every members movie."),
    joinOr: msg("Join for {{membership}} to watch this and every members movie, or subscribe to {{who}}."),
    become: msg("Become a member to watch this and every members movie."),
    becomeOr: msg("Become a member to watch this and every members movie, or subscribe to {{who}}."),
  },
  gallery: {
    premieresOn: msg("This gallery premieres on {{date}}. Come back then to see it."),
    premieresSoon: msg("This gallery premieres soon. Come back then to see it."),
    processing: msg("This gallery is being processed"),
    readySoon: msg("It will be ready to see in a few minutes. Please check back shortly."),
    logIn: msg("Log in to see the photos"),
    forMembers: msg("This gallery is for members. Log in or create a free account to see how to get in."),
    forSale: msg("This gallery is for sale for {{price}}. Log in or create a free account to get it."),
    membershipCosts: msg(
      "This gallery is for members. Membership costs {{membership}}: join, or log in if you are a member.",
    ),
    buy: msg("Buy this gallery"),
    own: msg("Own it and see it as often as you like."),
    ownFor: msg("Own it for {{price}} and see it as often as you like."),
    join: msg("Join for {{membership}} to see this and every members gallery."),
    joinOr: msg("Join for {{membership}} to see this and every members gallery, or subscribe to {{who}}."),
    become: msg("Become a member to see this and every members gallery."),
    becomeOr: msg("Become a member to see this and every members gallery, or subscribe to {{who}}."),
  },
} as const;

/** The call to action of a locked item; null when the viewer may watch it. */
export function callToAction(input: CtaInput): CallToAction | null {
  const { item, lock, loggedIn } = input;
  if (!lock) return null;
  const t = input.t ?? tFor("en");
  const locale = input.locale ?? "en";
  const texts = TEXTS[item];
  const symbol = input.currencySymbol ?? "$";
  const price = input.price !== null ? formatPrice(input.price, symbol, locale) : null;

  if (lock === "scheduled") {
    const date = formatDate(input.scheduledAt, locale);
    return {
      reason: "scheduled",
      title: date ? t("Coming {{date}}", { date }) : t("Coming soon"),
      text: date ? t(texts.premieresOn, { date }) : t(texts.premieresSoon),
      actions: [],
    };
  }
  if (lock === "processing") {
    return {
      reason: "processing",
      title: t(texts.processing),
      text: t(texts.readySoon),
      actions: [],
    };
  }
  const membership =
    lock === "members" && input.membership ? membershipPrice(input.membership, symbol, t, locale) : null;
  const join: CtaAction = { kind: "link", label: t("Join"), to: MEMBERSHIP_PATH, primary: false, icon: "crown" };
  if (!loggedIn) {
    // Sign-up and login both lead back here: login by SPEC's `videoId` for a movie, sign-up by `next` through the
    // mailed verification link.
    const here = `/${item === "movie" ? "movies" : "galleries"}/${encodeURIComponent(input.id)}`;
    const login =
      item === "movie" ? `/auth/login?videoId=${encodeURIComponent(input.id)}` : withReturnPath("/auth/login", here);
    const title = t(texts.logIn);
    let text = t(texts.forMembers);
    if (lock === "sale" && price) text = t(texts.forSale, { price });
    else if (membership) text = t(texts.membershipCosts, { membership });
    return {
      reason: "visitor",
      title,
      text,
      actions: [
        { kind: "link", label: title, to: login, primary: true },
        { kind: "link", label: t("Create an account"), to: withReturnPath("/auth/register", here), primary: false },
        ...(membership ? [join] : []),
      ],
    };
  }
  if (lock === "sale") {
    const label = price ? t("Buy for {{price}}", { price }) : t(texts.buy);
    return {
      reason: "sale",
      title: t(texts.buy),
      text: price ? t(texts.ownFor, { price }) : t(texts.own),
      actions: [{ kind: "buy", label, item: item === "movie" ? "video" : "gallery", id: input.id }],
    };
  }
  const offers = (input.offers ?? []).slice(0, 2);
  const who =
    offers.length === 2
      ? t("{{first}} or {{second}}", { first: offers[0]?.name, second: offers[1]?.name })
      : (offers[0]?.name ?? "");
  let text: string;
  if (membership) text = offers.length ? t(texts.joinOr, { membership, who }) : t(texts.join, { membership });
  else text = offers.length ? t(texts.becomeOr, { who }) : t(texts.become);
  return {
    reason: "members",
    title: t("For members"),
    text,
    actions: [
      membership
        ? { ...join, primary: true }
        : { kind: "link", label: t("Become a member"), to: MEMBERSHIP_PATH, primary: true, icon: "crown" },
      ...offers.map(
        (o): CtaAction => ({
          kind: "link",
          label:
            o.monthlyPrice !== null
              ? t("Subscribe to {{name}} · {{price}}/month", {
                  name: o.name,
                  price: formatPrice(o.monthlyPrice, symbol, locale),
                })
              : t("Subscribe to {{name}}", { name: o.name }),
          to: performerPath(o),
          primary: false,
        }),
      ),
    ],
  };
}
