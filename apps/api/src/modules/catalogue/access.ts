import type { AccessKind } from "@marquee/contracts/catalogue";
import type { UserRow } from "../users/accounts.ts";

/** Who asks: a signed-in user (with their role) or a visitor (null). */
export type Viewer = Pick<UserRow, "id" | "role"> | null;
/** Who edits: the route guard lets performers and admins in; ownership is checked with `assertEditable`. */
export type Actor = NonNullable<Viewer>;

/** What the access rules need to know of a movie, gallery or photo. */
export interface Protected {
  kind: "video" | "gallery";
  id: string;
  access: AccessKind;
  performerIds: readonly string[];
  /** A future date: announced, not playable before it. */
  scheduledAt?: Date | null;
  /** False while the media is not processed yet (movies); galleries show only processed photos. */
  ready?: boolean;
}

export interface Decision {
  canWatch: boolean;
  lock: "members" | "sale" | "scheduled" | "processing" | null;
  isBought: boolean;
}

/**
 * What a checkout needs of an item it may sell (movies, galleries and products): its price and performers from the
 * database, whether it is listed, and the viewer's access decision on it (for a product: bought or not).
 */
export interface Offer {
  kind: "video" | "gallery" | "product";
  id: string;
  title: string;
  priceCents: number;
  performerIds: string[];
  listed: boolean;
  decision: Decision;
  /** Products only: units left of a physical product (null: digital, never runs out). */
  stock?: number | null;
  /** Products only: whether it is shipped (`physical`) or downloaded (`digital`). */
  productType?: "physical" | "digital";
}

/** A viewer's memberships and purchases, read once per request and reused for every item of a list. */
export interface Entitlements {
  siteMember: boolean;
  performerSubscriptions: ReadonlySet<string>;
  bought: ReadonlySet<string>;
}

export const noEntitlements: Entitlements = { siteMember: false, performerSubscriptions: new Set(), bought: new Set() };

/** Admins, and the item's own performers, manage it and may always open it. */
export const ownsOrAdmin = (viewer: Viewer, item: { performerIds: readonly string[] }) =>
  !!viewer && (viewer.role === "admin" || item.performerIds.includes(viewer.id));

/**
 * Whether an item's page exists for the viewer: listed items for everyone; drafts, inactive, unprocessed and
 * taken-down items (all unlisted) only for their performers and admins, so that they stay private (404).
 */
export const canOpen = (viewer: Viewer, item: { listed: boolean; performerIds: readonly string[] }) =>
  item.listed || ownsOrAdmin(viewer, item);

/**
 * The access decision (DESIGN section 5), the one place that answers "may this viewer watch this item":
 * `free` for everyone, `members` for a site member or a subscriber of one of the item's performers, `sale` for a
 * buyer; the item's own performers and admins always. Nobody plays what is not processed yet (lock
 * `processing`), and only they play an announced item before its date (lock `scheduled` for everyone else).
 */
export function decideAccess(viewer: Viewer, item: Protected, ent: Entitlements, at: Date): Decision {
  const isBought = ent.bought.has(`${item.kind}:${item.id}`);
  const locked = (lock: NonNullable<Decision["lock"]>): Decision => ({ canWatch: false, lock, isBought });
  const open: Decision = { canWatch: true, lock: null, isBought };
  const insider = ownsOrAdmin(viewer, item);
  if (!insider && item.scheduledAt && item.scheduledAt > at) return locked("scheduled");
  if (item.ready === false) return locked("processing");
  if (insider) return open;
  switch (item.access) {
    case "free":
      return open;
    case "members":
      return ent.siteMember || item.performerIds.some((p) => ent.performerSubscriptions.has(p))
        ? open
        : locked("members");
    case "sale":
      return isBought ? open : locked("sale");
  }
}
