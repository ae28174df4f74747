/**
 * What a locked movie or gallery offers the viewer (DESIGN section 5): the way in depends on why it is locked and
 * on whether the viewer is logged in. A movie or gallery for sale is bought here (the checkout, then the gateway's
 * page); "Become a member" leads to the membership packages, and a subscription to the performer's profile.
 */
import type { AccessKind } from "@marquee/contracts/catalogue";
import { withReturnPath } from "@marquee/contracts/return-path";
import { formatPrice } from "../components/catalogue/format.ts";
import { performerPath } from "../components/catalogue/links.ts";
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
export function membershipPrice(m: MembershipOffer, symbol = "$"): string {
  const price = formatPrice(m.price, symbol);
  const per = pricePer(m);
  if (per) return `${price} ${per}`;
  const terms = packageTerms(m).replace(/, paid once$|, once$/, "");
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
}

const noun = (item: CtaInput["item"]) => (item === "movie" ? "movie" : "gallery");
const verb = (item: CtaInput["item"]) => (item === "movie" ? "watch" : "see");

/** The call to action of a locked item; null when the viewer may watch it. */
export function callToAction(input: CtaInput): CallToAction | null {
  const { item, lock, loggedIn } = input;
  if (!lock) return null;
  const symbol = input.currencySymbol ?? "$";
  const price = input.price !== null ? formatPrice(input.price, symbol) : null;

  if (lock === "scheduled") {
    const date = formatDate(input.scheduledAt);
    return {
      reason: "scheduled",
      title: date ? `Coming ${date}` : "Coming soon",
      text: `This ${noun(item)} premieres ${date ? `on ${date}` : "soon"}. Come back then to ${verb(item)} it.`,
      actions: [],
    };
  }
  if (lock === "processing") {
    return {
      reason: "processing",
      title: `This ${noun(item)} is being processed`,
      text: `It will be ready to ${verb(item)} in a few minutes. Please check back shortly.`,
      actions: [],
    };
  }
  const membership = lock === "members" && input.membership ? membershipPrice(input.membership, symbol) : null;
  const join: CtaAction = { kind: "link", label: "Join", to: MEMBERSHIP_PATH, primary: false, icon: "crown" };
  if (!loggedIn) {
    // Sign-up and login both lead back here: login by SPEC's `videoId` for a movie, sign-up by `next` through the
    // mailed verification link.
    const here = `/${item === "movie" ? "movies" : "galleries"}/${encodeURIComponent(input.id)}`;
    const login =
      item === "movie" ? `/auth/login?videoId=${encodeURIComponent(input.id)}` : withReturnPath("/auth/login", here);
    const title = item === "movie" ? "Log in to watch" : "Log in to see the photos";
    let text = `This ${noun(item)} is for members. Log in or create a free account to see how to get in.`;
    if (lock === "sale" && price) {
      text = `This ${noun(item)} is for sale for ${price}. Log in or create a free account to get it.`;
    } else if (membership) {
      text = `This ${noun(item)} is for members. Membership costs ${membership}: join, or log in if you are a member.`;
    }
    return {
      reason: "visitor",
      title,
      text,
      actions: [
        { kind: "link", label: title, to: login, primary: true },
        { kind: "link", label: "Create an account", to: withReturnPath("/auth/register", here), primary: false },
        ...(membership ? [join] : []),
      ],
    };
  }
  if (lock === "sale") {
    const label = price ? `Buy for ${price}` : `Buy this ${noun(item)}`;
    return {
      reason: "sale",
      title: `Buy this ${noun(item)}`,
      text: `Own it${price ? ` for ${price}` : ""} and ${verb(item)} it as often as you like.`,
      actions: [{ kind: "buy", label, item: item === "movie" ? "video" : "gallery", id: input.id }],
    };
  }
  const offers = (input.offers ?? []).slice(0, 2);
  const who = offers.map((o) => o.name).join(" or ");
  const way = membership
    ? `Join for ${membership} to ${verb(item)} this and every members ${noun(item)}`
    : `Become a member to ${verb(item)} this and every members ${noun(item)}`;
  return {
    reason: "members",
    title: "For members",
    text: offers.length ? `${way}, or subscribe to ${who}.` : `${way}.`,
    actions: [
      membership
        ? { ...join, primary: true }
        : { kind: "link", label: "Become a member", to: MEMBERSHIP_PATH, primary: true, icon: "crown" },
      ...offers.map(
        (o): CtaAction => ({
          kind: "link",
          label:
            o.monthlyPrice !== null
              ? `Subscribe to ${o.name} · ${formatPrice(o.monthlyPrice, symbol)}/month`
              : `Subscribe to ${o.name}`,
          to: performerPath(o),
          primary: false,
        }),
      ),
    ],
  };
}
