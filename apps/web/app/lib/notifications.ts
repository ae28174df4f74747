/**
 * The bell's state (issue 12): the member's unread count and latest notifications, kept up to date from the API's
 * answers and the socket's live `notification` events. Pure functions; components/notifications/store.ts holds it.
 */
import type { Locale } from "@marquee/contracts/locales";
import type { Notification, NotificationList } from "@marquee/contracts/notifications";
import type { TFunction } from "../i18n/i18n.ts";
import { tFor } from "../i18n/i18n.ts";

/** How many of the latest the bell's list shows. */
export const BELL_LIST_SIZE = 8;

export interface BellState {
  /** Unknown (null) until the API first answered. */
  unread: number | null;
  /** The latest, newest first; null until loaded. */
  latest: Notification[] | null;
}

export const emptyBell: BellState = { unread: null, latest: null };

/** The API's answer to GET /notifications (the first page): its count and items. */
export function loadedBell(list: Pick<NotificationList, "data" | "unread">): BellState {
  return { unread: list.unread, latest: list.data.slice(0, BELL_LIST_SIZE) };
}

/** A notification that arrived live: counted once (a repeat of one already listed changes nothing), listed first. */
export function receivedBell(state: BellState, n: Notification): BellState {
  if (state.latest?.some((m) => m._id === n._id)) return state;
  return {
    unread: state.unread === null ? null : state.unread + (n.read ? 0 : 1),
    latest: state.latest ? [n, ...state.latest].slice(0, BELL_LIST_SIZE) : null,
  };
}

/** One was marked read: `wasUnread` says whether it counted (the caller knows it from the item it showed). */
export function readOneBell(state: BellState, id: string, wasUnread: boolean, readAt: string): BellState {
  return {
    unread: state.unread === null || !wasUnread ? state.unread : Math.max(0, state.unread - 1),
    latest: state.latest?.map((n) => (n._id === id && !n.read ? { ...n, read: true, readAt } : n)) ?? null,
  };
}

export function readAllBell(state: BellState, readAt: string): BellState {
  return {
    unread: 0,
    latest: state.latest?.map((n) => (n.read ? n : { ...n, read: true, readAt })) ?? null,
  };
}

/** The count on the bell: nothing at 0 (or unknown), "99+" beyond 99. */
export function bellBadge(unread: number | null): string | null {
  if (!unread || unread < 0) return null;
  return unread > 99 ? "99+" : String(unread);
}

/** The bell's accessible name, with the count. */
export function bellLabel(unread: number | null, t: TFunction = tFor("en")): string {
  return unread ? t("Notifications, {{n}} unread", { n: unread }) : t("Notifications");
}

/** "just now", "5 min ago", "3 h ago", "2 d ago", then the date ("12 Mar 2026"). */
export function timeAgo(iso: string, now: Date = new Date(), t: TFunction = tFor("en"), locale: Locale = "en"): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const sec = Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000));
  if (sec < 60) return t("just now");
  if (sec < 3600) return t("{{n}} min ago", { n: Math.floor(sec / 60) });
  if (sec < 86_400) return t("{{n}} h ago", { n: Math.floor(sec / 3600) });
  if (sec < 7 * 86_400) return t("{{n}} d ago", { n: Math.floor(sec / 86_400) });
  return new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "es-ES", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(at);
}

/**
 * The socket's `notification` event as the list shows it (the sender's fields become its `data`), or null when it is
 * not a stored one (no `_id`: it could not be stored) or not one at all.
 */
export function fromLive(payload: unknown): Notification | null {
  if (!payload || typeof payload !== "object") return null;
  const { _id, type, text, link, read, createdAt, ...data } = payload as Record<string, unknown>;
  if (typeof _id !== "string" || typeof type !== "string" || typeof text !== "string") return null;
  if (typeof createdAt !== "string") return null;
  return {
    _id,
    type,
    text,
    link: typeof link === "string" ? link : null,
    read: read === true,
    readAt: null,
    createdAt,
    data,
  };
}

/** A notification's link, if it is a path of the site (never another origin). */
export function safeLink(link: string | null): string | null {
  return link?.startsWith("/") && !link.startsWith("//") ? link : null;
}
